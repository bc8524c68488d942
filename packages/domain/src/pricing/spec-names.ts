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
export type SpecService =
  | Flagged<LawnProgram & { serviceGroup: 'L' }>
  | Flagged<PestProgram & { serviceGroup: 'P' }>
  | Flagged<AdditionalService & { serviceGroup: 'A' }>;

export interface SpecPricingNames {
  franchiseData: PricingData['franchise'];
  lawnPrograms: Flagged<LawnProgram>[];
  pestPrograms: Flagged<PestProgram>[];
  additionalServices: Flagged<AdditionalService>[];
  /** Every program and service of the franchise, lawn first, then pest, then additional services. */
  services: SpecService[];
  /** The additional services sold only with a lawn program. */
  bundleOnlyServices: Flagged<AdditionalService>[];
}

/** The pricing data with the spec's names added, every item unchosen. */
export function withSpecNames<T extends PricingData>(data: T): Omit<T, keyof SpecPricingNames> & SpecPricingNames {
  const lawnPrograms = data.lawnPrograms.map((p) => ({ ...p, ...UNCHOSEN }));
  const pestPrograms = data.pestPrograms.map((p) => ({ ...p, ...UNCHOSEN }));
  const additionalServices = data.additionalServices.map((s) => ({ ...s, ...UNCHOSEN }));
  return {
    ...data,
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
