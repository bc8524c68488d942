/**
 * The outbound look-ups (call-handling.md §2, §3, §7): a customer's leads in priority order,
 * deep-link resolution of a current call, call types, results and options, agent names, and a 401
 * without a token on every outbound endpoint.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { CALL_RESULTS, CALL_TYPES } from '@cc/domain';
import type { CallOption, CallResult, CallType, Lead, OutboundRow } from '@cc/contract';
import { rowsOf } from '../../db/client.js';
import { leads, userBranches, users, webLeads } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { getJson, insertOutbound, postJson, signinAll, userId, type Sessions } from './test-support.js';

let t: TestApp;
let s: Sessions;

beforeAll(async () => {
  t = await createTestApp();
  s = await signinAll(t);
});
afterAll(async () => {
  await t.close();
});

/** A customer number no seeded row uses. */
const CUST = 880001;

async function insertLead(values: {
  status: string;
  callType?: string;
  outboundId?: number | null;
  branchNo?: string;
  sqldbid?: number;
  custNo?: number;
  createdAt?: Date;
}): Promise<number> {
  const [row] = await t.db
    .insert(leads)
    .values({
      sqldbid: values.sqldbid ?? 18001,
      branchNo: values.branchNo ?? 'SG101',
      custNo: values.custNo ?? CUST,
      status: values.status,
      callType: values.callType ?? 'Cancel',
      outboundId: values.outboundId ?? null,
      createdAt: values.createdAt ?? new Date('2026-05-01T12:00:00Z'),
    })
    .returning({ id: leads.leadId });
  if (!row) throw new Error('lead insert returned nothing');
  return row.id;
}

async function insertWebLead(status: string, custNo: number, branchNo = 'SG101'): Promise<number> {
  const [row] = await t.db
    .insert(webLeads)
    .values({
      sqldbid: 18001,
      branchNo,
      contactId: `T-${custNo}-${status}`,
      customerNo: custNo,
      leadType: 'Contact Us',
      status,
    })
    .returning({ id: webLeads.webLeadId });
  if (!row) throw new Error('web lead insert returned nothing');
  return row.id;
}

async function resolve(token: string, sqldbid: number, custNo: number, callType: string) {
  return getJson<{ theCall: OutboundRow | null }>(
    t,
    token,
    `/api/call-center/resolve-call/${sqldbid}/${custNo}/${callType}`,
  );
}

describe('GET /api/call-center/getLeads', () => {
  it('answers the customer leads ordered prospect, open, pending, won, lost, deleted', async () => {
    // Inserted out of order; two open leads, the newer first.
    for (const [status, day] of [
      ['lost', 1],
      ['won', 2],
      ['deleted', 3],
      ['open', 4],
      ['pending', 5],
      ['Prospect', 6],
      ['open', 7],
    ] as const) {
      await insertLead({ status, createdAt: new Date(`2026-05-0${day}T12:00:00Z`) });
    }
    // Another customer and another branch of the same customer number stay out.
    await insertLead({ status: 'prospect', custNo: CUST + 1 });
    await insertLead({ status: 'prospect', branchNo: 'SG102' });
    const a = await getJson<Lead[]>(t, s['csr.franchise'], `/api/call-center/getLeads?branchno=SG101&cust_no=${CUST}`);
    expect(a.status).toBe(200);
    expect(a.body.map((l) => l.status.toLowerCase())).toEqual([
      'prospect',
      'open',
      'open',
      'pending',
      'won',
      'lost',
      'deleted',
    ]);
    expect(a.body[1]?.createdAt).toBe('2026-05-07T12:00:00.000Z');
    expect(a.body[2]?.createdAt).toBe('2026-05-04T12:00:00.000Z');
    expect(a.body.every((l) => l.branchNo === 'SG101' && l.custNo === CUST && l.sqldbid === 18001)).toBe(true);
    // The branch number is matched whatever its case.
    const lower = await getJson<Lead[]>(t, s.admin, `/api/call-center/getLeads?branchno=sg101&cust_no=${CUST}`);
    expect(lower.body.map((l) => l.leadId)).toEqual(a.body.map((l) => l.leadId));
  });

  it('answers nothing out of scope', async () => {
    await insertLead({ status: 'open', branchNo: 'SG103', custNo: CUST + 2 });
    expect(
      (await getJson<Lead[]>(t, s['csr.franchise'], `/api/call-center/getLeads?branchno=SG103&cust_no=${CUST + 2}`))
        .body,
    ).toEqual([]);
    expect(
      (await getJson<Lead[]>(t, s['csr.cof'], `/api/call-center/getLeads?branchno=SG101&cust_no=${CUST}`)).body,
    ).toEqual([]);
    expect(
      (await getJson<Lead[]>(t, s['csr.corporate'], `/api/call-center/getLeads?branchno=SG103&cust_no=${CUST + 2}`))
        .body,
    ).toHaveLength(1);
    expect(
      (await getJson<Lead[]>(t, s['csr.franchise'], `/api/call-center/getLeads?branchno=SG101&cust_no=123456789`)).body,
    ).toEqual([]);
  });

  it.each([
    ['cust_no=1', 'branchno'],
    ['branchno=SG101', 'cust_no'],
    ['branchno=SG101&cust_no=abc', 'cust_no'],
    ['branchno=&cust_no=1', 'branchno'],
  ])('refuses %s with a 400 naming %s', async (query, field) => {
    const a = await getJson<{ message: string }>(t, s.admin, `/api/call-center/getLeads?${query}`);
    expect(a.status).toBe(400);
    expect(a.body.message.startsWith(`${field}: `), a.body.message).toBe(true);
  });
});

