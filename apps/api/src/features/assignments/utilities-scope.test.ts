/**
 * The utilities' scope is not the search scope (decision 065): the demo's corporate supervisor (company 1, role 2),
 * whose searches and lists keep the independent-franchise scope, runs the company-owned lists in the utilities and
 * on the floor view — the source lists, the assignments, the franchise configs — while a franchise-bound supervisor
 * still reaches only its own branch.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { CsrAssignment, FloorSnapshot } from '@cc/contract';
import { OUTBOUND_CALL_TYPE_NAMES } from '@cc/domain';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { LISTED_SQL, U, addFranchiseSupervisor, call, count, get, post, userIdOf } from './test-support.js';

let t: TestApp;
const tok: Record<string, string> = {};
const COF_GROUP = { branch: 'SLI010', type: 'Cancel', source: 'Outbound-Cancel' };

beforeAll(async () => {
  t = await createTestApp();
  await addFranchiseSupervisor(t);
  for (const u of ['admin', 'supervisor', 'franchise.sup']) tok[u] = await t.signin(u);
});
afterAll(async () => {
  await t.close();
});

describe('the corporate supervisor in the utilities', () => {
  it("GetSourceList('COF') answers the company-owned lists' sources with their open calls", async () => {
    const sources = await get<{ source: string; calls: number }[]>(t, tok.supervisor, `${U}/GetSourceList/COF`);
    expect(sources.status).toBe(200);
    expect(sources.body.length).toBeGreaterThan(0);
    const open = await count(
      t,
      sql`select count(*)::int as n from outbound_calls o join franchises f on f.branchno = o.branchno
        where ${LISTED_SQL} and f.designation = 'COF'
          and o.type in (${sql.join(
            OUTBOUND_CALL_TYPE_NAMES.map((type) => sql`${type}`),
            sql`, `,
          )})`,
    );
    expect(sources.body.reduce((n, s) => n + s.calls, 0)).toBe(open);
  });

  it('gives a company-owned list (SLI010) to a CSR and takes it back', async () => {
    const csr = await userIdOf(t, 'csr.cof');
    const given = await post<CsrAssignment>(t, tok.supervisor, `${U}/UpdateCsrAssignment`, {
      ...COF_GROUP,
      userId: csr,
    });
    expect(given.status, JSON.stringify(given.body)).toBe(200);
    expect(given.body).toMatchObject({ ...COF_GROUP, userId: csr, csrName: 'Jordan Owens' });
    const removed = await call<{ deleted: boolean }>(t, tok.supervisor, {
      method: 'DELETE',
      url: `${U}/DeleteCsrAssignment/${given.body.assignmentId}`,
    });
    expect(removed.body).toEqual({ deleted: true });
  });

  it('reads and changes a company-owned franchise’s configs', async () => {
    const config = await post<{ sqldbid: number }>(t, tok.supervisor, `${U}/GetCompanyConfig`, { sqldbid: 17501 });
    expect(config.status).toBe(200);
    expect(config.body).toMatchObject({ sqldbid: 17501 });
    const followUp = await post(t, tok.supervisor, `${U}/GetInboundFollowUpConfig`, { branchNo: 'SLI010' });
    expect(followUp.status).toBe(200);
  });

  it('sees the company-owned lists on the floor view', async () => {
    const floor = await get<FloorSnapshot>(t, tok.supervisor, '/api/supervisor/floor');
    expect(floor.status).toBe(200);
    expect(floor.body.lists.some((l) => l.branchNo.startsWith('SLI'))).toBe(true);
    expect(floor.body.lists).toEqual((await get<FloorSnapshot>(t, tok.admin, '/api/supervisor/floor')).body.lists);
  });

  it('keeps the independent-franchise scope in its own searches and lists', async () => {
    const admin = await get<{ data: unknown[] }>(t, tok.admin, '/api/call-center/outbound/Cancel?branches=SLI010');
    expect(admin.body.data.length).toBeGreaterThan(0);
    const own = await get<{ data: unknown[] }>(t, tok.supervisor, '/api/call-center/outbound/Cancel?branches=SLI010');
    expect(own.body.data ?? []).toEqual([]);
  });
});

describe('a supervisor bound to an independent franchise keeps its branch', () => {
  it('no company-owned source, list, config or floor row', async () => {
    const sup = tok['franchise.sup'];
    expect((await get(t, sup, `${U}/GetSourceList/COF`)).body).toEqual([]);
    const given = await post<{ message: string }>(t, sup, `${U}/UpdateCsrAssignment`, {
      ...COF_GROUP,
      userId: await userIdOf(t, 'csr.cof'),
    });
    expect(given.status).toBe(400);
    expect(given.body.message).toMatch(/^branch: /);
    expect((await post(t, sup, `${U}/GetCompanyConfig`, { sqldbid: 17501 })).status).toBe(404);
    const floor = await get<FloorSnapshot>(t, sup, '/api/supervisor/floor');
    expect(new Set(floor.body.lists.map((l) => l.branchNo))).toEqual(new Set(['SG101']));
  });
});
