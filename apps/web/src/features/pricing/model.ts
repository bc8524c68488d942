/**
 * What the CSR has picked on the pricing tab: the engine's selections, discount flags and edits. The call screen
 * keeps it in its draft, so the end of the call sends exactly what was priced on screen, and the server prices it
 * again with the same engine.
 */
import type { PricingResponse } from '@cc/contract';
import { quote, type DiscountFlags, type PriceEdits, type Quote, type Selections } from '@cc/domain';

export interface PricingDraft {
  /** The service year priced; null for the current one. */
  serviceYear: number | null;
  selections: Selections & { additionalServiceIds: readonly number[] };
  /** An absent flag takes its default (prepay on, call discount off, automatic for the Preferred Program). */
  flags: DiscountFlags;
  /** Only users who may edit pricing can set these (canEditPricing). */
  edits: PriceEdits;
}

export const EMPTY_PRICING_DRAFT: PricingDraft = {
  serviceYear: null,
  selections: { additionalServiceIds: [] },
  flags: {},
  edits: {},
};

/** Whether anything is picked to sell: a program, a service, an offer or a coupon. */
export function hasPicks(draft: PricingDraft): boolean {
  const s = draft.selections;
  return (
    (s.lawnProgramId ?? null) !== null ||
    (s.pestProgramId ?? null) !== null ||
    s.additionalServiceIds.length > 0 ||
    (s.offerId ?? null) !== null ||
    (s.couponCode ?? '').trim() !== ''
  );
}

/** The engine's quote of the draft on this price list, as the tab shows it and the server will price it. */
export function quoteOf(data: PricingResponse, draft: PricingDraft): Quote {
  return quote({
    data,
    selections: draft.selections,
    flags: draft.flags,
    edits: draft.edits,
    customer: { isExisting: data.isExisting, lawnSize: data.lawnSize },
    date: data.date,
    serviceYear: data.serviceYear,
  });
}

/** Picks a lawn program, or drops it when it is picked again; the round and price edits belong to the program. */
export function toggleLawnProgram(draft: PricingDraft, id: number): PricingDraft {
  const next = draft.selections.lawnProgramId === id ? null : id;
  return {
    ...draft,
    selections: { ...draft.selections, lawnProgramId: next },
    edits: { ...draft.edits, lawnPrice: null, roundCount: null },
  };
}

export function togglePestProgram(draft: PricingDraft, id: number): PricingDraft {
  return {
    ...draft,
    selections: { ...draft.selections, pestProgramId: draft.selections.pestProgramId === id ? null : id },
  };
}

/** Adds an additional service (in the order picked) or takes it off; the free-service pick goes with it. */
export function toggleService(draft: PricingDraft, id: number): PricingDraft {
  const ids = draft.selections.additionalServiceIds;
  const on = ids.includes(id);
  return {
    ...draft,
    selections: {
      ...draft.selections,
      additionalServiceIds: on ? ids.filter((x) => x !== id) : [...ids, id],
      freeServiceId: on && draft.selections.freeServiceId === id ? null : draft.selections.freeServiceId,
    },
  };
}

export function withSelections(draft: PricingDraft, change: Partial<Selections>): PricingDraft {
  return { ...draft, selections: { ...draft.selections, ...change } };
}

export function withFlags(draft: PricingDraft, change: Partial<DiscountFlags>): PricingDraft {
  return { ...draft, flags: { ...draft.flags, ...change } };
}

export function withEdits(draft: PricingDraft, change: Partial<PriceEdits>): PricingDraft {
  return { ...draft, edits: { ...draft.edits, ...change } };
}

/** Dollars typed in a dialog ('54.95', 54.95) to whole cents, without float drift. */
export function centsOf(dollars: number): number {
  return Math.round(dollars * 100);
}

/** Another service year has another price list (other ids): what was picked goes; the discount flags stay. */
export function withServiceYear(draft: PricingDraft, serviceYear: number): PricingDraft {
  return { ...EMPTY_PRICING_DRAFT, flags: draft.flags, serviceYear };
}

/** Every lawn program's rounds are behind us: nothing of the service year is left to sell. */
export function seasonOver(data: Pick<PricingResponse, 'lawnPrograms'>): boolean {
  return data.lawnPrograms.length > 0 && data.lawnPrograms.every((p) => p.RemainRounds === 0);
}

/**
 * The year the pricing tab moves to by itself: the next service year, when the CSR has not chosen one and the current
 * year's prices have no lawn round left (docs/decisions/025-end-call-email-and-pricing-year.md); otherwise none.
 */
export function nextYearToOpen(
  draft: Pick<PricingDraft, 'serviceYear'>,
  currentYear: number,
  shown: Pick<PricingResponse, 'lawnPrograms' | 'serviceYear'>,
): number | null {
  if (draft.serviceYear !== null || shown.serviceYear !== currentYear) return null;
  return seasonOver(shown) ? currentYear + 1 : null;
}
