import { Navigate } from 'react-router';
import { useSession } from '../../../lib/session';
import type { AuthDialog } from '../components/AuthDialogs';

/**
 * /signin and /signup (route names signin and signup): a signed-in user goes to the dashboard (administration.md
 * §2); anyone else gets the public home with that dialog open.
 */
function AuthDialogPage({ dialog }: { dialog: Exclude<AuthDialog, null> }) {
  const current = useSession();
  if (current) return <Navigate to="/dashboard" replace />;
  return <Navigate to={dialog === 'signup' ? '/?dialog=signup' : '/'} replace />;
}

export const SignInPage = () => <AuthDialogPage dialog="signin" />;
export const SignUpPage = () => <AuthDialogPage dialog="signup" />;
