/**
 * The call search sorted by the agent's name (decision 039, migration 0035): the name is kept on the call by triggers,
 * so the sort reads the call's own column. It orders by the name of the CSR who last worked the call, both ways, ties
 * by outbound id, calls without a CSR ('') first ascending; a renamed user's calls follow the new name, and a call
 * opened by another CSR takes that CSR's name.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { CallSearchRow } from '@cc/contract';
import { rowsOf } from '../../db/client.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { holdCall } from '../../test/calls.js';
import { search, searchAll } from './test-support.js';

let t: TestApp;
let admin: string;
/** The calls of the test: three each for three CSRs, three with none. */
let calls: { outboundId: number; sqldbid: number; custNo: number; type: string }[];
const userIds: Record<string, number> = {};

const CSRS = ['csr.corporate', 'csr.cof', 'supervisor'] as const;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signin('admin');
  for (const row of rowsOf<{ username: string; user_id: number }>(
    await t.db.execute(sql`select username, user_id from users`),
  )) {
    userIds[row.username] = row.user_id;
  }
  calls = rowsOf<{ outboundId: number; sqldbid: number; custNo: number; type: string }>(
    await t.db.execute(sql`select outbound_id as "outboundId", sqldbid, cust_no as "custNo", type from outbound_calls
      where deleted_at is null and cust_no > 0 and branchno = 'SG101' order by outbound_id desc limit 12`),
  );
  expect(calls).toHaveLength(12);
  // Interleaved, so that the id order is not the name order. The last three keep no CSR.
  for (const [i, call] of calls.slice(0, 9).entries()) {
    await t.db.execute(
      sql`update outbound_calls set last_access_csr = ${userIds[CSRS[i % 3]!]!} where outbound_id = ${call.outboundId}`,
    );
  }
  await t.db.execute(sql`update outbound_calls set last_access_csr = null
    where outbound_id in (${sql.join(
      calls.slice(9).map((c) => sql`${c.outboundId}`),
      sql`, `,
    )})`);
});
afterAll(async () => {
  await t.close();
});

const filter = () => ({ $filter: `OutboundId in (${calls.map((c) => c.outboundId).join(',')})` });

/** The name of each call's CSR now, read from users (what the grid once joined), and the expected order. */
async function expected(dir: 'asc' | 'desc'): Promise<{ id: number; name: string }[]> {
  const rows = rowsOf<{ id: number; name: string }>(
    await t.db.execute(sql`select o.outbound_id as id, coalesce(a.first_name || ' ' || a.last_name, '') as name
      from outbound_calls o left join users a on a.user_id = o.last_access_csr
      where o.outbound_id in (${sql.join(
        calls.map((c) => sql`${c.outboundId}`),
        sql`, `,
      )})`),
  );
  // The names of the test differ in their first letter: any collation orders them as code points do.
  const sign = dir === 'asc' ? 1 : -1;
  return rows.sort((a, b) => sign * (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id - b.id));
}

const shown = (rows: CallSearchRow[]) => rows.map((r) => ({ id: r.OutboundId, name: r.agentName }));

async function sorted(dir: 'asc' | 'desc') {
  return shown(await searchAll(t, admin, { ...filter(), $orderby: `agentName ${dir}` }));
}

