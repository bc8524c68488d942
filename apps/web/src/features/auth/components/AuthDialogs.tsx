import { lazy, Suspense } from 'react';
import { Center, Loader } from '@mantine/core';
import { useNavigate, useSearchParams } from 'react-router';
import { PlainDialog } from '../../../components/PlainDialog';
import { SignInForm } from './SignInForm';

/** The sign-up form comes when asked for: the sign-in page's first download holds only the sign-in. */
const SignUpForm = lazy(() => import('./SignUpForm').then((m) => ({ default: m.SignUpForm })));

export type AuthDialog = 'signin' | 'signup' | null;

/** The sign-in and sign-up dialog; a successful sign-in goes to the page asked for, or the dashboard. */
export function AuthDialogs({ dialog, onChange }: { dialog: AuthDialog; onChange: (d: AuthDialog) => void }) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const done = () => {
    onChange(null);
    const next = params.get('next');
    void navigate(next?.startsWith('/') && !next.startsWith('//') ? next : '/dashboard', { replace: true });
  };
  return (
    <PlainDialog
      opened={dialog !== null}
      onClose={() => onChange(null)}
      title={dialog === 'signup' ? 'Create an account' : 'Sign in'}
      size={dialog === 'signup' ? 'lg' : 'sm'}
    >
      {dialog === 'signup' ? (
        <Suspense
          fallback={
            <Center h={120}>
              <Loader role="status" aria-label="Loading" />
            </Center>
          }
        >
          <SignUpForm onDone={done} onSignin={() => onChange('signin')} />
        </Suspense>
      ) : (
        <SignInForm onDone={done} onSignup={() => onChange('signup')} />
      )}
    </PlainDialog>
  );
}
