/**
 * The email outbox: messages are written in the caller's transaction, so an email exists exactly when
 * what it reports was committed, and the mail worker delivers them after commit.
 */
import crypto from 'node:crypto';
import { and, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { EmailKind } from '@cc/domain';
import type { DbOrTx } from '../../db/client.js';
import { emailOutbox } from '../../db/schema/index.js';

export interface OutgoingEmail {
  kind: EmailKind;
  to: readonly string[];
  cc?: readonly string[];
  subject: string;
  text: string;
  html?: string;
  /** The call the message is about; a call has at most one message of each kind. */
  callId?: number | null;
  orderId?: number | null;
  /** The user whose action queued it. */
  createdBy?: number | null;
}

export interface QueuedEmail {
  emailId: number;
  /** False when the call already had a message of this kind (a retry): that one is answered. */
  created: boolean;
  status: string;
}

export type OutboxRow = typeof emailOutbox.$inferSelect;

/**
 * Queue a message inside the caller's transaction (`tx`), due at once. Nothing is sent here: the mail
 * worker delivers it after the transaction commits, and a rolled-back transaction leaves no message.
 * Call `ctx.mail.nudge()` after commit to deliver without waiting for the next poll.
 */
export async function enqueueEmail(tx: DbOrTx, message: OutgoingEmail, now: Date): Promise<QueuedEmail> {
  if (message.to.length === 0) throw new Error('enqueueEmail: a message needs at least one recipient');
  const values = {
    kind: message.kind,
    toAddresses: message.to.join(', '),
    ccAddresses: (message.cc ?? []).join(', '),
    subject: message.subject,
    textBody: message.text,
    htmlBody: message.html ?? '',
    messageId: crypto.randomUUID(),
    status: 'queued',
    nextAttemptAt: now,
    callId: message.callId ?? null,
    orderId: message.orderId ?? null,
    createdBy: message.createdBy ?? null,
    createdAt: now,
  };
  const inserted = await tx
    .insert(emailOutbox)
    .values(values)
    .onConflictDoNothing({ target: [emailOutbox.callId, emailOutbox.kind], where: sql`call_id is not null` })
    .returning({ emailId: emailOutbox.emailId, status: emailOutbox.status });
  const row = inserted[0];
  if (row) return { emailId: row.emailId, created: true, status: row.status };
  const [existing] = await tx
    .select({ emailId: emailOutbox.emailId, status: emailOutbox.status })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.callId, message.callId ?? -1), eq(emailOutbox.kind, message.kind)));
  if (!existing) throw new Error('enqueueEmail: conflicting message not found');
  return { emailId: existing.emailId, created: false, status: existing.status };
}

/** The outbox rows of a call (tests, and the Resend Emails utility later). */
export function emailsOfCall(db: DbOrTx, callId: number): Promise<OutboxRow[]> {
  return db.select().from(emailOutbox).where(eq(emailOutbox.callId, callId)).orderBy(emailOutbox.emailId);
}

/**
 * Queue again every failed message created in [from, to) (the Resend Emails utility: its dates, turned into the
 * bounds of those days, by the caller), due at once with a fresh count of attempts. A message that reached some
 * of its recipients goes only to the others: `delivered_to` is kept; those refused are asked again. Answers the ids queued again; call
 * `ctx.mail.nudge()` after.
 */
export async function requeueFailedEmails(
  db: DbOrTx,
  /** [from, to): instants, or SQL giving them (the bounds of call-centre days, `dayStart`/`dayAfter`). */
  range: { from: Date | SQL; to: Date | SQL },
  now: Date,
  /** A further condition on the rows (the caller's scope). */
  only?: SQL,
): Promise<number[]> {
  const rows = await db
    .update(emailOutbox)
    // refused_to cleared: while queued it names the recipients the worker leaves out, and a resend is for them too.
    .set({ status: 'queued', attempts: 0, nextAttemptAt: now, lockedUntil: null, lockedBy: null, refusedTo: '' })
    .where(
      and(
        eq(emailOutbox.status, 'failed'),
        gte(emailOutbox.createdAt, range.from),
        lt(emailOutbox.createdAt, range.to),
        only,
      ),
    )
    .returning({ emailId: emailOutbox.emailId });
  return rows.map((r) => r.emailId).sort((a, b) => a - b);
}

/**
 * Queue one failed message again, as {@link requeueFailedEmails} does, with its recipients as given (a corrected
 * address). Only a failed message moves (one UPDATE): answers false, changing nothing, for any other, so a repeated
 * request never sends it twice. Call `ctx.mail.nudge()` after commit.
 */
export async function requeueFailedEmail(
  db: DbOrTx,
  emailId: number,
  recipients: { to: string; cc: string },
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(emailOutbox)
    .set({
      status: 'queued',
      attempts: 0,
      nextAttemptAt: now,
      lockedUntil: null,
      lockedBy: null,
      refusedTo: '',
      toAddresses: recipients.to,
      ccAddresses: recipients.cc,
    })
    .where(and(eq(emailOutbox.emailId, emailId), eq(emailOutbox.status, 'failed')))
    .returning({ emailId: emailOutbox.emailId });
  return rows.length > 0;
}
