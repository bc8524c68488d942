/**
 * The outbound look-ups (call-handling.md §2, §7): call types, results and options, agent names, and a 401 without a
 * token on every outbound endpoint.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { CALL_RESULTS, CALL_TYPES } from '@cc/domain';
import type { CallOption, CallResult, CallType } from '@cc/contract';
import { rowsOf } from '../../db/client.js';
import { userBranches, users } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { getJson, signinAll, userId, type Sessions } from './test-support.js';

let t: TestApp;
let s: Sessions;

beforeAll(async () => {
  t = await createTestApp();
  s = await signinAll(t);
});
afterAll(async () => {
  await t.close();
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
