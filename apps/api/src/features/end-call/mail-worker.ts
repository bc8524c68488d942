/**
 * The mail worker: delivers the outbox after commit, in every API process that runs it.
 *
 * A worker claims a batch of due messages with one statement (`FOR UPDATE SKIP LOCKED` in its
 * subquery), which sets a lease (`locked_until`, `locked_by`) and counts the attempt. Another worker,
 * in this process or any other on the same database, skips rows being claimed and ignores leased
 * ones, so no message is sent twice while its sender lives. Each message is then sent outside any
 * transaction (a slow SMTP server must not hold a database connection, and PGlite has only one) and
 * marked sent, or given its next attempt time with exponential backoff, or marked failed after the
 * last attempt with its error. A worker that dies mid-send leaves a lease that runs out, and the
 * message is sent again then: delivery is at least once, never twice in normal operation.
 */
import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/client.js';
import { callHistory, emailOutbox } from '../../db/schema/index.js';
import type { MailTransport } from './transport.js';

export interface MailWorkerOptions {
  db: Db;
  transport: MailTransport;
  /** The From header. */
  mailFrom: string;
  now: () => Date;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  pollSeconds: number;
  maxAttempts: number;
  retrySeconds: number;
  retryMaxSeconds: number;
  /** Messages claimed per statement. */
  batchSize?: number;
  /** How long a claimed message is reserved for its sender. Longer than any SMTP time-out. */
  leaseSeconds?: number;
  /** Names this worker in `locked_by`. */
  id?: string;
}

export interface RunResult {
  sent: number;
  retried: number;
  failed: number;
}

export interface MailWorker {
  readonly id: string;
  /** Start polling (and deliver what is due at once). */
  start(): void;
  /** Deliver now rather than at the next poll: call after a transaction that queued mail commits. */
  nudge(): void;
  /** Deliver everything due now, once; what the poll does. Answers what happened. */
  runOnce(): Promise<RunResult>;
  /** Stop polling and wait for a delivery in progress to finish. */
  stop(): Promise<void>;
}

interface ClaimedRow {
  email_id: number;
  kind: string;
  to_addresses: string;
  cc_addresses: string;
  subject: string;
  text_body: string;
  html_body: string;
  message_id: string;
  attempts: number;
  call_id: number | null;
}

/** Seconds to wait after the given (1-based) failed attempt: retrySeconds, doubling, at most retryMaxSeconds. */
export function retryDelaySeconds(attempt: number, retrySeconds: number, retryMaxSeconds: number): number {
  const delay = retrySeconds * 2 ** Math.max(0, attempt - 1);
  return Math.min(delay, retryMaxSeconds);
}

function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.length > 2000 ? `${text.slice(0, 2000)}…` : text;
}

function senderDomain(mailFrom: string): string {
  return /@([A-Za-z0-9.-]+)/.exec(mailFrom)?.[1] ?? 'callcentre.local';
}

