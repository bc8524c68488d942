/**
 * An open floor stream follows its user's rights (060-csv-formulas-filter-depth-floor-rights.md): it ends at once,
 * with no snapshot after the change, when the user signs out, loses the supervisor's role, is removed, or no longer
 * has the scope it streams (its new scope is a new stream's). The heartbeat here is the default 20 s, so an end within
 * a few seconds is the change's own doing. Runs on PGlite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FloorSnapshot, UserDetail } from '@cc/contract';
import { rowsOf } from '../../db/client.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { openFloorStream, ticketFor, type FloorStreamReader } from './test-support.js';

let t: TestApp;
let baseUrl: string;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  // A franchise's supervisor: the franchise user of SG101 and SG102, given role 2.
  await t.db.execute(sql`update users set role_id = 2 where username = 'csr.franchise'`);
  admin = await t.signin('admin');
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await t?.close();
});

/** A stream of the session of `token`, its first snapshot read. */
async function streamOf(token: string): Promise<FloorStreamReader> {
  const stream = await openFloorStream(baseUrl, await ticketFor(t, token));
  await stream.next(() => true);
  return stream;
}

/** What the stream does next: ends, or sends a snapshot first; 'open' when it does neither within `ms`. */
function nextOf(stream: FloorStreamReader, ms = 5000): Promise<'ended' | 'snapshot' | 'open'> {
  const snapshot = stream
    .next(() => true, ms)
    .then(
      () => 'snapshot' as const,
      (error: Error) => (error.message === 'the stream ended' ? ('ended' as const) : ('open' as const)),
    );
  return Promise.race([stream.ended.then(() => 'ended' as const), snapshot]);
}

/** A call ended on the floor, written as the end-call writes it: the floor's trigger notifies every stream. */
async function floorChanges(): Promise<void> {
  await t.db.execute(sql`insert into call_history (sqldbid, cust_no, branchno, call_direction, call_result, call_type,
      call_start, call_end, csagent) values (18001, 1001, 'SG101', 'Incoming', 'Sale', 'Inbound', now(), now(),
      'Rights Tester')`);
}

async function userId(username: string): Promise<number> {
  const [row] = rowsOf<{ user_id: number }>(
    await t.db.execute(sql`select user_id from users where username = ${username}`),
  );
  if (!row) throw new Error(`no user ${username}`);
  return row.user_id;
}

/** Save a user through the user administration, as the edit form does, with `change` made to its form. */
async function editUser(username: string, change: Record<string, unknown>): Promise<void> {
  const id = await userId(username);
  const detail = (await t.call(admin, { method: 'GET', url: `/api/users/user/${id}` })).json<UserDetail>();
  const { UserId: _, Applications: __, permissions: ___, ...fields } = detail;
  const form = { ...fields, Branches: detail.Branches.map((b) => b.branchno), ...change };
  const response = await t.call(admin, { method: 'PUT', url: `/api/users/${id}`, payload: form });
  expect(response.statusCode, response.body).toBe(200);
}

describe('an open floor stream', () => {
  it('ends at once when its session signs out', async () => {
    const token = await t.signin('supervisor');
    const stream = await streamOf(token);
    const signout = await t.call(token, { method: 'POST', url: '/api/auth/signout' });
    expect(signout.statusCode).toBeLessThan(300);
    expect(await nextOf(stream)).toBe('ended');
  });

  it('ends at once when its scope changes, with no change on the floor; opened again, it has the new scope', async () => {
    const token = await t.signin('supervisor');
    const stream = await openFloorStream(baseUrl, await ticketFor(t, token));
    const before = await stream.next(() => true);
    // From the corporate company (the independent franchises) to the company-owned one (its branches), still role 2.
    await editUser('supervisor', { CompanyId: 2 });
    // Nothing changes on the floor: the change of the user itself ends the stream (long before a heartbeat).
    expect(await nextOf(stream)).toBe('ended');
    const again = await openFloorStream(baseUrl, await ticketFor(t, token));
    const first = await again.next(() => true);
    again.close();
    const now = await t.call(token, { method: 'GET', url: '/api/supervisor/floor' });
    expect(first.lists).toEqual(now.json<FloorSnapshot>().lists);
    expect(first.lists).not.toEqual(before.lists);
  });

  it('ends, with no further snapshot, when its user loses the role that opened it', async () => {
    const stream = await streamOf(await t.signin('supervisor'));
    // Role 3, a CSR: the floor's rule (roles 2, 5, 6, 7) no longer lets the user in.
    await editUser('supervisor', { RoleId: 3 });
    await floorChanges();
    expect(await nextOf(stream)).toBe('ended');
    // A new ticket is refused too, as any request of that user now is.
    const refused = await t.call(await t.signin('supervisor'), {
      method: 'POST',
      url: '/api/supervisor/floor/stream-ticket',
    });
    expect(refused.statusCode).toBe(403);
  });

  it('ends when its user is removed', async () => {
    const stream = await streamOf(await t.signin('csr.franchise'));
    const removed = await t.call(admin, { method: 'DELETE', url: `/api/user/${await userId('csr.franchise')}` });
    expect(removed.statusCode, removed.body).toBe(200);
    await floorChanges();
    expect(await nextOf(stream)).toBe('ended');
  });
});
