/**
 * What the mail worker records once an attempt is over (decision 058): sent (and the call's email marked), retried
 * later for the recipients refused for now, or failed for good. Each write is conditional on this worker's lease
 * (`locked_by`), so a worker that lost it records nothing.
 */
import type { FastifyBaseLogger } from 'fastify';
import { and, eq } from 'drizzle-orm';
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

export function createOutcomes(options: OutcomeOptions) {
  const { db, log, workerId: id } = options;

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

  /** Failed for good: no later attempt. `refusedTo` are the recipients who do not have it because of a refusal. */
  async function markFailed(
    row: ClaimedRow,
    lastError: string,
    refusedTo: readonly string[],
    deliveredTo: string,
    why: 'out of attempts' | 'refused permanently',
  ): Promise<'failed'> {
    await db
      .update(emailOutbox)
      .set({
        status: 'failed',
        lastError,
        refusedTo: refusedTo.join(', '),
        deliveredTo,
        lockedUntil: null,
        lockedBy: null,
      })
      .where(mine(row.email_id));
    log.error({ ...logged(row, lastError, refusedTo.length, deliveredTo), why }, 'email failed for good');
    return 'failed';
  }

  function logged(row: ClaimedRow, lastError: string, refused: number, deliveredTo: string) {
    return {
      emailId: row.email_id,
      attempts: row.attempts,
      refusedRecipients: refused,
      deliveredRecipients: listOf(deliveredTo).length,
      error: maskAddresses(lastError),
    };
  }

  /**
   * The attempt did not reach every recipient for a reason that may pass: `retry` are those the server refused for
   * now (4xx; empty when it could not be reached at all), `settled` what earlier attempts and this one refused for
   * good, `deliveredTo` those who have the message. Retried later for the others (not those refused for good), or
   * failed after the last attempt.
   */
  async function markFailure(
    row: ClaimedRow,
    lastError: string,
    retry: readonly string[],
    settled: Settled,
    deliveredTo: string,
  ): Promise<'retried' | 'failed'> {
    if (row.attempts >= options.maxAttempts) {
      return markFailed(row, lastError, [...settled.refused, ...retry], deliveredTo, 'out of attempts');
    }
    const delay = retryDelaySeconds(row.attempts, options.retrySeconds, options.retryMaxSeconds);
    await db
      .update(emailOutbox)
      .set({
        lastError,
        // While queued, only the recipients refused for good: the next attempt leaves them out.
        refusedTo: settled.refused.join(', '),
        deliveredTo,
        nextAttemptAt: new Date(options.now().getTime() + delay * 1000),
        lockedUntil: null,
        lockedBy: null,
      })
      .where(mine(row.email_id));
    const refused = settled.refused.length + retry.length;
    log.warn({ ...logged(row, lastError, refused, deliveredTo), retryInSeconds: delay }, 'email retry');
    return 'retried';
  }

  /** Record what the server did with each recipient of an attempt that handed the message over. */
  async function recordOutcome(
    row: ClaimedRow,
    outcome: SendOutcome,
    earlier: Settled,
    delivered: readonly string[],
  ): Promise<'sent' | 'retried' | 'failed'> {
    const deliveredTo = [...delivered, ...outcome.accepted].join(', ');
    const permanent = outcome.refused.filter((r) => isPermanentCode(r.code));
    const temporary = outcome.refused.filter((r) => !isPermanentCode(r.code));
    const settled: Settled = {
      refused: [...earlier.refused, ...permanent.map((r) => r.address)],
      reasons: [...earlier.reasons, ...permanent.map(refusalLine)],
    };
    if (temporary.length > 0) {
      const lastError = [...settled.reasons, ...temporary.map(refusalLine)].join('\n');
      return markFailure(
        row,
        lastError,
        temporary.map((r) => r.address),
        settled,
        deliveredTo,
      );
    }
    if (settled.refused.length > 0) {
      return markFailed(row, settled.reasons.join('\n'), settled.refused, deliveredTo, 'refused permanently');
    }
    if (!(await markSent(row, deliveredTo))) {
      log.error({ emailId: row.email_id }, 'email accepted by the server after its lease was lost: it may go twice');
    }
    return 'sent';
  }

  return { markFailed, markFailure, recordOutcome };
}
