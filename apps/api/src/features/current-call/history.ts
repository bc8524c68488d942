/** History, touchpoints, web orders, the call script, franchise information; cancelling a call. */
import { franchiseBranches, mainBranchFirst } from '../../db/main-branch.js';
import { and, asc, desc, eq, gte, lt, sql } from 'drizzle-orm';
import { CALL_TIME_ZONE, callScript, callTypeByName } from '@cc/domain';
import type { AppContext } from '../../context.js';
import { rowsOf, type DbOrTx } from '../../db/client.js';
import { callTime, dayAfter, dayStart } from '../../db/sql.js';
import {
  callHistory,
  callLocks,
  franchiseConfigs,
  franchises,
  orderItems,
  orders,
  outboundCalls,
  touchpoints,
} from '../../db/schema/index.js';
import type { AuthUser } from '../../http/auth.js';
import { inScope } from '../../http/scope.js';
import { AppError, badRequest, notFound } from '../../http/errors.js';
import { customerRow, franchiseInScope } from './customer.js';
import { linkOpenEdits } from './customer-edits.js';
import { lockHeld, requireCallHeld } from './held.js';
import { CALL_ACTIVE_MESSAGE } from './locks.js';
import { LISTED } from '../outbound/index.js';
import { discardWorkState } from './work-state.js';

/** The name a call history record gives its agent: the signed-in user's, from the session, never the client's. */
export const agentName = (user: AuthUser): string => `${user.firstName} ${user.lastName}`.trim();

function checkRange(start: string, end: string, field: string): void {
  if (start > end) throw badRequest(field, 'must not be after the end date');
}

/**
 * The customer must be in the user's scope (404 'Customer Not Found.' otherwise, as for one that does
 * not exist). A new prospect (customer number 0) has no records yet: answers false after checking that
 * the franchise is in scope, and the caller answers an empty list — number 0 is shared by every new
 * prospect, so its rows (e.g. cancelled calls) belong to no one customer.
 */
async function requireCustomer(ctx: AppContext, user: AuthUser, sqldbid: number, customerNo: number): Promise<boolean> {
  if (customerNo === 0) {
    await franchiseInScope(ctx.db, user.scope, sqldbid);
    return false;
  }
  if (!(await customerRow(ctx.db, user.scope, sqldbid, customerNo))) throw notFound('Customer Not Found.');
  return true;
}

export async function customerHistory(
  ctx: AppContext,
  user: AuthUser,
  p: { sqldbid: number; customerNo: number; startDate: string; endDate: string },
) {
  checkRange(p.startDate, p.endDate, 'startDate');
  if (!(await requireCustomer(ctx, user, p.sqldbid, p.customerNo))) return [];
  return rowsOf<{
    call_id: number;
    call_start: string | null;
    call_end: string | null;
    csagent: string;
    call_direction: string;
    call_type: string;
    call_result: string;
    call_reason: string;
    package: string;
    totalcost: number;
    call_log: string;
    csr_notes: string;
    orderId: number | null;
  }>(
    await ctx.db.execute(sql`
      select call_id, ${callTime(callHistory.callStart)} as call_start, ${callTime(callHistory.callEnd)} as call_end, csagent,
             call_direction, call_type, call_result, call_reason, package, totalcost::float8 as totalcost, call_log, csr_notes,
             order_id as "orderId"
      from ${callHistory}
      where sqldbid = ${p.sqldbid} and cust_no = ${p.customerNo}
        and call_start >= ${dayStart(p.startDate)} and call_start < ${dayAfter(p.endDate)}
      order by call_start desc, call_id desc`),
  );
}

export async function customerTouchpoints(
  ctx: AppContext,
  user: AuthUser,
  p: { sqldbid: number; customerNo: number; start: string; end: string },
) {
  checkRange(p.start, p.end, 'start');
  if (!(await requireCustomer(ctx, user, p.sqldbid, p.customerNo))) return [];
  const rows = await ctx.db
    .select({
      touchpointId: touchpoints.touchpointId,
      touchDate: sql<string>`${callTime(touchpoints.touchDate)}`,
      kind: touchpoints.kind,
      description: touchpoints.description,
      employee: touchpoints.employee,
      amount: sql<number | null>`${touchpoints.amount}::float8`,
    })
    .from(touchpoints)
    .where(
      and(
        eq(touchpoints.sqldbid, p.sqldbid),
        eq(touchpoints.customerNo, p.customerNo),
        gte(touchpoints.touchDate, dayStart(p.start)),
        lt(touchpoints.touchDate, dayAfter(p.end)),
      ),
    )
    .orderBy(desc(touchpoints.touchDate));
  return rows;
}

