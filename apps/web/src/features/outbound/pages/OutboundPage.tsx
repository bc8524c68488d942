import '@mantine/dates/styles.css';
import { useCallback, useState, type ReactNode } from 'react';
import { generatePath, useLocation, useNavigate } from 'react-router';
import { Accordion, Alert, Badge, Button, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { OutboundCount, OutboundRow, SessionUser } from '@cc/contract';
import { CompanyType } from '@cc/domain';
import { useSession } from '../../../lib/session';
import { outboundScopeOf, useOutboundCountsOf, type OutboundScope } from '../api/outbound';
import { OutboundSection } from '../components/OutboundSection';
import { OutboundSidebar } from '../components/OutboundSidebar';
import { useOutboundMemory, useRememberCounts } from '../hooks/useOutboundMemory';
import { sectionId, useSectionReveal } from '../hooks/useSectionReveal';
import { WORK_PAGE_WIDTH } from '../../../components/page-width';

/** The call screen, route name currentCall. */
const CURRENT_CALL = '/call-center/current-call/:sqldbid/:customerNo/:callType';
const BASE = '/call-center/outbound';
/** The outbound sub-states (outbound.cancelCalls, outbound.upsells): their path → call type. */
const SUB_STATES: Record<string, string> = { [`${BASE}/cancelCalls`]: 'Cancel', [`${BASE}/upsells`]: 'Upsell' };
const PATHS = Object.fromEntries(Object.entries(SUB_STATES).map(([path, type]) => [type, path]));

/** How long a section takes to open or close. */
const OPEN_MS = 150;

function scopeText(scope: OutboundScope, user: SessionUser): string {
  switch (scope.variant) {
    case 'general':
      return 'Calls of every branch';
    case 'cof':
      return 'Calls of company-owned branches';
    case 'ind':
      return scope.branches
        ? `Calls of your branches: ${scope.branches.split(',').join(', ')}`
        : user.CompanyId === CompanyType.IndependentFranchise
          ? 'Your account has no branches, so there are no calls to show'
          : 'Calls of independent-franchise branches';
  }
}

/** /call-center/outbound: one section per call type with its count and grid (call-handling.md §2). */
export default function OutboundPage() {
  const current = useSession();
  if (!current) return null;
  return <Outbound user={current.user} />;
}

function Outbound({ user }: { user: SessionUser }) {
  const navigate = useNavigate();
  const location = useLocation();
  const [scope] = useState(() => outboundScopeOf(user));
  const { rememberedCounts, open, setOpen } = useOutboundMemory(user.UserId);
  const counts = useOutboundCountsOf(scope, rememberedCounts);
  useRememberCounts(user.UserId, counts.isFetchedAfterMount ? counts.data : undefined);
  const routed = SUB_STATES[location.pathname];
  const { reveal, scrollToPending } = useSectionReveal({
    open,
    setOpen,
    pathname: location.pathname,
    routed,
    shown: counts.data,
  });
  const pick = (callTypeName: string) => {
    reveal(callTypeName);
    if (!PATHS[callTypeName] && location.pathname !== BASE) void navigate(BASE);
  };
  const openCall = useOpenCall();
  const callTypes = counts.data ?? [];
  const visited = useVisited(open);

  return (
    <Group align="flex-start" wrap="nowrap" gap="md" maw={WORK_PAGE_WIDTH} mx="auto">
      {callTypes.length > 0 ? (
        <OutboundSidebar
          callTypes={callTypes}
          paths={PATHS}
          sectionHref={(name) => `${BASE}#${sectionId(name)}`}
          active={routed}
          onPick={pick}
        />
      ) : null}
      <Stack gap="sm" style={{ flex: 1, minWidth: 0 }}>
        <div>
          <Title order={1} size="h3">
            Outbound Calls
          </Title>
          <Text size="sm" c="gray.7">
            {scopeText(scope, user)}
          </Text>
        </div>
        {counts.isError ? (
          <CountsError
            refreshing={callTypes.length > 0}
            message={counts.error.message}
            onRetry={() => void counts.refetch()}
          />
        ) : null}
        {counts.isPending ? (
          <Center h={200}>
            <Loader role="status" aria-label="Loading the call lists" />
          </Center>
        ) : null}
        <Accordion
          multiple
          value={open}
          onChange={setOpen}
          variant="separated"
          radius="md"
          transitionDuration={OPEN_MS}
          // Closed sections keep their grid (page, order, dates and selection) for when they reopen.
          keepMountedMode="display-none"
          styles={{ item: { scrollMarginTop: 'calc(var(--app-shell-header-height, 60px) + 12px)' } }}
        >
          {callTypes.map((t) => (
            <SectionItem key={t.CallTypeName} callType={t} onOpened={() => scrollToPending(t.CallTypeName)}>
              {visited.includes(t.CallTypeName) ? (
                <OutboundSection scope={scope} callType={t} onOpen={openCall} />
              ) : null}
            </SectionItem>
          ))}
        </Accordion>
      </Stack>
    </Group>
  );
}

/** Opens a call on the call screen; Next Call's dial goes with it. */
function useOpenCall() {
  const navigate = useNavigate();
  return useCallback(
    (theCall: OutboundRow, dial = false) => {
      const path = generatePath(CURRENT_CALL, {
        sqldbid: String(theCall.SQLDBID),
        customerNo: String(theCall.cust_No),
        callType: theCall.Type,
      });
      // Next Call's dial goes with the call, so a reload of the call screen asks for it again (and is answered the
      // dial made, not a second one).
      void navigate(path, { state: dial ? { theCall, dialOnOpen: true } : { theCall } });
    },
    [navigate],
  );
}

/**
 * The sections opened so far: a section's body mounts when first opened and then stays, so its page, order and dates
 * survive closing and reopening it.
 */
function useVisited(open: string[]): string[] {
  const [visited, setVisited] = useState<string[]>(open);
  if (open.some((name) => !visited.includes(name))) setVisited([...new Set([...visited, ...open])]);
  return visited;
}

/** The counts could not be loaded, or (`refreshing`, with counts shown) not refreshed. */
function CountsError({ refreshing, message, onRetry }: { refreshing: boolean; message: string; onRetry: () => void }) {
  return (
    <Alert
      color="red"
      icon={<IconAlertCircle size={18} />}
      title={refreshing ? 'The counts could not be refreshed' : 'The call lists could not be loaded'}
      role="alert"
    >
      <Group justify="space-between" gap="sm">
        <Text size="sm">{message}</Text>
        <Button size="xs" variant="white" color="red" onClick={onRetry}>
          Try again
        </Button>
      </Group>
    </Alert>
  );
}

/** One call type's section: its name and count, and its list once opened. */
function SectionItem({
  callType,
  onOpened,
  children,
}: {
  callType: OutboundCount;
  onOpened: () => void;
  children: ReactNode;
}) {
  return (
    <Accordion.Item
      value={callType.CallTypeName}
      id={sectionId(callType.CallTypeName)}
      data-testid={`outbound-section-${callType.CallTypeName}`}
      bg="white"
    >
      <Accordion.Control py={4}>
        <Group gap="sm" wrap="nowrap">
          <Text fw={600} size="sm">
            {callType.CallTypeDisplayName}
          </Text>
          <Badge
            variant="light"
            color="gray"
            c="dark.7"
            size="md"
            data-testid={`outbound-count-${callType.CallTypeName}`}
          >
            {callType.count.toLocaleString()}
          </Badge>
        </Group>
      </Accordion.Control>
      <Accordion.Panel onTransitionEnd={onOpened}>{children}</Accordion.Panel>
    </Accordion.Item>
  );
}