describe('GET /api/call-center/resolve-call/{sqldbid}/{customerNo}/{callType}', () => {
  it('for an outbound type opens the row of the highest-priority lead of that type', async () => {
    const cust = 880100;
    const lost = await insertOutbound(t, { custNo: cust, type: 'Cancel' });
    const open = await insertOutbound(t, { custNo: cust, type: 'Cancel' });
    const deleted = await insertOutbound(t, { custNo: cust, type: 'Cancel' });
    const upsell = await insertOutbound(t, { custNo: cust, type: 'Upsell' });
    await insertLead({ custNo: cust, status: 'lost', outboundId: lost });
    await insertLead({ custNo: cust, status: 'open', outboundId: open });
    await insertLead({ custNo: cust, status: 'deleted', outboundId: deleted });
    await insertLead({ custNo: cust, status: 'prospect', callType: 'Upsell', outboundId: upsell });
    await insertLead({ custNo: cust, status: 'archived', outboundId: deleted });
    await insertLead({ custNo: cust, status: 'prospect', outboundId: null });

    const a = await resolve(s['csr.franchise'], 18001, cust, 'Cancel');
    expect(a.status).toBe(200);
    expect(a.body.theCall?.OutboundId).toBe(open);
    expect(a.body.theCall).toMatchObject({ Type: 'Cancel', cust_No: cust, branchNo: 'SG101', SQLDBID: 18001 });
    expect((await resolve(s['csr.franchise'], 18001, cust, 'Upsell')).body.theCall?.OutboundId).toBe(upsell);
    // The call type is matched whatever its case.
    expect((await resolve(s['csr.franchise'], 18001, cust, 'cancel')).body.theCall?.OutboundId).toBe(open);

    // Walk down the priority: the open lead goes, the lost one is next; the deleted one after that.
    await t.db.execute(sql`update leads set status = 'gone' where outbound_id = ${open}`);
    expect((await resolve(s['csr.franchise'], 18001, cust, 'Cancel')).body.theCall?.OutboundId).toBe(lost);
    await t.db.execute(sql`update leads set status = 'gone' where outbound_id = ${lost}`);
    expect((await resolve(s['csr.franchise'], 18001, cust, 'Cancel')).body.theCall?.OutboundId).toBe(deleted);
  });

  it('for an outbound type without leads opens the listed row', async () => {
    const cust = 880200;
    const listed = await insertOutbound(t, { custNo: cust, type: 'Extract' });
    await insertOutbound(t, { custNo: cust, type: 'Extract', callComplete: true });
    expect((await resolve(s['csr.franchise'], 18001, cust, 'Extract')).body.theCall?.OutboundId).toBe(listed);
    expect((await resolve(s['csr.franchise'], 18001, cust, 'Cancel')).body.theCall).toBeNull();
  });

  it('SkippedRounds opens the listed row of the custom list', async () => {
    const cust = 880300;
    const listed = await insertOutbound(t, { custNo: cust, type: 'SkippedRounds' });
    const completed = await insertOutbound(t, { custNo: cust, type: 'SkippedRounds', callComplete: true });
    await insertOutbound(t, { custNo: cust, type: 'SkippedRounds', deletedAt: new Date('2026-06-01T00:00:00Z') });
    // A lead pointing at the completed row does not matter for skipped rounds.
    await insertLead({ custNo: cust, status: 'prospect', callType: 'SkippedRounds', outboundId: completed });
    expect((await resolve(s['csr.franchise'], 18001, cust, 'SkippedRounds')).body.theCall?.OutboundId).toBe(listed);
    await t.db.execute(sql`update outbound_calls set call_complete = true where outbound_id = ${listed}`);
    expect((await resolve(s['csr.franchise'], 18001, cust, 'SkippedRounds')).body.theCall).toBeNull();
  });

  it('WebLead opens only a row whose web lead is still new', async () => {
    const cust = 880400;
    const fresh = await insertOutbound(t, {
      custNo: cust,
      type: 'WebLead',
      webLeadCallId: await insertWebLead('new', cust),
    });
    const closed = await insertOutbound(t, {
      custNo: cust,
      type: 'WebLead',
      webLeadCallId: await insertWebLead('complete', cust),
    });
    await insertOutbound(t, { custNo: cust, type: 'WebLead', webLeadCallId: null });
    expect(closed).toBeGreaterThan(fresh);
    expect((await resolve(s['csr.franchise'], 18001, cust, 'WebLead')).body.theCall?.OutboundId).toBe(fresh);
    // Completing it through the API closes the web lead: nothing to open any more.
    expect(
      (await postJson(t, s['csr.franchise'], '/api/call-center/outbound/complete-web-leads', { ids: [fresh] })).status,
    ).toBe(200);
    expect((await resolve(s['csr.franchise'], 18001, cust, 'WebLead')).body.theCall).toBeNull();
  });

  it('Inbound has no call row', async () => {
    const cust = 880500;
    await insertOutbound(t, { custNo: cust, type: 'Cancel' });
    const a = await resolve(s.admin, 18001, cust, 'Inbound');
    expect(a.status).toBe(200);
    expect(a.body).toEqual({ theCall: null });
  });

  it('answers null out of scope', async () => {
    const cust = 880600;
    const sg103 = await insertOutbound(t, { custNo: cust, type: 'Cancel', branchNo: 'SG103' });
    await insertLead({ custNo: cust, status: 'open', branchNo: 'SG103', outboundId: sg103 });
    expect((await resolve(s['csr.franchise'], 18001, cust, 'Cancel')).body.theCall).toBeNull();
    expect((await resolve(s['csr.cof'], 18001, cust, 'Cancel')).body.theCall).toBeNull();
    expect((await resolve(s['csr.corporate'], 18001, cust, 'Cancel')).body.theCall?.OutboundId).toBe(sg103);
    // A lead in scope pointing at a row out of scope opens nothing either.
    const cust2 = 880601;
    const foreign = await insertOutbound(t, { custNo: cust2, type: 'Cancel', branchNo: 'SG103' });
    await insertLead({ custNo: cust2, status: 'open', branchNo: 'SG101', outboundId: foreign });
    expect((await resolve(s['csr.franchise'], 18001, cust2, 'Cancel')).body.theCall).toBeNull();
  });

  it('refuses an unknown call type with a 400 naming callType', async () => {
    for (const type of ['Bogus', 'WebLeads']) {
      const a = await getJson<{ message: string }>(t, s.admin, `/api/call-center/resolve-call/18001/1/${type}`);
      expect(a.status).toBe(400);
      expect(a.body.message.startsWith('callType: '), a.body.message).toBe(true);
    }
    const bad = await getJson<{ message: string }>(t, s.admin, '/api/call-center/resolve-call/abc/1/Cancel');
    expect(bad.status).toBe(400);
    expect(bad.body.message.startsWith('sqldbid: ')).toBe(true);
  });
});

