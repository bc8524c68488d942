/**
 * Assign Service Reps (administration.md §2, §3, §7; decision 031): the outbound list groups with their CSR, giving a
 * group to a CSR, taking it back, and marking a list complete. Every change writes its audit row in its transaction.
 */
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { isAssignableCsr, OUTBOUND_CALL_TYPE_NAMES } from '@cc/domain';
import type { CsrAssignment, SetGroupCallStatusRequest } from '@cc/contract';
import type { AppContext } from '../../context.js';
import { rowsOf, type DbOrTx } from '../../db/client.js';
import { userName, callTime } from '../../db/sql.js';
import { csrAssignments, franchises, outboundCalls as o, users, webLeads } from '../../db/schema/index.js';
import { branchInScope } from '../../db/main-branch.js';
import type { AuthUser } from '../../http/auth.js';
import { AppError, badRequest } from '../../http/errors.js';
import { inScope } from '../../http/scope.js';
import { LISTED } from '../outbound/index.js';
import { writeAudit } from '../users/index.js';

export interface GroupKey {
  branch: string;
  type: string;
  source: string;
}

const OUTBOUND_TYPES = sql.join(
  OUTBOUND_CALL_TYPE_NAMES.map((t) => sql`${t}`),
  sql`, `,
);

/**
 * The groups as the grid shows them: every (branch, type, source) with listed rows in scope, and every assigned group
 * in scope (an assigned group whose list is done shows as complete). `only` narrows to one group.
 */
function groupsQuery(user: AuthUser, only?: GroupKey): SQL {
  const one = (branch: SQL, type: SQL, source: SQL) =>
    only ? [sql`${branch} = ${only.branch}`, sql`${type} = ${only.type}`, sql`${source} = ${only.source}`] : [];
  const openWhere = [
    LISTED,
    sql`${o.type} in (${OUTBOUND_TYPES})`,
    inScope(user.scope, o.branchNo),
    ...one(sql`${o.branchNo}`, sql`${o.type}`, sql`${o.callSource}`),
  ];
  const assignedWhere = [
    inScope(user.scope, csrAssignments.branchNo),
    ...one(sql`${csrAssignments.branchNo}`, sql`${csrAssignments.type}`, sql`${csrAssignments.source}`),
  ];
  return sql`
    with open_groups as (
      select ${o.branchNo} as branch, ${o.type} as type, ${o.callSource} as source,
        sum(${o.callAttempts})::int as call_attempts,
        (count(*) filter (where ${o.callAttempts} = 0))::int as without_attempts,
        count(*)::int as open_calls
      from ${o} where ${sql.join(openWhere, sql` and `)}
      group by 1, 2, 3
    ),
    assigned as (
      select ${csrAssignments.assignmentId} as assignment_id, ${csrAssignments.branchNo} as branch,
        ${csrAssignments.type} as type, ${csrAssignments.source} as source, ${csrAssignments.userId} as user_id,
        ${csrAssignments.completedAt} as completed_at
      from ${csrAssignments} where ${sql.join(assignedWhere, sql` and `)}
    )
    select a.assignment_id as "assignmentId", coalesce(g.branch, a.branch) as "branch",
      coalesce(g.type, a.type) as "type", coalesce(g.source, a.source) as "source",
      coalesce(g.call_attempts, 0) as "callAttempts", coalesce(g.without_attempts, 0) as "callsWithoutAttempts",
      coalesce(g.open_calls, 0) as "openCalls", a.user_id as "userId",
      ${userName(sql`a.user_id`)} as "csrName",
      (g.branch is null and a.completed_at is not null) as "callComplete", ${callTime(sql`a.completed_at`)} as "completedAt"
    from open_groups g full outer join assigned a
      on a.branch = g.branch and a.type = g.type and a.source = g.source
    order by 2, 3, 4`;
}

export async function allAssignments(ctx: AppContext, user: AuthUser): Promise<CsrAssignment[]> {
  return rowsOf<CsrAssignment>(await ctx.db.execute(groupsQuery(user)));
}

