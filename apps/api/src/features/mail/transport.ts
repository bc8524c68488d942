/**
 * Where a message goes: an SMTP server through nodemailer when SMTP_URL is set; otherwise an .eml file
 * per message under DATA_DIR/mail, so a laptop without a mail server still shows what was sent.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import nodemailer, { type SendMailOptions } from 'nodemailer';
import addressparser from 'nodemailer/lib/addressparser';

export interface TransportMessage {
  emailId: number;
  /** The full Message-ID header, `<…@…>`: the same on every attempt, so a receiver can drop a repeat. */
  messageId: string;
  from: string;
  /** The To and Cc headers, as queued. */
  to: string;
  cc: string;
  /** Who this attempt goes to (the SMTP envelope): the recipients the server has not accepted yet. */
  recipients: readonly string[];
  subject: string;
  text: string;
  html: string;
  /** Aborting closes the connection: a message whose data has not been completed is not delivered. */
  signal?: AbortSignal;
  /**
   * Called once the whole message has been handed to the connection, just before the end of its data is sent: from
   * then on the server may take the message whatever the client does, so aborting no longer prevents delivery.
   */
  onDataWhole?: () => void;
}

export interface RefusedRecipient {
  address: string;
  /** The server's reply, e.g. `550 5.1.1 Mailbox unavailable`. */
  reply: string;
  /** The reply's code (550), or null when the refusal carried none. */
  code: number | null;
}

/** A 5xx reply is permanent (RFC 5321 §4.2.1): the same request will be refused again, so it is not retried. */
export const isPermanentCode = (code: number | null | undefined): boolean =>
  typeof code === 'number' && code >= 500 && code < 600;

/**
 * The server refused the message itself for good: a 5xx reply to DATA or to the end of the data. Other 5xx replies
 * (greeting, AUTH, MAIL FROM) are about the connection or our sender, the same for every message and usually a
 * configuration being fixed, so they are retried like any failure to hand a message over.
 */
export function isPermanentMessageRefusal(error: unknown): boolean {
  const e = error as { responseCode?: unknown; command?: unknown } | null;
  return e?.command === 'DATA' && isPermanentCode(typeof e.responseCode === 'number' ? e.responseCode : null);
}

/** What the server did with each recipient of the envelope. */
export interface SendOutcome {
  accepted: string[];
  refused: RefusedRecipient[];
}

export interface MailTransport {
  /** What the log says about where messages go. */
  readonly description: string;
  /**
   * Resolves when the server has answered for every recipient: some may be refused while others are accepted
   * (a message refused for all of them resolves too, with nobody accepted). Rejects when the message could not
   * be handed over at all (connection, time-out, refused sender or data, aborted).
   */
  send(message: TransportMessage): Promise<SendOutcome>;
  close(): void;
}

/** The bare addresses of address headers (`a@x, B <b@y>`), each once, in order. */
export function envelopeAddresses(...fields: string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const field of fields) {
    if (field.trim() === '') continue;
    for (const entry of addressparser(field, { flatten: true })) {
      const address = entry.address?.trim();
      if (!address || seen.has(address.toLowerCase())) continue;
      seen.add(address.toLowerCase());
      out.push(address);
    }
  }
  return out;
}

/** The key under which a message's `onDataWhole` travels in nodemailer's message data, to the stream plugin. */
const DATA_WHOLE = 'ccOnDataWhole';

function mailOptions(m: TransportMessage): SendMailOptions {
  return {
    from: m.from,
    to: m.to,
    ...(m.cc !== '' ? { cc: m.cc } : {}),
    subject: m.subject,
    text: m.text,
    ...(m.html !== '' ? { html: m.html } : {}),
    messageId: m.messageId,
    // The headers keep every recipient as queued; the envelope carries only those this attempt is for.
    envelope: { from: m.from, to: [...m.recipients] },
    headers: { 'X-Outbox-Id': String(m.emailId) },
    ...(m.signal ? { signal: m.signal } : {}),
    ...(m.onDataWhole ? { [DATA_WHOLE]: m.onDataWhole } : {}),
  };
}

