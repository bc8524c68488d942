/**
 * The server's quote of a call: the pricing data is loaded here, in the user's scope, and the
 * same engine the screen runs prices the call's selections, flags and edits. The server never takes totals from
 * the client. The end-call sequence (decision 010) calls {@link quoteForCall}; POST /api/customer/quote exposes it
 * (docs/decisions/006-pricing-data-and-calls.md).
 */
import { canEditPricing, quote, type DiscountFlags, type PriceEdits, type Quote, type Selections } from '@cc/domain';
import type { AppContext } from '../../context.js';
import type { AuthUser } from '../../http/auth.js';
import { AppError, badRequest } from '../../http/errors.js';
import { loadPricing, type LoadedPricing } from './service.js';

export interface CallQuoteInput {
  sqldbid: number;
  /** 0 for a new prospect, -1 for an unknown customer: priced for the franchise alone. */
  customerNo: number;
  /** Lawn size in thousands of square feet. */
  size: number;
  serviceYear: number;
  selections: Selections;
  flags?: DiscountFlags | undefined;
  edits?: PriceEdits | undefined;
}

export interface CallQuote {
  quote: Quote;
  pricing: LoadedPricing;
}

export const EDIT_NOT_ALLOWED =
  'only company-owned users, administrators and leads call-centre managers granted CallCenter.EditPricing may edit prices, rounds and discounts';

const EDIT_FIELDS = ['lawnPrice', 'roundCount', 'callDiscountPercent', 'prepayPercent'] as const;

/** The field of the request an engine error is about. */
const UNKNOWN_FIELDS: Record<string, string> = {
  UNKNOWN_LAWN_PROGRAM: 'selections.lawnProgramId',
  UNKNOWN_PEST_PROGRAM: 'selections.pestProgramId',
  UNKNOWN_SERVICE: 'selections.additionalServiceIds',
  UNKNOWN_OFFER: 'selections.offerId',
  UNKNOWN_COUPON: 'selections.couponCode',
};

/**
 * Prices a call for the user, or refuses it with a 400 naming the field: edits by a user who may not edit
 * (call-handling.md §5), edits out of bounds, monthly payment where the franchise takes none, and selections that
 * name nothing in the franchise's pricing data. Offers, coupons and services that do not apply are not errors:
 * the quote prices without them and says why in `problems`, as the screen does.
 */
export async function quoteForCall(ctx: AppContext, user: AuthUser, input: CallQuoteInput): Promise<CallQuote> {
  const edits = input.edits ?? {};
  const edited = EDIT_FIELDS.filter((f) => edits[f] !== null && edits[f] !== undefined);
  if (edited.length > 0 && !canEditPricing(user)) throw badRequest(`edits.${edited[0] ?? ''}`, EDIT_NOT_ALLOWED);

  const pricing = await loadPricing(ctx, user, input);
  const flags = input.flags ?? {};
  if (flags.monthlyPayment === true && !pricing.franchise.monthlyPayment) {
    throw badRequest('flags.monthlyPayment', 'this franchise does not take monthly payment');
  }
  const lawn = pricing.data.lawnPrograms.find((p) => p.Id === input.selections.lawnProgramId);
  for (const field of ['lawnPrice', 'roundCount'] as const) {
    if (edits[field] !== null && edits[field] !== undefined && !lawn) {
      throw badRequest(`edits.${field}`, 'needs a lawn program to be selected');
    }
  }
  if (lawn && edits.roundCount !== null && edits.roundCount !== undefined && edits.roundCount > lawn.TotalRounds) {
    throw badRequest('edits.roundCount', `must be a whole number from 1 to ${lawn.TotalRounds}`);
  }

  const result = quote({
    data: pricing.data,
    selections: input.selections,
    flags,
    edits,
    customer: { isExisting: pricing.isExisting, lawnSize: input.size },
    date: pricing.date,
    serviceYear: input.serviceYear,
  });
  for (const problem of result.problems) {
    const field = UNKNOWN_FIELDS[problem.code];
    if (field) throw badRequest(field, problem.message);
    if (problem.code === 'INVALID_EDIT')
      throw new AppError('VALIDATION', `edits: ${problem.message}`, { edits: problem.message });
  }
  return { quote: result, pricing };
}
