/**
 * The pricing calls on the demo price lists. The test clock is 2026-06-15 10:00 in Chicago: service year 2026, 6
 * months left to bill, and 3 of 6 lawn rounds left (FirstAppTime 03-15: rounds on Mar 15, Apr 27, Jun 9, Jul 23,
 * Sep 4 and Oct 17). Green Meadows (18001) and Spring Green of Omaha (17501) sell at the base prices: the 8-12
 * thousand sq ft bracket has the Preferred Program at $54.95 a round, Core Aeration at $134.95.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QuoteResponse } from '@cc/contract';
import { Permission } from '@cc/domain';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { setPermission } from '../../test/permissions.js';
import { THORNBURY, idOf, priceList } from '../../test/price-list.js';

let t: TestApp;
let franchise: string;
let cof: string;
let admin: string;
let leads: string;
beforeAll(async () => {
  t = await createTestApp();
  [franchise, cof, admin, leads] = await Promise.all([
    t.signin('csr.franchise'),
    t.signin('csr.cof'),
    t.signin('admin'),
    t.signin('leadsmanager'),
  ]);
});
afterAll(async () => {
  await t.close();
});

const post = (token: string | undefined, url: string, payload: object) =>
  t.call(token, { method: 'POST', url, payload });
const pricing = (token: string, body?: object) => priceList(t, token, body);

const NOTHING_CHOSEN = { IncludeInPurchase: false, selected: false, Free: false, blocked: false, bundled: false };

describe('POST /api/customer/pricing', () => {
  it("answers the customer's franchise price list at the lawn size's bracket, with the franchise's rates", async () => {
    const data = await pricing(franchise);
    expect(data.franchise).toEqual({ TaxRate: 7.25, CallDiscount: 10, PrePayDiscount: 5, FirstAppTime: '03-15' });
    expect(data).toMatchObject({
      sqldbid: 18001,
      customerNo: 1001,
      serviceYear: 2026,
      priceListYear: 2026,
      lawnSize: 8.5,
      date: '2026-06-15',
      customerType: 'Existing Customer',
      isExisting: true,
      monthlyPaymentAvailable: true,
      franchiseInfo: { compName: 'Green Meadows Lawn Care', designation: 'IND' },
    });
    const soilTest = idOf(data, 'Soil Test');
    const grub = idOf(data, 'Grub Control');
    expect(data.lawnPrograms.map((p) => [p.ServiceName, p.FinalPrice, p.TotalRounds, p.RemainRounds])).toEqual([
      ['Preferred Program', 5495, 6, 3],
      ['Economy Program', 4595, 5, 3],
      ['Preferred Plus Program', 6495, 6, 3],
    ]);
    expect(data.lawnPrograms[0]?.bundledServices).toEqual([soilTest]);
    expect(data.lawnPrograms[2]).toMatchObject({
      ServiceNamePlus: 'Grub Control',
      ServicePricePlus: 9895,
      PreferredPlusServiceDiscount: 20,
      linkedServiceDefId: 301,
      bundledServices: [soilTest],
    });
    expect(data.pestPrograms).toEqual([
      {
        Id: idOf(data, 'Pest Control Program'),
        ServiceDefId: 201,
        ServiceName: 'Pest Control Program',
        InitialPayment: 9900,
        InitialFee: 14900,
        FinalPrice: 4495,
        fk_BillingFrequencyID: 2,
        ...NOTHING_CHOSEN,
      },
    ]);
    expect(
      data.additionalServices.map((s) => [
        s.ServiceName,
        s.FinalPrice,
        s.gl_account,
        s.fk_BillingFrequencyID,
        s.bundleOnly,
      ]),
    ).toEqual([
      ['Grub Control', 9895, '4100', 1, false],
      ['Core Aeration', 13495, '4200', 1, false],
      ['Aeration & Overseeding', 27895, '4200', 1, false],
      ['Lime Treatment', 7895, '4250', 1, false],
      ['Tree & Shrub Care', 18895, '4400', 1, true],
      ['Mosquito Control', 3895, '4300', 2, false],
      ['Soil Test', 4895, '4600', 1, false],
    ]);
    expect(grub).toBe(data.additionalServices[0]?.Id);
    // An existing customer gets everyone's offers and the loyalty offer, not the new-customer ones.
    expect(
      data.offers.map((o) => [o.description, o.pricingRule, o.kind, o.priceRuleValue, o.serviceDefinition]),
    ).toEqual([
      ['$25 off the Preferred Program', 'Reduce', null, 2500, { id: 101, serviceGroup: 'L' }],
      ['3 applications for the price of 2', 'FreeVisit', '3-for-2', 0, { id: 103, serviceGroup: 'L' }],
      ['Free grub control', 'FreeService', null, 0, { id: 301, serviceGroup: 'A' }],
      ['Core aeration for $99', 'Priced', null, 9900, { id: 310, serviceGroup: 'A' }],
      ['15% off aeration & overseeding', 'Reduce', 'percent-off', 15, { id: 311, serviceGroup: 'A' }],
      ['One additional service free', 'FreeService', null, 0, { id: 0, serviceGroup: 'A' }],
    ]);
    expect(data.coupons.map((c) => [c.CouponCode, c.CouponTypeID, c.ServiceId, c.Value, c.IsPercent])).toEqual([
      ['SAVE20', 1, null, 2000, false],
      ['SPRING10', 1, null, 10, true],
      ['GRUB10', 2, 301, 10, true],
      ['PREF15', 3, 101, 1500, false],
      ['PEST50', 1, 45, 5000, false],
    ]);
  });

  it("carries the spec's names alongside the screen's: franchiseData, services, bundleOnlyServices, item flags", async () => {
    const data = await pricing(franchise);
    expect(data.franchiseData).toEqual(data.franchise);
    const all = [...data.lawnPrograms, ...data.pestPrograms, ...data.additionalServices];
    for (const item of all) expect(item).toMatchObject(NOTHING_CHOSEN);
    expect(data.services.map((s) => [s.serviceGroup, s.Id])).toEqual([
      ...data.lawnPrograms.map((p) => ['L', p.Id]),
      ...data.pestPrograms.map((p) => ['P', p.Id]),
      ...data.additionalServices.map((s) => ['A', s.Id]),
    ]);
    expect(data.bundleOnlyServices.map((s) => s.ServiceName)).toEqual(['Tree & Shrub Care']);
  });

  it('prices by lawn-size bracket: 4.99 is the smallest bracket, 5 the next, 40 the largest', async () => {
    const price = async (size: number) =>
      (await pricing(franchise, { ...THORNBURY, size })).lawnPrograms[0]?.FinalPrice;
    expect(await price(4.99)).toBe(4195);
    expect(await price(5)).toBe(4795);
    expect(await price(40)).toBe(10995);
  });

  it('gives a prospect the new-customer offers; a year without prices uses the latest before it', async () => {
    const prospect = await pricing(franchise, { ...THORNBURY, customerNo: 0, zip: 'N/A', size: 0.17 });
    expect(prospect).toMatchObject({ customerType: 'Prospect', isExisting: false });
    expect(prospect.offers.map((o) => o.description)).toEqual([
      'First application free',
      '$25 off the Preferred Program',
      '3 applications for the price of 2',
      '2 applications for the price of 1',
      'Free grub control',
      'Core aeration for $99',
      '15% off aeration & overseeding',
    ]);
    const later = await pricing(franchise, { ...THORNBURY, pricingYear: 2040 });
    expect(later.serviceYear).toBe(2040);
    expect(later.priceListYear).toBeLessThan(2040);
    // A later service year than today: every round is still to come.
    expect(later.lawnPrograms[0]?.RemainRounds).toBe(6);
  });

  it('leaves out what a franchise does not sell: no Preferred (18008), no Economy or pest (18010)', async () => {
    const ozark = await pricing(admin, {
      sqldbid: 18008,
      customerNo: 1007,
      zip: '65802',
      size: 26.3,
      pricingYear: 2026,
    });
    expect(ozark.lawnPrograms.map((p) => p.ServiceName)).toEqual(['Economy Program']);
    expect(ozark.pestPrograms).toHaveLength(1);
    const bluegrass = await pricing(admin, { sqldbid: 18010, customerNo: 0, size: 5, pricingYear: 2026 });
    expect(bluegrass.lawnPrograms.map((p) => p.ServiceName)).toEqual(['Preferred Program', 'Preferred Plus Program']);
    expect(bluegrass.pestPrograms).toEqual([]);
    expect(bluegrass.coupons.map((c) => c.CouponCode)).not.toContain('PEST50');
  });

  it('keeps csr.franchise to its own branches, whatever the parameters say', async () => {
    // Its franchise, but a customer of branch SG103, which is not one of its branches.
    expect((await post(franchise, '/api/customer/pricing', { ...THORNBURY, customerNo: 1003 })).statusCode).toBe(404);
    // Another franchise's customer, a prospect of another franchise, and its own customer under another franchise.
    const other = await post(franchise, '/api/customer/pricing', { ...THORNBURY, sqldbid: 17501, customerNo: 1005 });
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe('Customer Not Found.');
    expect(
      (await post(franchise, '/api/customer/pricing', { ...THORNBURY, sqldbid: 17501, customerNo: 0 })).statusCode,
    ).toBe(404);
    expect((await post(franchise, '/api/customer/pricing', { ...THORNBURY, sqldbid: 17501 })).statusCode).toBe(404);
    // Another franchise's zip prices nothing of that franchise: the answer is still Green Meadows'.
    const zip = await pricing(franchise, { ...THORNBURY, zip: '68102' });
    expect(zip.franchise.TaxRate).toBe(7.25);
    expect(zip.franchiseInfo.compName).toBe('Green Meadows Lawn Care');
  });

  it('refuses bad input with a 400 naming the field, and answers 401 without a session', async () => {
    const bad = async (body: object, field: string) => {
      const response = await post(franchise, '/api/customer/pricing', body);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(new RegExp(`^${field}: `));
    };
    await bad({ ...THORNBURY, size: -1 }, 'size');
    await bad({ ...THORNBURY, size: 'big' }, 'size');
    await bad({ ...THORNBURY, pricingYear: 1999 }, 'pricingYear');
    await bad({ ...THORNBURY, zip: 'abc' }, 'zip');
    await bad({ ...THORNBURY, customerNo: -2 }, 'customerNo');
    await bad({ zip: '60540', size: 8.5, customerNo: 1001, pricingYear: 2026 }, 'sqldbid');
    expect((await post(undefined, '/api/customer/pricing', THORNBURY)).statusCode).toBe(401);
  });
});

describe('POST /api/customer/quote', () => {
  const quote = (token: string, body: object) => post(token, '/api/customer/quote', body);
  const base = { sqldbid: 18001, customerNo: 1001, zip: '60540', size: 8.5, serviceYear: 2026 };

  it('prices the call with the engine: Preferred Program, Core Aeration at the $99 offer, SAVE20, prepay', async () => {
    const data = await pricing(franchise);
    const response = await quote(franchise, {
      ...base,
      selections: {
        lawnProgramId: idOf(data, 'Preferred Program'),
        additionalServiceIds: [idOf(data, 'Core Aeration')],
        offerId: data.offers.find((o) => o.description === 'Core aeration for $99')?.id,
        couponCode: 'save20',
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const q = response.json<QuoteResponse>();
    // Lawn: $54.95 × 3 = $164.85; prepay 5 % $8.24; SAVE20 $20.00 → $136.61; tax $9.90.
    // Core Aeration: $134.95 → $99.00 (offer); prepay $4.95 → $94.05; tax $6.82.
    expect(q.case).toBe('prepay');
    expect(q.lines.map((l) => [l.serviceName, l.extendedPrice, l.extendedPriceSold, l.tax])).toEqual([
      ['Preferred Program', 16485, 13661, 990],
      ['Core Aeration', 13495, 9405, 682],
    ]);
    expect(q.totals).toMatchObject({
      applications: 3,
      appCost: 16485,
      saleSubTotal: 23066,
      saleSalesTax: 1672,
      saleTotal: 24738,
      offerDiscount: 3595,
      couponDiscount: 2000,
    });
    expect(q.states.coupon).toMatchObject({ code: 'SAVE20', applied: true, amount: 2000 });
    // The spec's item flags: the program and Core Aeration are bought; Soil Test comes with the program.
    const flags = (id: number) => {
      const s = [...q.states.lawnPrograms, ...q.states.additionalServices].find((x) => x.id === id);
      return s && [s.IncludeInPurchase, s.selected, s.Free, s.blocked, s.bundled];
    };
    expect(flags(idOf(data, 'Preferred Program'))).toEqual([true, true, false, false, false]);
    expect(flags(idOf(data, 'Core Aeration'))).toEqual([true, true, false, false, false]);
    expect(flags(idOf(data, 'Soil Test'))).toEqual([true, false, false, true, true]);
    expect(flags(idOf(data, 'Aeration & Overseeding'))).toEqual([false, false, false, true, false]);
    expect(flags(idOf(data, 'Grub Control'))).toEqual([false, false, false, false, false]);
  });

  it('lets csr.cof, the administrator and the leads manager edit prices; csr.franchise is refused', async () => {
    const data = await pricing(cof, { sqldbid: 17501, customerNo: 1005, zip: '68102', size: 12.4, pricingYear: 2026 });
    const body = {
      sqldbid: 17501,
      customerNo: 1005,
      size: 12.4,
      serviceYear: 2026,
      selections: { lawnProgramId: idOf(data, 'Preferred Program') },
      edits: { lawnPrice: 5000, roundCount: 2 },
    };
    // $50.00 × 2 = $100.00; prepay 5 % → $95.00; Omaha's tax 7 % → $6.65; $101.65.
    for (const token of [cof, admin]) {
      const response = await quote(token, body);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<QuoteResponse>().totals).toMatchObject({ appCost: 10000, saleTotal: 10165 });
    }
    // The leads manager is corporate (independent franchises): Green Meadows' tax 7.25 % of $95.00 is $6.89.
    const mine = await pricing(franchise);
    const byLeads = await quote(leads, {
      ...base,
      selections: { lawnProgramId: idOf(mine, 'Preferred Program') },
      edits: { lawnPrice: 5000, roundCount: 2 },
    });
    expect(byLeads.statusCode, byLeads.body).toBe(200);
    expect(byLeads.json<QuoteResponse>().totals).toMatchObject({ appCost: 10000, saleTotal: 10189 });
    const refused = await quote(franchise, {
      ...base,
      selections: { lawnProgramId: idOf(mine, 'Preferred Program') },
      edits: { lawnPrice: 100 },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(
      'edits.lawnPrice: only company-owned users, administrators and leads call-centre managers granted CallCenter.EditPricing may edit prices, rounds and discounts',
    );
    const discount = await quote(franchise, { ...base, edits: { callDiscountPercent: 50 } });
    expect(discount.json().message).toMatch(/^edits\.callDiscountPercent: only company-owned/);
    // Without edits, csr.franchise gets its quote.
    expect(
      (await quote(franchise, { ...base, selections: { lawnProgramId: idOf(mine, 'Preferred Program') } })).statusCode,
    ).toBe(200);
  });

  it('a user whose CallCenter.EditPricing is not granted edits nothing, within the rule or not; granted again, it does', async () => {
    const mine = await pricing(franchise);
    const body = {
      ...base,
      selections: { lawnProgramId: idOf(mine, 'Preferred Program') },
      edits: { lawnPrice: 5000 },
    };
    await setPermission(t, admin, 'leadsmanager', Permission.EditPricing, 'false');
    const refused = await quote(leads, body);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/^edits\.lawnPrice: only company-owned .* granted CallCenter\.EditPricing/);
    await setPermission(t, admin, 'leadsmanager', Permission.EditPricing, 'true');
    expect((await quote(leads, body)).statusCode).toBe(200);
  });

  it('refuses edits out of bounds, unknown selections and monthly payment where the franchise takes none', async () => {
    const data = await pricing(cof, { sqldbid: 17501, customerNo: 1005, zip: '68102', size: 12.4, pricingYear: 2026 });
    const lawn = { lawnProgramId: idOf(data, 'Preferred Program') };
    const cofBase = { sqldbid: 17501, customerNo: 1005, size: 12.4, serviceYear: 2026 };
    const message = async (body: object) =>
      (await quote(cof, { ...cofBase, ...body })).json<{ message: string }>().message;
    expect(await message({ selections: lawn, edits: { roundCount: 7 } })).toBe(
      'edits.roundCount: must be a whole number from 1 to 6',
    );
    expect(await message({ selections: lawn, edits: { lawnPrice: -1 } })).toBe('edits.lawnPrice: cannot be negative');
    expect(await message({ selections: lawn, edits: { prepayPercent: 101 } })).toMatch(/^edits\.prepayPercent: /);
    expect(await message({ selections: lawn, edits: { callDiscountPercent: 10.125 } })).toMatch(
      /^edits\.callDiscountPercent: /,
    );
    expect(await message({ edits: { roundCount: 2 } })).toBe('edits.roundCount: needs a lawn program to be selected');
    expect(await message({ selections: { lawnProgramId: 999999 } })).toMatch(/^selections\.lawnProgramId: /);
    expect(await message({ selections: { couponCode: 'NOPE' } })).toMatch(/^selections\.couponCode: /);
    // Another franchise's program id is unknown in this franchise's data.
    const mine = await pricing(franchise);
    expect(await message({ selections: { lawnProgramId: idOf(mine, 'Preferred Program') } })).toMatch(
      /^selections\.lawnProgramId: /,
    );
    // Spring Green of Springfield (17506) takes no monthly installments.
    const noMonthly = await quote(admin, {
      sqldbid: 17506,
      customerNo: 0,
      size: 5,
      serviceYear: 2026,
      flags: { monthlyPayment: true },
    });
    expect(noMonthly.json().message).toBe('flags.monthlyPayment: this franchise does not take monthly payment');
    expect((await post(undefined, '/api/customer/quote', cofBase)).statusCode).toBe(401);
  });

  it('keeps csr.franchise out of other franchises', async () => {
    expect((await quote(franchise, { ...base, sqldbid: 17501, customerNo: 1005 })).statusCode).toBe(404);
    expect((await quote(franchise, { ...base, customerNo: 1003 })).statusCode).toBe(404);
  });
});
