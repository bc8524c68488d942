import { useNavigate } from 'react-router';
import { api } from '../lib/api';
import { beforeSignOut } from '../lib/before-sign-out';
import { session } from '../lib/session';

/** Signing out from the header's account menu. */
export function useSignOut() {
  const navigate = useNavigate();
  return async () => {
    // The call screen's last change goes to the server while the session can still take it.
    await beforeSignOut();
    const answer = await api('signout').catch(() => null);
    // Signed in through the identity server: its session ends too (RP-initiated logout, decision 038). The page is
    // left as it is until the browser goes there (a guarded screen re-rendered signed out could start a new sign-in).
    if (answer?.logoutUrl) {
      session.signOutLeaving();
      window.location.assign(answer.logoutUrl);
      return;
    }
    session.signOut();
    void navigate('/?noAuth=true', { replace: true });
  };
}
