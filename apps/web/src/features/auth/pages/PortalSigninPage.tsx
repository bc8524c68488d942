import { Navigate } from 'react-router';
import { useSession } from '../../../lib/session';

/** /portalsignin goes to the public home with noAuth set; a signed-in user goes to the dashboard. */
export default function PortalSigninPage() {
  const current = useSession();
  return <Navigate to={current ? '/dashboard' : '/?noAuth=true'} replace />;
}
