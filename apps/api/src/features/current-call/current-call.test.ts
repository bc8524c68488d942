import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerVersion, holdCall } from '../../test/calls.js';
import { createTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
let franchise: string;
let franchise2: string;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  franchise = await t.signin('csr.franchise');
  franchise2 = await t.signin('admin');
  admin = franchise2;
});
afterAll(async () => {
  await t.close();
});

const post = (token: string, url: string, payload: object) => t.call(token, { method: 'POST', url, payload });

describe('opening a call', () => {
  it('one opener wins; the holder may reopen; another CSR gets the active-call message', async () => {
    const key = { sqldbid: 18001, customerNo: 1001, callType: 'Inbound' };
    expect((await post(franchise, '/api/call-center/call-active', key)).statusCode).toBe(200);
    expect((await post(franchise, '/api/call-center/call-active', key)).statusCode).toBe(200);
    const other = await post(admin, '/api/call-center/call-active', key);
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toBe('Sorry, but this call is currently active...');
    const active = (await post(admin, '/api/call-center/isCallActive', { sqldbid: 18001, customerNo: 1001 })).json();
    expect(active).toEqual({ isActive: true, mine: false, activeBy: 'Riley Franks' });
    expect(
      (await post(franchise, '/api/call-center/call-inactive', { sqldbid: 18001, customerNo: 1001 })).statusCode,
    ).toBe(200);
    expect((await post(admin, '/api/call-center/call-active', key)).statusCode).toBe(200);
  });

  it('releases a lock nobody touches after the release time', async () => {
    const key = { sqldbid: 18001, customerNo: 1002, callType: 'Inbound' };
    expect((await post(franchise, '/api/call-center/call-active', key)).statusCode).toBe(200);
    t.clock.advance(601);
    expect((await post(admin, '/api/call-center/call-active', key)).statusCode).toBe(200);
  });

  it('refuses a customer outside the scope with 404', async () => {
    const response = await post(franchise, '/api/call-center/call-active', {
      sqldbid: 18001,
      customerNo: 1003,
      callType: 'Inbound',
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('customer', () => {
  it('reads a customer, a new prospect, and says which one was not found', async () => {
    const c = await t.call(franchise, { method: 'GET', url: '/api/customer/18001/1001' });
    expect(c.json()).toMatchObject({ firstName: 'Margaret', lastName: 'Thornbury', homePhone: '(630) 555-0142' });
    const prospect = await t.call(franchise, { method: 'GET', url: '/api/customer/18001/0' });
    expect(prospect.json()).toMatchObject({ customerNo: 0, lawnSize: 0.17, zip: 'N/A', streetNo: '', streetNm: '' });
    const missing = await t.call(franchise, { method: 'GET', url: '/api/customer/18001/1003' });
    expect(missing.json().message).toBe('Customer Not Found.');
    const inbound = await t.call(franchise, { method: 'GET', url: '/api/customer/inbound/18001/1003' });
    expect(inbound.json().message).toBe('Inbound Customer Not Found.');
  });

  it('records every edit and normalises phones, keeping an invalid one as typed', async () => {
    const margaret = { sqldbid: 18001, customerNo: 1001 };
    await holdCall(t, franchise, margaret);
    const r = await t.call(franchise, {
      method: 'PUT',
      url: '/api/customer/1001/18001',
      payload: {
        version: await customerVersion(t, margaret),
        homePhone: '630.555.0199',
        cellPhone: '12345',
        firstName: 'Maggie',
      },
    });
    expect(r.statusCode).toBe(200);
    expect(r.json().customer).toMatchObject({ homePhone: '(630) 555-0199', cellPhone: '12345', firstName: 'Maggie' });
    expect(r.json().customerInfoEditId).toBeGreaterThan(0);
  });
});
