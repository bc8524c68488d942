/**
 * Graceful shutdown (server.ts, decisions 016 and 057). On SIGTERM the process stops listening at once, so a proxy's
 * next connection is refused and goes to another process, and drains the connections it already has: it keeps
 * them, marks /readyz 503, and answers each request with `Connection: close`, so a request a client already sent
 * (or sends) on a kept-alive connection is answered instead of reset. The drain ends when every connection has
 * closed or after SHUTDOWN_DRAIN_SECONDS; the connections still idle then are closed (none with a request begun),
 * then Fastify closes: requests still in flight finish, the mail worker stops (bounded, app.ts), and then the
 * database closes. SHUTDOWN_TIMEOUT_SECONDS bounds all of it.
 */
import type { Server } from 'node:http';
import net, { type Socket } from 'node:net';

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

/**
 * The public port's listener: a `net.Server` of our own that hands every connection it accepts to the HTTP server
 * through the HTTP server's `'connection'` event (node documents emitting it to inject a connection). Stopping it
 * (`stopAccepting`) closes the listening socket and nothing else: no connection is accepted from then on (a client's
 * connect is refused, and a proxy sends the request to another process), while every connection already open stays
 * to be answered. The HTTP server's own `close()` would also end the idle kept-alive connections at that instant,
 * racing a request a client may be sending on one of them; those close at the end of the drain instead (`endDrain`).
 * See docs/decisions/080-shutdown-through-supported-calls.md.
 */
export async function listenPublicly(server: Server, host: string, port: number): Promise<net.Server> {
  // Without Nagle's delay, as node's HTTP server sets its own sockets: the small writes of the event streams go at once.
  const listener = net.createServer({ noDelay: true }, (socket) => server.emit('connection', socket));
  await new Promise<void>((resolve, reject) => {
    listener.once('error', reject);
    listener.listen(port, host, () => {
      listener.off('error', reject);
      resolve();
    });
  });
  return listener;
}

export function stopAccepting(listener: net.Server): void {
  listener.close();
}

/**
 * The end of the drain: the connections with no request begun are closed (node's closeIdleConnections never closes
 * one whose request it has started to read); one with a request in flight is answered, with `Connection: close`,
 * before Fastify's close returns.
 */
export function endDrain(server: Server): void {
  server.closeIdleConnections();
}
