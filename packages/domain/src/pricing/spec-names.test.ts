import { describe, expect, it } from 'vitest';
import { FRANCHISE_DATA } from './fixtures.js';
import { specItemFlags, UNCHOSEN, withSpecNames } from './spec-names.js';

describe("the spec's pricing names (call-handling.md §3)", () => {
  it('adds franchiseData, services (lawn, pest, additional) and bundleOnlyServices, every item unchosen', () => {
    const named = withSpecNames(FRANCHISE_DATA);
    expect(named.franchiseData).toBe(FRANCHISE_DATA.franchise);
    expect(named.services.map((s) => [s.serviceGroup, s.Id])).toEqual([
      ...FRANCHISE_DATA.lawnPrograms.map((p) => ['L', p.Id]),
      ...FRANCHISE_DATA.pestPrograms.map((p) => ['P', p.Id]),
      ...FRANCHISE_DATA.additionalServices.map((s) => ['A', s.Id]),
    ]);
    expect(named.bundleOnlyServices.map((s) => s.Id)).toEqual(
      FRANCHISE_DATA.additionalServices.filter((s) => s.bundleOnly).map((s) => s.Id),
    );
    expect(named.bundleOnlyServices.length).toBeGreaterThan(0);
    for (const item of named.services) expect(item).toMatchObject(UNCHOSEN);
  });

  it('includes in the purchase what is picked or bundled with the picked program; Free is the offer’s free', () => {
    const state = { selected: false, free: false, blocked: false, bundled: false };
    expect(specItemFlags(state).IncludeInPurchase).toBe(false);
    expect(specItemFlags({ ...state, selected: true }).IncludeInPurchase).toBe(true);
    expect(specItemFlags({ ...state, bundled: true, blocked: true })).toEqual({
      IncludeInPurchase: true,
      selected: false,
      Free: false,
      blocked: true,
      bundled: true,
    });
    expect(specItemFlags({ ...state, selected: true, free: true }).Free).toBe(true);
  });
});
