/**
 * What a call offered or sold, saved against the call (POST /api/CurrentCall/CustomerHistoryAdditionalServices,
 * end-call step 3): the lawn program, the pest program, the additional services, the call's discount and
 * the coupon. Saving again replaces what was saved, so a retry leaves the same rows.
 */
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { CustomerHistoryServicesRequest } from '@cc/contract';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { callServices } from '../../db/schema/index.js';
import type { AuthUser } from '../../http/auth.js';
import { badRequest } from '../../http/errors.js';
import { toNumeric, writableCall } from './shared.js';

export type CallServicesInput = z.output<typeof CustomerHistoryServicesRequest>;
type Item = NonNullable<CallServicesInput['LawnProgram']>;

/** Only on the user's own call, open and held (writableCall): 409 otherwise, nothing written. */
export async function saveCallServices(
  ctx: AppContext,
  tx: DbOrTx,
  user: AuthUser,
  input: CallServicesInput,
): Promise<{ callId: number; saved: number }> {
  const seen = new Map<number, number>();
  input.AdditionalServices.forEach((s, i) => {
    if (seen.has(s.ServiceDefId)) {
      throw badRequest(`AdditionalServices.${i}.ServiceDefId`, `${s.ServiceDefId} is listed twice`);
    }
    seen.set(s.ServiceDefId, i);
  });
  await writableCall(ctx, tx, user, input.callId);
  const rows = callServiceRows(input);
  await tx.delete(callServices).where(eq(callServices.callId, input.callId));
  if (rows.length > 0) await tx.insert(callServices).values(rows);
  return { callId: input.callId, saved: rows.length };
}

/** The rows of the call_services table for a call's programs, services, discount and coupon. */
export function callServiceRows(input: CallServicesInput): (typeof callServices.$inferInsert)[] {
  const item = (kind: string, s: Item) => ({
    callId: input.callId,
    kind,
    itemId: s.Id ?? null,
    serviceDefId: s.ServiceDefId,
    name: s.ServiceName,
    amount: toNumeric(s.FinalPrice),
    rounds: s.TotalRounds ?? null,
    free: s.Free ?? false,
  });
  return [
    ...(input.LawnProgram ? [item('LawnProgram', input.LawnProgram)] : []),
    ...(input.PestProgram ? [item('PestProgram', input.PestProgram)] : []),
    ...input.AdditionalServices.map((s) => item('AdditionalService', s)),
    ...(input.Discount !== undefined && input.Discount !== null
      ? [{ callId: input.callId, kind: 'Discount', name: 'Call discount', amount: toNumeric(input.Discount) }]
      : []),
    ...(input.Coupon
      ? [
          {
            callId: input.callId,
            kind: 'Coupon',
            serviceDefId: input.Coupon.ServiceId ?? null,
            name: input.Coupon.CouponCode,
            code: input.Coupon.CouponCode,
            amount: toNumeric(input.Coupon.Value),
          },
        ]
      : []),
  ];
}