describe('reference look-ups', () => {
  it('GET /api/call-center/call-types answers the ten call types', async () => {
    const a = await getJson<CallType[]>(t, s['csr.external'], '/api/call-center/call-types');
    expect(a.status).toBe(200);
    expect(a.body).toEqual(
      CALL_TYPES.map(({ CallTypeId, CallTypeName, CallTypeDisplayName }) => ({
        CallTypeId,
        CallTypeName,
        CallTypeDisplayName,
      })),
    );
    expect(a.body.map((c) => c.CallTypeName)).toEqual([
      'Inbound',
      'Cancel',
      'Upsell',
      'CustomerSurvey',
      'SkippedRounds',
      'WebLead',
      'InboundFollowUp',
      'PropertyEval',
      'CommercialLead',
      'Extract',
    ]);
    expect(a.body.find((c) => c.CallTypeName === 'Upsell')?.CallTypeDisplayName).toBe('Upsell Postcard');
    expect(a.body.find((c) => c.CallTypeName === 'Cancel')?.CallTypeDisplayName).toBe('Cancel Calls');
  });

  it('GET /api/call-center/call-options answers the answer and follow-up options', async () => {
    const a = await getJson<CallOption[]>(t, s['csr.franchise'], '/api/call-center/call-options');
    expect(a.status).toBe(200);
    const ids = a.body.map((o) => o.Id);
    expect(ids).toEqual(expect.arrayContaining([130, 131, 132, 133, 134, 136, 137, 138, 139, 140, 141, 142, 143]));
    expect(ids).not.toContain(135);
    const followUp = a.body.filter((o) => o.Id >= 1 && o.Id <= 6).sort((x, y) => x.Id - y.Id);
    expect(followUp.map((o) => o.OptionName)).toEqual([
      'None',
      'Franchise Owner',
      'More Questions',
      'Speak with Owner',
      'Service Problem',
      'Other',
    ]);
    expect(new Set(followUp.map((o) => o.HeaderName)).size).toBe(1);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toHaveLength(19);
    // The reference table the seed keeps agrees with what the API answers.
    const stored = rowsOf<{ id: number; option_name: string; header_name: string }>(
      await t.db.execute(sql`select id, option_name, header_name from call_options order by id`),
    );
    expect(stored.map((o) => ({ Id: o.id, OptionName: o.option_name, HeaderName: o.header_name }))).toEqual(
      [...a.body].sort((x, y) => x.Id - y.Id),
    );
  });

  it('GET /api/call-center/outbound/call-results/{callTypeId} answers the results of each type', async () => {
    const seen = new Set<number>();
    for (const type of CALL_TYPES) {
      const a = await getJson<CallResult[]>(
        t,
        s['csr.cof'],
        `/api/call-center/outbound/call-results/${type.CallTypeId}`,
      );
      expect(a.status).toBe(200);
      expect(a.body.map((r) => r.ResultName)).toEqual([...CALL_RESULTS[type.CallTypeName]]);
      expect(a.body.every((r) => r.CallTypeId === type.CallTypeId)).toBe(true);
      for (const r of a.body) {
        expect(seen.has(r.CallResultId), `result id ${r.CallResultId} repeated`).toBe(false);
        seen.add(r.CallResultId);
      }
      // The ids are those of the reference table.
      const stored = rowsOf<{ id: number; name: string }>(
        await t.db.execute(sql`select call_result_id as id, result_name as name from call_results
          where call_type_id = ${type.CallTypeId} order by sort_order`),
      );
      expect(stored).toEqual(a.body.map((r) => ({ id: r.CallResultId, name: r.ResultName })));
    }
    expect(
      (await getJson<CallResult[]>(t, s.admin, '/api/call-center/outbound/call-results/6')).body.map(
        (r) => r.ResultName,
      ),
    ).toEqual(expect.arrayContaining(['Interested Prospect', 'Interested Prospect - THP', 'Estimate Requested']));
  });

  it('call-results refuses an unknown id with 404 and a malformed one with 400', async () => {
    for (const id of [11, 99, 100000]) {
      const a = await getJson<{ error: string }>(t, s.admin, `/api/call-center/outbound/call-results/${id}`);
      expect(a.status, String(id)).toBe(404);
      expect(a.body.error).toBe('NOT_FOUND');
    }
    for (const id of ['0', '-1', 'abc', '1.5']) {
      const a = await getJson<{ message: string }>(t, s.admin, `/api/call-center/outbound/call-results/${id}`);
      expect(a.status, id).toBe(400);
      expect(a.body.message.startsWith('callTypeId: ')).toBe(true);
    }
  });

  it('GET /api/call-center/agentNames: a franchise user sees only colleagues sharing its branches', async () => {
    const add = async (username: string, branches: string[], active = true) => {
      const [u] = await t.db
        .insert(users)
        .values({
          username,
          firstName: 'Agent',
          lastName: username,
          passwordHash: 'x',
          companyId: 3,
          roleId: 4,
          brandId: 1,
          sqldbid: 18001,
          active,
        })
        .returning({ id: users.userId });
      if (!u) throw new Error('user insert returned nothing');
      if (branches.length > 0)
        await t.db.insert(userBranches).values(branches.map((branchNo) => ({ userId: u.id, branchNo })));
      return u.id;
    };
    const colleague101 = await add('agent.sg101', ['SG101']);
    const colleague102 = await add('agent.sg102', ['SG102', 'SG103']);
    const stranger = await add('agent.sg103', ['SG103']);
    const inactive = await add('agent.gone', ['SG101'], false);
    const self = await userId(t, 'csr.franchise');

    const mine = await getJson<{ id: number; name: string }[]>(t, s['csr.franchise'], '/api/call-center/agentNames');
    expect(mine.status).toBe(200);
    expect(mine.body.map((a) => a.id).sort((x, y) => x - y)).toEqual(
      [self, colleague101, colleague102].sort((x, y) => x - y),
    );
    expect(mine.body.find((a) => a.id === colleague101)?.name).toBe('Agent agent.sg101');

    const all = await getJson<{ id: number; name: string }[]>(t, s.admin, '/api/call-center/agentNames');
    const allIds = all.body.map((a) => a.id);
    expect(allIds).toEqual(expect.arrayContaining([self, colleague101, colleague102, stranger]));
    expect(allIds).not.toContain(inactive);
    // Ordered by last name (the demo accounts have plain capitalised names, which every collation sorts alike).
    const demo = ['Admin', 'Corbin', 'Owens', 'Franks', 'Exley', 'Supervisor', 'Manager', 'Leads', 'Measure'];
    const lastNames = all.body.map((a) => a.name.split(' ').slice(1).join(' ')).filter((n) => demo.includes(n));
    expect(lastNames).toEqual([...demo].sort());
  });
});

