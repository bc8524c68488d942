/**
 * A real SMTP peer for tests (the `smtp-server` package): records what it accepts, and can refuse
 * recipients or answer slowly, as a mail server would.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  /** The Message-ID header. */
  messageId: string;
  /** The decoded text of the message (quoted-printable undone), for searching. */
  decoded: string;
}

export interface TestSmtp {
  url: string;
  received: ReceivedMail[];
  /** MAIL FROM commands seen: one per delivery attempt. */
  attempts: number;
  /** RCPT TO commands seen, accepted or refused: one per delivery attempt per recipient. */
  rcptAttempts: number;
  /** Refuse every recipient with this 5xx reply, or accept (null). */
  refuse: string | null;
  /** Wait this long before accepting a message's data. */
  delayMs: number;
  /** Messages whose data has started arriving. */
  dataStarted: number;
  close(): Promise<void>;
}

/** Undo quoted-printable soft breaks and escapes, so a test can search the words. */
export function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

export async function startTestSmtp(options: { refuse?: string; delayMs?: number } = {}): Promise<TestSmtp> {
  const state: Omit<TestSmtp, 'url' | 'close'> = {
    received: [],
    attempts: 0,
    rcptAttempts: 0,
    refuse: options.refuse ?? null,
    delayMs: options.delayMs ?? 0,
    dataStarted: 0,
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onMailFrom(_address, _session, callback) {
      state.attempts += 1;
      callback();
    },
    onRcptTo(_address, _session, callback) {
      state.rcptAttempts += 1;
      if (state.refuse !== null) {
        const error = Object.assign(new Error(state.refuse), { responseCode: 550 });
        callback(error);
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      state.dataStarted += 1;
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const finish = () => {
          state.received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw,
            messageId: /^Message-ID:\s*(.+)$/im.exec(raw)?.[1]?.trim() ?? '',
            decoded: decodeQuotedPrintable(raw),
          });
          callback();
        };
        if (state.delayMs > 0) setTimeout(finish, state.delayMs);
        else finish();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return Object.assign(state, {
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

/** Wait until a condition holds (a worker delivers in the background). */
export async function until(condition: () => boolean | Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const started = Date.now();
  while (!(await condition())) {
    if (Date.now() - started > timeoutMs) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
