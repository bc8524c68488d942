import { useCallback } from 'react';
import { generatePath, useNavigate } from 'react-router';
import type { InboundRow, ScreenPop } from '@cc/contract';
import { useSession } from '../../../lib/session';
import { useLatest } from '../../../lib/use-latest';
import { rememberSearch, type InboundSearchMemory } from '../search-memory';

/** The call screen, route name currentCall. */
const CURRENT_CALL = '/call-center/current-call/:sqldbid/:customerNo/:callType';

export type OpenCall = (theCall: InboundRow, options?: { replace?: boolean }) => void;

/**
 * Opens the call of a row, remembering the search as it is (Cancel Call returns to it). The phone system's id of a
 * popped call goes with it to the call screen, which keeps it on the call's history.
 */
export function useOpenCall(search: InboundSearchMemory, popped: ScreenPop | null): OpenCall {
  const navigate = useNavigate();
  const sessionEnd = useSession()?.expiresAt;
  const searchRef = useLatest(search);
  const phoneCallId = popped?.callId || undefined;
  return useCallback(
    (theCall, options = {}) => {
      rememberSearch(sessionEnd, searchRef.current);
      const path = generatePath(CURRENT_CALL, {
        sqldbid: String(theCall.SQLDBID),
        customerNo: String(theCall.AccountNo),
        callType: 'Inbound',
      });
      void navigate(path, { state: { theCall, ...(phoneCallId ? { phoneCallId } : {}) }, replace: options.replace });
    },
    [navigate, sessionEnd, searchRef, phoneCallId],
  );
}
