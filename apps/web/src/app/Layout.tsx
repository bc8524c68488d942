import { Suspense, useState } from 'react';
import { Link, Outlet, useNavigate } from 'react-router';
import { AppShell, Avatar, Button, Center, Group, Loader, Menu, Text, UnstyledButton } from '@mantine/core';
import {
  IconChevronDown,
  IconDatabaseCog,
  IconFileInvoice,
  IconHistory,
  IconLayoutDashboard,
  IconBroadcast,
  IconChartBar,
  IconLogout,
  IconUserCog,
} from '@tabler/icons-react';
import { api } from '../lib/api';
import { beforeSignOut } from '../lib/before-sign-out';
import { ACCESS } from '@cc/domain';
import { mayCall, mayEnter } from '../lib/access';
import { session, useSession } from '../lib/session';
import { Logo } from '../components/Logo';
import { AuthDialogs, type AuthDialog } from '../features/auth';
import { QuoteSearchBox } from '../features/quotes';
import { AUDIT_PATH, REFERENCE_PATH } from '../features/admin-reference';
import { AgentStateMenu } from '../features/agent-states';
import { FLOOR_PATH } from '../features/supervisor-floor';
import { REPORTS_PATH } from '../features/reports';
import { ScreenPopListener } from '../features/telephony';
import { IdleWatcher } from './IdleWatcher';
import { useClientConfig } from './client-config';
import { SessionExpiredDialog } from './SessionExpiredDialog';
import { useFocusKeeper } from './useFocusKeeper';

/**
 * The header's links in their compact size: a supervisor's header (state, phone, quote search, four links and the
 * account) must fit a desk's 1366 px, where the standard size cut every link's text and the state's timer.
 */
const LINK_SIZE = 'compact-md';

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
              {agent && <AgentStateMenu key={`agent-state-${current.user.UserId}`} />}
              {agent && <ScreenPopListener key={`screen-pops-${current.user.UserId}`} pops={pops} />}
              {quotes && <QuoteSearchBox />}
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
              {/* No initial-focus placeholder: a role=presentation child of role=menu fails axe's
                  aria-required-children; the keyboard starts on the first item instead. */}
              <Menu position="bottom-end" width={220} withInitialFocusPlaceholder={false}>
                <Menu.Target>
                  <UnstyledButton aria-label="Account menu" data-testid="account-menu">
                    <Group gap={6} wrap="nowrap">
                      <Avatar radius="xl" size={32} color="primary">
                        {current.user.FirstName.charAt(0)}
                        {current.user.LastName.charAt(0)}
                      </Avatar>
                      <Text size="sm" fw={500} visibleFrom="sm">
                        {current.user.FirstName} {current.user.LastName}
                      </Text>
                      <IconChevronDown size={14} />
                    </Group>
                  </UnstyledButton>
                </Menu.Target>
                <Menu.Dropdown>
                  <Menu.Label>{current.user.Username}</Menu.Label>
                  {held ? null : (
                    <Menu.Item component={Link} to="/settings/profile" leftSection={<IconUserCog size={16} />}>
                      Profile
                    </Menu.Item>
                  )}
                  {administrator && (
                    <>
                      <Menu.Item component={Link} to={REFERENCE_PATH} leftSection={<IconDatabaseCog size={16} />}>
                        Reference data
                      </Menu.Item>
                      <Menu.Item component={Link} to={AUDIT_PATH} leftSection={<IconHistory size={16} />}>
                        Audit log
                      </Menu.Item>
                    </>
                  )}
                  <Menu.Item onClick={() => void signOut()} leftSection={<IconLogout size={16} />}>
                    Sign out
                  </Menu.Item>
                </Menu.Dropdown>
              </Menu>
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
      {current ? <IdleWatcher key={current.user.UserId} /> : null}
      <SessionExpiredDialog />
      <AuthDialogs dialog={dialog} onChange={setDialog} />
    </AppShell>
  );
}