async function groupRow(db: DbOrTx, user: AuthUser, key: GroupKey): Promise<CsrAssignment> {
  const [row] = rowsOf<CsrAssignment>(await db.execute(groupsQuery(user, key)));
  if (!row) throw new Error('the group just written is not readable');
  return row;
}

/** The branch must be a franchise branch in the caller's scope, else 400 naming `field`. */
async function checkBranch(db: DbOrTx, user: AuthUser, branch: string, field: string): Promise<void> {
  if (!(await branchInScope(db, user.scope, branch)))
    throw badRequest(field, `no franchise branch ${branch} in your scope`);
}

/** The CSR must be an active user with allowCorporate or isAdmin (administration.md §6), else 400 naming `field`. */
export async function checkCsr(db: DbOrTx, userIds: number[], field: (id: number) => string): Promise<void> {
  const unique = [...new Set(userIds)];
  const rows = await db
    .select({ id: users.userId, allowCorporate: users.allowCorporate, isAdmin: users.isAdmin, active: users.active })
    .from(users)
    .where(inArray(users.userId, unique));
  for (const id of unique) {
    const row = rows.find((r) => r.id === id);
    if (!row || !isAssignableCsr(row)) {
      throw badRequest(field(id), `user ${id} is not an active CSR with allowCorporate or isAdmin`);
    }
  }
}

const groupId = (key: GroupKey) => `${key.branch}/${key.type}/${key.source}`;

/**
 * UpdateCsrAssignment: give the group to a CSR, creating its assignment or changing its CSR. The same request twice
 * changes nothing the second time (and writes no second audit row). A group need not have rows yet: lists can be
 * handed out before they are imported.
 */
export async function updateAssignment(
  ctx: AppContext,
  user: AuthUser,
  input: GroupKey & { userId: number },
): Promise<CsrAssignment> {
  const key = { branch: input.branch, type: input.type, source: input.source };
  return ctx.db.transaction(async (tx) => {
    await checkBranch(tx, user, key.branch, 'branch');
    await checkCsr(tx, [input.userId], () => 'userId');
    const where = and(
      eq(csrAssignments.branchNo, key.branch),
      eq(csrAssignments.type, key.type),
      eq(csrAssignments.source, key.source),
    );
    const now = ctx.now();
    let [before] = await tx.select().from(csrAssignments).where(where).for('update');
    if (!before) {
      const [created] = await tx
        .insert(csrAssignments)
        .values({
          branchNo: key.branch,
          type: key.type,
          source: key.source,
          userId: input.userId,
          updatedAt: now,
          updatedBy: user.userId,
        })
        .onConflictDoNothing()
        .returning();
      if (created) {
        await writeAudit(ctx, tx, user, {
          action: 'create',
          entity: 'csr_assignment',
          entityId: created.assignmentId,
          targetUserId: input.userId,
          before: null,
          after: { ...key, userId: input.userId },
        });
        return groupRow(tx, user, key);
      }
      // Another request created it meanwhile: change that one.
      [before] = await tx.select().from(csrAssignments).where(where).for('update');
      if (!before) throw new Error('assignment vanished');
    }
    if (before.userId !== input.userId) {
      await tx
        .update(csrAssignments)
        .set({ userId: input.userId, updatedAt: now, updatedBy: user.userId })
        .where(eq(csrAssignments.assignmentId, before.assignmentId));
      await writeAudit(ctx, tx, user, {
        action: 'update',
        entity: 'csr_assignment',
        entityId: before.assignmentId,
        targetUserId: input.userId,
        before: { ...key, userId: before.userId },
        after: { ...key, userId: input.userId },
      });
    }
    return groupRow(tx, user, key);
  });
}

/**
 * DeleteCsrAssignment: the group goes back to everyone's lists. An assignment that is not there (already deleted, or
 * outside the caller's scope) answers deleted: false, so a retried delete is not an error.
 */
