/**
 * The lease under which a mail worker sends one outbox message (decision 007).
 *
 * A worker claims one due message at a time and holds it under a short lease (`locked_until`, `locked_by`),
 * renewed while the message is being sent. Lease times are the database's clock (`now()`), never a process's:
 * every worker compares against the same clock, so a lease of a few seconds is safe between hosts whose clocks
 * differ. A worker that dies stops renewing, and its message comes free within one lease.
 *
 * A message is sent only while its lease is held: when a renewal finds the lease gone (another worker holds
 * it, or it ran out), or when no renewal has succeeded for most of a lease (the database is unreachable and
 * another worker may soon claim it), the send is aborted, which closes the SMTP connection before the message's
 * data is complete, so the server does not take it. What cannot be undone is a server that has already accepted
 * the data when the lease is lost; that window, and a crash between acceptance and the record, is why delivery is
 * at least once, with a Message-ID that never changes.
 */
import { performance } from 'node:perf_hooks';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/client.js';

/** Renew this often within a lease: two renewals may fail before the lease is in danger. */
const RENEWALS_PER_LEASE = 3;
/**
 * Abort a send when no renewal has succeeded for this share of a lease. The lease in the database runs at least
 * a whole lease from when the last successful renewal was sent, so the connection is closed before any other
 * worker can claim the message.
 */
const ABORT_AT = 0.8;

export interface ClaimedRow {
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
  delivered_to: string;
  /** While queued: the recipients refused for good (5xx) by earlier attempts, whom no later attempt asks for again. */
  refused_to: string;
  /** The earlier attempts' error, which keeps the replies of those refusals. */
  last_error: string | null;
}

export interface Claim {
  row: ClaimedRow;
  /** performance.now() when the claim was sent: the lease runs at least a whole lease from then. */
  claimedAt: number;
}

export interface HeldLease {
  /** Passed to the transport: aborted when the lease is lost. */
  readonly signal: AbortSignal;
  /** Why the lease was lost, or undefined while it is held. */
  lost(): string | undefined;
  /** Stop renewing (the send is over). */
  finish(): void;
  /**
   * Settles once no renewal is in flight. A renewal sent before `finish` may still be waiting on the database (a
   * lock, a slow server): giving the message back before it is done would leave its row locked for a moment, and
   * the next claim (`skip locked`) would pass the message by until the next round.
   */
  idle(): Promise<void>;
}

export interface LeaseOptions {
  db: Db;
  /** `locked_by` of this worker. */
  workerId: string;
  leaseSeconds: number;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

export function createLeases(options: LeaseOptions) {
  const { db, workerId, log } = options;
  const leaseMs = options.leaseSeconds * 1000;
  const lease = sql`make_interval(secs => ${options.leaseSeconds}::double precision)`;

  /** Claim the next due message, if any: one at a time, so no message waits under a lease while another is sent. */
  async function claim(now: Date): Promise<Claim | undefined> {
    const claimedAt = performance.now();
    const [row] = rowsOf<ClaimedRow>(
      await db.execute(sql`
        update email_outbox
        set locked_until = now() + ${lease}, locked_by = ${workerId}, attempts = attempts + 1
        where email_id = (
          select email_id from email_outbox
          where status = 'queued' and next_attempt_at <= ${now.toISOString()}::timestamptz
            and (locked_until is null or locked_until <= now())
          order by next_attempt_at, email_id
          limit 1
          for update skip locked)
        returning email_id, kind, to_addresses, cc_addresses, subject, text_body, html_body, message_id, attempts,
          call_id, delivered_to, refused_to, last_error`),
    );
    return row ? { row, claimedAt } : undefined;
  }

  /** Extend the lease if this worker still holds it; false when it is gone. */
  async function renew(emailId: number): Promise<boolean> {
    const held = rowsOf<{ email_id: number }>(
      await db.execute(sql`
        update email_outbox set locked_until = now() + ${lease}
        where email_id = ${emailId} and locked_by = ${workerId} and status = 'queued' and locked_until > now()
        returning email_id`),
    );
    return held.length > 0;
  }

  /** Give a message back without recording an outcome (its send was aborted): due again at once. */
  async function release(emailId: number): Promise<void> {
    await db.execute(sql`
      update email_outbox set locked_until = null, locked_by = null
      where email_id = ${emailId} and locked_by = ${workerId}`);
  }

  /** Hold a claimed message's lease until `finish`: renew it, and abort `signal` as soon as it may be lost. */
  const hold = (claimed: Claim): HeldLease => holdLease(claimed, { leaseMs, renew, log });

  return { claim, hold, release };
}

/**
 * A held lease: renewed every `1 / RENEWALS_PER_LEASE` of a lease, lost when a renewal finds it gone or when none has
 * succeeded for `ABORT_AT` of a lease.
 */
function holdLease(
  claimed: Claim,
  options: { leaseMs: number; renew: (emailId: number) => Promise<boolean>; log: Pick<FastifyBaseLogger, 'warn'> },
): HeldLease {
  const { leaseMs, renew, log } = options;
  const emailId = claimed.row.email_id;
  const controller = new AbortController();
  let finished = false;
  let lostReason: string | undefined;
  let renewTimer: NodeJS.Timeout | undefined;
  let deadlineTimer: NodeJS.Timeout | undefined;
  let inFlight: Promise<void> = Promise.resolve();

  const lose = (reason: string) => {
    if (finished || lostReason !== undefined) return;
    lostReason = reason;
    controller.abort(new Error(`the lease on email ${emailId} was lost: ${reason}`));
  };
  /** The lease renewed by a statement sent at `sentAt` is safe until ABORT_AT of a lease after that. */
  const armDeadline = (sentAt: number) => {
    clearTimeout(deadlineTimer);
    const wait = Math.max(0, sentAt + leaseMs * ABORT_AT - performance.now());
    deadlineTimer = setTimeout(() => lose('no renewal succeeded in time'), wait);
    deadlineTimer.unref();
  };
  const scheduleRenewal = () => {
    if (finished || lostReason !== undefined) return;
    renewTimer = setTimeout(() => {
      inFlight = renewOnce();
    }, leaseMs / RENEWALS_PER_LEASE);
    renewTimer.unref();
  };
  const renewOnce = async () => {
    if (finished || lostReason !== undefined) return;
    const sentAt = performance.now();
    try {
      if (await renew(emailId)) {
        if (!finished) armDeadline(sentAt);
      } else {
        lose('another worker holds it, or it ran out');
      }
    } catch (error) {
      // The deadline still stands: if the database stays out of reach, the send is aborted in time.
      log.warn({ err: error, emailId }, 'mail worker: lease renewal failed');
    }
    scheduleRenewal();
  };

  armDeadline(claimed.claimedAt);
  scheduleRenewal();
  return {
    signal: controller.signal,
    lost: () => lostReason,
    finish() {
      finished = true;
      clearTimeout(renewTimer);
      clearTimeout(deadlineTimer);
    },
    idle: () => inFlight,
  };
}
