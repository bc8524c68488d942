/**
 * Graceful shutdown (server.ts, decision 016). On SIGTERM the process first drains: it keeps listening and keeps
 * every open connection, marks /readyz 503 so a proxy stops choosing it, and answers each request with
 * `Connection: close`, so a request a client already sent on a kept-alive connection is answered instead of reset.
 * The drain ends when every connection has closed or after SHUTDOWN_DRAIN_SECONDS. Then Fastify closes: in-flight
 * requests finish, idle connections close, the mail worker stops (bounded, app.ts), and then the database closes.
 * SHUTDOWN_TIMEOUT_SECONDS bounds all of it.
 */
import type { Server } from 'node:http';
import type { Socket } from 'node:net';

export interface ConnectionTracker {
  readonly size: number;
  /** Resolves when no connection is open, or after `ms`, whichever comes first. */
  whenAllClosed(ms: number): Promise<void>;
}

export function trackConnections(server: Server): ConnectionTracker {
  const open = new Set<Socket>();
  let onEmpty: (() => void) | undefined;
  server.on('connection', (socket) => {
    open.add(socket);
    socket.once('close', () => {
      open.delete(socket);
      if (open.size === 0) onEmpty?.();
    });
  });
  return {
    get size() {
      return open.size;
    },
    whenAllClosed(ms) {
      if (open.size === 0) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const timer = setTimeout(done, ms);
        function done() {
          clearTimeout(timer);
          onEmpty = undefined;
          resolve();
        }
        onEmpty = done;
      });
    },
  };
}
