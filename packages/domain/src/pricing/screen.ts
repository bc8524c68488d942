/**
 * What the pricing tab shows besides the quote: the spec's texts (call-handling.md §8), the order of the lawn
 * programs (§9) and the services to recommend to a customer.
 */
import { PEST_INITIAL_SERVICE_ID, lawnProgramKind } from './sale-rules.js';
import type { AdditionalService, LawnProgram, PestProgram } from './types.js';

export const PREFERRED_PLACEHOLDER = 'Preferred Pricing is NOT Available from Associated Franchise';
export const ECONOMY_PLACEHOLDER = 'Economy Pricing is NOT Available from Associated Franchise';
export const NO_PEST_PLACEHOLDER = 'No Pest Control Program is provided by this franchise.';

export const PRICE_UPDATE_CANCELLED = 'Price Update Cancelled...';
export const ROUND_COUNT_UPDATE_CANCELLED = 'Round Count Update Cancelled...';
export const CALL_DISCOUNT_UPDATE_CANCELLED = 'Call Discount Update Cancelled...';
export const PREPAY_DISCOUNT_UPDATE_CANCELLED = 'Prepay Discount Update Cancelled...';
export const PRICING_REFRESHED = 'Successfully refreshed Lawn Size and Pricing';

/** The most a CSR may set a lawn round to, in cents: a bound against typing errors ($10,000.00). */
export const MAX_EDITED_ROUND_PRICE = 1_000_000;

/**
 * Lawn programs in the order the screen shows them: the Preferred Program, then the Economy Program (§9), then
 * the others (Preferred Plus and any other program) in their price-list order.
 */
export function orderLawnPrograms<T extends Pick<LawnProgram, 'ServiceName'>>(programs: readonly T[]): T[] {
  const rank = (p: T) => {
    const kind = lawnProgramKind(p.ServiceName);
    return kind === 'preferred' ? 0 : kind === 'economy' ? 1 : 2;
  };
  return programs
    .map((p, i) => ({ p, i }))
    .sort((a, b) => rank(a.p) - rank(b.p) || a.i - b.i)
    .map(({ p }) => p);
}

/** Which placeholders the lawn and pest sections show for a franchise's price list. */
export function pricingPlaceholders(data: {
  lawnPrograms: readonly Pick<LawnProgram, 'ServiceName'>[];
  pestPrograms: readonly unknown[];
}): { preferred: boolean; economy: boolean; pest: boolean } {
  const kinds = data.lawnPrograms.map((p) => lawnProgramKind(p.ServiceName));
  return {
    preferred: !kinds.includes('preferred'),
    economy: !kinds.includes('economy'),
    pest: data.pestPrograms.length === 0,
  };
}

export interface RecommendationCandidate {
  Id: number;
  ServiceDefId: number;
  ServiceName: string;
  serviceGroup: 'L' | 'P' | 'A';
  FinalPrice: number;
  gl_account?: string | null;
  bundleOnly?: boolean | null;
  /** A lawn program's included additional services (Ids). */
  bundledServices?: readonly number[] | null;
}

export interface Recommendation extends RecommendationCandidate {
  reason: string;
}

/**
 * What to offer a customer who already has these services (by ServiceDefId) this service year, at most `limit`:
 * - without a lawn program: the Preferred Program (or the first lawn program sold);
 * - then additional services they do not have, skipping those included in a program they have, those on a
 *   gl_account they already hold (one service per account) and bundle-only ones unless they have or are offered a
 *   lawn program; cheapest first;
 * - without a pest program: the pest program.
 */
export function recommendServices(
  priceList: readonly RecommendationCandidate[],
  held: readonly number[],
  limit = 3,
): Recommendation[] {
  const has = new Set(held);
  const heldItems = priceList.filter((i) => has.has(i.ServiceDefId));
  const heldAccounts = new Set(heldItems.map((i) => i.gl_account).filter((g): g is string => !!g));
  const included = new Set(heldItems.flatMap((i) => i.bundledServices ?? []));
  const out: Recommendation[] = [];
  const lawn = priceList.filter((i) => i.serviceGroup === 'L');
  const hasLawn = lawn.some((i) => has.has(i.ServiceDefId));
  if (!hasLawn && lawn.length > 0) {
    const pick = lawn.find((i) => lawnProgramKind(i.ServiceName) === 'preferred') ?? lawn[0];
    if (pick) out.push({ ...pick, reason: 'No lawn program this year.' });
  }
  const services = priceList
    .filter((i) => i.serviceGroup === 'A' && i.ServiceDefId !== PEST_INITIAL_SERVICE_ID)
    .filter((i) => !has.has(i.ServiceDefId) && !included.has(i.Id))
    .filter((i) => !(i.gl_account && heldAccounts.has(i.gl_account)))
    .filter((i) => !i.bundleOnly || hasLawn || out.length > 0)
    .sort((a, b) => a.FinalPrice - b.FinalPrice || a.Id - b.Id);
  const seenAccounts = new Set<string>();
  for (const s of services) {
    if (s.gl_account) {
      if (seenAccounts.has(s.gl_account)) continue;
      seenAccounts.add(s.gl_account);
    }
    out.push({ ...s, reason: `Not on the customer's services this year.` });
  }
  const pest = priceList.find((i) => i.serviceGroup === 'P');
  if (pest && !priceList.some((i) => i.serviceGroup === 'P' && has.has(i.ServiceDefId))) {
    out.splice(Math.min(out.length, 2), 0, { ...pest, reason: 'No pest program this year.' });
  }
  return out.slice(0, limit);
}

/** The price-list view of a franchise's programs and services, for {@link recommendServices}. */
export function recommendationCandidates(data: {
  lawnPrograms: readonly LawnProgram[];
  pestPrograms: readonly PestProgram[];
  additionalServices: readonly AdditionalService[];
}): RecommendationCandidate[] {
  return [
    ...data.lawnPrograms.map((p) => ({
      Id: p.Id,
      ServiceDefId: p.ServiceDefId,
      ServiceName: p.ServiceName,
      serviceGroup: 'L' as const,
      FinalPrice: p.FinalPrice,
      gl_account: p.gl_account ?? null,
      bundledServices: p.bundledServices ?? null,
    })),
    ...data.pestPrograms.map((p) => ({
      Id: p.Id,
      ServiceDefId: p.ServiceDefId,
      ServiceName: p.ServiceName,
      serviceGroup: 'P' as const,
      FinalPrice: p.FinalPrice,
    })),
    ...data.additionalServices.map((s) => ({
      Id: s.Id,
      ServiceDefId: s.ServiceDefId,
      ServiceName: s.ServiceName,
      serviceGroup: 'A' as const,
      FinalPrice: s.FinalPrice,
      gl_account: s.gl_account ?? null,
      bundleOnly: s.bundleOnly ?? null,
    })),
  ];
}
