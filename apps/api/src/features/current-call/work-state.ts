/**
 * The working state of a call (docs/decisions/023-call-working-state.md): what the CSR has decided on
 * the call screen so far, one row per CSR and call, so that a reload, a closed window or a new sign-in comes back to
 * it. Saved while the CSR holds the call, given back only to that CSR, deleted when the call ends or is cancelled.
 */
import { and, eq, ne, or, sql } from 'drizzle-orm';
import { callTypeByName } from '@cc/domain';
import { CallWorkState, type CallWorkStateSave } from '@cc/contract';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { callWorkStates } from '../../db/schema/index.js';
import type { AuthUser } from '../../http/auth.js';
import { badRequest } from '../../http/errors.js';
import { requireCallHeld } from './held.js';
import { requireCallInScope } from './scope.js';

export interface CallRef {
  sqldbid: number;
  customerNo: number;
}

/** The parsed save (the contract's output): defaults filled in. */
export type WorkStateSave = Omit<CallWorkStateSave, 'state' | 'callRow'> & { callRow: string; state: CallWorkState };

/** A save's own refusals, checked before anything is written. */
export function checkEdits(call: CallRef, save: WorkStateSave): void {
  // A stored customer is edited through PUT /api/customer/…, each edit recorded; never through a working state.
  if (save.state.customerEdits !== null && call.customerNo > 0) {
    throw badRequest('state.customerEdits', 'only with customer number 0 or -1');
  }
}

/**
 * Write the state unless a newer revision of the same call is stored already. A state of another call of the
 * same key (another call type, another prospect's row) is replaced whatever its revision. Answers whether it wrote.
 */
export async function writeWorkState(
  ctx: AppContext,
  tx: DbOrTx,
  user: AuthUser,
  call: CallRef,
  save: WorkStateSave,
): Promise<{ saved: boolean; revision: number; updatedAt: string }> {
  checkEdits(call, save);
  const now = ctx.now();
  const callType = callTypeByName(save.callType)?.CallTypeName ?? save.callType;
  const values = {
    callType,
    callRow: save.callRow,
    revision: save.revision,
    state: save.state,
    updatedAt: now,
  };
  const written = await tx
    .insert(callWorkStates)
    .values({ userId: user.userId, sqldbid: call.sqldbid, customerNo: call.customerNo, ...values })
    .onConflictDoUpdate({
      target: [callWorkStates.userId, callWorkStates.sqldbid, callWorkStates.customerNo],
      set: values,
      setWhere: or(
        sql`${callWorkStates.revision} < ${save.revision}`,
        ne(callWorkStates.callType, callType),
        ne(callWorkStates.callRow, save.callRow),
      ),
    })
    .returning({ revision: callWorkStates.revision, updatedAt: callWorkStates.updatedAt });
  if (written[0]) return { saved: true, revision: written[0].revision, updatedAt: written[0].updatedAt.toISOString() };
  const [kept] = await tx
    .select({ revision: callWorkStates.revision, updatedAt: callWorkStates.updatedAt })
    .from(callWorkStates)
    .where(ownRow(user, call));
  return { saved: false, revision: kept?.revision ?? save.revision, updatedAt: (kept?.updatedAt ?? now).toISOString() };
}

const ownRow = (user: AuthUser, call: CallRef) =>
  and(
    eq(callWorkStates.userId, user.userId),
    eq(callWorkStates.sqldbid, call.sqldbid),
    eq(callWorkStates.customerNo, call.customerNo),
  );

/**
 * PUT: only the CSR holding the call saves its state (a new prospect or an unknown customer, which nobody locks:
 * any CSR with the franchise in scope).
 */
export function saveWorkState(ctx: AppContext, user: AuthUser, call: CallRef, save: WorkStateSave) {
  return ctx.db.transaction(async (tx) => {
    // Out of scope answers as a customer that does not exist (404) before any question of who holds the call.
    await requireCallInScope(tx, user, call);
    await requireCallHeld(ctx, tx, user, call.sqldbid, call.customerNo);
    return writeWorkState(ctx, tx, user, call, save);
  });
}

/** GET: this CSR's state of the call; a call the CSR may not open has none to give. */
export async function getWorkState(ctx: AppContext, user: AuthUser, call: CallRef) {
  await requireCallInScope(ctx.db, user, call);
  const [row] = await ctx.db.select().from(callWorkStates).where(ownRow(user, call));
  if (!row) return { workState: null };
  // Kept as the contract parsed it; read through it again so that an older shape gets the defaults of today.
  const state = CallWorkState.safeParse(row.state);
  if (!state.success) return { workState: null };
  return {
    workState: {
      callType: row.callType,
      callRow: row.callRow,
      revision: row.revision,
      updatedAt: row.updatedAt.toISOString(),
      state: state.data,
    },
  };
}

/** The call is over (ended, cancelled, or left to be forgotten): its state goes, in the caller's transaction. */
export async function discardWorkState(tx: DbOrTx, user: AuthUser, call: CallRef): Promise<void> {
  await tx.delete(callWorkStates).where(ownRow(user, call));
}

/**
 * A CSR works one call at a time, as they have one saved call: opening a call forgets the states of the others
 * (which the saved call no longer points at either).
 */
export async function discardOtherWorkStates(tx: DbOrTx, user: AuthUser, call: CallRef): Promise<void> {
  await tx
    .delete(callWorkStates)
    .where(
      and(
        eq(callWorkStates.userId, user.userId),
        or(ne(callWorkStates.sqldbid, call.sqldbid), ne(callWorkStates.customerNo, call.customerNo)),
      ),
    );
}