describe('sorted by the agent name', () => {
  it('orders by the name of the CSR who last worked the call, both ways, ties by outbound id', async () => {
    for (const dir of ['asc', 'desc'] as const) {
      const rows = await sorted(dir);
      expect(rows).toEqual(await expected(dir));
      expect(rows).toHaveLength(12);
    }
    const asc = await sorted('asc');
    // No CSR: '' (first ascending); then Casey Corbin, Jordan Owens, Sam Supervisor, each by outbound id.
    expect(asc.map((r) => r.name)).toEqual([
      ...Array<string>(3).fill(''),
      ...Array<string>(3).fill('Casey Corbin'),
      ...Array<string>(3).fill('Jordan Owens'),
      ...Array<string>(3).fill('Sam Supervisor'),
    ]);
    const ties = asc.slice(3, 6).map((r) => r.id);
    expect(ties).toEqual([...ties].sort((a, b) => a - b));
    const desc = await sorted('desc');
    expect(desc.map((r) => r.id)).toEqual(asc.map((r) => r.id).reverse());
    // A page of the sort is that part of the whole.
    const page = await search(t, admin, { ...filter(), $orderby: 'agentName desc', $skip: 4, $top: 5 });
    expect(page.body.value.map((r) => r.OutboundId)).toEqual(desc.slice(4, 9).map((r) => r.id));
  });

  it('a user renamed: their calls show and sort by the new name', async () => {
    const corporate = await t.signin('csr.corporate');
    const renamed = await t.call(corporate, {
      method: 'PUT',
      url: `/api/user/${userIds['csr.corporate']}/profile`,
      payload: { FirstName: 'Zoe', LastName: 'Young', Email: '' },
    });
    expect(renamed.statusCode).toBe(200);
    const asc = await sorted('asc');
    expect(asc).toEqual(await expected('asc'));
    expect(asc.slice(9).map((r) => r.name)).toEqual(Array<string>(3).fill('Zoe Young'));
    expect(asc.some((r) => r.name === 'Casey Corbin')).toBe(false);
    expect(await sorted('desc')).toEqual(await expected('desc'));
    // And renamed back: the calls follow again.
    await t.db.execute(sql`update users set first_name = 'Casey', last_name = 'Corbin'
      where user_id = ${userIds['csr.corporate']!}`);
    expect((await sorted('asc')).slice(3, 6).map((r) => r.name)).toEqual(Array<string>(3).fill('Casey Corbin'));
  });

  it('a call opened by another CSR takes that CSR’s name', async () => {
    const before = await sorted('asc');
    const call = calls.find((c) => c.outboundId === before.find((r) => r.name === 'Jordan Owens')!.id)!;
    const other = calls.find((c) => c.outboundId === before.find((r) => r.name === '')!.id)!;
    const corporate = await t.signin('csr.corporate');
    await holdCall(t, corporate, { sqldbid: call.sqldbid, customerNo: call.custNo }, call.type, call.outboundId);
    // Given a CSR by an update of the row, and a name written by hand is put right.
    await t.db.execute(sql`update outbound_calls set last_access_csr = ${userIds['supervisor']!}
      where outbound_id = ${other.outboundId}`);
    await t.db.execute(sql`update outbound_calls set last_access_csr_name = 'Aaron Wrong'
      where outbound_id = ${other.outboundId}`);
    const after = await sorted('asc');
    expect(after).toEqual(await expected('asc'));
    expect(after.find((r) => r.id === call.outboundId)?.name).toBe('Casey Corbin');
    expect(after.find((r) => r.id === other.outboundId)?.name).toBe('Sam Supervisor');
    expect(after.filter((r) => r.name === 'Jordan Owens')).toHaveLength(2);
    expect(after.filter((r) => r.name === '')).toHaveLength(2);
  });

  it('every call not deleted names its CSR as users does; an insert is named too', async () => {
    await t.db.execute(sql`insert into outbound_calls (type, branchno, sqldbid, cust_no, last_access_csr)
      select type, branchno, sqldbid, cust_no, ${userIds['csr.cof']!} from outbound_calls
      where outbound_id = ${calls[0]!.outboundId}`);
    await t.db.execute(sql`insert into outbound_calls (type, branchno, sqldbid, cust_no, last_access_csr_name)
      select type, branchno, sqldbid, cust_no, 'Nobody' from outbound_calls where outbound_id = ${calls[0]!.outboundId}`);
    const [wrong] = rowsOf<{ n: number; named: number }>(
      await t.db.execute(sql`select count(*) filter (where o.last_access_csr_name
          <> coalesce(a.first_name || ' ' || a.last_name, ''))::int as n,
        count(*) filter (where o.last_access_csr_name = 'Jordan Owens')::int as named
        from outbound_calls o left join users a on a.user_id = o.last_access_csr where o.deleted_at is null`),
    );
    expect(wrong).toEqual({ n: 0, named: 3 });
  });
});
