/** Test support for the mail tests: a queued message, a worker as an API process runs one, a logger to read. */
import type { Db } from '../../db/client.js';
import type { TestApp } from '../../test/harness.js';
import { createMailWorker, type MailWorker, type MailWorkerOptions } from './mail-worker.js';
import { enqueueEmail } from './outbox.js';
import { createMailTransport } from './transport.js';

/** Queue a plain message (the outbox tests), due at `now`; answers its id. */
export async function queueMail(
  db: Db,
  now: Date,
  message: { to: string; cc?: string; callId?: number | null; subject?: string },
): Promise<number> {
  const queued = await db.transaction((tx) =>
    enqueueEmail(
      tx,
      {
        kind: 'end-call',
        to: [message.to],
        cc: message.cc ? [message.cc] : [],
        subject: message.subject ?? `For ${message.to}`,
        text: 'Your order is confirmed.',
        callId: message.callId ?? null,
      },
      now,
    ),
  );
  return queued.emailId;
}

export interface LogLine {
  level: 'info' | 'warn' | 'error';
  fields: unknown;
  message: unknown;
}

/** A logger that keeps what a worker logs, for a test to read. */
export function captureLog(): { lines: LogLine[]; log: MailWorkerOptions['log'] } {
  const lines: LogLine[] = [];
  const at =
    (level: LogLine['level']) =>
    (fields: unknown, message?: unknown): void => {
      lines.push({ level, fields, message });
    };
  return { lines, log: { info: at('info'), warn: at('warn'), error: at('error') } };
}

/** A worker as an API process runs one, on the app's configuration, sending to its SMTP_URL. */
export function testWorker(
  t: TestApp,
  options: Pick<MailWorkerOptions, 'db' | 'id'> & Partial<MailWorkerOptions>,
): MailWorker {
  return createMailWorker({
    transport: createMailTransport(t.config),
    mailFrom: t.config.mailFrom,
    now: () => new Date(),
    log: captureLog().log,
    pollSeconds: 0.1,
    maxAttempts: 5,
    retrySeconds: 60,
    retryMaxSeconds: 600,
    leaseSeconds: 2,
    ...options,
  });
}
