/**
 * CallSearch.AllAgents, read by the search and its export (decision 055): granted, a user finds every agent's calls
 * in its scope; taken away through user administration, only the calls it worked last or holds as callbacks, on the
 * next request.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Permission } from '@cc/domain';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { setPermission, userIdOf } from '../../test/permissions.js';
import { searchAll } from './test-support.js';

let t: TestApp;
let admin: string;
let franchise: string;
let me: number;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signin('admin');
  franchise = await t.signin('csr.franchise');
  me = await userIdOf(t, 'csr.franchise');
});
afterAll(async () => {
  await t.close();
});

/** The outbound ids of the export (its first column), and whose they are is read from the search. */
async function exported(token: string): Promise<number[]> {
  const response = await t.call(token, { method: 'GET', url: '/api/odata/GetSearchOutboundCalls/export' });
  expect(response.statusCode).toBe(200);
  return response.body
    .replace(/^\ufeff/, '')
    .trim()
    .split(/\r?\n/)
    .slice(1)
    .map((line) => Number(line.split(',')[0]));
}

const mine = (row: { lastAccessCSR: number | null; callBackCSR: number | null }) =>
  row.lastAccessCSR === me || row.callBackCSR === me;

describe('CallSearch.AllAgents granted and taken away', () => {
  it('granted: the search and the export find other agents’ calls; taken away: only the user’s own', async () => {
    await setPermission(t, admin, 'csr.franchise', Permission.AllAgents, 'true');
    const every = await searchAll(t, franchise);
    expect(every.filter((r) => !mine(r)).length).toBeGreaterThan(0);
    expect((await exported(franchise)).sort()).toEqual(every.map((r) => r.OutboundId).sort());

    await setPermission(t, admin, 'csr.franchise', Permission.AllAgents, 'false');
    const own = await searchAll(t, franchise);
    expect(own.length).toBeGreaterThan(0);
    expect(own.every(mine)).toBe(true);
    expect(own.map((r) => r.OutboundId).sort()).toEqual(
      every
        .filter(mine)
        .map((r) => r.OutboundId)
        .sort(),
    );
    expect((await exported(franchise)).sort()).toEqual(own.map((r) => r.OutboundId).sort());
  });
});
