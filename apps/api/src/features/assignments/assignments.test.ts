/**
 * Assign Service Reps (administration.md §3, §5-7; decision 031): the guard, the groups and their
 * figures, giving a group to a CSR, deleting an assignment, marking a list complete, the source and CSR lists, the
 * franchise scope, bad input and the audit rows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { CsrAssignment, SccDbUser } from '@cc/contract';
import { rowsOf } from '../../db/client.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import {
  LISTED_SQL,
  U,
  addFranchiseSupervisor,
  auditSince,
  call,
  count,
  get,
  groupFigures,
  maxAuditId,
  post,
  snapshot,
  userIdOf,
} from './test-support.js';

let t: TestApp;
const tok: Record<string, string> = {};
const id: Record<string, number> = {};
const GROUP = { branch: 'SG101', type: 'Cancel', source: 'Outbound-Cancel' };

beforeAll(async () => {
  t = await createTestApp();
  await addFranchiseSupervisor(t);
  for (const u of [
    'admin',
    'supervisor',
    'csr.corporate',
    'csr.cof',
    'csr.franchise',
    'usermanager',
    'franchise.sup',
  ]) {
    tok[u] = await t.signin(u);
    id[u] = await userIdOf(t, u);
  }
});
afterAll(async () => {
  await t.close();
});

const all = async (who: string) => {
  const a = await get<CsrAssignment[]>(t, tok[who], `${U}/GetAllAssignments`);
  expect(a.status).toBe(200);
  return a.body;
};
const find = (rows: CsrAssignment[], g: { branch: string; type: string; source: string }) =>
  rows.find((r) => r.branch === g.branch && r.type === g.type && r.source === g.source);
const assign = (who: string, body: Record<string, unknown>) =>
  post<CsrAssignment>(t, tok[who], `${U}/UpdateCsrAssignment`, body);
const markComplete = (who: string, body: Record<string, unknown>) =>
  post<{ count: number }>(t, tok[who], `${U}/SetGroupCallStatus`, {
    csrId: id[who],
    callType: 'Outbound',
    callStatusType: 'Complete',
    ...body,
  });

describe('the guard: roles 2, 5, 6, 7 (and 1) on every call', () => {
  const calls = [
    { method: 'GET', url: `${U}/GetAllAssignments` },
    { method: 'POST', url: `${U}/UpdateCsrAssignment`, payload: { ...GROUP, userId: 1 } },
    { method: 'DELETE', url: `${U}/DeleteCsrAssignment/1` },
    { method: 'GET', url: `${U}/GetSourceList/COF` },
    { method: 'GET', url: `${U}/GetSCCDbUsers` },
    {
      method: 'POST',
      url: `${U}/SetGroupCallStatus`,
      payload: {
        csrId: 1,
        selcsrId: null,
        callType: 'Outbound',
        callStatusType: 'Complete',
        branchNo: 'SG101',
        type: 'Cancel',
        source: 'x',
      },
    },
    { method: 'GET', url: `${U}/GetCallbacks` },
    { method: 'POST', url: `${U}/updateCallbacks`, payload: { rows: [{ OutboundId: 1, callBackCSR: 1 }] } },
  ] as const;
  it.each(calls)('$method $url: 401 without a session, 403 for CSRs, nothing written', async (c) => {
    const before = await snapshot(t);
    expect((await call(t, undefined, c)).status).toBe(401);
    for (const who of ['csr.corporate', 'csr.cof', 'csr.franchise']) {
      const a = await call<{ message: string }>(t, tok[who], c);
      expect(a.status, who).toBe(403);
      expect(a.body.message).toBe('Access Denied.');
    }
    expect(await snapshot(t)).toBe(before);
  });
  it('the supervisor (2) and the user administrator (6) are let in', async () => {
    expect((await get(t, tok.supervisor, `${U}/GetAllAssignments`)).status).toBe(200);
    expect((await get(t, tok.usermanager, `${U}/GetSCCDbUsers`)).status).toBe(200);
  });
});

describe('GetAllAssignments', () => {
  it('one row per group with open calls; its figures are a recount of the rows', async () => {
    const rows = await all('admin');
    const expected = rowsOf<{
      branch: string;
      type: string;
      source: string;
      open: number;
      attempts: number;
      without: number;
    }>(
      await t.db.execute(sql`select o.branchno as branch, o.type, o.call_source as source, count(*)::int as open,
          sum(o.call_attempts)::int as attempts, (count(*) filter (where o.call_attempts = 0))::int as without
        from outbound_calls o where ${LISTED_SQL} group by 1, 2, 3`),
    );
    expect(rows).toHaveLength(expected.length);
    for (const e of expected) {
      const row = find(rows, e);
      expect(row, `${e.branch} ${e.type} ${e.source}`).toMatchObject({
        openCalls: e.open,
        callAttempts: e.attempts,
        callsWithoutAttempts: e.without,
        assignmentId: null,
        userId: null,
        csrName: '',
        callComplete: false,
        completedAt: null,
      });
    }
    expect(expected.some((e) => e.attempts > 0 && e.without > 0)).toBe(true);
  });

  it('scope: the corporate supervisor sees every franchise’s groups, a franchise supervisor its branch', async () => {
    const designation = new Map(
      rowsOf<{ b: string; d: string }>(
        await t.db.execute(sql`select branchno as b, designation as d from franchises`),
      ).map((r) => [r.b, r.d]),
    );
    // The corporate call centre runs the company-owned lists as well as the independent ones (decision 065).
    const sup = await all('supervisor');
    expect(new Set(sup.map((r) => designation.get(r.branch)))).toEqual(new Set(['COF', 'IND']));
    expect(sup).toEqual(await all('admin'));
    const franchise = await all('franchise.sup');
    expect(franchise.length).toBeGreaterThan(0);
    expect(new Set(franchise.map((r) => r.branch))).toEqual(new Set(['SG101']));
  });
});

describe('UpdateCsrAssignment', () => {
  it('gives a group to a CSR, changes its CSR, and a repeat changes nothing; each change is audited', async () => {
    const mark = await maxAuditId(t);
    const first = await assign('supervisor', { ...GROUP, branch: 'sg101', userId: id['csr.corporate'] });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      ...GROUP,
      userId: id['csr.corporate'],
      csrName: 'Casey Corbin',
      callComplete: false,
    });
    expect(first.body.assignmentId).toBeGreaterThan(0);
    const figures = await groupFigures(t, GROUP.branch, GROUP.type, GROUP.source);
    expect(first.body.openCalls).toBe(figures.open);

    const again = await assign('supervisor', { ...GROUP, userId: id['csr.corporate'] });
    expect(again.body.assignmentId).toBe(first.body.assignmentId);
    const changed = await assign('admin', { ...GROUP, userId: id['csr.cof'] });
    expect(changed.body).toMatchObject({
      assignmentId: first.body.assignmentId,
      userId: id['csr.cof'],
      csrName: 'Jordan Owens',
    });
    expect(find(await all('admin'), GROUP)?.userId).toBe(id['csr.cof']);

    const audit = await auditSince(t, mark);
    expect(audit).toEqual([
      expect.objectContaining({
        action: 'create',
        entity: 'csr_assignment',
        actor_user_id: id.supervisor,
        after: { ...GROUP, userId: id['csr.corporate'] },
      }),
      expect.objectContaining({
        action: 'update',
        entity: 'csr_assignment',
        actor_user_id: id.admin,
        before: { ...GROUP, userId: id['csr.corporate'] },
        after: { ...GROUP, userId: id['csr.cof'] },
      }),
    ]);
  });

  it('a group can be given out before its list is imported', async () => {
    const group = { branch: 'SG102', type: 'Upsell', source: 'Spring Postcards 2027' };
    const a = await assign('admin', { ...group, userId: id['csr.corporate'] });
    expect(a.status).toBe(200);
    expect(a.body).toMatchObject({ ...group, openCalls: 0, callAttempts: 0, callComplete: false });
    expect(find(await all('admin'), group)?.userId).toBe(id['csr.corporate']);
  });

  it.each([
    [{ ...GROUP, userId: 'csr.franchise' }, 'userId'],
    [{ ...GROUP, userId: 'usermanager' }, 'userId'],
    [{ ...GROUP, userId: 999999 }, 'userId'],
    [{ ...GROUP, userId: 0 }, 'userId'],
    [{ ...GROUP, branch: 'NOPE1', userId: 'csr.cof' }, 'branch'],
    [{ ...GROUP, branch: '', userId: 'csr.cof' }, 'branch'],
    [{ ...GROUP, type: 'Bogus', userId: 'csr.cof' }, 'type'],
    [{ ...GROUP, source: '', userId: 'csr.cof' }, 'source'],
    [{ ...GROUP, source: 'x'.repeat(101), userId: 'csr.cof' }, 'source'],
    [{ branch: 'SG101', type: 'Cancel', userId: 'csr.cof' }, 'source'],
  ])('%j: 400 naming %s, nothing written', async (body, field) => {
    const before = await snapshot(t);
    const userId = typeof body.userId === 'string' ? id[body.userId] : body.userId;
    const a = await assign('admin', { ...body, userId });
    expect(a.status).toBe(400);
    expect((a.body as unknown as { message: string }).message).toMatch(new RegExp(`^${field}: `));
    expect(await snapshot(t)).toBe(before);
  });

  it('a franchise supervisor gives out its own branch only', async () => {
    const before = await snapshot(t);
    const outside = await assign('franchise.sup', {
      branch: 'SG102',
      type: 'Cancel',
      source: 'Outbound-Cancel',
      userId: id['csr.cof'],
    });
    expect(outside.status).toBe(400);
    expect((outside.body as unknown as { message: string }).message).toMatch(/^branch: /);
    expect(await snapshot(t)).toBe(before);
    const own = await assign('franchise.sup', {
      branch: 'SG101',
      type: 'Upsell',
      source: 'Outbound-Upsell',
      userId: id['csr.cof'],
    });
    expect(own.status).toBe(200);
  });
});

describe('DeleteCsrAssignment', () => {
  it('deletes and audits; a repeat answers deleted: false; outside the scope nothing is deleted', async () => {
    const created = await assign('admin', {
      branch: 'SG102',
      type: 'Cancel',
      source: 'Outbound-Cancel',
      userId: id['csr.cof'],
    });
    const path = `${U}/DeleteCsrAssignment/${created.body.assignmentId}`;
    const before = await snapshot(t);
    const refused = await call<{ deleted: boolean }>(t, tok['franchise.sup'], { method: 'DELETE', url: path });
    expect(refused.status).toBe(200);
    expect(refused.body.deleted).toBe(false);
    expect(await snapshot(t)).toBe(before);

    const mark = await maxAuditId(t);
    const done = await call<{ deleted: boolean }>(t, tok.supervisor, { method: 'DELETE', url: path });
    expect(done.body.deleted).toBe(true);
    expect(
      find(await all('admin'), { branch: 'SG102', type: 'Cancel', source: 'Outbound-Cancel' })?.assignmentId,
    ).toBeNull();
    expect(await auditSince(t, mark)).toEqual([
      expect.objectContaining({
        action: 'delete',
        entity: 'csr_assignment',
        entity_id: String(created.body.assignmentId),
      }),
    ]);
    expect((await call<{ deleted: boolean }>(t, tok.supervisor, { method: 'DELETE', url: path })).body.deleted).toBe(
      false,
    );
  });

  it.each(['abc', '0', '-3', '99999999999'])('/%s: 400 naming assignmentId', async (bad) => {
    const a = await call<{ message: string }>(t, tok.admin, {
      method: 'DELETE',
      url: `${U}/DeleteCsrAssignment/${bad}`,
    });
    expect(a.status).toBe(400);
    expect(a.body.message).toMatch(/^assignmentId: /);
  });
});

describe('SetGroupCallStatus: Mark List Complete', () => {
  const group = { branch: 'SLI010', type: 'Upsell', source: 'Outbound-Upsell' };
  const body = { branchNo: group.branch, type: group.type, source: group.source };

  it('refuses a stale CSR (409) and bad fields (400), writing nothing', async () => {
    await assign('admin', { ...group, userId: id['csr.cof'] });
    const before = await snapshot(t);
    const stale = await markComplete('admin', { ...body, selcsrId: id['csr.corporate'] });
    expect(stale.status).toBe(409);
    for (const [payload, field] of [
      [{ ...body, selcsrId: id['csr.cof'], csrId: id['csr.cof'] }, 'csrId'],
      [{ ...body, selcsrId: id['csr.cof'], callType: 'Inbound' }, 'callType'],
      [{ ...body, selcsrId: id['csr.cof'], callStatusType: 'Open' }, 'callStatusType'],
      [{ ...body, selcsrId: id['csr.cof'], branchNo: 'ZZ999' }, 'branchNo'],
      [{ ...body, selcsrId: id['csr.cof'], type: 'Inbound' }, 'type'],
      [{ ...body, selcsrId: 'x' }, 'selcsrId'],
    ] as const) {
      const a = await markComplete('admin', payload);
      expect(a.status, field).toBe(400);
      expect((a.body as unknown as { message: string }).message).toMatch(new RegExp(`^${field}: `));
    }
    expect(await snapshot(t)).toBe(before);
  });

  it('completes the open calls of the group only, records it, and a repeat completes nothing', async () => {
    const figures = await groupFigures(t, group.branch, group.type, group.source);
    expect(figures.open).toBeGreaterThan(0);
    const others = await count(
      t,
      sql`select count(*)::int as n from outbound_calls o where ${LISTED_SQL}
      and not (o.branchno = ${group.branch} and o.type = ${group.type} and o.call_source = ${group.source})`,
    );
    const mark = await maxAuditId(t);
    const openIds = rowsOf<{ outbound_id: number }>(
      await t.db.execute(sql`select outbound_id from outbound_calls o where ${LISTED_SQL}
        and o.branchno = ${group.branch} and o.type = ${group.type} and o.call_source = ${group.source}`),
    ).map((r) => r.outbound_id);
    const a = await markComplete('admin', { ...body, selcsrId: id['csr.cof'] });
    expect(a.status).toBe(200);
    expect(a.body.count).toBe(figures.open);
    // Who completed them and when: the call search's agent (the callback CSR) and last-accessed date (decision 062).
    const [recorded] = rowsOf<{ n: number }>(
      await t.db.execute(sql`select count(*)::int as n from outbound_calls
      where outbound_id in (${sql.join(
        openIds.map((i) => sql`${i}`),
        sql`, `,
      )}) and call_complete and call_back_csr = ${id.admin} and last_access_csr = ${id.admin}
        and last_access_date = ${t.clock.now().toISOString()}::timestamptz`),
    );
    expect(recorded?.n).toBe(openIds.length);
    expect((await groupFigures(t, group.branch, group.type, group.source)).open).toBe(0);
    expect(await count(t, sql`select count(*)::int as n from outbound_calls o where ${LISTED_SQL}`)).toBe(others);
    const row = find(await all('admin'), group);
    expect(row).toMatchObject({ callComplete: true, openCalls: 0, userId: id['csr.cof'] });
    expect(row?.completedAt).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(await auditSince(t, mark)).toEqual([
      expect.objectContaining({
        action: 'update',
        entity: 'outbound_list',
        after: { ...group, callComplete: true, completed: figures.open },
      }),
    ]);
    expect((await markComplete('admin', { ...body, selcsrId: id['csr.cof'] })).body.count).toBe(0);
  });

  it('an unassigned web-lead list: its web leads close too, and the group leaves the grid', async () => {
    const wl = { branch: 'SG102', type: 'WebLead', source: 'Outbound-WebLead' };
    const open = (await groupFigures(t, wl.branch, wl.type, wl.source)).open;
    expect(open).toBeGreaterThan(0);
    const a = await markComplete('supervisor', {
      branchNo: wl.branch,
      type: wl.type,
      source: wl.source,
      selcsrId: null,
    });
    expect(a.body.count).toBe(open);
    expect(
      await count(
        t,
        sql`select count(*)::int as n from web_leads w join outbound_calls o on o.web_lead_call_id = w.web_lead_id
        where o.branchno = ${wl.branch} and o.type = 'WebLead' and o.call_source = ${wl.source} and w.status = 'new'`,
      ),
    ).toBe(0);
    expect(find(await all('admin'), wl)).toBeUndefined();
  });

  it('a franchise supervisor cannot complete another branch', async () => {
    const before = await snapshot(t);
    const a = await markComplete('franchise.sup', {
      branchNo: 'SG102',
      type: 'Cancel',
      source: 'Outbound-Cancel',
      selcsrId: null,
    });
    expect(a.status).toBe(400);
    expect(await snapshot(t)).toBe(before);
  });
});

describe('GetSourceList and GetSCCDbUsers', () => {
  it("GetSourceList('COF'): the sources of the company-owned open lists, with their calls", async () => {
    for (const designation of ['COF', 'IND'] as const) {
      const a = await get<{ source: string; calls: number }[]>(t, tok.admin, `${U}/GetSourceList/${designation}`);
      expect(a.status).toBe(200);
      const expected = rowsOf<{ source: string; calls: number }>(
        await t.db.execute(sql`select o.call_source as source, count(*)::int as calls from outbound_calls o
          join franchises f on f.branchno = o.branchno where ${LISTED_SQL} and f.designation = ${designation}
          group by 1 order by 1`),
      );
      expect(a.body).toEqual(expected);
      expect(a.body.length).toBeGreaterThan(1);
    }
    // The corporate supervisor runs the company-owned lists (decision 065); a franchise supervisor has none of them.
    const cof = await get<unknown[]>(t, tok.admin, `${U}/GetSourceList/COF`);
    expect((await get<unknown[]>(t, tok.supervisor, `${U}/GetSourceList/COF`)).body).toEqual(cof.body);
    expect((await get<unknown[]>(t, tok['franchise.sup'], `${U}/GetSourceList/COF`)).body).toEqual([]);
    const bad = await get<{ message: string }>(t, tok.admin, `${U}/GetSourceList/XYZ`);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^designation: /);
  });

  it('GetSCCDbUsers: users with allowCorporate or isAdmin, their flags, and franchise CSRs of the scope', async () => {
    const a = await get<SccDbUser[]>(t, tok.supervisor, `${U}/GetSCCDbUsers`);
    const names = a.body.map((u) => u.username).sort();
    expect(names).toEqual(['admin', 'csr.cof', 'csr.corporate', 'csr.franchise', 'leadsmanager', 'supervisor']);
    expect(a.body.find((u) => u.username === 'admin')).toMatchObject({ isAdmin: true, allowCorporate: true });
    expect(a.body.find((u) => u.username === 'csr.franchise')).toMatchObject({
      allowFranchise: true,
      allowCorporate: false,
      isAdmin: false,
    });
    // csr.franchise's branches are independent: not a colleague of a company-owned-only scope.
    await t.db.execute(sql`update users set active = false where username = 'leadsmanager'`);
    const after = await get<SccDbUser[]>(t, tok.admin, `${U}/GetSCCDbUsers`);
    expect(after.body.map((u) => u.username)).not.toContain('leadsmanager');
    await t.db.execute(sql`update users set active = true where username = 'leadsmanager'`);
  });
});
