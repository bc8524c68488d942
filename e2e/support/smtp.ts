/**
 * A real SMTP peer for the journeys (the `smtp-server` package): keeps the envelope recipients of what it accepts,
 * and refuses chosen recipients with a 5xx reply, as a mail server would.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface JourneySmtp {
  url: string;
  /** Envelope recipients of each accepted message. */
  received: string[][];
  /** Refuse these recipients (lower case) with this reply. */
  refuse: Map<string, string>;
  close(): Promise<void>;
}

export async function startSmtp(): Promise<JourneySmtp> {
  const received: string[][] = [];
  const refuse = new Map<string, string>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const reply = refuse.get(address.address.toLowerCase());
      if (!reply) return callback();
      const error = Object.assign(new Error(reply), { responseCode: 550 });
      return callback(error);
    },
    onData(stream, session, callback) {
      stream.on('data', () => undefined);
      stream.on('end', () => {
        received.push(session.envelope.rcptTo.map((r) => r.address.toLowerCase()));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refuse,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
