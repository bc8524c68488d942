/**
 * The price list look-ups on the demo price lists: the service year, bundles, billing, service codes and definitions,
 * offers and recommendations, each within the caller's scope. The test clock is 2026-06-15 10:00 in Chicago.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { idOf, priceList } from '../../test/price-list.js';

let t: TestApp;
let franchise: string;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  [franchise, admin] = await Promise.all([t.signin('csr.franchise'), t.signin('admin')]);
});
afterAll(async () => {
  await t.close();
});

const post = (token: string | undefined, url: string, payload: object) =>
  t.call(token, { method: 'POST', url, payload });
const get = (token: string | undefined, url: string) => t.call(token, { method: 'GET', url });
const pricing = (token: string) => priceList(t, token);

describe('price list look-ups', () => {
  it('answers the current service year in Chicago', async () => {
    const response = await get(franchise, '/api/customer/currentserviceyear');
    expect(response.json()).toEqual({ serviceYear: 2026, date: '2026-06-15' });
    expect((await get(undefined, '/api/customer/currentserviceyear')).statusCode).toBe(401);
  });

  it('bundle-only services, the services bundled in a program, billing frequency and service definition', async () => {
    const data = await pricing(franchise);
    const year = { sqldbid: 18001, serviceYear: 2026 };
    const bundleOnly = (await post(franchise, '/api/customer/bundleservices', year)).json<{ ServiceName: string }[]>();
    expect(bundleOnly.map((s) => s.ServiceName)).toEqual(['Tree & Shrub Care']);
    const bundled = await post(franchise, '/api/customer/bundleservicesbyprogram', {
      ...year,
      programId: idOf(data, 'Preferred Program'),
    });
    expect(bundled.json()).toEqual([
      {
        Id: idOf(data, 'Soil Test'),
        ServiceDefId: 350,
        ServiceName: 'Soil Test',
        serviceGroup: 'A',
        gl_account: '4600',
        fk_BillingFrequencyID: 1,
        ServiceCode: 'SOI',
      },
    ]);
    const notProgram = await post(franchise, '/api/customer/bundleservicesbyprogram', {
      ...year,
      programId: idOf(data, 'Grub Control'),
    });
    expect(notProgram.statusCode).toBe(400);
    expect(notProgram.json().message).toMatch(/^programId: /);
    const frequency = await post(franchise, '/api/customer/billingFrequency', { ...year, serviceDefId: 330 });
    expect(frequency.json()).toEqual({ ServiceDefId: 330, fk_BillingFrequencyID: 2, BillingFrequency: 'Monthly' });
    const notSold = await post(franchise, '/api/customer/billingFrequency', { ...year, serviceDefId: 999 });
    expect(notSold.json().message).toMatch(/^serviceDefId: /);
    const def = await post(franchise, '/api/customer/serviceDefId', {
      sqldbid: 18001,
      Id: idOf(data, 'Core Aeration'),
    });
    expect(def.json()).toEqual({
      Id: idOf(data, 'Core Aeration'),
      ServiceDefId: 310,
      ServiceName: 'Core Aeration',
      serviceYear: 2026,
    });
  });

  it('service codes, service descriptions, the billing payment type and the franchise year info', async () => {
    const codes = (
      await post(franchise, '/api/currentcall/getServiceCodesByServicePricing', { sqldbid: 18001, serviceYear: 2026 })
    ).json<{ ServiceName: string; ServiceCode: string }[]>();
    expect(codes.map((c) => `${c.ServiceCode} ${c.ServiceName}`)).toEqual([
      'PP Preferred Program',
      'EC Economy Program',
      'PPG Preferred Plus Program',
      'PCP Pest Control Program',
      'GRB Grub Control',
      'AER Core Aeration',
      'AOS Aeration & Overseeding',
      'LIM Lime Treatment',
      'TSC Tree & Shrub Care',
      'MOS Mosquito Control',
      'SOI Soil Test',
    ]);
    const desc = await post(franchise, '/api/currentcall/getCallCenterServiceDesc', {
      sqldbid: 18001,
      serviceDefIds: [45, 310],
    });
    expect(desc.json<{ ServiceDefId: number; Description: string }[]>().map((d) => d.ServiceDefId)).toEqual([45, 310]);
    // No pest program at Bluegrass: no service 45 either.
    const bluegrass = await post(admin, '/api/currentcall/getCallCenterServiceDesc', { sqldbid: 18010 });
    expect(bluegrass.json<{ ServiceDefId: number }[]>().map((d) => d.ServiceDefId)).not.toContain(45);

    const payment = await post(franchise, '/api/currentcall/getBillingPaymentByFranchise', { SQLDBID: 18001 });
    expect(payment.json()).toEqual({
      SQLDBID: 18001,
      billingAppType: 1,
      paymentId: 4,
      paymentName: 'Monthly Installments',
      enabled: true,
    });
    const info = await get(franchise, '/api/CurrentCall/franchise/18001/2026/info');
    expect(info.json()).toEqual({
      sqldbid: 18001,
      serviceYear: 2026,
      priceListYear: 2026,
      compName: 'Green Meadows Lawn Care',
      designation: 'IND',
      timeZone: 'America/Chicago',
      franchiseData: { TaxRate: 7.25, CallDiscount: 10, PrePayDiscount: 5, FirstAppTime: '03-15' },
      hasPreferredProgram: true,
      hasEconomyProgram: true,
      hasPestProgram: true,
      monthlyPaymentAvailable: true,
    });
    const ozark = (await get(admin, '/api/CurrentCall/franchise/18008/2026/info')).json<Record<string, unknown>>();
    expect(ozark).toMatchObject({ hasPreferredProgram: false, hasEconomyProgram: true, hasPestProgram: true });
    expect((await get(franchise, '/api/CurrentCall/franchise/18001/20x6/info')).json().message).toMatch(
      /^serviceYear: /,
    );
  });

  it('customer offers, services and recommendations', async () => {
    const body = { sqldbid: 18001, customerNo: 1001, serviceYear: 2026 };
    const offers = (await post(franchise, '/api/CurrentCall/GetCustomerOffers', body)).json<
      { description: string }[]
    >();
    expect(offers).toHaveLength(6);
    expect(offers.map((o) => o.description)).toContain('One additional service free');
    const services = await post(franchise, '/api/CurrentCall/GetCustomerServices', body);
    expect(services.statusCode).toBe(200);
    const held = services.json<{ ServiceDefId: number; orderStatus: string }[]>();
    expect(held.every((s) => s.orderStatus === 'SUBMITTED')).toBe(true);
    const recommended = (
      await post(franchise, '/api/CurrentCall/GetCustomerRecommendations', { ...body, size: 8.5 })
    ).json<{ ServiceDefId: number; FinalPrice: number; reason: string }[]>();
    expect(recommended.length).toBeGreaterThan(0);
    expect(recommended.length).toBeLessThanOrEqual(3);
    for (const r of recommended) expect(held.map((h) => h.ServiceDefId)).not.toContain(r.ServiceDefId);
    // A prospect: the Preferred Program first.
    const prospect = (
      await post(franchise, '/api/CurrentCall/GetCustomerRecommendations', { ...body, customerNo: 0, size: 8.5 })
    ).json<{ ServiceName: string; FinalPrice: number }[]>();
    expect(prospect[0]).toMatchObject({ ServiceName: 'Preferred Program', FinalPrice: 5495 });
  });

  it('scopes every look-up: csr.franchise gets 404 for Spring Green of Omaha (17501)', async () => {
    const calls: [string, string, object | null][] = [
      ['POST', '/api/customer/bundleservices', { sqldbid: 17501, serviceYear: 2026 }],
      ['POST', '/api/customer/bundleservicesbyprogram', { sqldbid: 17501, serviceYear: 2026, programId: 1 }],
      ['POST', '/api/customer/billingFrequency', { sqldbid: 17501, serviceYear: 2026, serviceDefId: 330 }],
      ['POST', '/api/customer/serviceDefId', { sqldbid: 17501, Id: 1 }],
      ['POST', '/api/CurrentCall/GetCustomerOffers', { sqldbid: 17501, customerNo: 1005, serviceYear: 2026 }],
      ['POST', '/api/CurrentCall/GetCustomerOffers', { sqldbid: 17501, customerNo: 0, serviceYear: 2026 }],
      ['POST', '/api/CurrentCall/GetCustomerServices', { sqldbid: 17501, customerNo: 1005, serviceYear: 2026 }],
      ['POST', '/api/CurrentCall/GetCustomerRecommendations', { sqldbid: 17501, customerNo: 1005, serviceYear: 2026 }],
      ['POST', '/api/currentcall/getCallCenterServiceDesc', { sqldbid: 17501 }],
      ['POST', '/api/currentcall/getServiceCodesByServicePricing', { sqldbid: 17501, serviceYear: 2026 }],
      ['POST', '/api/currentcall/getBillingPaymentByFranchise', { SQLDBID: 17501 }],
      ['GET', '/api/CurrentCall/franchise/17501/2026/info', null],
    ];
    for (const [method, url, payload] of calls) {
      const response = method === 'GET' ? await get(franchise, url) : await post(franchise, url, payload ?? {});
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      const anonymous = method === 'GET' ? await get(undefined, url) : await post(undefined, url, payload ?? {});
      expect(anonymous.statusCode, `${method} ${url} without a session`).toBe(401);
    }
    // The same calls for its own franchise answer.
    expect(
      (await post(franchise, '/api/customer/bundleservices', { sqldbid: 18001, serviceYear: 2026 })).statusCode,
    ).toBe(200);
    expect((await post(franchise, '/api/customer/bundleservices', { sqldbid: 18001 })).json().message).toMatch(
      /^serviceYear: /,
    );
  });
});