/** This service year's orders of the customer, one row per order line. */
export async function webOrders(ctx: AppContext, user: AuthUser, sqldbid: number, customerNo: number) {
  if (!(await requireCustomer(ctx, user, sqldbid, customerNo))) return [];
  const year = Number(
    new Intl.DateTimeFormat('en-CA', { timeZone: CALL_TIME_ZONE, year: 'numeric' }).format(ctx.now()),
  );
  return ctx.db
    .select({
      orderNo: orders.orderId,
      orderItemId: orderItems.orderItemId,
      type: orders.orderType,
      status: orders.orderStatus,
      title: sql<string>`coalesce(nullif(${orderItems.serviceName}, ''), ${orders.title})`,
      rounds: orderItems.rounds,
      unitPrice: sql<number>`${orderItems.unitPrice}::float8`,
      updated: sql<string>`${callTime(orders.updatedAt)}`,
      source: orders.source,
    })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.orderId))
    .where(and(eq(orders.sqldbid, sqldbid), eq(orders.customerNo, customerNo), eq(orders.serviceYear, year)))
    .orderBy(desc(orders.updatedAt), asc(orderItems.orderItemId));
}

export async function script(ctx: AppContext, user: AuthUser, input: { callType: string; sqldbid: number }) {
  const type = callTypeByName(input.callType);
  if (!type) throw badRequest('callType', `unknown call type ${input.callType}`);
  const branch = await franchiseInScope(ctx.db, user.scope, input.sqldbid);
  return callScript(type.CallTypeName, { agent: `${user.firstName}`, company: branch.compName });
}

export async function franchiseInfo(ctx: AppContext, user: AuthUser, sqldbid: number) {
  const branches = await ctx.db
    .select({
      branchNo: franchises.branchNo,
      city: franchises.city,
      state: franchises.state,
      compName: franchises.compName,
      designation: franchises.designation,
      timeZone: franchises.timeZone,
    })
    .from(franchises)
    .where(franchiseBranches(sqldbid, user.scope))
    .orderBy(...mainBranchFirst);
  const main = branches[0];
  if (!main) throw notFound('Franchise not found.');
  const [config] = await ctx.db.select().from(franchiseConfigs).where(eq(franchiseConfigs.sqldbid, sqldbid));
  return {
    sqldbid,
    compName: main.compName,
    designation: main.designation,
    timeZone: main.timeZone,
    phone: config?.phone ?? '',
    email: config?.email ?? '',
    address: config?.address ?? '',
    officeHours: config?.officeHours ?? '',
    branches: branches.map(({ branchNo, city, state }) => ({ branchNo, city, state })),
  };
}

export async function companyConfigs(ctx: AppContext, user: AuthUser, sqldbid: number) {
  await franchiseInScope(ctx.db, user.scope, sqldbid);
  const [config] = await ctx.db.select().from(franchiseConfigs).where(eq(franchiseConfigs.sqldbid, sqldbid));
  return {
    sqldbid,
    webLeadsStart: config?.webLeadsStart ?? '08:00',
    webLeadsEnd: config?.webLeadsEnd ?? '17:00',
    ccEmailAddresses: config?.ccEmailAddresses ?? '',
  };
}

/**
 * Refuse (409, the spec's active-call text) when another CSR holds the call: the lock of the customer, or a
 * lock taken with this outbound row. A lock its holder no longer has (stale, session ended) does not count.
 */
async function requireNotHeldByOther(
  ctx: AppContext,
  tx: DbOrTx,
  user: AuthUser,
  call: { sqldbid: number; customerNo: number | null; outboundId?: number | undefined },
): Promise<void> {
  const byCustomer =
    call.customerNo !== null && call.customerNo > 0
      ? sql`(call_locks.sqldbid = ${call.sqldbid} and call_locks.customer_no = ${call.customerNo})`
      : sql`false`;
  const byRow = call.outboundId !== undefined ? sql`call_locks.outbound_id = ${call.outboundId}` : sql`false`;
  const held = rowsOf<{ user_id: number }>(
    await tx.execute(sql`
      select call_locks.user_id from call_locks
      where (${byCustomer} or ${byRow}) and call_locks.user_id <> ${user.userId} and ${lockHeld(ctx, ctx.now())}
      limit 1`),
  );
  if (held.length > 0) throw new AppError('CONFLICT', CALL_ACTIVE_MESSAGE);
}

