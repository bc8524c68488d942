/**
 * The audit log of administrative changes (decision 026): one row per change, written with the transaction's own
 * connection so it commits or rolls back with the change, and read by administrators a page at a time.
 */
import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AuditResponse } from '@cc/contract';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { auditLog, users } from '../../db/schema/index.js';
import type { AuthUser } from '../../http/auth.js';
import { defineGrid } from '../../lib/grid-query/grid.js';
import { auditNames } from './audit-names.js';

const target = alias(users, 'target');

/** The audit log as a grid (decision 086): newest first, the id breaking ties, as its index (at, audit_id) reads. */
const AUDIT_GRID = defineGrid({
  fields: { at: { sql: sql`${auditLog.at}`, type: 'datetime' } },
  key: sql`${auditLog.auditId}`,
});
const NEWEST_FIRST = AUDIT_GRID.orderBy([{ field: 'at', dir: 'desc', at: 0 }]);

export interface AuditChange {
  action: 'create' | 'update' | 'delete' | 'grant' | 'revoke' | 'password' | 'unlock';
  entity: string;
  entityId: string | number;
  targetUserId?: number | null;
  before: unknown;
  after: unknown;
}

export function writeAudit(ctx: AppContext, tx: DbOrTx, actor: AuthUser, change: AuditChange): Promise<void> {
  return writeAudits(ctx, tx, actor, [change]);
}

/** Several changes of one request, in one statement, all at the same instant. */
export async function writeAudits(
  ctx: AppContext,
  tx: DbOrTx,
  actor: AuthUser,
  changes: readonly AuditChange[],
): Promise<void> {
  if (changes.length === 0) return;
  const at = ctx.now();
  await tx.insert(auditLog).values(
    changes.map((change) => ({
      at,
      actorUserId: actor.userId,
      action: change.action,
      entity: change.entity,
      entityId: String(change.entityId),
      targetUserId: change.targetUserId ?? null,
      before: change.before ?? null,
      after: change.after ?? null,
    })),
  );
}

export async function readAudit(
  db: DbOrTx,
  query: { page: number; pageSize: number; userId?: number | undefined },
): Promise<AuditResponse> {
  const where = query.userId === undefined ? undefined : eq(auditLog.targetUserId, query.userId);
  const [count] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(auditLog)
    .where(where);
  const rows = await db
    .select({
      auditId: auditLog.auditId,
      at: auditLog.at,
      actorUserId: auditLog.actorUserId,
      actorUsername: users.username,
      action: auditLog.action,
      entity: auditLog.entity,
      entityId: auditLog.entityId,
      targetUserId: auditLog.targetUserId,
      targetUsername: target.username,
      before: auditLog.before,
      after: auditLog.after,
    })
    .from(auditLog)
    .innerJoin(users, eq(users.userId, auditLog.actorUserId))
    .leftJoin(target, eq(target.userId, auditLog.targetUserId))
    .where(where)
    .orderBy(NEWEST_FIRST)
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  // The names of the page's ids, all in one statement after the page (never one per row).
  const names = await auditNames(
    db,
    rows.flatMap((r) => [r.before, r.after]),
  );
  return {
    data: rows.map((r) => ({ ...r, at: r.at.toISOString() })),
    names,
    total: count?.total ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}
