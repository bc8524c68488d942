import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Customer, SessionUser } from '@cc/contract';
import { PRICING_REFRESHED } from '@cc/domain';
import { mayEnter } from '../../../lib/access';
import { toast } from '../../../lib/toast';
import { onMeasurementSaved } from '../../measureit';
import { repriceCustomer, type PricingDraft } from '../../pricing';
import { householdMeasurement } from '../api/householdMeasurement';
import { customerKey, householdMeasurementKey } from '../api/keys';
import {
  isSaveFor,
  measureItPathFor,
  measureItWindowName,
  measuresCustomer,
  openNamedWindow,
  refreshedLawnSize,
} from '../measureit';
import { useLatest } from '../../../lib/use-latest';

/** Ours (decision 043): the browser refused to open MeasureIt's window. */
export const MEASUREIT_BLOCKED = 'The browser blocked the MeasureIt window: allow pop-ups for this site and try again.';

export interface LawnSizeRefreshArgs {
  sqldbid: number;
  customerNo: number;
  /** The customer on screen (a prospect's as edited on the call). */
  customer: Customer | null;
  draft: PricingDraft;
  /** Reads the customer again: the stored one, or the one on screen for a prospect. */
  readCustomer: () => Promise<Customer | null>;
}

/**
 * 'Refresh Lawn Size and Pricing' (call-handling.md §8; decision 043): a customer on file reads
 * its household measurement (POST /api/MeasureIt/GetHouseholdMeasurement) and the customer again; a measured
 * household's lawn size becomes the one the call prices with (and shows), otherwise the customer's is kept; then the
 * price list is read again for that size. A prospect's call re-prices the lawn size on screen. The same refresh runs
 * by itself when another window (the MeasureIt editor) announces a save of this customer.
 */
export function useLawnSizeRefresh(args: LawnSizeRefreshArgs) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const latest = useLatest(args);

  const refresh = async (): Promise<void> => {
    const { sqldbid, customerNo, customer, draft, readCustomer } = latest.current;
    setBusy(true);
    try {
      let lawnSize: number;
      let priced: Customer | null;
      if (measuresCustomer(customerNo)) {
        const [household, fresh] = await Promise.all([householdMeasurement(sqldbid, customerNo), readCustomer()]);
        queryClient.setQueryData(householdMeasurementKey(sqldbid, customerNo), household);
        priced = fresh ?? customer;
        lawnSize = refreshedLawnSize(household, priced?.lawnSize ?? 0);
        if (fresh && fresh.lawnSize !== lawnSize) {
          // The customer's size was changed since the measurement: the call takes the measured one, on screen.
          queryClient.setQueryData<Customer>(customerKey(sqldbid, customerNo), (old) => old && { ...old, lawnSize });
        }
      } else {
        priced = await readCustomer();
        lawnSize = priced?.lawnSize ?? 0;
      }
      if (priced) await repriceCustomer(queryClient, { sqldbid, customerNo, customer: priced, lawnSize, draft });
      toast.success(PRICING_REFRESHED);
    } catch (e) {
      toast.error(`ERROR Refreshing Lawn Size and Pricing: ${(e as Error).message}`, e);
    } finally {
      setBusy(false);
    }
  };
  const refreshRef = useLatest(refresh);

  const { sqldbid, customerNo } = args;
  useEffect(
    () =>
      onMeasurementSaved((message) => {
        if (isSaveFor(message, sqldbid, customerNo)) void refreshRef.current();
      }),
    [sqldbid, customerNo, refreshRef],
  );

  return { refresh, busy };
}

/**
 * The call screen's 'Measure lawn': MeasureIt's edit screen for the customer in its own window (one per customer),
 * closing after a save. Offered only to a user who may use MeasureIt (the rule the server applies to its calls) and
 * only for a customer on file; undefined otherwise.
 */
export function measureItOpener(
  user: Pick<SessionUser, 'UserId' | 'permissions' | 'Applications'>,
  sqldbid: number,
  customerNo: number,
): (() => void) | undefined {
  if (!measuresCustomer(customerNo) || !mayEnter('editMeasureIt', user)) return undefined;
  return () => {
    const opened = openNamedWindow(
      window,
      measureItPathFor(sqldbid, customerNo, user.UserId),
      measureItWindowName(sqldbid, customerNo),
    );
    if (!opened) toast.error(MEASUREIT_BLOCKED);
  };
}
