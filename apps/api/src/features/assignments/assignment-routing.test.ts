/**
 * An assignment routes its group's outbound rows to its CSR's lists and Next Call (decision 031):
 * while a group is assigned, its listed rows leave every other user's lists and counts (day-filtered totals too) and
 * stay on the assigned CSR's; deleting the assignment gives them back to everyone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { CsrAssignment, OutboundCount, OutboundListResponse } from '@cc/contract';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { LISTED_SQL, U, call, count, get, groupFigures, post, userIdOf } from './test-support.js';

let t: TestApp;
const tok: Record<string, string> = {};
const GROUP = { branch: 'SG101', type: 'Cancel', source: 'Outbound-Cancel' };

beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['admin', 'supervisor', 'csr.corporate', 'csr.franchise']) tok[u] = await t.signin(u);
  // A second source in the same branch and list: an assignment routes its own source only.
  await t.db
    .execute(sql`insert into outbound_calls (type, call_source, branchno, sqldbid, cust_no, first_name, last_name)
    values ('Cancel', 'Import-Cancel', 'SG101', 18001, 990001, 'Other', 'Source')`);
});
afterAll(async () => {
  await t.close();
});

async function list(who: string, path: string, query = '') {
  const a = await get<OutboundListResponse>(t, tok[who], `/api/call-center/${path}/Cancel?pageSize=1500${query}`);
  expect(a.status).toBe(200);
  return a.body;
}
async function cancelCount(who: string, path: string) {
  const a = await get<OutboundCount[]>(t, tok[who], `/api/OutboundCall/${path}`);
  return a.body.find((c) => c.CallTypeName === 'Cancel')?.count;
}
const inGroup = (r: { branchNo: string; CallSource: string }) =>
  r.branchNo === GROUP.branch && r.CallSource === GROUP.source;

describe('routing by assignment', () => {
  it('rows of an assigned group appear only on the assigned CSR’s lists; the rest of the list is unchanged', async () => {
    const open = (await groupFigures(t, GROUP.branch, GROUP.type, GROUP.source)).open;
    expect(open).toBeGreaterThan(0);
    const before = {
      franchise: await list('csr.franchise', 'outbound'),
      franchiseInd: await list('csr.franchise', 'outboundind'),
      corporate: await list('csr.corporate', 'outbound'),
      admin: await list('admin', 'outbound'),
      franchiseCount: await cancelCount('csr.franchise', 'GetOutboundCallCounts'),
      adminCount: await cancelCount('admin', 'GetOutboundCallCounts'),
    };
    expect(before.franchise.data.filter(inGroup)).toHaveLength(open);

    const assigned = await post<CsrAssignment>(t, tok.supervisor, `${U}/UpdateCsrAssignment`, {
      ...GROUP,
      userId: await userIdOf(t, 'csr.corporate'),
    });
    expect(assigned.status).toBe(200);

    const franchise = await list('csr.franchise', 'outbound');
    expect(franchise.data.filter(inGroup)).toEqual([]);
    expect(franchise.total).toBe(before.franchise.total - open);
    expect(franchise.data.map((r) => r.OutboundId)).toEqual(
      before.franchise.data.filter((r) => !inGroup(r)).map((r) => r.OutboundId),
    );
    // The other source of the same branch and list stays.
    expect(franchise.data.some((r) => r.CallSource === 'Import-Cancel' && r.branchNo === 'SG101')).toBe(true);
    expect((await list('csr.franchise', 'outboundind')).total).toBe(before.franchiseInd.total - open);
    expect(await cancelCount('csr.franchise', 'GetOutboundCallCounts')).toBe(before.franchiseCount! - open);
    expect(await cancelCount('csr.franchise', 'GetOutboundindCallCounts')).toBe(before.franchiseCount! - open);
    // Day filters count in the list itself: the same rows are gone.
    const filtered = await list('csr.franchise', 'outbound', '&callTargetFrom=2000-01-01');
    expect(filtered.data.filter(inGroup)).toEqual([]);
    expect(filtered.total).toBe(filtered.data.length);
    // An administrator is not the assigned CSR either.
    expect((await list('admin', 'outbound')).total).toBe(before.admin.total - open);
    expect(await cancelCount('admin', 'GetOutboundCallCounts')).toBe(before.adminCount! - open);

    // The assigned CSR keeps them, and their Next Call (the list's first row) can be one of them.
    const corporate = await list('csr.corporate', 'outbound', '&sort=branchNo&dir=asc');
    expect(corporate.total).toBe(before.corporate.total);
    expect(corporate.data.filter(inGroup)).toHaveLength(open);
    const first = await list('csr.corporate', 'outbound', `&branches=${GROUP.branch}&sort=callBackDate&dir=asc`);
    expect(inGroup(first.data[0]!) || first.data[0]!.CallSource === 'Import-Cancel').toBe(true);
    expect(await cancelCount('csr.corporate', 'GetOutboundCallCounts')).toBe(corporate.total);

    // Deleting the assignment gives the rows back to everyone.
    const removed = await call<{ deleted: boolean }>(t, tok.supervisor, {
      method: 'DELETE',
      url: `${U}/DeleteCsrAssignment/${assigned.body.assignmentId}`,
    });
    expect(removed.body.deleted).toBe(true);
    expect((await list('csr.franchise', 'outbound')).total).toBe(before.franchise.total);
    expect(await cancelCount('csr.franchise', 'GetOutboundCallCounts')).toBe(before.franchiseCount);
  });

  it('counts over every type equal a recount that leaves out the groups of other CSRs', async () => {
    const corporate = await userIdOf(t, 'csr.corporate');
    for (const g of [GROUP, { branch: 'SG102', type: 'Upsell', source: 'Outbound-Upsell' }]) {
      const a = await post(t, tok.admin, `${U}/UpdateCsrAssignment`, { ...g, userId: corporate });
      expect(a.status).toBe(200);
    }
    const answered = (await get<OutboundCount[]>(t, tok['csr.franchise'], '/api/OutboundCall/GetOutboundCallCounts'))
      .body;
    for (const c of answered) {
      const expected = await count(
        t,
        sql`select count(*)::int as n from outbound_calls o where ${LISTED_SQL} and o.type = ${c.CallTypeName}
          and o.branchno in ('SG101', 'SG102') and not exists (select 1 from csr_assignments a
            where a.branchno = o.branchno and a.type = o.type and a.source = o.call_source and a.user_id <> ${await userIdOf(t, 'csr.franchise')})`,
      );
      expect(c.count, c.CallTypeName).toBe(expected);
      const page = await get<OutboundListResponse>(
        t,
        tok['csr.franchise'],
        `/api/call-center/outbound/${c.CallTypeName}?pageSize=1500`,
      );
      expect(page.body.total, c.CallTypeName).toBe(expected);
    }
  });
});
