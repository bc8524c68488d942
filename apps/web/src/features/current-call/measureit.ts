/**
 * How the call screen uses MeasureIt (decision 043). Pure, but for `openNamedWindow`, which is
 * handed the window to use.
 *
 * - Only a customer on file (customerNo > 0) has a household measurement: a new prospect (0) or an unknown caller
 *   (-1) has no property in MeasureIt, so the refresh re-prices with the lawn size on screen and no MeasureIt button
 *   is offered.
 * - The refresh prices with the measurement's lawn size when the household is measured (`complete`); otherwise the
 *   customer's own lawn size is kept (a not-measured property, or one never measured).
 */
import type { RouteResponse } from '@cc/contract';
import { editMeasureItPath, type MeasurementSaved } from '../measureit';

export type HouseholdMeasurement = RouteResponse<'measureItHouseholdMeasurement'>;

/** Does this call's customer have a property in MeasureIt? */
export const measuresCustomer = (customerNo: number): boolean => Number.isInteger(customerNo) && customerNo > 0;

/** The lawn size the refresh prices with: the measurement's when measured, else the customer's. */
export function refreshedLawnSize(household: HouseholdMeasurement | null, customerLawnSize: number): number {
  if (household?.complete && household.lawnSize !== null) return household.lawnSize;
  return customerLawnSize;
}

/** Is an announced save this call's customer's? */
export function isSaveFor(message: MeasurementSaved, sqldbid: number, customerNo: number): boolean {
  return measuresCustomer(customerNo) && message.sqldbid === sqldbid && message.customerNo === customerNo;
}

/** One MeasureIt window per customer: a second click focuses it instead of opening another. */
export const measureItWindowName = (sqldbid: number, customerNo: number): string =>
  `measureit-${sqldbid}-${customerNo}`;

/** The edit screen for the call's customer, closing itself after a save (the call screen refreshes on the save). */
export const measureItPathFor = (sqldbid: number, customerNo: number, csr: number): string =>
  editMeasureItPath({ sqldbid, customerNo, closeOnSave: true, client: 'currentCall', csr });

type Opener = Pick<Window, 'open'>;

/**
 * Opens `url` in the window called `name`, or focuses that window when it is already open, without loading it
 * again (a measurement being drawn there is kept): `open('', name)` finds an open window of that name without
 * navigating it, or opens a blank one, which is then sent to `url`. Answers null when the browser blocked it.
 */
export function openNamedWindow(opener: Opener, url: string, name: string): Window | null {
  const target = opener.open('', name);
  if (!target) return null;
  let blank: boolean;
  try {
    blank = target.location.href === 'about:blank';
  } catch {
    // Another origin's page holds that name: not ours, so it is replaced.
    blank = true;
  }
  if (blank) target.location.replace(url);
  target.focus();
  return target;
}
