/**
 * The call search's counts kept in advance (migration 0037; decision 047): the triggers keep call_search_counts equal
 * to the calls whatever is written, and a search by the usual filters is counted from them exactly, past the limit
 * too, while any other search still counts its matches up to the limit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Permission } from '@cc/domain';
import { rowsOf } from '../../db/client.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { search, searchAll } from './test-support.js';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signin('admin');
});
afterAll(async () => {
  await t.close();
});

/** The counts table as it should be: the calls not deleted, grouped afresh. */
async function drift(): Promise<unknown[]> {
  return rowsOf(
    await t.db.execute(sql`
      with fresh as (
        select case when grouping(day) = 0 then 1 when grouping(branchno) = 0 then 2 else 3 end as grain,
            call_complete, type, day, branchno, call_back_csr, count(*)::int as n
          from (select call_complete, type, (last_access_date at time zone 'America/Chicago')::date as day, branchno,
              call_back_csr from outbound_calls where deleted_at is null) c
          group by grouping sets ((call_complete, type, day), (call_complete, branchno),
            (call_complete, call_back_csr))),
      kept as (select grain, call_complete, type, day, branchno, call_back_csr, n from call_search_counts where n <> 0)
      (select 'missing' as what, * from (table fresh except all table kept) a)
      union all (select 'extra', * from (table kept except all table fresh) b)`),
  );
}

const csr = sql`(select user_id from users where username = 'csr.cof')`;

describe('the triggers keep the counts', () => {
  it('after every kind of write', async () => {
    expect(await drift()).toEqual([]);
    // Calls worked and completed (an end call), one statement for many rows.
    await t.db.execute(sql`update outbound_calls set call_complete = true, last_access_csr = ${csr},
        call_back_csr = ${csr}, last_access_date = now() - (outbound_id % 40) * interval '7 hours'
      where outbound_id % 4 = 0`);
    expect(await drift()).toEqual([]);
    // Callbacks given to another CSR (Reassign Callbacks): the agent's counts move.
    await t.db
      .execute(sql`update outbound_calls set call_back_csr = (select user_id from users where username = 'admin')
      where outbound_id % 8 = 0`);
    expect(await drift()).toEqual([]);
    // One call at a time: given another type, moved to another branch, worked again, deleted, restored.
    const [one] = rowsOf<{ id: number }>(
      await t.db.execute(sql`select min(outbound_id)::int as id from outbound_calls where call_complete`),
    );
    const id = one!.id;
    await t.db.execute(sql`update outbound_calls set type = 'Upsell' where outbound_id = ${id}`);
    await t.db.execute(sql`update outbound_calls set branchno = 'SG102' where outbound_id = ${id}`);
    await t.db.execute(
      sql`update outbound_calls set last_access_date = now() - interval '40 days' where outbound_id = ${id}`,
    );
    await t.db.execute(sql`update outbound_calls set deleted_at = now() where outbound_id = ${id + 4}`);
    await t.db.execute(sql`update outbound_calls set deleted_at = now() where outbound_id = ${id + 8}`);
    await t.db.execute(sql`update outbound_calls set deleted_at = null where outbound_id = ${id + 8}`);
    expect(await drift()).toEqual([]);
    // Two calls swap their types in one statement (the multiset of counted values is the same), then one of them
    // is worked again on the same day of the call centre and given a type while deleted (nothing counted changes).
    await t.db.execute(sql`update outbound_calls o set type = s.other
      from (select outbound_id, case when outbound_id = ${id} then 'Upsell' else 'Cancel' end as other
        from outbound_calls where outbound_id in (${id}, ${id + 12})) s
      where o.outbound_id = s.outbound_id`);
    await t.db.execute(sql`update outbound_calls set last_access_date = date_trunc('day',
        now() at time zone 'America/Chicago') at time zone 'America/Chicago' + interval '1 minute'
      where outbound_id = ${id + 12}`);
    await t.db.execute(sql`update outbound_calls set last_access_date = last_access_date + interval '1 hour'
      where outbound_id = ${id + 12}`);
    await t.db.execute(sql`update outbound_calls set type = 'Extract' where outbound_id = ${id + 4}`);
    expect(await drift()).toEqual([]);
    // A large update after small ones in the same connection (PL/pgSQL keeps the plan of the trigger's first run).
    await t.db.execute(sql`update outbound_calls set last_access_date = last_access_date - interval '1 day'
      where outbound_id % 2 = 0`);
    expect(await drift()).toEqual([]);
    // New calls inserted, one and many; calls deleted for good.
    await t.db
      .execute(sql`insert into outbound_calls (sqldbid, branchno, cust_no, type, call_complete, last_access_date,
        last_access_csr, call_back_csr, first_name, last_name)
      select sqldbid, branchno, cust_no, type, true, now() - interval '3 days', ${csr}, ${csr}, first_name, last_name
      from outbound_calls where outbound_id % 7 = 1 limit 50`);
    await t.db.execute(sql`delete from leads where outbound_id in (select outbound_id from outbound_calls
      where outbound_id % 11 = 5)`);
    await t.db.execute(sql`delete from outbound_calls where outbound_id % 11 = 5`);
    expect(await drift()).toEqual([]);
  });
});

