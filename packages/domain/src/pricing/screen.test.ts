import { describe, expect, it } from 'vitest';
import { FRANCHISE_DATA } from './fixtures.js';
import {
  ECONOMY_PLACEHOLDER,
  NO_PEST_PLACEHOLDER,
  PREFERRED_PLACEHOLDER,
  orderLawnPrograms,
  pricingPlaceholders,
  recommendServices,
  recommendationCandidates,
} from './screen.js';
import { calendarDayIn } from './calendar.js';

describe('the pricing tab', () => {
  it('quotes the placeholders of call-handling.md §8 exactly', () => {
    expect(PREFERRED_PLACEHOLDER).toBe('Preferred Pricing is NOT Available from Associated Franchise');
    expect(ECONOMY_PLACEHOLDER).toBe('Economy Pricing is NOT Available from Associated Franchise');
    expect(NO_PEST_PLACEHOLDER).toBe('No Pest Control Program is provided by this franchise.');
  });

  it('shows the Preferred Program, then the Economy Program, then the others in price-list order', () => {
    const names = orderLawnPrograms([
      { ServiceName: 'Preferred Plus Grub' },
      { ServiceName: 'Economy Program' },
      { ServiceName: 'Organic Program' },
      { ServiceName: 'Preferred Program' },
    ]).map((p) => p.ServiceName);
    expect(names).toEqual(['Preferred Program', 'Economy Program', 'Preferred Plus Grub', 'Organic Program']);
  });

  it('names the placeholders a price list needs', () => {
    expect(pricingPlaceholders(FRANCHISE_DATA)).toEqual({ preferred: false, economy: false, pest: false });
    expect(pricingPlaceholders({ lawnPrograms: [{ ServiceName: 'Preferred Plus Grub' }], pestPrograms: [] })).toEqual({
      preferred: true,
      economy: true,
      pest: true,
    });
  });
});

describe('recommendServices', () => {
  const candidates = recommendationCandidates(FRANCHISE_DATA);

  it('offers a prospect the Preferred Program, then the cheapest services one per account, then pest', () => {
    const r = recommendServices(candidates, [], 5);
    expect(r.map((x) => x.ServiceName)).toEqual([
      'Preferred Program',
      'Mosquito Control',
      'Pest Control Program',
      'Tree & Shrub Care',
      'Grub Control',
    ]);
    expect(r[0]?.reason).toBe('No lawn program this year.');
  });

  it('skips what the customer has, its accounts and what its program includes', () => {
    const withBundle = recommendationCandidates({
      ...FRANCHISE_DATA,
      lawnPrograms: FRANCHISE_DATA.lawnPrograms.map((p) => (p.Id === 1 ? { ...p, bundledServices: [14] } : p)),
    });
    // Preferred Program (101) and Core Aeration (202, account 4200) held; Mosquito Control (Id 14) is included.
    const r = recommendServices(withBundle, [101, 202, 301], 10).map((x) => x.ServiceName);
    expect(r).not.toContain('Preferred Program');
    expect(r).not.toContain('Aeration & Overseeding');
    expect(r).not.toContain('Mosquito Control');
    expect(r).toEqual(['Tree & Shrub Care', 'Grub Control']);
  });
});

describe('calendarDayIn', () => {
  it('is the day in the time zone, not in UTC', () => {
    const instant = new Date('2026-06-16T03:30:00Z');
    expect(calendarDayIn(instant, 'America/Chicago')).toBe('2026-06-15');
    expect(calendarDayIn(instant, 'UTC')).toBe('2026-06-16');
  });
});
