/**
 * Resend Emails (decision 032): ResendEmails(startDate, endDate) queues again the failed messages
 * of those days (America/Chicago) through the outbox, and, beyond the spec, the list of failed messages and the resend
 * of one with a corrected recipient. Only messages about calls in the caller's scope are seen or moved. Only a
 * `failed` row moves back to `queued` (one UPDATE each), so a repeated request sends nothing twice; the mail worker
 * delivers them, retrying as it does any message, to the recipients that do not have it yet.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { FailedEmailsResponse, ResendEmailRequest, ResendEmailResponse, ResendEmailsRequest } from '@cc/contract';
import { CALL_TIME_ZONE, calendarDayIn, seesEveryBranch, type Scope } from '@cc/domain';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { callHistory, emailOutbox } from '../../db/schema/index.js';
import type { AuthUser } from '../../http/auth.js';
import { badRequest, notFound } from '../../http/errors.js';
import { inScope } from '../../http/scope.js';
import { defineGrid } from '../../lib/grid-query/grid.js';
import { callTime, dayAfter, dayStart } from '../../db/sql.js';
import { requeueFailedEmail, requeueFailedEmails } from '../mail/index.js';
import { writeAudit } from '../users/index.js';

type Out<T extends z.ZodType> = z.output<T>;

const LIST_LIMIT = 500;

/**
 * Messages the caller may see: about a call of a branch in scope. A message about no call is seen only by those
 * who see everything.
 */
function emailInScope(scope: Scope): SQL {
  const unscoped = seesEveryBranch(scope) ? sql`true` : sql`false`;
  return sql`(${emailOutbox.callId} is null and ${unscoped} or ${emailOutbox.callId} in (
    select ${callHistory.callId} from ${callHistory} where ${inScope(scope, callHistory.branchNo)}))`;
}

/** The failed emails as a grid (decision 086): newest first, the id breaking ties. */
const FAILED_EMAILS_GRID = defineGrid({
  fields: { createdAt: { sql: sql`${emailOutbox.createdAt}`, type: 'datetime' } },
  key: sql`${emailOutbox.emailId}`,
});
const NEWEST_FIRST = FAILED_EMAILS_GRID.orderBy([{ field: 'createdAt', dir: 'desc', at: 0 }]);

export async function failedEmails(db: DbOrTx, user: AuthUser): Promise<Out<typeof FailedEmailsResponse>> {
  const where = and(eq(emailOutbox.status, 'failed'), emailInScope(user.scope));
  const rowsQuery = db
    .select({
      emailId: emailOutbox.emailId,
      kind: emailOutbox.kind,
      to: emailOutbox.toAddresses,
      cc: emailOutbox.ccAddresses,
      subject: emailOutbox.subject,
      callId: emailOutbox.callId,
      branchNo: callHistory.branchNo,
      attempts: emailOutbox.attempts,
      lastError: sql<string>`coalesce(${emailOutbox.lastError}, '')`,
      refusedTo: emailOutbox.refusedTo,
      deliveredTo: emailOutbox.deliveredTo,
      createdAt: sql<string>`${callTime(emailOutbox.createdAt)}`,
    })
    .from(emailOutbox)
    .leftJoin(callHistory, eq(callHistory.callId, emailOutbox.callId))
    .where(where)
    .orderBy(NEWEST_FIRST)
    .limit(LIST_LIMIT);
  const [rows, [count]] = await Promise.all([
    rowsQuery,
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(emailOutbox)
      .where(where),
  ]);
  return { data: rows, total: count?.n ?? rows.length };
}

export async function resendEmails(ctx: AppContext, user: AuthUser, input: Out<typeof ResendEmailsRequest>) {
  const today = calendarDayIn(ctx.now(), CALL_TIME_ZONE);
  const startDate = input.startDate ?? today;
  const endDate = input.endDate ?? (input.startDate && input.startDate > today ? input.startDate : today);
  if (endDate < startDate) throw badRequest('endDate', `must not be before startDate (${startDate})`);
  const emailIds = await ctx.db.transaction(async (tx) => {
    // Those days in the call time zone: [start 00:00, the day after the end 00:00).
    const ids = await requeueFailedEmails(
      tx,
      { from: dayStart(startDate), to: dayAfter(endDate) },
      ctx.now(),
      emailInScope(user.scope),
    );
    if (ids.length > 0) {
      await writeAudit(ctx, tx, user, {
        action: 'update',
        entity: 'email-resend',
        entityId: `${startDate}..${endDate}`,
        before: { status: 'failed' },
        after: { status: 'queued', emailIds: ids },
      });
    }
    return ids;
  });
  if (emailIds.length > 0) ctx.mail.nudge();
  return { startDate, endDate, resent: emailIds.length, emailIds };
}

const addresses = (value: string) =>
  value
    .split(',')
    .map((a) => a.trim())
    .filter((a) => a !== '');

export async function resendEmail(
  ctx: AppContext,
  user: AuthUser,
  input: Out<typeof ResendEmailRequest>,
): Promise<Out<typeof ResendEmailResponse>> {
  const answer = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        status: emailOutbox.status,
        to: emailOutbox.toAddresses,
        cc: emailOutbox.ccAddresses,
      })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.emailId, input.emailId), emailInScope(user.scope)))
      .for('update');
    if (!row) throw notFound('Email not found.');
    // Already queued again or sent: a repeated request changes nothing and sends nothing.
    if (row.status !== 'failed')
      return { emailId: input.emailId, resent: false, status: row.status, to: row.to, cc: row.cc };
    let to = addresses(row.to);
    let cc = addresses(row.cc);
    input.corrections.forEach((correction, i) => {
      const from = correction.from.toLowerCase();
      const swap = (list: string[]) => list.map((a) => (a.toLowerCase() === from ? correction.to : a));
      if (![...to, ...cc].some((a) => a.toLowerCase() === from)) {
        throw badRequest(`corrections.${i}.from`, `'${correction.from}' is not a recipient of email ${input.emailId}`);
      }
      to = swap(to);
      cc = swap(cc);
    });
    const recipients = { to: to.join(', '), cc: cc.join(', ') };
    const resent = await requeueFailedEmail(tx, input.emailId, recipients, ctx.now());
    await writeAudit(ctx, tx, user, {
      action: 'update',
      entity: 'email-resend',
      entityId: input.emailId,
      before: { status: row.status, to: row.to, cc: row.cc },
      after: { status: 'queued', ...recipients },
    });
    return { emailId: input.emailId, resent, status: resent ? 'queued' : row.status, ...recipients };
  });
  if (answer.resent) ctx.mail.nudge();
  return answer;
}