export async function deleteAssignment(ctx: AppContext, user: AuthUser, assignmentId: number) {
  return ctx.db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(csrAssignments)
      .where(and(eq(csrAssignments.assignmentId, assignmentId), inScope(user.scope, csrAssignments.branchNo)))
      .returning();
    if (!removed) return { deleted: false };
    await writeAudit(ctx, tx, user, {
      action: 'delete',
      entity: 'csr_assignment',
      entityId: removed.assignmentId,
      targetUserId: removed.userId,
      before: { branch: removed.branchNo, type: removed.type, source: removed.source, userId: removed.userId },
      after: null,
    });
    return { deleted: true };
  });
}

/**
 * SetGroupCallStatus: mark the group's list complete. Its open calls are completed (their web leads, for web-lead
 * lists, too) and leave every list; the assignment records when. `selcsrId` is the CSR the supervisor saw: if the
 * group has been given to someone else meanwhile, 409 and nothing changes. Repeating it completes nothing more.
 */
export async function setGroupCallStatus(
  ctx: AppContext,
  user: AuthUser,
  input: Omit<SetGroupCallStatusRequest, 'branchNo'> & { branchNo: string },
): Promise<{ count: number }> {
  if (input.csrId !== user.userId) throw badRequest('csrId', 'must be the signed-in user');
  const key = { branch: input.branchNo, type: input.type, source: input.source };
  return ctx.db.transaction(async (tx) => {
    await checkBranch(tx, user, key.branch, 'branchNo');
    const [assignment] = await tx
      .select()
      .from(csrAssignments)
      .where(
        and(
          eq(csrAssignments.branchNo, key.branch),
          eq(csrAssignments.type, key.type),
          eq(csrAssignments.source, key.source),
        ),
      )
      .for('update');
    if ((assignment?.userId ?? null) !== input.selcsrId) {
      throw new AppError('CONFLICT', 'This list has been given to another CSR meanwhile. Reload the assignments.');
    }
    const now = ctx.now();
    const completed = rowsOf<{ outbound_id: number; web_lead_call_id: number | null }>(
      // Who completed the calls and when: the call search finds them under that agent and day (decision 062).
      await tx.execute(sql`update ${o} set call_complete = true, call_back_csr = ${user.userId},
          last_access_csr = ${user.userId}, last_access_date = ${now.toISOString()}::timestamptz
        where ${LISTED} and ${o.branchNo} = ${key.branch} and ${o.type} = ${key.type} and ${o.callSource} = ${key.source}
        returning ${o.outboundId} as outbound_id, ${o.webLeadCallId} as web_lead_call_id`),
    );
    const webLeadIds = completed.map((r) => r.web_lead_call_id).filter((id): id is number => id !== null);
    if (webLeadIds.length > 0) {
      await tx
        .update(webLeads)
        .set({ status: 'complete', closedAt: now, closedBy: user.userId })
        .where(and(inArray(webLeads.webLeadId, webLeadIds), eq(webLeads.status, 'new')));
    }
    if (assignment) {
      await tx
        .update(csrAssignments)
        .set({ completedAt: now, completedBy: user.userId })
        .where(eq(csrAssignments.assignmentId, assignment.assignmentId));
    }
    await writeAudit(ctx, tx, user, {
      action: 'update',
      entity: 'outbound_list',
      entityId: assignment ? assignment.assignmentId : groupId(key),
      targetUserId: assignment?.userId ?? null,
      before: { ...key, openCalls: completed.length },
      after: { ...key, callComplete: true, completed: completed.length },
    });
    return { count: completed.length };
  });
}

/** GetSourceList: the call sources of the designation's open lists in the caller's scope, with their open calls. */
export async function sourceList(ctx: AppContext, user: AuthUser, designation: 'COF' | 'IND') {
  return rowsOf<{ source: string; calls: number }>(
    await ctx.db.execute(sql`select ${o.callSource} as source, count(*)::int as calls from ${o}
      where ${LISTED} and ${o.type} in (${OUTBOUND_TYPES}) and ${inScope(user.scope, o.branchNo)}
        and ${o.branchNo} in (select ${franchises.branchNo} from ${franchises} where ${franchises.designation} = ${designation})
      group by 1 order by 1`),
  );
}
