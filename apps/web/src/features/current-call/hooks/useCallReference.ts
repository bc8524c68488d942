import { useMemo, useState } from 'react';
import { useCallOptions } from '../api/callOptions';
import { useCallResults } from '../api/callResults';
import { useCustomerHistory } from '../api/customerHistory';
import { useDoNotCallStatus } from '../api/doNotCallStatus';
import { useFranchiseInfo } from '../api/franchiseInfo';
import { defaultHistoryRange } from '../history-range';

/**
 * What the call screen reads to show the call: the call type's results, the follow-up options, the customer's
 * recent history, the franchise, and the federal do-not-call status (checked for existing customers once the call
 * is held) with whether its alert has been seen.
 */
export function useCallReference(sqldbid: number, customerNo: number, callTypeId: number, held: boolean) {
  const results = useCallResults(callTypeId);
  const options = useCallOptions();
  // Kept while the lists are the same: the header's selects get the same options at every render of the call screen
  // (an autosave's acknowledgement re-renders it while the CSR may be moving through a list).
  const followUps = useMemo(
    () => (options.data ?? []).filter((o) => o.HeaderName === 'Follow Up').map((o) => o.OptionName),
    [options.data],
  );
  const resultNames = useMemo(() => (results.data ?? []).map((r) => r.ResultName), [results.data]);
  const [recentRange] = useState(defaultHistoryRange);
  const recent = useCustomerHistory(
    { sqldbid, customerNo, start: recentRange[0], end: recentRange[1] },
    customerNo >= 0,
  );
  const franchise = useFranchiseInfo(sqldbid);
  const dnc = useDoNotCallStatus(sqldbid, customerNo, held && customerNo > 0);
  const [dncSeen, setDncSeen] = useState(false);
  return {
    results,
    resultNames,
    followUps,
    recent,
    franchise,
    onDncList: dnc.data?.IsOnFederalDoNotCallList === true,
    dncSeen,
    markDncSeen: () => setDncSeen(true),
  };
}
