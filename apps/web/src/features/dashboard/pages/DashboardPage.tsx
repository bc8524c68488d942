import { useEffect } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Alert, Card, Center, Group, Loader, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import {
  IconAdjustments,
  IconBroadcast,
  IconChartBar,
  IconBook,
  IconInfoCircle,
  IconPhoneIncoming,
  IconPhoneOutgoing,
  IconRuler2,
  IconSearch,
  IconTool,
  IconUsers,
  IconWorldWww,
  type Icon,
} from '@tabler/icons-react';
import { mayEnter } from '../../../lib/access';
import { useSession } from '../../../lib/session';
import { useShownMark } from '../../../lib/shown';
import { FLOOR_PATH } from '../../supervisor-floor';
import { REPORTS_PATH } from '../../reports';
import { callLeftInThisSignIn, currentCallPath, savedCallQuery, SavedCallOffer } from '../../current-call';
import { useDashboard } from '../api/dashboard';
import { measurementInProgressQuery } from '../api/measurementInProgress';
import { resumeTarget } from '../resume';
import { ExternalHandoff, useUnconfiguredService } from '../components/ExternalHandoff';

const ICONS: Record<string, Icon> = {
  inbound: IconPhoneIncoming,
  outbound: IconPhoneOutgoing,
  callSearch: IconSearch,
  utilities: IconTool,
  manageUsers: IconUsers,
  searchMeasureIt: IconRuler2,
  measureItUtilities: IconAdjustments,
  pbknowledgebase: IconBook,
  tikiwiki: IconWorldWww,
};

/**
 * The landing page: one link per application in the user's application list. A user who left a call
 * without ending it is sent straight back to that call (call-handling.md §2: the saved current call); otherwise a
 * user who left a measurement in progress goes back to MeasureIt's edit screen (administration.md §2; decision 043).
 * A call the user left inside the app in this sign-in is offered instead, for the user to resume (decision 067).
 */
export default function DashboardPage() {
  const current = useSession();
  const location = useLocation();
  const { data, isPending, error } = useDashboard();
  const unconfigured = useUnconfiguredService();
  const home = location.pathname === '/dashboard';
  const { target, offered, resume, measurementPath } = useResume(home);
  // Not an application of the applications table: offered by the screen's rule (decision 035).
  const floor = mayEnter('supervisorFloor', current?.user ?? null);
  const reports = mayEnter('reports', current?.user ?? null);
  useShownMark('dashboard', home && data !== undefined, data);

  if (home && (target === 'waiting' || (target !== null && !offered))) {
    const label = resume
      ? 'Returning to your call'
      : measurementPath
        ? 'Returning to your measurement'
        : 'Checking for an open call';
    return (
      <Center h={240}>
        <Loader role="status" aria-label={label} />
      </Center>
    );
  }

  return (
    <Stack maw={1100} mx="auto" gap="lg">
      <div>
        <Title order={1} size="h2">
          Welcome, {current?.user.FirstName}
        </Title>
        <Text c="dimmed">
          {current?.user.CompanyName} · {current?.user.role}
          {current && current.user.Branches.length > 0
            ? ` · Branches ${current.user.Branches.map((b) => b.branchno).join(', ')}`
            : ''}
        </Text>
      </div>
      {offered ? <SavedCallOffer call={offered} /> : null}
      <ExternalHandoff path={location.pathname} />
      {isPending ? <Loader role="status" aria-label="Loading applications" /> : null}
      {error ? <Alert color="red">{error.message}</Alert> : null}
      {data && data.applications.length === 0 ? (
        <Alert color="blue" icon={<IconInfoCircle size={18} />} title="No applications yet">
          Your account has no applications yet. Ask your administrator to give you access.
        </Alert>
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
        {data?.applications
          .filter((app) => !unconfigured(app.URL))
          .map((app) => (
            <AppCard
              key={app.ApplicationId}
              to={app.URL}
              icon={ICONS[app.SRef] ?? IconWorldWww}
              name={app.Name}
              description={app.Description}
              testId={`app-${app.SRef}`}
            />
          ))}
        {data && floor ? (
          <AppCard
            to={FLOOR_PATH}
            icon={IconBroadcast}
            name="Floor"
            description="Open calls, outbound lists and the day's calls per CSR, live"
            testId="app-floor"
          />
        ) : null}
        {data && reports ? (
          <AppCard
            to={REPORTS_PATH}
            icon={IconChartBar}
            name="Reports"
            description="Calls, handle times, agent states and sales over any range, by CSR, call type or branch"
            testId="app-reports"
          />
        ) : null}
      </SimpleGrid>
    </Stack>
  );
}

/**
 * Where the dashboard sends the user back to: the call left without ending it, else the measurement in progress; a call
 * left inside the app in this sign-in is offered instead (decision 067).
 */
function useResume(home: boolean) {
  const current = useSession();
  const navigate = useNavigate();
  const saved = useQuery({ ...savedCallQuery, enabled: home });
  // Asked only of a user who may use MeasureIt (the server's rule for the call).
  const mayMeasure = mayEnter('editMeasureIt', current?.user ?? null);
  const measuring = useQuery({ ...measurementInProgressQuery, enabled: home && mayMeasure });
  const target = resumeTarget(
    { known: !saved.isPending, call: saved.data?.saved ?? null },
    { asked: mayMeasure, known: !measuring.isPending, value: measuring.data?.measurement ?? null },
  );
  const savedCall = target !== 'waiting' && target?.kind === 'call' ? target.call : null;
  // A call left inside the app in this sign-in is offered, not returned to: leaving means leaving (decision 067).
  const offered = savedCall && callLeftInThisSignIn(current?.expiresAt) ? savedCall : null;
  const resume = offered ? null : savedCall;
  const measurement = target !== 'waiting' && target?.kind === 'measurement' ? target : null;
  const measurementPath = measurement?.path ?? null;
  const measurementSince = measurement?.since ?? null;

  useEffect(() => {
    if (!resume) return;
    void navigate(currentCallPath(resume.sqldbid, resume.customerNo, resume.callType), {
      replace: true,
      // The call screen says which call this is and why the user is on it.
      state: { theCall: resume.theCall, resumed: { savedAt: resume.savedAt } },
    });
  }, [resume, navigate]);
  useEffect(() => {
    // The edit screen says which measurement this is and why the user is on it, as the call screen does.
    if (measurementPath && measurementSince) {
      void navigate(measurementPath, { replace: true, state: { resumedMeasurement: { since: measurementSince } } });
    }
  }, [measurementPath, measurementSince, navigate]);
  return { target, offered, resume, measurementPath };
}

/** One application's card: a link with its icon, name and description. */
function AppCard({
  to,
  icon: AppIcon,
  name,
  description,
  testId,
}: {
  to: string;
  icon: Icon;
  name: string;
  description: string;
  testId: string;
}) {
  return (
    <Card
      component={Link}
      to={to}
      withBorder
      padding="lg"
      data-testid={testId}
      // A card is a link: it shows the keyboard's focus as Mantine's buttons do (WCAG 2.4.7).
      className="mantine-focus-auto"
      style={{ textDecoration: 'none' }}
    >
      <Group wrap="nowrap" align="flex-start">
        <ThemeIcon size={44} radius="md" variant="light">
          <AppIcon size={24} />
        </ThemeIcon>
        <div>
          <Text fw={600} size="lg" c="dark.8">
            {name}
          </Text>
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        </div>
      </Group>
    </Card>
  );
}
