/**
 * What the mail worker records once an attempt is over (decision 058): sent (and the call's email marked), retried
 * later for the recipients refused for now, or failed for good. Each write is conditional on this worker's lease
 * (`locked_by`), so a worker that lost it records nothing.
 */
import type { FastifyBaseLogger } from 'fastify';
import { and, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { callHistory, emailOutbox } from '../../db/schema/index.js';
import type { ClaimedRow } from './mail-lease.js';
import { listOf, maskAddresses, refusalLine, type Settled } from './mail-text.js';
import { isPermanentCode, type SendOutcome } from './transport.js';

/** Seconds to wait after the given (1-based) failed attempt: retrySeconds, doubling, at most retryMaxSeconds. */
export function retryDelaySeconds(attempt: number, retrySeconds: number, retryMaxSeconds: number): number {
  const delay = retrySeconds * 2 ** Math.max(0, attempt - 1);
  return Math.min(delay, retryMaxSeconds);
}

interface OutcomeOptions {
  db: Db;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  now: () => Date;
  maxAttempts: number;
  retrySeconds: number;
  retryMaxSeconds: number;
  /** The worker whose lease the writes require. */
  workerId: string;
}

/**
 * What an attempt that handed the message over comes to, from what the server did with each recipient (`outcome`),
 * what earlier attempts refused for good (`earlier`) and who had it before (`delivered`): retried for the recipients
 * refused for now (4xx), failed when recipients were refused for good (5xx) and none for now, or sent.
 */
export type Verdict =
  | { kind: 'retry'; lastError: string; retry: string[]; settled: Settled; deliveredTo: string }
  | { kind: 'refused'; lastError: string; refused: string[]; deliveredTo: string }
  | { kind: 'sent'; deliveredTo: string };

export function verdictOf(outcome: SendOutcome, earlier: Settled, delivered: readonly string[]): Verdict {
  const deliveredTo = [...delivered, ...outcome.accepted].join(', ');
  const permanent = outcome.refused.filter((r) => isPermanentCode(r.code));
  const temporary = outcome.refused.filter((r) => !isPermanentCode(r.code));
  const settled: Settled = {
    refused: [...earlier.refused, ...permanent.map((r) => r.address)],
    reasons: [...earlier.reasons, ...permanent.map(refusalLine)],
  };
  if (temporary.length > 0) {
    const lastError = [...settled.reasons, ...temporary.map(refusalLine)].join('\n');
    return { kind: 'retry', lastError, retry: temporary.map((r) => r.address), settled, deliveredTo };
  }
  if (settled.refused.length > 0) {
    return { kind: 'refused', lastError: settled.reasons.join('\n'), refused: settled.refused, deliveredTo };
  }
  return { kind: 'sent', deliveredTo };
}

/** The options, and the condition every write carries: the row is still under this worker's lease. */
interface OutcomeContext extends OutcomeOptions {
  mine: (emailId: number) => SQL | undefined;
}

export function createOutcomes(options: OutcomeOptions) {
  const ctx: OutcomeContext = {
    ...options,
    mine: (emailId) => and(eq(emailOutbox.emailId, emailId), eq(emailOutbox.lockedBy, options.workerId)),
  };
  return {
    /** Failed for good: no later attempt. `refusedTo` are the recipients who do not have it because of a refusal. */
    markFailed: (
      row: ClaimedRow,
      lastError: string,
      refusedTo: readonly string[],
      deliveredTo: string,
      why: FailedWhy,
    ): Promise<'failed'> => markFailed(ctx, row, lastError, refusedTo, deliveredTo, why),
    /**
     * The attempt did not reach every recipient for a reason that may pass: `retry` are those the server refused for
     * now (4xx; empty when it could not be reached at all), `settled` what earlier attempts and this one refused for
     * good, `deliveredTo` those who have the message. Retried later for the others (not those refused for good), or
     * failed after the last attempt.
     */
    markFailure: (
      row: ClaimedRow,
      lastError: string,
      retry: readonly string[],
      settled: Settled,
      deliveredTo: string,
    ): Promise<'retried' | 'failed'> => markFailure(ctx, row, lastError, retry, settled, deliveredTo),
    /** Record what the server did with each recipient of an attempt that handed the message over. */
    recordOutcome: (
      row: ClaimedRow,
      outcome: SendOutcome,
      earlier: Settled,
      delivered: readonly string[],
    ): Promise<'sent' | 'retried' | 'failed'> => recordOutcome(ctx, row, verdictOf(outcome, earlier, delivered)),
  };
}

type FailedWhy = 'out of attempts' | 'refused permanently';

/** Recorded right after the server's acceptance, nothing in between: the window in which a crash sends twice. */
async function markSent(ctx: OutcomeContext, row: ClaimedRow, deliveredTo: string): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    const done = await tx
      .update(emailOutbox)
      .set({
        status: 'sent',
        sentAt: ctx.now(),
        lastError: null,
        deliveredTo,
        refusedTo: '',
        lockedUntil: null,
        lockedBy: null,
      })
      .where(ctx.mine(row.email_id))
      .returning({ emailId: emailOutbox.emailId });
    if (done.length > 0 && row.kind === 'end-call' && row.call_id !== null) {
      await tx.update(callHistory).set({ emailsent: true }).where(eq(callHistory.callId, row.call_id));
    }
    return done.length > 0;
  });
}

