/**
 * The call search's agent is the call's callback CSR (administration.md §3, §7; decision 062): `callBackCSR eq` finds
 * the calls a CSR holds or completed, not those it only worked last; the row names both; the count of one agent's
 * calls comes from the counts kept in advance, exactly; sorted by the agent's name, one agent's calls come in key
 * order.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { search, searchAll } from './test-support.js';

let t: TestApp;
let admin: string;
const userIds: Record<string, number> = {};
/** Completed calls: three held by csr.cof and last worked by supervisor, three the other way round. */
let held: number[];
let worked: number[];

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signin('admin');
  for (const row of rowsOf<{ username: string; user_id: number }>(
    await t.db.execute(sql`select username, user_id from users`),
  )) {
    userIds[row.username] = row.user_id;
  }
  const ids = rowsOf<{ id: number }>(
    await t.db.execute(sql`select outbound_id as id from outbound_calls where deleted_at is null and branchno = 'SG102'
      order by outbound_id limit 6`),
  ).map((r) => r.id);
  held = ids.slice(0, 3);
  worked = ids.slice(3);
  // Nobody else's calls name these two, so the test knows every one of their calls.
  await t.db.execute(sql`update outbound_calls set call_back_csr = null
    where call_back_csr in (${userIds['csr.cof']!}, ${userIds['supervisor']!})`);
  await t.db.execute(sql`update outbound_calls set last_access_csr = null
    where last_access_csr in (${userIds['csr.cof']!}, ${userIds['supervisor']!})`);
  const set = (list: number[], cb: string, last: string) =>
    t.db.execute(sql`update outbound_calls set call_complete = true, call_back_csr = ${userIds[cb]!},
      last_access_csr = ${userIds[last]!}, last_access_date = now() - interval '1 day'
      where outbound_id in (${sql.join(
        list.map((i) => sql`${i}`),
        sql`, `,
      )})`);
  await set(held, 'csr.cof', 'supervisor');
  await set(worked, 'supervisor', 'csr.cof');
});
afterAll(async () => {
  await t.close();
});

describe('the agent filter', () => {
  it('finds the calls whose callback CSR is the agent, naming it and the last worker apart', async () => {
    const rows = await searchAll(t, admin, { $filter: `callBackCSR eq ${userIds['csr.cof']} and callComplete` });
    expect(rows.map((r) => r.OutboundId).sort((a, b) => a - b)).toEqual(held);
    for (const r of rows) {
      expect(r).toMatchObject({ callBackCSRName: 'Jordan Owens', agentName: 'Sam Supervisor' });
    }
  });

  it('counts one agent exactly from the counts kept in advance', async () => {
    const limit = t.config.callSearchCountLimit;
    try {
      t.config.callSearchCountLimit = 1;
      const answer = await search(t, admin, {
        $filter: `callBackCSR eq ${userIds['supervisor']} and callComplete`,
        $count: 'true',
        $top: 1,
      });
      expect(answer.status).toBe(200);
      expect(answer.body['@odata.count']).toBe(3);
      expect(answer.body).not.toHaveProperty('@cc.countMoreThan');
    } finally {
      t.config.callSearchCountLimit = limit;
    }
  });

  it('sorted by the agent name, one agent’s calls come in key order both ways', async () => {
    const filter = `callBackCSR eq ${userIds['csr.cof']} and callComplete`;
    const asc = await searchAll(t, admin, { $filter: filter, $orderby: 'callBackCSRName asc' });
    const desc = await searchAll(t, admin, { $filter: filter, $orderby: 'callBackCSRName desc' });
    expect(asc.map((r) => r.OutboundId)).toEqual(held);
    expect(desc.map((r) => r.OutboundId)).toEqual([...held].reverse());
  });
});
