/**
 * The pricing data and item flags under the spec's own names (call-handling.md §3 "Pricing data"): `services`,
 * `bundleOnlyServices`, `franchiseData` and, on every item, `IncludeInPurchase`, `selected`, `Free`, `blocked` and
 * `bundled`. The engine and the screen keep their own names (`franchise`, `free`, the three item lists); the API
 * sends both so that a client written against the spec finds what it expects. Pure.
 */
import type { AdditionalService, ItemState, LawnProgram, PestProgram, PricingData } from './types.js';

export interface SpecItemFlags {
  /** The item becomes part of the order: picked, or included in the picked lawn program. */
  IncludeInPurchase: boolean;
  selected: boolean;
  /** Made free by the offer. */
  Free: boolean;
  /** Cannot be picked now (another service on its gl_account, bundle-only without a lawn program, …). */
  blocked: boolean;
  /** Included in the picked lawn program. */
  bundled: boolean;
}

/** The flags of an item before anything is picked: what POST /customer/pricing answers. */
export const UNCHOSEN: Readonly<SpecItemFlags> = Object.freeze({
  IncludeInPurchase: false,
  selected: false,
  Free: false,
  blocked: false,
  bundled: false,
});

/** The spec's flags of an item from the engine's state of it. */
export function specItemFlags(state: Pick<ItemState, 'selected' | 'free' | 'blocked' | 'bundled'>): SpecItemFlags {
  return {
    IncludeInPurchase: state.selected || state.bundled,
    selected: state.selected,
    Free: state.free,
    blocked: state.blocked,
    bundled: state.bundled,
  };
}

type Flagged<T> = T & SpecItemFlags;

/** The spec's names of pricing data whose items are L, P and A (the engine's, or the API's richer rows). */
export interface SpecPricingNames<F, L, P, A> {
  franchiseData: F;
  lawnPrograms: Flagged<L>[];
  pestPrograms: Flagged<P>[];
  additionalServices: Flagged<A>[];
  /** Every program and service of the franchise, lawn first, then pest, then additional services. */
  services: (
    (Flagged<L> & { serviceGroup: 'L' }) | (Flagged<P> & { serviceGroup: 'P' }) | (Flagged<A> & { serviceGroup: 'A' })
  )[];
  /** The additional services sold only with a lawn program. */
  bundleOnlyServices: Flagged<A>[];
}

/** The pricing data's spec names, every item unchosen: spread over the data (`{ ...data, ...withSpecNames(data) }`). */
export function withSpecNames<
  F extends PricingData['franchise'],
  L extends LawnProgram,
  P extends PestProgram,
  A extends AdditionalService,
>(data: {
  franchise: F;
  lawnPrograms: readonly L[];
  pestPrograms: readonly P[];
  additionalServices: readonly A[];
}): SpecPricingNames<F, L, P, A> {
  const lawnPrograms = data.lawnPrograms.map((p) => ({ ...p, ...UNCHOSEN }));
  const pestPrograms = data.pestPrograms.map((p) => ({ ...p, ...UNCHOSEN }));
  const additionalServices = data.additionalServices.map((s) => ({ ...s, ...UNCHOSEN }));
  return {
    franchiseData: data.franchise,
    lawnPrograms,
    pestPrograms,
    additionalServices,
    services: [
      ...lawnPrograms.map((p) => ({ ...p, serviceGroup: 'L' as const })),
      ...pestPrograms.map((p) => ({ ...p, serviceGroup: 'P' as const })),
      ...additionalServices.map((s) => ({ ...s, serviceGroup: 'A' as const })),
    ],
    bundleOnlyServices: additionalServices.filter((s) => s.bundleOnly === true),
  };
}
