import { useEffect, useState } from 'react';
import { routes, type FloorSnapshot } from '@cc/contract';
import { api } from '../../../lib/api';

export type FloorStatus = 'connecting' | 'live' | 'reconnecting';

/** Waits between attempts after a failure: 1 s, doubling to 30 s, with a little jitter so tabs spread out. */
export function backoffMs(attempt: number, random = Math.random()): number {
  return Math.min(30_000, 1000 * 2 ** Math.min(attempt, 5)) + Math.round(random * 250);
}

/**
 * The floor view, live (decision 035): one EventSource per page, opened with a single-use ticket (EventSource cannot
 * send the bearer header). Every `snapshot` event is the whole view, the first one as soon as the stream opens, so
 * the numbers are right again right after a reconnection. A failed or ended stream cannot reuse its ticket, so this
 * closes it and opens a new one with a new ticket, waiting longer after each failure. No polling.
 */
export function useFloorStream(): { snapshot: FloorSnapshot | null; status: FloorStatus; receivedAt: number } {
  const [snapshot, setSnapshot] = useState<FloorSnapshot | null>(null);
  /** When the browser got the snapshot: its time in state counts on from there by the browser's clock. */
  const [receivedAt, setReceivedAt] = useState(0);
  const [status, setStatus] = useState<FloorStatus>('connecting');

  useEffect(() => {
    let stopped = false;
    let source: EventSource | undefined;
    let timer: number | undefined;
    let attempt = 0;

    const retry = () => {
      source?.close();
      source = undefined;
      if (stopped) return;
      setStatus('reconnecting');
      timer = window.setTimeout(() => void connect(), backoffMs(attempt++));
    };
    const connect = async () => {
      try {
        const { ticket } = await api('floorStreamTicket');
        if (stopped) return;
        source = new EventSource(`${routes.floorStream.path}?ticket=${encodeURIComponent(ticket)}`);
        source.addEventListener('snapshot', (event) => {
          attempt = 0;
          setSnapshot(JSON.parse((event as MessageEvent<string>).data) as FloorSnapshot);
          setReceivedAt(Date.now());
          setStatus('live');
        });
        source.onerror = retry;
      } catch {
        retry();
      }
    };
    void connect();
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      source?.close();
    };
  }, []);

  return { snapshot, status, receivedAt };
}
