/** The step log of the end-call sequence (POST /api/currentcall/stepDebug). */
import type { z } from 'zod';
import type { StepDebugRequest } from '@cc/contract';
import type { DbOrTx } from '../../db/client.js';
import { stepLog } from '../../db/schema/index.js';
import type { AuthUser } from '../../http/auth.js';
import { badRequest } from '../../http/errors.js';
import { franchiseInScope } from '../current-call/index.js';

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
