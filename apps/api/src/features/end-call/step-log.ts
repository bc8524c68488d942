/** The step log of the end-call sequence (POST /api/currentcall/stepDebug). */
import type { z } from 'zod';
import type { StepDebugRequest } from '@cc/contract';
import type { DbOrTx } from '../../db/client.js';
import { and, eq } from 'drizzle-orm';
import { orderItems, orders, stepLog } from '../../db/schema/index.js';
import type { AuthUser } from '../../http/auth.js';
import { inScope } from '../../http/scope.js';
import { badRequest } from '../../http/errors.js';
import { customerRow, franchiseInScope } from '../current-call/index.js';
import { findCallInScope } from './shared.js';

export type StepInput = z.output<typeof StepDebugRequest>;

const MAX_PARAMETERS = 20_000;

/** Log one step for a franchise in scope; ParametersData may be text or any JSON value. */
export async function logStep(tx: DbOrTx, user: AuthUser, input: StepInput, now: Date): Promise<{ id: number }> {
  const parameters =
    input.ParametersData === undefined || input.ParametersData === null
      ? ''
      : typeof input.ParametersData === 'string'
        ? input.ParametersData
        : JSON.stringify(input.ParametersData);
  if (parameters.length > MAX_PARAMETERS) {
    throw badRequest('ParametersData', `must be at most ${MAX_PARAMETERS} characters`);
  }
  await franchiseInScope(tx, user.scope, input.SQLDBID);
  await requireStepRefsInScope(tx, user, input);
  const [row] = await tx
    .insert(stepLog)
    .values({
      stepId: input.stepId,
      sqldbid: input.SQLDBID,
      custNo: input.CustNo ?? null,
      orderId: input.OrderId ?? null,
      orderItemId: input.OrderItemId ?? null,
      callId: input.Call_id ?? null,
      sessionId: input.SessionId ?? null,
      parametersData: parameters,
      status: input.Status ?? '',
      log: input.Log ?? '',
      userId: user.userId,
      createdAt: now,
    })
    .returning({ id: stepLog.stepLogId });
  if (!row) throw new Error('step log insert returned nothing');
  return { id: row.id };
}

/**
 * The customer, order, order item and call a step names belong to its franchise and to the user's scope, like
 * every other call's: a log line cannot be pinned on another franchise's call. A reference outside is a 400 naming
 * the field (nothing is written), the same answer whether it exists elsewhere or not at all.
 */
async function requireStepRefsInScope(tx: DbOrTx, user: AuthUser, input: StepInput): Promise<void> {
  const sqldbid = input.SQLDBID;
  const outside = (field: string) => badRequest(field, `is not one of franchise ${sqldbid}'s in your scope`);
  if (input.CustNo !== undefined && input.CustNo !== null && input.CustNo > 0) {
    if (!(await customerRow(tx, user.scope, sqldbid, input.CustNo))) throw outside('CustNo');
  }
  if (input.OrderId !== undefined && input.OrderId !== null) {
    const [order] = await tx
      .select({ id: orders.orderId })
      .from(orders)
      .where(and(eq(orders.orderId, input.OrderId), eq(orders.sqldbid, sqldbid), inScope(user.scope, orders.branchNo)));
    if (!order) throw outside('OrderId');
  }
  if (input.OrderItemId !== undefined && input.OrderItemId !== null) {
    const [item] = await tx
      .select({ id: orderItems.orderItemId })
      .from(orderItems)
      .innerJoin(orders, eq(orders.orderId, orderItems.orderId))
      .where(
        and(
          eq(orderItems.orderItemId, input.OrderItemId),
          eq(orders.sqldbid, sqldbid),
          inScope(user.scope, orders.branchNo),
          ...(input.OrderId !== undefined && input.OrderId !== null ? [eq(orders.orderId, input.OrderId)] : []),
        ),
      );
    if (!item) throw outside('OrderItemId');
  }
  if (input.Call_id !== undefined && input.Call_id !== null) {
    const call = await findCallInScope(tx, user.scope, input.Call_id);
    if (call?.sqldbid !== sqldbid) throw outside('Call_id');
  }
}
