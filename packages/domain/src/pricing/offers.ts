/** Offers (call-handling.md §5): the line an offer applies to and what it takes off that line. */
import { type Cents, applyRate, assertCents, assertPercent } from './money.js';
import { ECONOMY_OFFER_MESSAGE, FREE_SERVICE_NOT_SELECTED_MESSAGE, type LawnProgramKind } from './sale-rules.js';
import type { AdditionalService, LawnProgram, Offer } from './types.js';
import type { Work } from './work-line.js';

export function offerDiscount(offer: Offer, line: Work): { discount: Cents; reason?: string; free?: boolean } {
  const kind = offer.kind ?? null;
  if (kind === 'percent-off') {
    return { discount: applyRate(line.extendedPrice, assertPercent(offer.priceRuleValue, 'Offer priceRuleValue')) };
  }
  if (kind === '3-for-2') {
    return line.quantity > 2
      ? { discount: line.unitPrice }
      : { discount: 0, reason: `3-for-2 applies only to programs with more than 2 rounds; ${line.quantity} sold.` };
  }
  if (kind === '2-for-1' || kind === 'free-visit' || offer.pricingRule === 'FreeVisit') {
    return line.quantity > 1
      ? { discount: line.unitPrice }
      : { discount: 0, reason: `A free visit applies only to programs with more than 1 round; ${line.quantity} sold.` };
  }
  switch (offer.pricingRule) {
    case 'FreeService':
      return { discount: line.extendedPrice, free: true };
    case 'Priced': {
      const price = assertCents(offer.priceRuleValue, 'Offer priceRuleValue');
      return { discount: Math.max(0, line.unitPrice - price) * line.quantity };
    }
    case 'Reduce':
      return { discount: Math.min(line.extendedPrice, assertCents(offer.priceRuleValue, 'Offer priceRuleValue')) };
  }
}

export interface OfferContext {
  lawn: LawnProgram | null;
  lawnKind: LawnProgramKind | null;
  lawnLine: Work | null;
  additional: readonly Work[];
  services: readonly AdditionalService[];
}

/** The line an offer would apply to, or why it does not apply. */
export function offerTarget(
  offer: Offer,
  ctx: OfferContext,
  freeServiceId: number | null | undefined,
): { line: Work; reason?: undefined } | { line?: undefined; reason: string } {
  const def = offer.serviceDefinition;
  if (def.serviceGroup === 'L') {
    if (!ctx.lawn) return { reason: 'The offer needs a lawn program.' };
    if (def.id !== ctx.lawn.ServiceDefId) return { reason: `The offer is not for the ${ctx.lawn.ServiceName}.` };
    if (!ctx.lawnLine) return { reason: 'No lawn-care rounds are sold.' };
    return { line: ctx.lawnLine };
  }
  if (ctx.lawnKind === 'economy') return { reason: ECONOMY_OFFER_MESSAGE };
  if (def.id === 0 && offer.pricingRule === 'FreeService') {
    const line =
      freeServiceId === null || freeServiceId === undefined
        ? ctx.additional[0]
        : ctx.additional.find((l) => l.itemId === freeServiceId);
    return line ? { line } : { reason: FREE_SERVICE_NOT_SELECTED_MESSAGE };
  }
  const line = ctx.additional.find((l) => l.serviceDefId === def.id);
  if (line) return { line };
  if (offer.pricingRule === 'FreeService') return { reason: FREE_SERVICE_NOT_SELECTED_MESSAGE };
  const name = ctx.services.find((s) => s.ServiceDefId === def.id)?.ServiceName ?? `service ${def.id}`;
  return { reason: `The offer needs ${name} to be selected.` };
}
