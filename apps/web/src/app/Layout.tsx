import { lazy, Suspense, useState } from 'react';
import { Link, Outlet, useNavigate } from 'react-router';
import { AppShell, Button, Center, Group, Loader, UnstyledButton } from '@mantine/core';
import { IconFileInvoice, IconLayoutDashboard, IconBroadcast, IconChartBar } from '@tabler/icons-react';
import { api } from '../lib/api';
import { beforeSignOut } from '../lib/before-sign-out';
import { ACCESS } from '@cc/domain';
import { mayCall, mayEnter } from '../lib/access';
import { session, useSession } from '../lib/session';
import { Logo } from '../components/Logo';
import { AuthDialogs, type AuthDialog } from '../features/auth';
import { FLOOR_PATH } from '../features/supervisor-floor';
import { REPORTS_PATH } from '../features/reports';
import { useClientConfig } from './client-config';
import { SessionExpiredDialog } from './SessionExpiredDialog';
import { useFocusKeeper } from './useFocusKeeper';

/**
 * The header's links in their compact size: a supervisor's header (state, phone, quote search, four links and the
 * account) must fit a desk's 1366 px, where the standard size cut every link's text and the state's timer.
 */
const LINK_SIZE = 'compact-md';

/**
 * The header's parts for a signed-in user come after the sign-in, in one chunk, not in the first download of every
 * page: the sign-in page has no use for them (docs/decisions/095-initial-javascript-per-route.md).
 */
const signedInShell = () => import('./signed-in-shell');
const AccountMenu = lazy(() => signedInShell().then((m) => ({ default: m.AccountMenu })));
const IdleWatcher = lazy(() => signedInShell().then((m) => ({ default: m.IdleWatcher })));
const AgentStateMenu = lazy(() => signedInShell().then((m) => ({ default: m.AgentStateMenu })));
const ScreenPopListener = lazy(() => signedInShell().then((m) => ({ default: m.ScreenPopListener })));
const QuoteSearchBox = lazy(() => signedInShell().then((m) => ({ default: m.QuoteSearchBox })));

export function Layout() {
  const current = useSession();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<AuthDialog>(null);
  const { signupEnabled } = useClientConfig();
  // Quotes are call data: a user who may not take calls (a measurer, a user administrator) is not offered them.
  const quotes = mayEnter('allQuotes', current?.user ?? null);
  // The administrators' screens of user administration (role 1): reference data and the audit log.
  const administrator = mayEnter('adminReference', current?.user ?? null);
  // The supervisor's live view of the floor (roles 2, 5, 6, 7; decision 035).
  const floor = mayEnter('supervisorFloor', current?.user ?? null);
  // Their numbers over a range (docs/decisions/082-report-definitions.md), under the same rule.
  const reports = mayEnter('reports', current?.user ?? null);
  // Held to a password change (decision 064): nothing to go to but the change and signing out.
  const held = current?.user.mustChangePassword === true;
  // Whoever takes calls has an agent state to show and change (decision 076).
  const agent = !held && mayCall(ACCESS.call, current?.user ?? null);
  // A CSR who takes inbound calls hears the phone system's screen pops in any screen (decision 075); whoever takes
  // calls hears their agent state's changes on the same stream (decision 081).
  const pops = !held && mayEnter('screenPop', current?.user ?? null);
  // The keyboard focus follows the screens and the dialogs (a new screen's heading, back to a dialog's opener).
  useFocusKeeper();

  const signOut = async () => {
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

  return (
    <AppShell header={{ height: 60 }} padding="md">
      <AppShell.Header px="md">
        <Group h="100%" justify="space-between" wrap="nowrap">
          <UnstyledButton component={Link} to={current ? '/dashboard' : '/'} aria-label="Home">
            <Logo brandId={current?.user.BrandId} />
          </UnstyledButton>
          {current ? (
            <Group gap="xs" wrap="nowrap">
              {/* Keyed by the user, each anew for the next one; siblings' keys differ, or React repeats them. */}
              <Suspense fallback={null}>
                {agent && <AgentStateMenu key={`agent-state-${current.user.UserId}`} />}
                {agent && <ScreenPopListener key={`screen-pops-${current.user.UserId}`} pops={pops} />}
                {quotes && <QuoteSearchBox />}
              </Suspense>
              {held ? null : (
                <Button
                  component={Link}
                  to="/dashboard"
                  variant="subtle"
                  size={LINK_SIZE}
                  leftSection={<IconLayoutDashboard size={18} />}
                >
                  Dashboard
                </Button>
              )}
              {quotes && (
                <Button
                  component={Link}
                  to="/quotes"
                  variant="subtle"
                  size={LINK_SIZE}
                  leftSection={<IconFileInvoice size={18} />}
                >
                  All Quotes
                </Button>
              )}
              {floor && (
                <Button
                  component={Link}
                  to={FLOOR_PATH}
                  variant="subtle"
                  size={LINK_SIZE}
                  leftSection={<IconBroadcast size={18} />}
                >
                  Floor
                </Button>
              )}
              {reports && (
                <Button
                  component={Link}
                  to={REPORTS_PATH}
                  variant="subtle"
                  size={LINK_SIZE}
                  leftSection={<IconChartBar size={18} />}
                >
                  Reports
                </Button>
              )}
              <Suspense fallback={null}>
                <AccountMenu user={current.user} held={held} administrator={administrator} onSignOut={signOut} />
              </Suspense>
            </Group>
          ) : (
            <Group gap="xs">
              <Button variant="default" onClick={() => setDialog('signin')}>
                Sign in
              </Button>
              {signupEnabled && <Button onClick={() => setDialog('signup')}>Sign up</Button>}
            </Group>
          )}
        </Group>
      </AppShell.Header>
      <AppShell.Main bg="gray.0">
        <Suspense
          fallback={
            <Center h={200}>
              <Loader role="status" aria-label="Loading" />
            </Center>
          }
        >
          <Outlet context={{ openAuthDialog: setDialog }} />
        </Suspense>
      </AppShell.Main>
      {current ? (
        <Suspense fallback={null}>
          <IdleWatcher key={current.user.UserId} />
        </Suspense>
      ) : null}
      <SessionExpiredDialog />
      <AuthDialogs dialog={dialog} onChange={setDialog} />
    </AppShell>
  );
}
