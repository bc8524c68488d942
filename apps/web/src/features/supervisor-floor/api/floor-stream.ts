import { useState } from 'react';
import type { FloorSnapshot } from '@cc/contract';
import { routePaths as routes } from '../../../lib/route-table';
import { api } from '../../../lib/api';
import { useTicketedEventStream, type StreamStatus } from '../../../lib/event-stream';

export type FloorStatus = StreamStatus;

/**
 * The floor view, live (decision 035): every `snapshot` event is the whole view, the first one as soon as the stream
 * opens, so the numbers are right again right after a reconnection. No polling.
 */
export function useFloorStream(): { snapshot: FloorSnapshot | null; status: FloorStatus; receivedAt: number } {
  const [snapshot, setSnapshot] = useState<FloorSnapshot | null>(null);
  /** When the browser got the snapshot: its time in state counts on from there by the browser's clock. */
  const [receivedAt, setReceivedAt] = useState(0);
  const status = useTicketedEventStream({
    enabled: true,
    ticket: () => api('floorStreamTicket'),
    path: routes.floorStream.path,
    on: {
      snapshot: (data) => {
        setSnapshot(JSON.parse(data) as FloorSnapshot);
        setReceivedAt(Date.now());
      },
    },
  });
  return { snapshot, status, receivedAt };
}
