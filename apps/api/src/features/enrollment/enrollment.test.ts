import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { franchises } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { API_KEY_REFUSED } from './service.js';

const KEY = 'ucms-service-key-0123456789-abcdef';
let t: TestApp;
let off: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { ENROLLMENT_API_KEY: KEY } });
  off = await createTestApp({ env: { DEMO_PAGES: 'off' } });
});
afterAll(async () => {
  await t.close();
  await off.close();
});

const getUcms = (app: TestApp, payload: object) => app.app.inject({ method: 'POST', url: '/api/GetUCMS', payload });

describe('POST /api/GetUCMS', () => {
  it("answers a franchise's enrollment to the service's key", async () => {
    const response = await getUcms(t, { apiKey: KEY, sqldbid: 18001 });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      sqldbid: 18001,
      branchNo: 'SG101',
      compName: 'Green Meadows Lawn Care',
      designation: 'IND',
      active: true,
      autoPayEnrolled: expect.any(Boolean),
      monthlyPayment: true,
    });
    // The enrollment follows the franchise's setting.
    for (const enrolled of [true, false]) {
      await t.db.update(franchises).set({ autoPayEnrolled: enrolled }).where(eq(franchises.sqldbid, 18001));
      expect((await getUcms(t, { apiKey: KEY, sqldbid: 18001 })).json()).toMatchObject({ autoPayEnrolled: enrolled });
    }
  });

  it('refuses any other key with 401, a session included; unknown franchises 404; bad input 400 naming the field', async () => {
    for (const apiKey of [`${KEY}x`, KEY.slice(0, -1), 'x']) {
      const response = await getUcms(t, { apiKey, sqldbid: 18001 });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ message: API_KEY_REFUSED });
    }
    const admin = await t.signin('admin');
    expect(
      (await t.call(admin, { method: 'POST', url: '/api/GetUCMS', payload: { apiKey: admin, sqldbid: 18001 } }))
        .statusCode,
    ).toBe(401);
    expect((await getUcms(t, { apiKey: KEY, sqldbid: 99999 })).json()).toMatchObject({
      message: 'Franchise not found.',
    });
    expect((await getUcms(t, { apiKey: KEY, sqldbid: 99999 })).statusCode).toBe(404);
    for (const [body, field] of [
      [{ sqldbid: 18001 }, 'apiKey'],
      [{ apiKey: '', sqldbid: 18001 }, 'apiKey'],
      [{ apiKey: KEY }, 'sqldbid'],
      [{ apiKey: KEY, sqldbid: 'x' }, 'sqldbid'],
    ] as const) {
      const response = await getUcms(t, body);
      expect(response.statusCode).toBe(400);
      expect(response.json<{ message: string }>().message).toMatch(new RegExp(`^${field}: `));
    }
  });

  it('without a configured key and without demo pages, no key works', async () => {
    expect((await getUcms(off, { apiKey: KEY, sqldbid: 18001 })).statusCode).toBe(401);
  });
});

describe('the demonstration pages', () => {
  const get = (app: TestApp, url: string) => app.app.inject({ method: 'GET', url });

  it('pay a bill shows the account and the zip; a link that is not complete gets 400 naming the field', async () => {
    const response = await get(t, '/demo/pay-a-bill?customer=1001&zip=60540');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain('<dd data-fact="Account">1001</dd>');
    expect(response.body).toContain('<dd data-fact="Zip code">60540</dd>');
    const bad = await get(t, '/demo/pay-a-bill?customer=1001&zip=605401234');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('zip: must be 5 digits');
  });

  it("autopay asks GetUCMS for the franchise's enrollment with the service key", async () => {
    await t.db.update(franchises).set({ autoPayEnrolled: false }).where(eq(franchises.sqldbid, 18001));
    const response = await get(t, '/demo/autopay?customer=1001&zip=60540&sqldbid=18001');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('Green Meadows Lawn Care (SG101)');
    expect(response.body).toContain('This franchise does not take autopay.');
    expect((await get(t, '/demo/autopay?customer=1001&zip=60540&sqldbid=99999')).body).toContain(
      'Franchise not found.',
    );
  });

  it('the evaluation page escapes what the link carries', async () => {
    const response = await get(
      t,
      `/demo/evaluation?customer=1001&sqldbid=18001&code=${encodeURIComponent('<b>PE-7</b>')}`,
    );
    expect(response.body).toContain('&lt;b&gt;PE-7&lt;/b&gt;');
    expect(response.body).not.toContain('<b>PE-7');
    expect((await get(t, '/demo/evaluation?customer=1001&sqldbid=18001')).body).toContain('None on this call');
  });

  it('are not served when demo pages are off', async () => {
    expect((await get(off, '/demo/pay-a-bill?customer=1001&zip=60540')).statusCode).toBe(404);
  });
});