describe('GET /api/call-center/agentNames for the designation scopes (decision 014)', () => {
  type Agent = { id: number; name: string };
  const ids = (agents: Agent[]) => agents.map((a) => a.id).sort((x, y) => x - y);
  let agents: Record<string, number>;

  beforeAll(async () => {
    const add = async (username: string, companyId: number, sqldbid: number | null, branches: string[]) => {
      const [u] = await t.db
        .insert(users)
        .values({ username, firstName: 'Agent', lastName: username, passwordHash: 'x', companyId, roleId: 3, sqldbid })
        .returning({ id: users.userId });
      if (!u) throw new Error('user insert returned nothing');
      if (branches.length > 0)
        await t.db.insert(userBranches).values(branches.map((branchNo) => ({ userId: u.id, branchNo })));
      return u.id;
    };
    agents = {
      indBranch: await add('d.ind.branch', 3, 18002, ['SG111']),
      indFranchiseOnly: await add('d.ind.sqldbid', 3, 18005, []),
      cofBranch: await add('d.cof.branch', 2, 17502, ['SLI012']),
      cofFranchiseOnly: await add('d.cof.sqldbid', 2, 17503, []),
      cofStaff: await add('d.cof.staff', 2, null, []),
      corporate: await add('d.corporate', 1, null, []),
      external: await add('d.external', 4, null, []),
      // Company-owned staff who also works an independent branch: the IND lists may name them.
      cofOnIndBranch: await add('d.cof.on.ind', 2, null, ['PB171']),
    };
  });

  /**
   * The rule written out from the scope rules (call-handling.md §6): a designation scope names the users of its
   * branches or franchises and the caller's own company; read straight from the tables.
   */
  async function expectedFor(designation: 'COF' | 'IND', companyId: number): Promise<number[]> {
    const rows = rowsOf<{ user_id: number; company_id: number; sqldbid: number | null; designations: string[] }>(
      await t.db.execute(sql`select u.user_id, u.company_id, u.sqldbid,
          array(select f.designation from user_branches ub join franchises f on f.branchno = ub.branchno
                where ub.user_id = u.user_id) as designations
        from users u where u.active`),
    );
    const franchiseDesignation = new Map(
      rowsOf<{ sqldbid: number; designation: string }>(
        await t.db.execute(sql`select distinct sqldbid, designation from franchises`),
      ).map((r) => [r.sqldbid, r.designation]),
    );
    return rows
      .filter(
        (u) =>
          u.company_id === companyId ||
          u.designations.includes(designation) ||
          (u.sqldbid !== null && franchiseDesignation.get(u.sqldbid) === designation),
      )
      .map((u) => u.user_id)
      .sort((x, y) => x - y);
  }

  it('csr.cof (company-owned, COF scope): company-owned staff and COF-branch users, no independent-franchise staff', async () => {
    const a = await getJson<Agent[]>(t, s['csr.cof'], '/api/call-center/agentNames');
    expect(a.status).toBe(200);
    const got = ids(a.body);
    for (const id of [agents.cofBranch, agents.cofFranchiseOnly, agents.cofStaff, agents.cofOnIndBranch]) {
      expect(got).toContain(id);
    }
    expect(got).toContain(await userId(t, 'csr.cof'));
    for (const id of [agents.indBranch, agents.indFranchiseOnly, agents.corporate, agents.external]) {
      expect(got).not.toContain(id);
    }
    for (const other of ['csr.franchise', 'csr.corporate', 'csr.external', 'admin']) {
      expect(got, other).not.toContain(await userId(t, other));
    }
    expect(got).toEqual(await expectedFor('COF', 2));
  });

  it('csr.corporate (corporate non-admin, IND scope): independent-franchise staff and corporate users, no company-owned staff', async () => {
    const a = await getJson<Agent[]>(t, s['csr.corporate'], '/api/call-center/agentNames');
    expect(a.status).toBe(200);
    const got = ids(a.body);
    for (const id of [agents.indBranch, agents.indFranchiseOnly, agents.corporate, agents.cofOnIndBranch]) {
      expect(got).toContain(id);
    }
    for (const own of ['csr.franchise', 'csr.corporate', 'admin', 'supervisor']) {
      expect(got, own).toContain(await userId(t, own));
    }
    for (const id of [agents.cofBranch, agents.cofFranchiseOnly, agents.cofStaff, agents.external]) {
      expect(got).not.toContain(id);
    }
    expect(got).not.toContain(await userId(t, 'csr.cof'));
    expect(got).not.toContain(await userId(t, 'csr.external'));
    expect(got).toEqual(await expectedFor('IND', 1));
  });

  it('csr.external (general scope) and admin: every active user', async () => {
    const everyone = rowsOf<{ user_id: number }>(await t.db.execute(sql`select user_id from users where active`))
      .map((r) => r.user_id)
      .sort((x, y) => x - y);
    for (const user of ['csr.external', 'admin'] as const) {
      const a = await getJson<Agent[]>(t, s[user], '/api/call-center/agentNames');
      expect(ids(a.body), user).toEqual(everyone);
    }
  });

  it('csr.franchise still sees only colleagues of SG101 and SG102', async () => {
    const a = await getJson<Agent[]>(t, s['csr.franchise'], '/api/call-center/agentNames');
    const got = ids(a.body);
    for (const id of Object.values(agents)) expect(got).not.toContain(id);
    expect(got).toContain(await userId(t, 'csr.franchise'));
  });
});

