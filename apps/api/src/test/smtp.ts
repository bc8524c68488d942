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
  /** Refuse every recipient with this reply, or accept (null). A reply that starts with its code (`450 …`) is
   * answered with that code; any other is a 550. */
  refuse: string | null;
  /** Refuse these recipients (address → reply, as `refuse`), accept the others. */
  refuseRecipients: Map<string, string>;
  /** Answer the end of a message's data with this reply (as `refuse`) instead of accepting it, or accept (null). */
  refuseData: string | null;
  /** Wait this long before answering each RCPT TO: the message's data has not begun, a client gone now sends nothing. */
  rcptDelayMs: number;
  /** Wait this long before accepting a message's data (it is complete: the server takes it even if the client goes). */
  delayMs: number;
  /** Messages whose data has started arriving. */
  dataStarted: number;
  /** Messages whose data has arrived whole (accepted after `delayMs`). */
  dataCompleted: number;
  /** Connections that closed in the middle of a message: after MAIL FROM, before its data arrived whole. */
  abandoned: number;
  /** When the last of those closed. */
  abandonedAt: Date | null;
  close(): Promise<void>;
}

/** Undo quoted-printable soft breaks and escapes, so a test can search the words. */
export function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** A refusal as smtp-server answers it: the code the reply starts with (550 when it starts with none), then the text. */
function refusalError(reply: string): Error {
  const coded = /^([45]\d\d) (.*)$/s.exec(reply);
  return Object.assign(new Error(coded ? coded[2] : reply), { responseCode: coded ? Number(coded[1]) : 550 });
}

export async function startTestSmtp(
  options: {
    refuse?: string;
    refuseRecipients?: Record<string, string>;
    refuseData?: string;
    delayMs?: number;
    rcptDelayMs?: number;
  } = {},
): Promise<TestSmtp> {
  const state: Omit<TestSmtp, 'url' | 'close'> = {
    received: [],
    attempts: 0,
    rcptAttempts: 0,
    refuse: options.refuse ?? null,
    refuseRecipients: new Map(Object.entries(options.refuseRecipients ?? {})),
    refuseData: options.refuseData ?? null,
    rcptDelayMs: options.rcptDelayMs ?? 0,
    delayMs: options.delayMs ?? 0,
    dataStarted: 0,
    dataCompleted: 0,
    abandoned: 0,
    abandonedAt: null,
  };
  /** Sessions in the middle of a message. */
  const inMessage = new Set<string>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onMailFrom(_address, session, callback) {
      state.attempts += 1;
      inMessage.add(session.id);
      callback();
    },
    onRcptTo(address, _session, callback) {
      state.rcptAttempts += 1;
      const answer = () => {
        const refusal = state.refuse ?? state.refuseRecipients.get(address.address) ?? null;
        if (refusal !== null) callback(refusalError(refusal));
        else callback();
      };
      if (state.rcptDelayMs > 0) setTimeout(answer, state.rcptDelayMs);
      else answer();
    },
    onClose(session) {
      if (!inMessage.delete(session.id)) return;
      state.abandoned += 1;
      state.abandonedAt = new Date();
    },
    onData(stream, session, callback) {
      state.dataStarted += 1;
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        state.dataCompleted += 1;
        inMessage.delete(session.id);
        const raw = Buffer.concat(chunks).toString('utf8');
        const finish = () => {
          if (state.refuseData !== null) {
            callback(refusalError(state.refuseData));
            return;
          }
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
  // A client killed in the middle of a message (the tests do it on purpose) resets its connection; smtp-server emits
  // that as an error of the server, which with no listener would end the test run. It is a closed connection like
  // any other (onClose counts it as abandoned); any other error still surfaces.
  server.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'ECONNRESET' || error.code === 'EPIPE') return;
    throw error;
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
