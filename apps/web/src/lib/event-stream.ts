import { useEffect, useState } from 'react';
import { useLatest } from './use-latest';

export type StreamStatus = 'connecting' | 'live' | 'reconnecting';

/** Waits between attempts after a failure: 1 s, doubling to 30 s, with a little jitter so tabs spread out. */
export function backoffMs(attempt: number, random = Math.random()): number {
  return Math.min(30_000, 1000 * 2 ** Math.min(attempt, 5)) + Math.round(random * 250);
}

/**
 * A Server-Sent Events stream of the API, kept open (the floor's, decision 035; the screen pops', decision 075): one
 * EventSource, opened with a single-use ticket (EventSource cannot send the bearer header). A failed or ended stream
 * cannot reuse its ticket, so it is closed and a new one opened with a new ticket, waiting longer after each failure.
 * Off while `enabled` is false. The handlers are read when an event arrives, so they may change between renders.
 */
export function useTicketedEventStream(options: {
  enabled: boolean;
  ticket: () => Promise<{ ticket: string }>;
  path: string;
  /** Per event name, what to do with its data; any event means the stream is live. */
  on: Record<string, (data: string) => void>;
}): StreamStatus {
  const [status, setStatus] = useState<StreamStatus>('connecting');
  const latest = useLatest(options);
  const { enabled, path } = options;
  const names = Object.keys(options.on).sort().join(',');

  useEffect(() => {
    if (!enabled) return;
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
        const { ticket } = await latest.current.ticket();
        if (stopped) return;
        source = new EventSource(`${path}?ticket=${encodeURIComponent(ticket)}`);
        for (const name of names.split(',')) {
          source.addEventListener(name, (event) => {
            attempt = 0;
            setStatus('live');
            latest.current.on[name]?.((event as MessageEvent<string>).data);
          });
        }
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
  }, [enabled, path, names, latest]);

  return status;
}