describe('a search by the usual filters is counted exactly from them', () => {
  const days = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
  it.each([
    ['(none)', ''],
    ['completed', 'callComplete'],
    ['open', 'not callComplete'],
    ['a type', "Type eq 'Cancel' and callComplete eq true"],
    ['types and days', `Type in ('Cancel','Upsell') and lastAccessDate ge ${days(5)} and lastAccessDate le ${days(1)}`],
    ['days only', `lastAccessDate gt ${days(6)} and lastAccessDate lt ${days(0)} and callComplete`],
    ['one day', `lastAccessDate eq ${days(2)}`],
    ['a branch', "branchNo eq 'SG101' and callComplete"],
    ['branches', "branchNo in ('SG101','SG102')"],
    ['an agent', 'callBackCSR eq 3 and callComplete ne false'],
  ])('%s', async (_, filter) => {
    const options: Record<string, string> = filter ? { $filter: filter } : {};
    const rows = await searchAll(t, admin, options);
    const limit = t.config.callSearchCountLimit;
    try {
      t.config.callSearchCountLimit = 2;
      const answer = await search(t, admin, { ...options, $count: 'true', $top: 3 });
      expect(answer.status).toBe(200);
      expect(answer.body).not.toHaveProperty('@cc.countMoreThan');
      expect(answer.body['@odata.count']).toBe(rows.length);
    } finally {
      t.config.callSearchCountLimit = limit;
    }
  });

  it.each([
    ['another field', "CallSource ne 'x' and callComplete"],
    ['a time of day', 'lastAccessDate ge 2020-01-01T10:00:00Z'],
    ['or', "Type eq 'Cancel' or branchNo eq 'SG101'"],
    ['type and branch', "Type eq 'Cancel' and branchNo eq 'SG101'"],
    ['the last worker (not the agent)', 'lastAccessCSR ne 0 and callComplete'],
  ])('%s: counted up to the limit', async (_, filter) => {
    const rows = await searchAll(t, admin, { $filter: filter });
    expect(rows.length).toBeGreaterThan(2);
    const limit = t.config.callSearchCountLimit;
    try {
      t.config.callSearchCountLimit = 2;
      const answer = await search(t, admin, { $filter: filter, $count: 'true', $top: 3 });
      expect(answer.body['@cc.countMoreThan']).toBe(2);
    } finally {
      t.config.callSearchCountLimit = limit;
    }
  });

  it('a franchise user with every agent: by branch from the counts, within its scope', async () => {
    await t.db.execute(sql`insert into user_permissions (user_id, application_id, permission_id, value)
      select u.user_id, p.application_id, p.permission_id, 'true' from users u, permissions p
      where u.username = 'csr.franchise' and p.permission_id = ${Permission.AllAgents}
      on conflict (user_id, permission_id) do update set value = 'true'`);
    const franchise = await t.signin('csr.franchise');
    const mine = await searchAll(t, franchise, { $filter: 'callComplete eq false' });
    expect(mine.length).toBeGreaterThan(2);
    expect(new Set(mine.map((r) => r.branchNo)).size).toBeGreaterThan(0);
    const limit = t.config.callSearchCountLimit;
    try {
      t.config.callSearchCountLimit = 2;
      const byBranch = await search(t, franchise, { $filter: 'callComplete eq false', $count: 'true', $top: 1 });
      expect(byBranch.body['@odata.count']).toBe(mine.length);
      const other = await search(t, franchise, { $filter: "branchNo eq 'PB181'", $count: 'true', $top: 1 });
      expect(other.body['@odata.count']).toBe(0);
    } finally {
      t.config.callSearchCountLimit = limit;
    }
  });
});

describe('a truncate', () => {
  it('empties the counts with the calls', async () => {
    await t.db.execute(sql`truncate outbound_calls cascade`);
    const [kept] = rowsOf<{ n: number }>(await t.db.execute(sql`select count(*)::int as n from call_search_counts`));
    expect(kept!.n).toBe(0);
  });
});
