import { CALLBACK_RESULTS } from '@cc/domain';
import { SERVICE_CALL_RESULT, type CallDraft } from './model';

/** A dialog the choice of a result opens at once, for what that result needs and the call does not have yet. */
export type ResultAsks = 'service-reason' | 'callback';

/**
 * What choosing the call's result does: the result is kept, a service-call reason only with the Service Call result,
 * and the dialog for what the result needs opens when the call has none yet: the reason for a service call, the
 * callback's time for an outbound call's callback result.
 */
export function resultChangeOf(
  result: string | null,
  draft: Pick<CallDraft, 'serviceCallReason' | 'callbackAt'>,
  outbound: boolean,
): { change: Partial<CallDraft>; asks: ResultAsks[] } {
  const serviceCall = result === SERVICE_CALL_RESULT;
  const asks: ResultAsks[] = [];
  if (serviceCall && !draft.serviceCallReason) asks.push('service-reason');
  if (outbound && result && (CALLBACK_RESULTS as readonly string[]).includes(result) && !draft.callbackAt) {
    asks.push('callback');
  }
  return { change: { result, serviceCallReason: serviceCall ? draft.serviceCallReason : null }, asks };
}
