import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link, Outlet } from 'react-router';
import { Button, Center, Group, Loader, UnstyledButton } from '@mantine/core';
import { IconFileInvoice, IconLayoutDashboard, IconBroadcast, IconChartBar } from '@tabler/icons-react';
import type { SessionUser } from '@cc/contract';
import { useSession } from '../lib/session';
import { Logo } from '../components/Logo';
import { AuthDialogs, type AuthDialog } from '../features/auth';
import { FLOOR_PATH } from '../features/supervisor-floor';
import { REPORTS_PATH } from '../features/reports';
import { useClientConfig } from './client-config';
import { SessionExpiredDialog } from './SessionExpiredDialog';
import { useFocusKeeper } from './useFocusKeeper';
import { headerParts, type HeaderParts } from './header-access';
import { useSignOut } from './useSignOut';
import { signedInShell } from './load-ahead';
import { APP_HEADER_ATTRIBUTE } from '../lib/toast-placement';
import classes from './Layout.module.css';

/**
 * The header's links in their compact size: a supervisor's header (state, phone, quote search, four links and the
 * account) must fit a desk's 1366 px, where the standard size cut every link's text and the state's timer.
 */
const LINK_SIZE = 'compact-md';

/**
 * The header's parts for a signed-in user come after the sign-in, in one chunk, not in the first download of every
 * page: the sign-in page has no use for them (docs/decisions/095-initial-javascript-per-route.md).
 */
const AccountMenu = lazy(() => signedInShell().then((m) => ({ default: m.AccountMenu })));
const IdleWatcher = lazy(() => signedInShell().then((m) => ({ default: m.IdleWatcher })));
/** The confirmation dialogs that signed-in screens open (`modals.openConfirmModal`) show through this provider. */
const ModalsProvider = lazy(() => signedInShell().then((m) => ({ default: m.ModalsProvider })));
const AgentStateMenu = lazy(() => signedInShell().then((m) => ({ default: m.AgentStateMenu })));
const ScreenPopListener = lazy(() => signedInShell().then((m) => ({ default: m.ScreenPopListener })));
const QuoteSearchBox = lazy(() => signedInShell().then((m) => ({ default: m.QuoteSearchBox })));

export function Layout() {
  const current = useSession();
  const [dialog, setDialog] = useState<AuthDialog>(null);
  const { signupEnabled } = useClientConfig();
  // The keyboard focus follows the screens and the dialogs (a new screen's heading, back to a dialog's opener).
  useFocusKeeper();

  return (
    <div className={classes.root}>
      <header className={classes.header} {...{ [APP_HEADER_ATTRIBUTE]: true }}>
        <Group h="100%" justify="space-between" wrap="nowrap">
          <UnstyledButton component={Link} to={current ? '/dashboard' : '/'} aria-label="Home">
            <Logo brandId={current?.user.BrandId} />
          </UnstyledButton>
          {current ? (
            <SignedInHeader user={current.user} />
          ) : (
            <SignedOutHeader signupEnabled={signupEnabled} onDialog={setDialog} />
          )}
        </Group>
      </header>
      <main className={classes.main}>
        <Suspense
          fallback={
            <Center h={200}>
              <Loader role="status" aria-label="Loading" />
            </Center>
          }
        >
          <Outlet context={{ openAuthDialog: setDialog }} />
        </Suspense>
      </main>
      {current ? (
        <Suspense fallback={null}>
          <IdleWatcher key={current.user.UserId} />
          <ModalsProvider />
        </Suspense>
      ) : null}
      <SessionExpiredDialog />
      <AuthDialogs dialog={dialog} onChange={setDialog} />
    </div>
  );
}

/** The signed-in user's header: agent state, screen pops, quote search, the links their rules allow, the account. */
function SignedInHeader({ user }: { user: SessionUser }) {
  const parts = headerParts(user);
  const signOut = useSignOut();
  return (
    <Group gap="xs" wrap="nowrap">
      {/* Keyed by the user, each anew for the next one; siblings' keys differ, or React repeats them. */}
      <Suspense fallback={null}>
        {parts.agent && <AgentStateMenu key={`agent-state-${user.UserId}`} />}
        {parts.agent && <ScreenPopListener key={`screen-pops-${user.UserId}`} pops={parts.pops} />}
        {parts.quotes && <QuoteSearchBox />}
      </Suspense>
      <HeaderLinks parts={parts} />
      <Suspense fallback={null}>
        <AccountMenu user={user} held={parts.held} administrator={parts.administrator} onSignOut={signOut} />
      </Suspense>
    </Group>
  );
}

/** Dashboard, All Quotes, Floor and Reports, each to a user who may go there. */
function HeaderLinks({ parts }: { parts: HeaderParts }) {
  return (
    <>
      {parts.held ? null : (
        <HeaderLink to="/dashboard" icon={<IconLayoutDashboard size={18} />}>
          Dashboard
        </HeaderLink>
      )}
      {parts.quotes && (
        <HeaderLink to="/quotes" icon={<IconFileInvoice size={18} />}>
          All Quotes
        </HeaderLink>
      )}
      {parts.floor && (
        <HeaderLink to={FLOOR_PATH} icon={<IconBroadcast size={18} />}>
          Floor
        </HeaderLink>
      )}
      {parts.reports && (
        <HeaderLink to={REPORTS_PATH} icon={<IconChartBar size={18} />}>
          Reports
        </HeaderLink>
      )}
    </>
  );
}

function HeaderLink({ to, icon, children }: { to: string; icon: ReactNode; children: ReactNode }) {
  return (
    <Button component={Link} to={to} variant="subtle" size={LINK_SIZE} leftSection={icon}>
      {children}
    </Button>
  );
}

/** A visitor's header: Sign in, and Sign up where the configuration allows it. */
function SignedOutHeader({
  signupEnabled,
  onDialog,
}: {
  signupEnabled: boolean;
  onDialog: (dialog: AuthDialog) => void;
}) {
  return (
    <Group gap="xs">
      <Button variant="default" onClick={() => onDialog('signin')}>
        Sign in
      </Button>
      {signupEnabled && <Button onClick={() => onDialog('signup')}>Sign up</Button>}
    </Group>
  );
}
