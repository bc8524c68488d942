/**
 * A TCP hop between the API and PostgreSQL that a test can cut and restore, to make a database outage real: while it
 * is cut, a connection to it is refused and every connection through it is closed, as when the server or the network
 * goes away; restored, it listens on the same port again. The bytes pass through untouched.
 */
import net from 'node:net';

export interface TcpForwarder {
  /** `url` with its host and port replaced by the forwarder's. */
  through(url: string): string;
  /** Refuse new connections and close every open one. */
  cut(): Promise<void>;
  /** Listen again on the same port. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpForwarder(targetUrl: string): Promise<TcpForwarder> {
  const target = new URL(targetUrl);
  const targetPort = Number(target.port || 5432);
  const sockets = new Set<net.Socket>();
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  };
  const server = net.createServer((client) => {
    const upstream = net.connect(targetPort, target.hostname);
    track(client);
    track(upstream);
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
    client.pipe(upstream).pipe(client);
  });
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        const address = server.address();
        resolve(typeof address === 'object' && address ? address.port : 0);
      });
    });
  const stop = async () => {
    for (const socket of sockets) socket.destroy();
    if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  const port = await listen(0);
  return {
    through(url) {
      const u = new URL(url);
      u.hostname = '127.0.0.1';
      u.port = String(port);
      return u.toString();
    },
    cut: stop,
    restore: async () => {
      await listen(port);
    },
    close: stop,
  };
}