export function createMailWorker(options: MailWorkerOptions): MailWorker {
  const { db, transport, log } = options;
  const id = options.id ?? `${process.pid}-${crypto.randomBytes(4).toString('hex')}`;
  const batchSize = options.batchSize ?? 10;
  const leaseMs = (options.leaseSeconds ?? 300) * 1000;
  const domain = senderDomain(options.mailFrom);

  let started = false;
  let stopped = false;
  /** Rounds of delivery run one at a time (the poll loop and runOnce share this chain). */
  let chain: Promise<unknown> = Promise.resolve();
  let loop: Promise<void> | undefined;
  /** Set by nudge: start the next round without sleeping. */
  let woken = false;
  let wake: (() => void) | undefined;

  function exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const next = chain.then(fn);
    chain = next.catch(() => undefined);
    return next;
  }

  function sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      timer.unref();
      function done() {
        clearTimeout(timer);
        wake = undefined;
        resolve();
      }
      wake = done;
    });
  }

  async function pollLoop(): Promise<void> {
    while (!stopped) {
      woken = false;
      try {
        await exclusive(drain);
      } catch (error) {
        log.error({ err: error }, 'mail worker: delivery round failed');
      }
      if (!stopped && !woken) await sleep(options.pollSeconds * 1000);
    }
  }

  async function claim(): Promise<ClaimedRow[]> {
    const now = options.now();
    const lease = new Date(now.getTime() + leaseMs);
    return rowsOf<ClaimedRow>(
      await db.execute(sql`
        update email_outbox
        set locked_until = ${lease.toISOString()}::timestamptz, locked_by = ${id}, attempts = attempts + 1
        where email_id in (
          select email_id from email_outbox
          where status = 'queued' and next_attempt_at <= ${now.toISOString()}::timestamptz
            and (locked_until is null or locked_until <= ${now.toISOString()}::timestamptz)
          order by next_attempt_at, email_id
          limit ${batchSize}
          for update skip locked)
        returning email_id, kind, to_addresses, cc_addresses, subject, text_body, html_body, message_id, attempts, call_id`),
    );
  }

  const mine = (emailId: number) => and(eq(emailOutbox.emailId, emailId), eq(emailOutbox.lockedBy, id));

  async function markSent(row: ClaimedRow): Promise<void> {
    await db.transaction(async (tx) => {
      const done = await tx
        .update(emailOutbox)
        .set({ status: 'sent', sentAt: options.now(), lastError: null, lockedUntil: null, lockedBy: null })
        .where(mine(row.email_id))
        .returning({ emailId: emailOutbox.emailId });
      if (done.length > 0 && row.kind === 'end-call' && row.call_id !== null) {
        await tx.update(callHistory).set({ emailsent: true }).where(eq(callHistory.callId, row.call_id));
      }
    });
  }

  async function markFailure(row: ClaimedRow, error: unknown): Promise<'retried' | 'failed'> {
    const lastError = errorText(error);
    if (row.attempts >= options.maxAttempts) {
      await db
        .update(emailOutbox)
        .set({ status: 'failed', lastError, lockedUntil: null, lockedBy: null })
        .where(mine(row.email_id));
      log.error({ emailId: row.email_id, attempts: row.attempts, error: lastError }, 'email failed for good');
      return 'failed';
    }
    const delay = retryDelaySeconds(row.attempts, options.retrySeconds, options.retryMaxSeconds);
    await db
      .update(emailOutbox)
      .set({
        lastError,
        nextAttemptAt: new Date(options.now().getTime() + delay * 1000),
        lockedUntil: null,
        lockedBy: null,
      })
      .where(mine(row.email_id));
    log.warn({ emailId: row.email_id, attempts: row.attempts, retryInSeconds: delay, error: lastError }, 'email retry');
    return 'retried';
  }

  async function deliver(row: ClaimedRow): Promise<'sent' | 'retried' | 'failed'> {
    try {
      await transport.send({
        emailId: row.email_id,
        messageId: `<${row.message_id}@${domain}>`,
        from: options.mailFrom,
        to: row.to_addresses,
        cc: row.cc_addresses,
        subject: row.subject,
        text: row.text_body,
        html: row.html_body,
      });
    } catch (error) {
      return markFailure(row, error);
    }
    await markSent(row);
    return 'sent';
  }

  async function drain(): Promise<RunResult> {
    const result: RunResult = { sent: 0, retried: 0, failed: 0 };
    while (!stopped) {
      const rows = await claim();
      if (rows.length === 0) break;
      for (const row of rows) result[await deliver(row)] += 1;
    }
    return result;
  }

  return {
    id,
    start() {
      if (started || stopped) return;
      started = true;
      log.info({ worker: id, transport: transport.description }, 'mail worker started');
      loop = pollLoop();
    },
    nudge() {
      if (!started || stopped) return;
      woken = true;
      wake?.();
    },
    runOnce() {
      return exclusive(drain);
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      wake?.();
      await loop;
      await chain;
      transport.close();
    },
  };
}
