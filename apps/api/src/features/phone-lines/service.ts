/**
 * The phone lines (docs/decisions/081-phone-lines-extensions-live-state.md): which branch each dialled number (DNIS)
 * belongs to. Kept in the Utilities in the caller's utilities scope — a line of a branch outside it is answered as a
 * missing one, and a line cannot be moved to such a branch — each change with its audit row in its transaction. The
 * number is kept as its digits (`phoneDigits`, as the customer search compares phones), one branch per number: the
 * changes of one number are serialised by an advisory lock, so two saves of it never both pass the check.
 */
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { phoneDigits, type Scope } from '@cc/domain';
import type { z } from 'zod';
import type { DnisBranchResponse, PhoneLine, PhoneLineSave } from '@cc/contract';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { branchInScope } from '../../db/main-branch.js';
import { franchises, phoneLines } from '../../db/schema/index.js';
import type { AuthUser } from '../../http/auth.js';
import { AppError, badRequest, notFound } from '../../http/errors.js';
import { inScope } from '../../http/scope.js';
import { writeAudit } from '../users/index.js';

type SaveInput = z.output<typeof PhoneLineSave>;

/** The advisory-lock class of a number's changes (the hash of the digits is the second key). */
const LOCK_CLASS = 8101;

const lineColumns = {
  PhoneLineId: phoneLines.phoneLineId,
  dnis: phoneLines.dnis,
  branchNo: phoneLines.branchNo,
  sqldbid: franchises.sqldbid,
  compName: franchises.compName,
  description: phoneLines.description,
};

export function listPhoneLines(ctx: AppContext, user: AuthUser): Promise<PhoneLine[]> {
  return ctx.db
    .select(lineColumns)
    .from(phoneLines)
    .innerJoin(franchises, eq(franchises.branchNo, phoneLines.branchNo))
    .where(inScope(user.scope, phoneLines.branchNo))
    .orderBy(asc(phoneLines.dnis));
}

async function lineInScope(db: DbOrTx, scope: Scope, phoneLineId: number): Promise<PhoneLine> {
  const [row] = await db
    .select(lineColumns)
    .from(phoneLines)
    .innerJoin(franchises, eq(franchises.branchNo, phoneLines.branchNo))
    .where(and(eq(phoneLines.phoneLineId, phoneLineId), inScope(scope, phoneLines.branchNo)))
    .for('update', { of: phoneLines });
  if (!row) throw notFound('Phone line not found.');
  return row;
}

/**
 * The checks of a save, inside its transaction: the branch is one of the caller's scope, and no other line has the
 * number. Answers the number as its digits.
 */
async function checkSave(tx: DbOrTx, user: AuthUser, input: SaveInput, phoneLineId: number | null): Promise<string> {
  const dnis = phoneDigits(input.dnis);
  await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_CLASS}, hashtext(${dnis}))`);
  if (!(await branchInScope(tx, user.scope, input.branchNo))) {
    throw badRequest('branchNo', 'is not a branch you may choose');
  }
  const [taken] = await tx
    .select({ id: phoneLines.phoneLineId })
    .from(phoneLines)
    .where(and(eq(phoneLines.dnis, dnis), phoneLineId === null ? undefined : ne(phoneLines.phoneLineId, phoneLineId)));
  // Whose line it is is not said: it may be a branch the caller does not see.
  if (taken) throw new AppError('CONFLICT', 'dnis: is already a phone line', { dnis: 'is already a phone line' });
  return dnis;
}

export function addPhoneLine(ctx: AppContext, user: AuthUser, input: SaveInput): Promise<PhoneLine> {
  return ctx.db.transaction(async (tx) => {
    const dnis = await checkSave(tx, user, input, null);
    const [row] = await tx
      .insert(phoneLines)
      .values({ dnis, branchNo: input.branchNo, description: input.description, updatedAt: ctx.now() })
      .returning({ id: phoneLines.phoneLineId });
    const after = await lineInScope(tx, user.scope, row!.id);
    await writeAudit(ctx, tx, user, {
      action: 'create',
      entity: 'phone-line',
      entityId: after.PhoneLineId,
      before: null,
      after,
    });
    return after;
  });
}

export function updatePhoneLine(
  ctx: AppContext,
  user: AuthUser,
  phoneLineId: number,
  input: SaveInput,
): Promise<PhoneLine> {
  return ctx.db.transaction(async (tx) => {
    const before = await lineInScope(tx, user.scope, phoneLineId);
    const dnis = await checkSave(tx, user, input, phoneLineId);
    await tx
      .update(phoneLines)
      .set({ dnis, branchNo: input.branchNo, description: input.description, updatedAt: ctx.now() })
      .where(eq(phoneLines.phoneLineId, phoneLineId));
    const after = await lineInScope(tx, user.scope, phoneLineId);
    if (JSON.stringify(before) !== JSON.stringify(after)) {
      await writeAudit(ctx, tx, user, { action: 'update', entity: 'phone-line', entityId: phoneLineId, before, after });
    }
    return after;
  });
}

export function deletePhoneLine(ctx: AppContext, user: AuthUser, phoneLineId: number) {
  return ctx.db.transaction(async (tx) => {
    const before = await lineInScope(tx, user.scope, phoneLineId);
    await tx.delete(phoneLines).where(eq(phoneLines.phoneLineId, phoneLineId));
    await writeAudit(ctx, tx, user, {
      action: 'delete',
      entity: 'phone-line',
      entityId: phoneLineId,
      before,
      after: null,
    });
    return { ok: true as const, PhoneLineId: phoneLineId };
  });
}

/**
 * The branch a dialled number belongs to, for a screen pop: only a line of an active branch in the CSR's own (search)
 * scope, since Add Call may start only there; otherwise none, and the CSR chooses the franchise as before.
 */
export async function dnisBranch(ctx: AppContext, user: AuthUser, dnis: string): Promise<DnisBranchResponse> {
  const [row] = await ctx.db
    .select({
      branchNo: franchises.branchNo,
      sqldbid: franchises.sqldbid,
      compName: franchises.compName,
      designation: franchises.designation,
      city: franchises.city,
      state: franchises.state,
    })
    .from(phoneLines)
    .innerJoin(franchises, eq(franchises.branchNo, phoneLines.branchNo))
    .where(
      and(
        eq(phoneLines.dnis, phoneDigits(dnis)),
        eq(franchises.active, true),
        inScope(user.scope, phoneLines.branchNo),
      ),
    );
  return { franchise: row ?? null };
}
