/**
 * The router state a screen pop opens the inbound search with (decision 075): the caller's number to search, the
 * number dialled, and the phone system's id of the call.
 */
import type { ScreenPop } from '@cc/contract';

export const screenPopState = (pop: ScreenPop) => ({ screenPop: pop });

/** The screen pop the page was opened with, if any. */
export function screenPopOf(state: unknown): ScreenPop | null {
  const pop = (state as { screenPop?: Partial<ScreenPop> } | null)?.screenPop;
  return pop && typeof pop.ani === 'string' && pop.ani !== ''
    ? {
        ani: pop.ani,
        dnis: typeof pop.dnis === 'string' ? pop.dnis : '',
        callId: typeof pop.callId === 'string' ? pop.callId : '',
      }
    : null;
}
