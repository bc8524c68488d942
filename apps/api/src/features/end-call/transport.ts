/**
 * Where a message goes: an SMTP server through nodemailer when SMTP_URL is set; otherwise an .eml file
 * per message under DATA_DIR/mail, so a laptop without a mail server still shows what was sent.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
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
}

export interface RefusedRecipient {
  address: string;
  /** The server's reply, e.g. `550 5.1.1 Mailbox unavailable`. */
  reply: string;
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
  };
}

interface SmtpRefusal {
  recipient?: unknown;
  response?: unknown;
  message?: unknown;
}

function refusalsOf(errors: unknown): RefusedRecipient[] {
  if (!Array.isArray(errors)) return [];
  return (errors as SmtpRefusal[]).map((e) => ({
    address: typeof e.recipient === 'string' ? e.recipient : '',
    reply: typeof e.response === 'string' ? e.response : typeof e.message === 'string' ? e.message : 'refused',
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
