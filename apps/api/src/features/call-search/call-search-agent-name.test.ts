/**
 * The call search sorted by a CSR's name (decisions 039, 062; migrations 0035, 0042): the agent (the callback CSR,
 * callBackCSRName) and the CSR who last worked the call (agentName) are kept on the call by triggers, so each sort
 * reads the call's own column. Each orders by its CSR's name both ways, ties by outbound id, calls without a CSR last
 * both ways; a renamed user's calls follow the new name, and a call given to another CSR takes that CSR's name.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { CallSearchRow } from '@cc/contract';
import { rowsOf } from '../../db/client.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { holdCall } from '../../test/calls.js';
import { search, searchAll } from './test-support.js';

/** The two names: the grid field, the CSR column and the name column kept on the call. */
const COLUMNS = [
  { field: 'callBackCSRName', csr: 'call_back_csr', name: 'call_back_csr_name' },
  { field: 'agentName', csr: 'last_access_csr', name: 'last_access_csr_name' },
] as const;

describe.each(COLUMNS)('sorted by $field', (column) => {
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
        sql`update outbound_calls set ${sql.raw(column.csr)} = ${userIds[CSRS[i % 3]!]!} where outbound_id = ${call.outboundId}`,
      );
    }
    await t.db.execute(sql`update outbound_calls set ${sql.raw(column.csr)} = null
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
      from outbound_calls o left join users a on a.user_id = o.${sql.raw(column.csr)}
      where o.outbound_id in (${sql.join(
        calls.map((c) => sql`${c.outboundId}`),
        sql`, `,
      )})`),
    );
    // The names of the test differ in their first letter: any collation orders them as code points do. Blank last.
    const sign = dir === 'asc' ? 1 : -1;
    return rows.sort((a, b) =>
      a.name === '' || b.name === ''
        ? Number(a.name === '') - Number(b.name === '') || sign * (a.id - b.id)
        : sign * (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id - b.id),
    );
  }

  const shown = (rows: CallSearchRow[]) => rows.map((r) => ({ id: r.OutboundId, name: r[column.field] }));

  async function sorted(dir: 'asc' | 'desc') {
    return shown(await searchAll(t, admin, { ...filter(), $orderby: `${column.field} ${dir}` }));
  }

  describe('the order', () => {
    it("orders by the CSR's name, both ways, ties by outbound id, calls without one last both ways", async () => {
      for (const dir of ['asc', 'desc'] as const) {
        const rows = await sorted(dir);
        expect(rows).toEqual(await expected(dir));
        expect(rows).toHaveLength(12);
      }
      const asc = await sorted('asc');
      // Casey Corbin, Jordan Owens, Sam Supervisor, each by outbound id; then the calls without a CSR.
      expect(asc.map((r) => r.name)).toEqual([
        ...Array<string>(3).fill('Casey Corbin'),
        ...Array<string>(3).fill('Jordan Owens'),
        ...Array<string>(3).fill('Sam Supervisor'),
        ...Array<string>(3).fill(''),
      ]);
      const ties = asc.slice(0, 3).map((r) => r.id);
      expect(ties).toEqual([...ties].sort((a, b) => a - b));
      const desc = await sorted('desc');
      expect(desc.map((r) => r.name)).toEqual([
        ...Array<string>(3).fill('Sam Supervisor'),
        ...Array<string>(3).fill('Jordan Owens'),
        ...Array<string>(3).fill('Casey Corbin'),
        ...Array<string>(3).fill(''),
      ]);
      expect(desc.slice(0, 9).map((r) => r.id)).toEqual(
        asc
          .slice(0, 9)
          .map((r) => r.id)
          .reverse(),
      );
      // A page of the sort is that part of the whole, and so is a page read from the end (decision 051).
      const page = await search(t, admin, { ...filter(), $orderby: `${column.field} desc`, $skip: 4, $top: 5 });
      expect(page.body.value.map((r) => r.OutboundId)).toEqual(desc.slice(4, 9).map((r) => r.id));
      const deep = t.config.gridDeepSkip;
      try {
        t.config.gridDeepSkip = 1;
        const end = await search(t, admin, { ...filter(), $orderby: `${column.field} asc`, $skip: 8, $top: 4 });
        expect(end.body.value.map((r) => r.OutboundId)).toEqual(asc.slice(8, 12).map((r) => r.id));
      } finally {
        t.config.gridDeepSkip = deep;
      }
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
      expect(asc.slice(6, 9).map((r) => r.name)).toEqual(Array<string>(3).fill('Zoe Young'));
      expect(asc.some((r) => r.name === 'Casey Corbin')).toBe(false);
      expect(await sorted('desc')).toEqual(await expected('desc'));
      // And renamed back: the calls follow again.
      await t.db.execute(sql`update users set first_name = 'Casey', last_name = 'Corbin'
      where user_id = ${userIds['csr.corporate']!}`);
      expect((await sorted('asc')).slice(0, 3).map((r) => r.name)).toEqual(Array<string>(3).fill('Casey Corbin'));
    });

    it('a call given to another CSR takes that CSR’s name', async () => {
      const before = await sorted('asc');
      const call = calls.find((c) => c.outboundId === before.find((r) => r.name === 'Jordan Owens')!.id)!;
      const other = calls.find((c) => c.outboundId === before.find((r) => r.name === '')!.id)!;
      if (column.csr === 'last_access_csr') {
        // Opened by another CSR: the call's last worker.
        const corporate = await t.signin('csr.corporate');
        await holdCall(t, corporate, { sqldbid: call.sqldbid, customerNo: call.custNo }, call.type, call.outboundId);
      } else {
        // A callback reassigned (one UPDATE of many rows, as Reassign Callbacks writes it).
        await t.db.execute(sql`update outbound_calls set call_back_csr = ${userIds['csr.corporate']!}
        where outbound_id = ${call.outboundId}`);
      }
      // Given a CSR by an update of the row, and a name written by hand is put right.
      await t.db.execute(sql`update outbound_calls set ${sql.raw(column.csr)} = ${userIds['supervisor']!}
      where outbound_id = ${other.outboundId}`);
      await t.db.execute(sql`update outbound_calls set ${sql.raw(column.name)} = 'Aaron Wrong'
      where outbound_id = ${other.outboundId}`);
      const after = await sorted('asc');
      expect(after).toEqual(await expected('asc'));
      expect(after.find((r) => r.id === call.outboundId)?.name).toBe('Casey Corbin');
      expect(after.find((r) => r.id === other.outboundId)?.name).toBe('Sam Supervisor');
      expect(after.filter((r) => r.name === 'Jordan Owens')).toHaveLength(2);
      expect(after.filter((r) => r.name === '')).toHaveLength(2);
    });

    it('every call not deleted names its CSR as users does; an insert is named too', async () => {
      await t.db.execute(sql`insert into outbound_calls (type, branchno, sqldbid, cust_no, ${sql.raw(column.csr)})
      select type, branchno, sqldbid, cust_no, ${userIds['csr.cof']!} from outbound_calls
      where outbound_id = ${calls[0]!.outboundId}`);
      await t.db.execute(sql`insert into outbound_calls (type, branchno, sqldbid, cust_no, ${sql.raw(column.name)})
      select type, branchno, sqldbid, cust_no, 'Nobody' from outbound_calls where outbound_id = ${calls[0]!.outboundId}`);
      const [wrong] = rowsOf<{ n: number; named: number }>(
        await t.db.execute(sql`select count(*) filter (where o.${sql.raw(column.name)}
          <> coalesce(a.first_name || ' ' || a.last_name, ''))::int as n,
        count(*) filter (where o.${sql.raw(column.name)} = 'Jordan Owens')::int as named
        from outbound_calls o left join users a on a.user_id = o.${sql.raw(column.csr)} where o.deleted_at is null`),
      );
      expect(wrong).toMatchObject({ n: 0 });
      expect(wrong!.named).toBeGreaterThanOrEqual(2);
    });
  });
});
