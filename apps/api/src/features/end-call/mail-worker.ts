/**
 * The mail worker: delivers the outbox after commit, in every API process that runs it.
 *
 * A worker claims one due message at a time under a short lease that it renews while sending
 * (mail-lease.ts): another worker, in this process or any other on the same database, skips rows being
 * claimed and ignores leased ones, and a worker that dies frees its message within one lease. Each message
 * is sent outside any transaction (a slow SMTP server must not hold a database connection, and PGlite has
 * only one), only to the recipients the server has not yet accepted, and then marked sent — or, when the
 * server could not be reached or refused a recipient, given its next attempt time with exponential backoff,
 * or marked failed after the last attempt with its error and the refused recipients, for a resend.
 * Delivery is at least once: a crash between the server's acceptance and the record sends the message
 * again, with the same Message-ID.
 */
import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { callHistory, emailOutbox } from '../../db/schema/index.js';
import { createLeases, type Claim, type ClaimedRow } from './mail-lease.js';
import { envelopeAddresses, type MailTransport, type RefusedRecipient } from './transport.js';

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
  /** How long a claimed message is reserved for its sender; renewed every third of it while sending. */
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

/** Seconds to wait after the given (1-based) failed attempt: retrySeconds, doubling, at most retryMaxSeconds. */
export function retryDelaySeconds(attempt: number, retrySeconds: number, retryMaxSeconds: number): number {
  const delay = retrySeconds * 2 ** Math.max(0, attempt - 1);
  return Math.min(delay, retryMaxSeconds);
}

function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.length > 2000 ? `${text.slice(0, 2000)}…` : text;
}

/** Addresses in log lines are personal data: the outbox row keeps them, the log says how many. */
function maskAddresses(text: string): string {
  return text.replace(/[^\s<>"',;:()]+@[^\s<>"',;:()]+/g, '<address>');
}

const lower = (address: string) => address.toLowerCase();

function refusalText(refused: readonly RefusedRecipient[]): string {
  return refused.map((r) => `${r.address} refused: ${r.reply}`).join('\n');
}

function senderDomain(mailFrom: string): string {
  return /@([A-Za-z0-9.-]+)/.exec(mailFrom)?.[1] ?? 'callcentre.local';
}

export function createMailWorker(options: MailWorkerOptions): MailWorker {
  const { db, transport, log } = options;
  const id = options.id ?? `${process.pid}-${crypto.randomBytes(4).toString('hex')}`;
  const leases = createLeases({ db, workerId: id, leaseSeconds: options.leaseSeconds ?? 10, log });
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

  const mine = (emailId: number) => and(eq(emailOutbox.emailId, emailId), eq(emailOutbox.lockedBy, id));

  /** Recorded right after the server's acceptance, nothing in between: the window in which a crash sends twice. */
  async function markSent(row: ClaimedRow, deliveredTo: string): Promise<boolean> {
    return db.transaction(async (tx) => {
      const done = await tx
        .update(emailOutbox)
        .set({
          status: 'sent',
          sentAt: options.now(),
          lastError: null,
          deliveredTo,
          refusedTo: '',
          lockedUntil: null,
          lockedBy: null,
        })
        .where(mine(row.email_id))
        .returning({ emailId: emailOutbox.emailId });
      if (done.length > 0 && row.kind === 'end-call' && row.call_id !== null) {
        await tx.update(callHistory).set({ emailsent: true }).where(eq(callHistory.callId, row.call_id));
      }
      return done.length > 0;
    });
  }

  /**
   * The attempt did not reach every recipient: `refused` are those the server refused (empty when it could not
   * be reached at all), `deliveredTo` those who have the message. Retried later for the others, or failed.
   */
  async function markFailure(
    row: ClaimedRow,
    lastError: string,
    refused: readonly RefusedRecipient[],
    deliveredTo: string,
  ): Promise<'retried' | 'failed'> {
    const refusedTo = refused.map((r) => r.address).join(', ');
    const logged = {
      emailId: row.email_id,
      attempts: row.attempts,
      refusedRecipients: refused.length,
      deliveredRecipients: deliveredTo === '' ? 0 : deliveredTo.split(', ').length,
      error: maskAddresses(lastError),
    };
    if (row.attempts >= options.maxAttempts) {
      await db
        .update(emailOutbox)
        .set({ status: 'failed', lastError, refusedTo, deliveredTo, lockedUntil: null, lockedBy: null })
        .where(mine(row.email_id));
      log.error(logged, 'email failed for good');
      return 'failed';
    }
    const delay = retryDelaySeconds(row.attempts, options.retrySeconds, options.retryMaxSeconds);
    await db
      .update(emailOutbox)
      .set({
        lastError,
        refusedTo,
        deliveredTo,
        nextAttemptAt: new Date(options.now().getTime() + delay * 1000),
        lockedUntil: null,
        lockedBy: null,
      })
      .where(mine(row.email_id));
    log.warn({ ...logged, retryInSeconds: delay }, 'email retry');
    return 'retried';
  }

  async function deliver(claimed: Claim): Promise<'sent' | 'retried' | 'failed'> {
    const { row } = claimed;
    const delivered = row.delivered_to === '' ? [] : row.delivered_to.split(', ');
    const done = new Set(delivered.map(lower));
    const pending = envelopeAddresses(row.to_addresses, row.cc_addresses).filter((a) => !done.has(lower(a)));
    if (pending.length === 0) {
      await markSent(row, row.delivered_to);
      return 'sent';
    }
    const lease = leases.hold(claimed);
    let outcome;
    try {
      outcome = await transport.send({
        emailId: row.email_id,
        messageId: `<${row.message_id}@${domain}>`,
        from: options.mailFrom,
        to: row.to_addresses,
        cc: row.cc_addresses,
        recipients: pending,
        subject: row.subject,
        text: row.text_body,
        html: row.html_body,
        signal: lease.signal,
      });
    } catch (error) {
      lease.finish();
      const lost = lease.lost();
      if (lost !== undefined) {
        // Not the server's doing: the message goes back, due at once, for whichever worker holds it next.
        log.warn({ emailId: row.email_id, attempts: row.attempts, reason: lost }, 'email send abandoned: lease lost');
        await lease.idle();
        await leases.release(row.email_id);
        return 'retried';
      }
      return markFailure(row, errorText(error), [], row.delivered_to);
    }
    lease.finish();
    const deliveredTo = [...delivered, ...outcome.accepted].join(', ');
    if (outcome.refused.length === 0) {
      if (!(await markSent(row, deliveredTo))) {
        log.error({ emailId: row.email_id }, 'email accepted by the server after its lease was lost: it may go twice');
      }
      return 'sent';
    }
    return markFailure(row, refusalText(outcome.refused), outcome.refused, deliveredTo);
  }

  async function drain(): Promise<RunResult> {
    const result: RunResult = { sent: 0, retried: 0, failed: 0 };
    while (!stopped) {
      const claimed = await leases.claim(options.now());
      if (!claimed) break;
      result[await deliver(claimed)] += 1;
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
