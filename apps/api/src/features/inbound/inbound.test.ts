import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
let franchise: string;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  franchise = await t.signin('csr.franchise');
  admin = await t.signin('admin');
});
afterAll(async () => {
  await t.close();
});

const search = (token: string, body: object, path = 'SearchCustomers') =>
  t.call(token, { method: 'POST', url: `/api/InboundCall/${path}`, payload: body });

describe('inbound search', () => {
  it('finds a story customer by last-name prefix, case-insensitively', async () => {
    const response = await search(admin, { lastname: 'thornb' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.rows).toHaveLength(1);
    expect(body.rows[0]).toMatchObject({
      Branch: 'SG101',
      AccountNo: 1001,
      Name: 'Thornbury, Margaret',
      SQLDBID: 18001,
    });
  });

  it('keeps an independent-franchise user to their branches whatever they send', async () => {
    const own = await search(franchise, { lastname: 'Thornbury' }, 'SearchindCustomers');
    expect(own.json().rows).toHaveLength(1);
    const other = await search(franchise, { lastname: 'Vasquez-Lund', branchno: 'SG103' }, 'SearchindCustomers');
    expect(other.json().rows).toHaveLength(0);
    const general = await search(franchise, { cust_no: '1005' });
    expect(general.json().rows).toHaveLength(0);
  });

  it('answers the total instead of rows above the limit', async () => {
    const response = await search(admin, { state: 'IL' });
    const body = response.json();
    expect(body.overLimit).toBe(true);
    expect(body.rows).toHaveLength(0);
    expect(body.total).toBeGreaterThan(body.limit);
  });

  it('refuses a search without criteria with 400', async () => {
    const response = await search(admin, {});
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('criteria: enter at least one search criterion');
  });
});
