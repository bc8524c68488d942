/**
 * Where a message goes: an SMTP server through nodemailer when SMTP_URL is set; otherwise an .eml file
 * per message under DATA_DIR/mail, so a laptop without a mail server still shows what was sent.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type SendMailOptions } from 'nodemailer';

export interface TransportMessage {
  emailId: number;
  /** The full Message-ID header, `<…@…>`. */
  messageId: string;
  from: string;
  to: string;
  cc: string;
  subject: string;
  text: string;
  html: string;
}

export interface MailTransport {
  /** What the log says about where messages go. */
  readonly description: string;
  /** Resolves when the message is accepted; rejects with the reason otherwise. */
  send(message: TransportMessage): Promise<void>;
  close(): void;
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
    headers: { 'X-Outbox-Id': String(m.emailId) },
  };
}

export function smtpTransport(smtpUrl: string): MailTransport {
  const transporter = nodemailer.createTransport({
    url: smtpUrl,
    // A hung server must not hold a message's lease for ever (the lease is longer than these together).
    connectionTimeout: 30_000,
    greetingTimeout: 30_000,
    socketTimeout: 60_000,
  });
  const where = new URL(smtpUrl);
  return {
    description: `SMTP server ${where.hostname}:${where.port || '(default port)'}`,
    async send(message) {
      await transporter.sendMail(mailOptions(message));
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