/**
 * A stream plugin: the last stage of the message's stream calls the message's `onDataWhole` once the connection has
 * read the whole message from it. The connection starts reading only after the server's 354 to DATA, and this stage
 * holds what it has until it is read (no buffer of its own: a stage with a buffer would take in a small message whole
 * at once, long before DATA). The end of the data (`<CRLF>.<CRLF>`) is written only after this stage has ended, so
 * until the call, closing the connection leaves the server with an unfinished message, which it discards. (A DKIM
 * signer would come after this stage and read the message whole first; none is configured.)
 */
function watchDataWhole(mail: {
  data: Record<string, unknown>;
  message: { processFunc(fn: (input: Readable) => Readable): void };
}) {
  const onWhole = mail.data[DATA_WHOLE];
  if (typeof onWhole !== 'function') return;
  mail.message.processFunc((input) => {
    const stage = new Transform({
      readableHighWaterMark: 0,
      transform: (chunk, _encoding, done) => done(null, chunk),
      flush: (done) => {
        (onWhole as () => void)();
        done();
      },
    });
    input.on('error', (error) => stage.destroy(error));
    return input.pipe(stage);
  });
}

interface SmtpRefusal {
  recipient?: unknown;
  response?: unknown;
  responseCode?: unknown;
  message?: unknown;
}

function refusalsOf(errors: unknown): RefusedRecipient[] {
  if (!Array.isArray(errors)) return [];
  return (errors as SmtpRefusal[]).map((e) => ({
    address: typeof e.recipient === 'string' ? e.recipient : '',
    reply: typeof e.response === 'string' ? e.response : typeof e.message === 'string' ? e.message : 'refused',
    code: typeof e.responseCode === 'number' ? e.responseCode : null,
  }));
}

export function smtpTransport(smtpUrl: string): MailTransport {
  const transporter = nodemailer.createTransport({
    url: smtpUrl,
    // A hung server must not hold a message for ever (its lease is renewed while the worker waits).
    connectionTimeout: 30_000,
    greetingTimeout: 30_000,
    socketTimeout: 60_000,
  });
  transporter.use('stream', (mail, done) => {
    watchDataWhole(mail as unknown as Parameters<typeof watchDataWhole>[0]);
    done();
  });
  const where = new URL(smtpUrl);
  return {
    description: `SMTP server ${where.hostname}:${where.port || '(default port)'}`,
    async send(message) {
      try {
        const info = (await transporter.sendMail(mailOptions(message))) as {
          accepted?: unknown;
          rejectedErrors?: unknown;
        };
        const accepted = Array.isArray(info.accepted) ? info.accepted.map(String) : [];
        return { accepted, refused: refusalsOf(info.rejectedErrors) };
      } catch (error) {
        // Every recipient refused: an answer about recipients, not a failure to reach the server.
        const refused = refusalsOf((error as { rejectedErrors?: unknown }).rejectedErrors);
        if ((error as { code?: unknown }).code === 'EENVELOPE' && refused.length > 0) return { accepted: [], refused };
        throw error;
      }
    },
    close: () => transporter.close(),
  };
}

/** One file per message, named by its outbox id: a repeated delivery rewrites the same file. */
export function emlFileTransport(dir: string): MailTransport {
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    description: `.eml files in ${dir}`,
    async send(message) {
      const info = await transporter.sendMail(mailOptions(message));
      const raw = info.message;
      if (!Buffer.isBuffer(raw)) throw new Error('the message was not rendered to a buffer');
      await fs.mkdir(dir, { recursive: true });
      const file = path.join(dir, emlFileName(message.emailId));
      const partial = `${file}.${process.pid}.tmp`;
      await fs.writeFile(partial, raw);
      await fs.rename(partial, file);
      return { accepted: [...message.recipients], refused: [] };
    },
    close: () => transporter.close(),
  };
}

export function emlFileName(emailId: number): string {
  return `email-${String(emailId).padStart(8, '0')}.eml`;
}

export function createMailTransport(config: { smtpUrl: string | undefined; mail: { dir: string } }): MailTransport {
  return config.smtpUrl !== undefined ? smtpTransport(config.smtpUrl) : emlFileTransport(config.mail.dir);
}