describe('401 without a token', () => {
  const endpoints: ['GET' | 'POST', string, Record<string, unknown>?][] = [
    ['GET', '/api/call-center/outbound/Cancel'],
    ['GET', '/api/call-center/outboundcof/Cancel'],
    ['GET', '/api/call-center/outboundind/Cancel?branches=SG101'],
    ['GET', '/api/OutboundCall/GetOutboundCallCounts'],
    ['GET', '/api/OutboundCall/GetOutboundcofCallCounts'],
    ['GET', '/api/OutboundCall/GetOutboundindCallCounts?branches=SG101'],
    ['GET', '/api/call-center/outbound/call-results/2'],
    ['GET', '/api/call-center/call-types'],
    ['GET', '/api/call-center/call-options'],
    ['GET', '/api/call-center/agentNames'],
    ['GET', '/api/call-center/getLeads?branchno=SG101&cust_no=1'],
    ['GET', '/api/call-center/resolve-call/18001/1/Cancel'],
    ['POST', '/api/call-center/outbound/delete', { ids: [1] }],
    ['POST', '/api/call-center/outbound/complete-web-leads', { ids: [1] }],
    ['POST', '/api/call-center/outbound/delete-web-leads', { ids: [1] }],
  ];

  it.each(endpoints)('%s %s', async (method, url, payload) => {
    const before = rowsOf(await t.db.execute(sql`select count(deleted_at)::int as n from outbound_calls`));
    for (const token of [undefined, 'not-a-token']) {
      const a = await t.call(token, {
        method,
        url,
        ...(payload === undefined ? {} : { payload }),
      });
      expect(a.statusCode, `${method} ${url} ${token ?? ''}`).toBe(401);
    }
    expect(rowsOf(await t.db.execute(sql`select count(deleted_at)::int as n from outbound_calls`))).toEqual(before);
  });
});
