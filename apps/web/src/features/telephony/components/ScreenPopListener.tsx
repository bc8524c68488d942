import { useNavigate } from 'react-router';
import { Badge, Tooltip } from '@mantine/core';
import { IconPhone } from '@tabler/icons-react';
import { screenPopUrl, type ScreenPop } from '@cc/contract';
import { routePaths as routes } from '../../../lib/route-table';
import { api } from '../../../lib/api';
import { useTicketedEventStream } from '../../../lib/event-stream';
import { refreshAgentState } from '../../agent-states';

/**
 * Keeps the CSR's stream open while signed in (decision 075): when the phone system reports a call answered by this
 * CSR, the browser goes to the screen-pop URL, as a softphone would open it; when the CSR's agent state changes
 * anywhere (a phone event, the end of a Wrap-up, another window), the header reads it again
 * (docs/decisions/081-phone-lines-extensions-live-state.md). A CSR who takes no inbound calls hears the states only,
 * and is shown no badge; for the others the badge says whether pops can reach this window now.
 */
export function ScreenPopListener({ pops }: { pops: boolean }) {
  const navigate = useNavigate();
  const status = useTicketedEventStream({
    enabled: true,
    ticket: () => api('popStreamTicket'),
    path: routes.popStream.path,
    on: {
      ready: () => undefined,
      pop: (data) => {
        if (pops) void navigate(screenPopUrl(JSON.parse(data) as ScreenPop));
      },
      state: () => refreshAgentState(),
    },
  });
  if (!pops) return null;
  const live = status === 'live';
  const text = live ? 'Screen pops reach this window' : 'Screen pops are connecting';
  return (
    <Tooltip label={text}>
      <Badge
        variant="outline"
        color={live ? 'teal.9' : 'gray.7'}
        leftSection={<IconPhone size={12} aria-hidden />}
        aria-label={text}
        data-testid="screen-pop-status"
        data-live={live}
        visibleFrom="sm"
      >
        {live ? 'Phone' : 'Phone…'}
      </Badge>
    </Tooltip>
  );
}
