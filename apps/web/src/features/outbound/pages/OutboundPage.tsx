import '@mantine/dates/styles.css';
import { useCallback, useEffect, useRef, useState } from 'react';
import { generatePath, useLocation, useNavigate } from 'react-router';
import { Accordion, Alert, Badge, Button, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { OutboundRow, SessionUser } from '@cc/contract';
import { CompanyType } from '@cc/domain';
import { useSession } from '../../../lib/session';
import { outboundScopeOf, useOutboundCountsOf, type OutboundScope } from '../api/outbound';
import { OutboundSection } from '../components/OutboundSection';
import { OutboundSidebar } from '../components/OutboundSidebar';
import { useOutboundMemory, useRememberCounts } from '../hooks/useOutboundMemory';
import { WORK_PAGE_WIDTH } from '../../../components/page-width';

/** The call screen, route name currentCall. */
const CURRENT_CALL = '/call-center/current-call/:sqldbid/:customerNo/:callType';
const BASE = '/call-center/outbound';
/** The outbound sub-states (outbound.cancelCalls, outbound.upsells): their path → call type. */
const SUB_STATES: Record<string, string> = { [`${BASE}/cancelCalls`]: 'Cancel', [`${BASE}/upsells`]: 'Upsell' };
const PATHS = Object.fromEntries(Object.entries(SUB_STATES).map(([path, type]) => [type, path]));

const sectionId = (callTypeName: string) => `outbound-section-${callTypeName}`;
const scrollSectionIntoView = (callTypeName: string) =>
  document.getElementById(sectionId(callTypeName))?.scrollIntoView({ block: 'start', behavior: 'smooth' });
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

  // A section to bring into view: at once when it is open already, else once its panel has opened
  // (so that a section near the end of the page can still come to the top).
  const [pendingScroll, setPendingScroll] = useState<{ name: string; afterOpening: boolean } | null>(null);
  /** The request already served, so that a later render does not scroll again. */
  const scrolled = useRef<typeof pendingScroll>(null);
  const reveal = (name: string) => {
    const wasOpen = open.includes(name);
    if (!wasOpen) setOpen([...open, name]);
    setPendingScroll({ name, afterOpening: !wasOpen });
  };
  /** The section asked for, once its panel has opened (its transition's end), unless it has been already. */
  const scrollToPending = (name: string) => {
    if (pendingScroll?.name !== name || scrolled.current === pendingScroll) return;
    scrolled.current = pendingScroll;
    scrollSectionIntoView(name);
  };

  const routed = SUB_STATES[location.pathname];
  const [seenPath, setSeenPath] = useState<string | null>(null);
  if (seenPath !== location.pathname) {
    // Arriving on a sub-state (also by a link or Back): open its section and bring it into view. On the
    // first render the section simply starts open.
    setSeenPath(location.pathname);
    if (routed && seenPath === null) {
      if (!open.includes(routed)) setOpen([...open, routed]);
      setPendingScroll({ name: routed, afterOpening: false });
    } else if (routed) {
      reveal(routed);
    }
  }
  useEffect(() => {
    const pending = pendingScroll;
    // Not there yet while the counts load (the counts are a dependency: the section appears with them).
    if (!pending || scrolled.current === pending || !document.getElementById(sectionId(pending.name))) return;
    const scroll = () => {
      scrolled.current = pending;
      scrollSectionIntoView(pending.name);
    };
    if (!pending.afterOpening) {
      scroll();
      return;
    }
    // Once the panel has opened; should its transition not run (reduced motion), this is the time anyway.
    const timer = window.setTimeout(scroll, 1000);
    return () => window.clearTimeout(timer);
  }, [pendingScroll, counts.data]);

  const pick = (callTypeName: string) => {
    reveal(callTypeName);
    if (!PATHS[callTypeName] && location.pathname !== BASE) void navigate(BASE);
  };

  const openCall = useCallback(
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

  const callTypes = counts.data ?? [];
  // A section's body mounts when first opened and then stays, so its page, order and dates survive
  // closing and reopening it.
  const [visited, setVisited] = useState<string[]>(open);
  if (open.some((name) => !visited.includes(name))) setVisited([...new Set([...visited, ...open])]);

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
          <Alert
            color="red"
            icon={<IconAlertCircle size={18} />}
            title={callTypes.length > 0 ? 'The counts could not be refreshed' : 'The call lists could not be loaded'}
            role="alert"
          >
            <Group justify="space-between" gap="sm">
              <Text size="sm">{counts.error.message}</Text>
              <Button size="xs" variant="white" color="red" onClick={() => void counts.refetch()}>
                Try again
              </Button>
            </Group>
          </Alert>
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
          {callTypes.map((t) => {
            return (
              <Accordion.Item
                key={t.CallTypeName}
                value={t.CallTypeName}
                id={sectionId(t.CallTypeName)}
                data-testid={`outbound-section-${t.CallTypeName}`}
                bg="white"
              >
                <Accordion.Control py={4}>
                  <Group gap="sm" wrap="nowrap">
                    <Text fw={600} size="sm">
                      {t.CallTypeDisplayName}
                    </Text>
                    <Badge
                      variant="light"
                      color="gray"
                      c="dark.7"
                      size="md"
                      data-testid={`outbound-count-${t.CallTypeName}`}
                    >
                      {t.count.toLocaleString()}
                    </Badge>
                  </Group>
                </Accordion.Control>
                <Accordion.Panel onTransitionEnd={() => scrollToPending(t.CallTypeName)}>
                  {visited.includes(t.CallTypeName) ? (
                    <OutboundSection scope={scope} callType={t} onOpen={openCall} />
                  ) : null}
                </Accordion.Panel>
              </Accordion.Item>
            );
          })}
        </Accordion>
      </Stack>
    </Group>
  );
}
