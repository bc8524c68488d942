/**
 * The sale rules the quote and the end-call screen share (call-handling.md §5, §9): the pest initial-payment
 * service, the lawn-size alert, the kinds of lawn program and the messages that refuse a sale or an offer.
 */
import { SALE_RESULTS } from '../calls.js';
import type { Quote } from './types.js';

/** The pest initial-payment bundle: excluded from order-item creation, never an installment (call-handling.md §9). */
export const PEST_INITIAL_SERVICE_ID = 45;
/** Lawn sizes above this raise an alert before continuing (call-handling.md §5). */
export const LAWN_SIZE_ALERT_ABOVE = 24;
export const ZERO_SALE_MESSAGE = 'Total sale is $0.00. You must select at least one service or program.';
export const FREE_SERVICE_NOT_SELECTED_MESSAGE = 'Free service cannot be chosen when the service is not selected.';
export const ECONOMY_OFFER_MESSAGE = 'The Economy Program is not eligible for additional-service offers.';

export type LawnProgramKind = 'preferred' | 'preferredPlus' | 'economy' | 'other';

/**
 * What a lawn program is, by its name: exactly 'Preferred Program', a name starting 'Preferred Plus', a name
 * starting 'Economy', or another program. Only 'preferred' gets the automatic call discount and carries the call
 * discount to additional services.
 */
export function lawnProgramKind(serviceName: string): LawnProgramKind {
  const name = serviceName.trim().toLowerCase();
  if (name === 'preferred program') return 'preferred';
  if (name.startsWith('preferred plus')) return 'preferredPlus';
  if (name.startsWith('economy')) return 'economy';
  return 'other';
}

/** Does a lawn size need the alert before continuing? */
export function needsLawnSizeAlert(lawnSize: number | null | undefined): boolean {
  return typeof lawnSize === 'number' && lawnSize > LAWN_SIZE_ALERT_ABOVE;
}

/**
 * The end-call message for a quote (call-handling.md §5): a Sale or Upsell whose application, additional-service,
 * initial-payment and monthly subtotals are all zero is refused. Null when the call may end.
 */
export function saleValidationMessage(q: Pick<Quote, 'totals'>, callResult: string): string | null {
  if (!(SALE_RESULTS as readonly string[]).includes(callResult)) return null;
  const t = q.totals;
  return t.lawncareTotal === 0 &&
    t.additionalServicesTotal === 0 &&
    t.pestInitialTotal === 0 &&
    t.pestMonthlyTotal === 0
    ? ZERO_SALE_MESSAGE
    : null;
}
