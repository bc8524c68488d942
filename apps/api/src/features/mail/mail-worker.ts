/**
 * The mail worker: delivers the outbox after commit, in every API process that runs it.
 *
 * A worker claims one due message at a time under a short lease that it renews while sending
 * (mail-lease.ts): another worker, in this process or any other on the same database, skips rows being
 * claimed and ignores leased ones, and a worker that dies frees its message within one lease. Each message
 * is sent outside any transaction (a slow SMTP server must not hold a database connection, and PGlite has
 * only one), only to the recipients the server has not yet accepted, and then marked sent — or, when the
 * server could not be reached or refused a recipient for now (4xx), given its next attempt time with exponential
 * backoff, or marked failed after the last attempt with its error and the refused recipients, for a resend. A
 * permanent refusal (5xx to RCPT TO or to the data) is not retried: that recipient, or the message, fails at once
 * (decision 058). Delivery is at least once: a crash between the server's acceptance and the record sends the
 * message again, with the same Message-ID.
 *
 * At shutdown (`stop({ abortAfterMs })`) a send still under way after that time is aborted if the server does not yet
 * have the whole message (it then discards it, and the message is given back, due at once); a message the server
 * has whole is waited for, its lease renewed, so that no other worker can send it again meanwhile.
 */
import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { createLeases, type Claim, type ClaimedRow, type HeldLease } from './mail-lease.js';
import { createRounds } from './mail-rounds.js';
import { createOutcomes } from './mail-outcomes.js';
import { errorText, listOf, lower, senderDomain, settledOf, type Settled } from './mail-text.js';
import { envelopeAddresses, isPermanentMessageRefusal, type MailTransport } from './transport.js';

/** The channel on which the outbox's trigger (migration 0040) says a message is due: the workers listen on it. */
export const MAIL_CHANNEL = 'cc_mail';

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

/** A send in progress. */
interface Sending {
  emailId: number;
  /** The server has been handed the whole message: aborting can no longer prevent its delivery. */
  whole: boolean;
  abort(): void;
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
  /**
   * Stop polling and wait for a delivery in progress to finish. With `abortAfterMs`, a send still under way after that
   * long is aborted unless the server already has the whole message, which is waited for (shutdown, decision 058).
   */
  stop(options?: { abortAfterMs?: number }): Promise<void>;
}

export { retryDelaySeconds } from './mail-outcomes.js';

export function createMailWorker(options: MailWorkerOptions): MailWorker {
  const { transport, log } = options;
  const id = options.id ?? `${process.pid}-${crypto.randomBytes(4).toString('hex')}`;
  const ctx: DeliveryContext = {
    options,
    leases: createLeases({ db: options.db, workerId: id, leaseSeconds: options.leaseSeconds ?? 10, log }),
    outcomes: createOutcomes({ ...options, workerId: id }),
    domain: senderDomain(options.mailFrom),
    state: { sending: undefined, aborting: false },
  };

  async function drain(): Promise<RunResult> {
    const result: RunResult = { sent: 0, retried: 0, failed: 0 };
    while (!rounds.stopping) {
      const claimed = await ctx.leases.claim(options.now());
      if (!claimed) break;
      result[await deliver(ctx, claimed)] += 1;
    }
    return result;
  }

  const rounds = createRounds(drain, options.pollSeconds * 1000, log);
  let stopping = false;

  return {
    id,
    start() {
      if (!rounds.start()) return;
      log.info({ worker: id, transport: transport.description }, 'mail worker started');
    },
    nudge: () => rounds.nudge(),
    runOnce: () => rounds.runOnce(),
    async stop(stopOptions = {}) {
      if (stopping) return;
      stopping = true;
      const { abortAfterMs } = stopOptions;
      const timer = abortAfterMs === undefined ? undefined : setTimeout(() => abortSending(ctx), abortAfterMs);
      try {
        await rounds.stop();
      } finally {
        clearTimeout(timer);
      }
      transport.close();
    },
  };
}

/** What a worker's deliveries share: its options, leases and outcomes, and the send in progress. */
interface DeliveryContext {
  options: MailWorkerOptions;
  leases: ReturnType<typeof createLeases>;
  outcomes: ReturnType<typeof createOutcomes>;
  /** Of the From address: the Message-ID's right-hand side. */
  domain: string;
  state: {
    /** The send in progress, which a stop may abort. */
    sending: Sending | undefined;
    /** Set when a stop's wait for sends has passed: a send in progress is aborted, none starts. */
    aborting: boolean;
  };
}

