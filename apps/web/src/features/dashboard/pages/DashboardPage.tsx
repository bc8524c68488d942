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
  const navigate = useNavigate();
  const { data, isPending, error } = useDashboard();
  const unconfigured = useUnconfiguredService();
  const home = location.pathname === '/dashboard';
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
  // Not an application of the applications table: offered by the screen's rule (decision 035).
  const floor = mayEnter('supervisorFloor', current?.user ?? null);
  const reports = mayEnter('reports', current?.user ?? null);

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
          .map((app) => {
            const AppIcon = ICONS[app.SRef] ?? IconWorldWww;
            return (
              <Card
                key={app.ApplicationId}
                component={Link}
                to={app.URL}
                withBorder
                padding="lg"
                data-testid={`app-${app.SRef}`}
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
                      {app.Name}
                    </Text>
                    <Text size="sm" c="dimmed">
                      {app.Description}
                    </Text>
                  </div>
                </Group>
              </Card>
            );
          })}
        {data && floor ? (
          <Card
            component={Link}
            to={FLOOR_PATH}
            withBorder
            padding="lg"
            data-testid="app-floor"
            // A card is a link: it shows the keyboard's focus as Mantine's buttons do (WCAG 2.4.7).
            className="mantine-focus-auto"
            style={{ textDecoration: 'none' }}
          >
            <Group wrap="nowrap" align="flex-start">
              <ThemeIcon size={44} radius="md" variant="light">
                <IconBroadcast size={24} />
              </ThemeIcon>
              <div>
                <Text fw={600} size="lg" c="dark.8">
                  Floor
                </Text>
                <Text size="sm" c="dimmed">
                  Open calls, outbound lists and the day&apos;s calls per CSR, live
                </Text>
              </div>
            </Group>
          </Card>
        ) : null}
        {data && reports ? (
          <Card
            component={Link}
            to={REPORTS_PATH}
            withBorder
            padding="lg"
            data-testid="app-reports"
            className="mantine-focus-auto"
            style={{ textDecoration: 'none' }}
          >
            <Group wrap="nowrap" align="flex-start">
              <ThemeIcon size={44} radius="md" variant="light">
                <IconChartBar size={24} />
              </ThemeIcon>
              <div>
                <Text fw={600} size="lg" c="dark.8">
                  Reports
                </Text>
                <Text size="sm" c="dimmed">
                  Calls, handle times, agent states and sales over any range, by CSR, call type or branch
                </Text>
              </div>
            </Group>
          </Card>
        ) : null}
      </SimpleGrid>
    </Stack>
  );
}
