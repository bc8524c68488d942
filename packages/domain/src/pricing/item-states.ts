/** The states of the items the pricing tab shows: selected, free, blocked or bundled, and why. */
import { PricingInputError } from './money.js';
import { type OfferContext, offerDiscount, offerTarget } from './offers.js';
import { PEST_INITIAL_SERVICE_ID } from './sale-rules.js';
import { specItemFlags } from './spec-names.js';
import type { AdditionalService, ItemState, LawnProgram, Offer, OfferState, QuoteInput } from './types.js';
import type { Work } from './work-line.js';

/** An item's state with the spec's names added. */
export function itemState(state: Omit<ItemState, 'IncludeInPurchase' | 'Free'>): ItemState {
  const { IncludeInPurchase, Free } = specItemFlags(state);
  // Built field by field, in the fields' order (the answer's JSON is unchanged): a spread of objects of several
  // shapes (a reason or not) took V8's slow path and cost the engine 94 % of its speed (docs/pricing.md, "Speed").
  const { id, selected, free, blocked, bundled, reason } = state;
  return reason === undefined
    ? { id, selected, free, blocked, bundled, IncludeInPurchase, Free }
    : { id, selected, free, blocked, bundled, reason, IncludeInPurchase, Free };
}

export function serviceState(
  svc: AdditionalService,
  additional: readonly Work[],
  glTaken: ReadonlyMap<string, AdditionalService>,
  lawn: LawnProgram | null,
  bundled: readonly number[] | null,
): Omit<ItemState, 'IncludeInPurchase' | 'Free'> {
  const line = additional.find((l) => l.itemId === svc.Id);
  const state: Omit<ItemState, 'IncludeInPurchase' | 'Free'> = {
    id: svc.Id,
    selected: line !== undefined,
    free: line?.free === true,
    blocked: false,
    bundled: bundled?.includes(svc.Id) === true,
  };
  if (line) return state;
  const holder = svc.gl_account ? glTaken.get(svc.gl_account) : undefined;
  if (svc.ServiceDefId === PEST_INITIAL_SERVICE_ID) {
    state.blocked = true;
    state.reason = 'Comes with a pest program.';
  } else if (state.bundled) {
    state.blocked = true;
    state.reason = `Included in the ${lawn?.ServiceName ?? 'lawn program'}.`;
  } else if (holder) {
    state.blocked = true;
    state.reason = `Blocked by ${holder.ServiceName} on the same account.`;
  } else if (svc.bundleOnly && !lawn) {
    state.blocked = true;
    state.reason = 'Sold only with a lawn program.';
  }
  return state;
}

export function offerState(
  offer: Offer,
  ctx: OfferContext,
  selections: QuoteInput['selections'],
  applied: Offer | null,
): OfferState {
  const selected = offer.id === selections.offerId;
  if (applied === offer) return { id: offer.id, selected, applicable: true };
  const target = offerTarget(offer, ctx, selected ? selections.freeServiceId : undefined);
  if (target.reason !== undefined) return { id: offer.id, selected, applicable: false, reason: target.reason };
  // Reaching here means the offer finds its line; a round rule may still refuse it. Priced data errors surface
  // only for the selected offer, so a bad unselected offer does not break the quote.
  try {
    const result = offerDiscount(offer, target.line);
    return result.reason === undefined
      ? { id: offer.id, selected, applicable: true }
      : { id: offer.id, selected, applicable: false, reason: result.reason };
  } catch (e) {
    if (e instanceof PricingInputError) return { id: offer.id, selected, applicable: false, reason: e.message };
    throw e;
  }
}