/**
 * The wait for a send at a stop is over. Aborting closes the connection: a server that does not have the whole
 * message discards it, and the message goes back due at once. A server that has it whole may take it whatever the
 * client does, so that send is waited for, its lease renewed, and it is recorded once the server answers.
 */
function abortSending(ctx: DeliveryContext): void {
  const { state } = ctx;
  state.aborting = true;
  if (!state.sending) return;
  if (state.sending.whole) {
    ctx.options.log.warn(
      { emailId: state.sending.emailId },
      'mail worker stopping: the server has the whole message and has not answered; waiting for its answer',
    );
  } else {
    state.sending.abort();
  }
}

/**
 * Who an attempt is for: the message's recipients but those who have it (`delivered`) and those earlier attempts
 * refused for good (`earlier`), compared without case.
 */
export function recipientsOf(row: ClaimedRow): { delivered: string[]; earlier: Settled; pending: string[] } {
  const delivered = listOf(row.delivered_to);
  const earlier = settledOf(row);
  const skip = new Set([...delivered, ...earlier.refused].map(lower));
  const pending = envelopeAddresses(row.to_addresses, row.cc_addresses).filter((a) => !skip.has(lower(a)));
  return { delivered, earlier, pending };
}

/** Send a claimed message to those who do not have it yet, under its lease, and record what came of it. */
async function deliver(ctx: DeliveryContext, claimed: Claim): Promise<'sent' | 'retried' | 'failed'> {
  const { row } = claimed;
  const { delivered, earlier, pending } = recipientsOf(row);
  if (pending.length === 0) return ctx.outcomes.recordOutcome(row, { accepted: [], refused: [] }, earlier, delivered);
  if (ctx.state.aborting) {
    // Shutting down, past the wait for a send: the message goes back at once rather than start now.
    await ctx.leases.release(row.email_id);
    return 'retried';
  }
  const lease = ctx.leases.hold(claimed);
  const shutdown = new AbortController();
  const current: Sending = {
    emailId: row.email_id,
    whole: false,
    abort: () => shutdown.abort(new Error('the mail worker is stopping')),
  };
  ctx.state.sending = current;
  let outcome;
  try {
    outcome = await ctx.options.transport.send({
      emailId: row.email_id,
      messageId: `<${row.message_id}@${ctx.domain}>`,
      from: ctx.options.mailFrom,
      to: row.to_addresses,
      cc: row.cc_addresses,
      recipients: pending,
      subject: row.subject,
      text: row.text_body,
      html: row.html_body,
      signal: AbortSignal.any([lease.signal, shutdown.signal]),
      onDataWhole: () => {
        current.whole = true;
      },
    });
  } catch (error) {
    return await recordSendError(ctx, { row, lease, shutdown: shutdown.signal, error, earlier, pending });
  } finally {
    ctx.state.sending = undefined;
  }
  lease.finish();
  return ctx.outcomes.recordOutcome(row, outcome, earlier, delivered);
}

/**
 * A send that could not hand the message over. Not the server's doing (lease lost, worker stopping): the message goes
 * back, due at once. A permanent refusal of the message itself fails it; anything else is tried again later.
 */
async function recordSendError(
  ctx: DeliveryContext,
  send: {
    row: ClaimedRow;
    lease: HeldLease;
    shutdown: AbortSignal;
    error: unknown;
    earlier: Settled;
    pending: string[];
  },
): Promise<'retried' | 'failed'> {
  const { row, lease, earlier } = send;
  const { log } = ctx.options;
  lease.finish();
  const lost = lease.lost();
  if (lost !== undefined || send.shutdown.aborted) {
    // Not the server's doing: the message goes back, due at once, for whichever worker holds it next.
    const fields = { emailId: row.email_id, attempts: row.attempts };
    if (lost !== undefined) log.warn({ ...fields, reason: lost }, 'email send abandoned: lease lost');
    else log.warn(fields, 'email send abandoned: the worker is stopping');
    await lease.idle();
    await ctx.leases.release(row.email_id);
    return 'retried';
  }
  const lastError = [...earlier.reasons, errorText(send.error)].join('\n');
  if (isPermanentMessageRefusal(send.error)) {
    // The server refused the message itself for good: nobody in this envelope gets it from a retry.
    return ctx.outcomes.markFailed(
      row,
      lastError,
      [...earlier.refused, ...send.pending],
      row.delivered_to,
      'refused permanently',
    );
  }
  return ctx.outcomes.markFailure(row, lastError, [], earlier, row.delivered_to);
}