/** Set the call status of an outbound row the user may work (e.g. Cancel), unless another CSR has it open. */
export async function setCallStatus(ctx: AppContext, user: AuthUser, outboundId: number, status: string) {
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ sqldbid: outboundCalls.sqldbid, custNo: outboundCalls.custNo })
      .from(outboundCalls)
      .where(and(eq(outboundCalls.outboundId, outboundId), inScope(user.scope, outboundCalls.branchNo)))
      .for('update');
    if (!row) throw notFound('Call not found.');
    await requireNotHeldByOther(ctx, tx, user, { sqldbid: row.sqldbid, customerNo: row.custNo, outboundId });
    await tx
      .update(outboundCalls)
      .set({
        callStatus: status,
        lastAccessDate: ctx.now(),
        lastAccessCsr: user.userId,
        // An ended call is complete (a trigger holds the rows to it): who ended it is its agent (decision 062).
        ...(status === 'End' ? { callComplete: true, callBackCsr: user.userId } : {}),
      })
      .where(eq(outboundCalls.outboundId, outboundId));
  });
}

/**
 * Cancel a call: a call history record with result Cancel, call status Cancel on the outbound row,
 * and the call released — in one transaction. Only the user holding the customer's call cancels it (409
 * otherwise); the agent is the signed-in user, whatever csagent the request names.
 */
export async function insertCancelCall(
  ctx: AppContext,
  user: AuthUser,
  input: {
    csuser_id: number;
    csagent?: string | undefined;
    sqldbid: number;
    cust_no: number;
    callType: string;
    outboundId?: number | undefined;
  },
) {
  if (input.csuser_id !== user.userId) throw badRequest('csuser_id', 'must be the signed-in user');
  const type = callTypeByName(input.callType);
  if (!type) throw badRequest('callType', `unknown call type ${input.callType}`);
  const branch = await franchiseInScope(ctx.db, user.scope, input.sqldbid);
  const customer = input.cust_no > 0 ? await customerRow(ctx.db, user.scope, input.sqldbid, input.cust_no) : undefined;
  if (input.cust_no > 0 && !customer) throw notFound('Customer Not Found.');
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    await requireNotHeldByOther(ctx, tx, user, {
      sqldbid: input.sqldbid,
      customerNo: input.cust_no,
      outboundId: input.outboundId,
    });
    // Nobody else has it: the caller must have it (a call they never opened, or left, is not theirs to cancel).
    await requireCallHeld(ctx, tx, user, input.sqldbid, input.cust_no);
    if (input.outboundId !== undefined) {
      const rows = await tx
        .update(outboundCalls)
        .set({ callStatus: 'Cancel', callActive: false, lastAccessDate: now, lastAccessCsr: user.userId })
        .where(
          and(
            eq(outboundCalls.outboundId, input.outboundId),
            eq(outboundCalls.sqldbid, input.sqldbid),
            LISTED,
            inScope(user.scope, outboundCalls.branchNo),
          ),
        )
        .returning({ id: outboundCalls.outboundId });
      if (rows.length === 0)
        throw badRequest('outboundId', 'no listed call of this franchise in your scope with this id');
    }
    const [call] = await tx
      .insert(callHistory)
      .values({
        csuserId: user.userId,
        csagent: agentName(user),
        sqldbid: input.sqldbid,
        custNo: input.cust_no,
        // The customer's own branch; a new prospect's call belongs to the franchise's main branch in scope.
        branchNo: customer?.branchNo ?? branch.branchNo,
        custType: customer?.customerType ?? '',
        callStart: now,
        callEnd: now,
        callDirection: type.outbound ? 'Outgoing' : 'Incoming',
        callResult: 'Cancel',
        callType: type.CallTypeName,
        callList: type.outbound ? type.CallTypeDisplayName : '',
        outboundId: input.outboundId,
      })
      .returning({ callId: callHistory.callId });
    // What the CSR changed on the customer during the call belongs to this call, cancelled or not; left
    // unlinked it would be offered to (and linked by) a later call.
    if (call && input.cust_no > 0) {
      await linkOpenEdits(tx, user, { sqldbid: input.sqldbid, customerNo: input.cust_no, callHistoryId: call.callId });
    }
    // Nothing of a cancelled call is kept to resume.
    await discardWorkState(tx, user, { sqldbid: input.sqldbid, customerNo: input.cust_no });
    await tx
      .delete(callLocks)
      .where(
        and(
          eq(callLocks.sqldbid, input.sqldbid),
          eq(callLocks.customerNo, input.cust_no),
          eq(callLocks.userId, user.userId),
        ),
      );
    return { call_id: call?.callId ?? 0 };
  });
}
