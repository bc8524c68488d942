/** Reassign Callbacks' request and count (administration.md §8; decision 031). */
import type { CallbacksQuery } from '@cc/contract';
import type { DayRange } from '../../../components/DayRangePicker';
import { ANY_CSR } from './csr-filter';

/** The callbacks asked for: of the CSR chosen (any by default), between the days chosen (either end open). */
export function callbacksQueryOf(csr: string, days: DayRange): CallbacksQuery {
  return {
    ...(csr === ANY_CSR ? {} : { csr: Number(csr) }),
    ...(days[0] ? { from: days[0] } : {}),
    ...(days[1] ? { to: days[1] } : {}),
  };
}

/** How many callbacks the grid holds, and of how many when the answer is cut. */
export const callbacksCount = (shown: number, total: number) =>
  total > shown ? `${shown} of ${total} callbacks` : `${total} ${total === 1 ? 'callback' : 'callbacks'}`;
