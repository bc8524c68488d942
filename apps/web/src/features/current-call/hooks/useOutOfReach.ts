import { useEffect } from 'react';
import { isOutOfReach } from '../components/CallOutOfReach';

/**
 * A customer or franchise outside the user's branches: the server refuses its every read, so one refusal stands in
 * for the whole screen, whose panels would otherwise each fail on their own. An unknown caller's call (-1), held
 * without asking the server, is let go unsaved and without the question on leaving.
 */
export function useOutOfReach(
  customerNo: number,
  customerError: unknown,
  franchiseError: unknown,
  forgetLock: () => void,
): boolean {
  const outOfReach = (customerNo >= 0 && isOutOfReach(customerError)) || isOutOfReach(franchiseError);
  useEffect(() => {
    if (outOfReach) forgetLock();
  }, [outOfReach, forgetLock]);
  return outOfReach;
}