async function markFailed(
  ctx: OutcomeContext,
  row: ClaimedRow,
  lastError: string,
  refusedTo: readonly string[],
  deliveredTo: string,
  why: FailedWhy,
): Promise<'failed'> {
  await ctx.db
    .update(emailOutbox)
    .set({
      status: 'failed',
      lastError,
      refusedTo: refusedTo.join(', '),
      deliveredTo,
      lockedUntil: null,
      lockedBy: null,
    })
    .where(ctx.mine(row.email_id));
  ctx.log.error({ ...logged(row, lastError, refusedTo.length, deliveredTo), why }, 'email failed for good');
  return 'failed';
}

/** The fields of a log line about an attempt: counts of recipients, and the error without addresses. */
function logged(row: ClaimedRow, lastError: string, refused: number, deliveredTo: string) {
  return {
    emailId: row.email_id,
    attempts: row.attempts,
    refusedRecipients: refused,
    deliveredRecipients: listOf(deliveredTo).length,
    error: maskAddresses(lastError),
  };
}

async function markFailure(
  ctx: OutcomeContext,
  row: ClaimedRow,
  lastError: string,
  retry: readonly string[],
  settled: Settled,
  deliveredTo: string,
): Promise<'retried' | 'failed'> {
  if (row.attempts >= ctx.maxAttempts) {
    return markFailed(ctx, row, lastError, [...settled.refused, ...retry], deliveredTo, 'out of attempts');
  }
  const delay = retryDelaySeconds(row.attempts, ctx.retrySeconds, ctx.retryMaxSeconds);
  await ctx.db
    .update(emailOutbox)
    .set({
      lastError,
      // While queued, only the recipients refused for good: the next attempt leaves them out.
      refusedTo: settled.refused.join(', '),
      deliveredTo,
      nextAttemptAt: new Date(ctx.now().getTime() + delay * 1000),
      lockedUntil: null,
      lockedBy: null,
    })
    .where(ctx.mine(row.email_id));
  const refused = settled.refused.length + retry.length;
  ctx.log.warn({ ...logged(row, lastError, refused, deliveredTo), retryInSeconds: delay }, 'email retry');
  return 'retried';
}

async function recordOutcome(
  ctx: OutcomeContext,
  row: ClaimedRow,
  verdict: Verdict,
): Promise<'sent' | 'retried' | 'failed'> {
  switch (verdict.kind) {
    case 'retry':
      return markFailure(ctx, row, verdict.lastError, verdict.retry, verdict.settled, verdict.deliveredTo);
    case 'refused':
      return markFailed(ctx, row, verdict.lastError, verdict.refused, verdict.deliveredTo, 'refused permanently');
    case 'sent':
      if (!(await markSent(ctx, row, verdict.deliveredTo))) {
        ctx.log.error(
          { emailId: row.email_id },
          'email accepted by the server after its lease was lost: it may go twice',
        );
      }
      return 'sent';
  }
}
