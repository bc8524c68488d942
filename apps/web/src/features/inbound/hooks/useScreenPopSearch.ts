import { useEffect, useRef } from 'react';
import type { InboundCriteria, InboundSearchResponse, ScreenPop } from '@cc/contract';
import { dnisBranch } from '../api/dnisBranch';
import type { OpenCall } from './useOpenCall';
import type { SearchExtra } from './useSearchFlow';

/**
 * A screen pop: one customer opens the call on it (the call screen's guards apply: lock, do-not-call, calling hours),
 * several are listed, none offers Add Call with the number (decision 075), on the franchise of the number dialled
 * when a phone line names it (decision 081; a failed look-up leaves the choice to the CSR). Once, when the page opens.
 */
export function useScreenPopSearch(
  popped: ScreenPop | null,
  runSearch: (criteria: InboundCriteria, extra: SearchExtra) => Promise<InboundSearchResponse | undefined>,
  openCall: OpenCall,
): void {
  const handled = useRef(false);
  useEffect(() => {
    if (!popped || handled.current) return;
    handled.current = true;
    const line = popped.dnis.length >= 3 ? dnisBranch(popped.dnis).catch(() => null) : Promise.resolve(null);
    void line.then(async (found) => {
      const franchise = found?.franchise ?? null;
      const answer = await runSearch({ phone: popped.ani }, { zip: '', phone: popped.ani, franchise });
      const only = answer?.total === 1 ? answer.rows[0] : undefined;
      if (only) openCall(only, { replace: true });
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, for the pop the page was opened with
  }, []);
}
