/**
 * Outbound lists and counts per user and per variant (call-handling.md §6, §7): every row any user
 * gets lies in that user's scope, the lists hold exactly what an independent recount from the rows
 * says they should, and each count equals the list's total and that recount.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { OutboundRow } from '@cc/contract';
import { rowsOf } from '../../db/client.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import {
  OUTBOUND_TYPES,
  USERS,
  VARIANTS,
  branchesOf,
  counts,
  countOf,
  list,
  signinAll,
  sqlCounts,
  visible,
  visibleSql,
  type Branch,
  type Sessions,
} from './test-support.js';

let t: TestApp;
let s: Sessions;
let branches: Map<string, Branch>;

beforeAll(async () => {
  t = await createTestApp();
  s = await signinAll(t);
  branches = await branchesOf(t);
  // The external CSR's template has no Outbound Calls (403 on every list, the access matrix proves it); granted it
  // here, the lists show what the general scope holds.
  await t.db.execute(sql`insert into user_applications (user_id, application_id)
    select user_id, 2 from users where username = 'csr.external' on conflict do nothing`);
});
afterAll(async () => {
  await t.close();
});

function branchSet(rows: OutboundRow[]): string[] {
  return [...new Set(rows.map((r) => r.branchNo))].sort();
}

describe('every list for every user and variant', () => {
  for (const user of USERS) {
    for (const variant of VARIANTS) {
      it(`${user} on the ${variant} lists: rows in scope, totals and counts equal a recount`, async () => {
        const expected = await sqlCounts(t, visibleSql(user, variant));
        const answered = await counts(t, s[user], variant);
        expect(answered.map((c) => c.CallTypeName)).toEqual([...OUTBOUND_TYPES]);
        for (const type of OUTBOUND_TYPES) {
          const page = await list(t, s[user], variant, type);
          const want = expected.get(type) ?? 0;
          expect(page.total, `${user} ${variant} ${type} total`).toBe(want);
          expect(page.data).toHaveLength(want);
          expect(answered.find((c) => c.CallTypeName === type)?.count, `${user} ${variant} ${type} count`).toBe(want);
          for (const row of page.data) {
            const branch = branches.get(row.branchNo);
            expect(branch, `branch ${row.branchNo}`).toBeDefined();
            expect(visible(user, variant, branch as Branch), `${user} ${variant} sees ${row.branchNo}`).toBe(true);
            expect(row.Type).toBe(type);
          }
        }
      });
    }
  }
});

describe('scope per user', () => {
  it('a company-owned CSR sees only SLI rows on the cof and general lists, nothing on the ind list', async () => {
    for (const type of OUTBOUND_TYPES) {
      const cof = await list(t, s['csr.cof'], 'cof', type);
      expect(cof.total).toBeGreaterThan(0);
      expect(cof.data.every((r) => r.branchNo.startsWith('SLI'))).toBe(true);
      const general = await list(t, s['csr.cof'], 'general', type);
      expect(general.total).toBe(cof.total);
      const ind = await list(t, s['csr.cof'], 'ind', type);
      expect(ind).toMatchObject({ total: 0, data: [] });
      const indWithBranches = await list(t, s['csr.cof'], 'ind', type, 'branches=SLI010,SG101');
      expect(indWithBranches).toMatchObject({ total: 0, data: [] });
    }
    expect((await counts(t, s['csr.cof'], 'ind')).every((c) => c.count === 0)).toBe(true);
    expect((await counts(t, s['csr.cof'], 'ind', 'SLI010')).every((c) => c.count === 0)).toBe(true);
  });

  it('a company-owned CSR sees every company-owned branch', async () => {
    const seen = new Set<string>();
    for (const type of OUTBOUND_TYPES)
      for (const r of (await list(t, s['csr.cof'], 'cof', type)).data) seen.add(r.branchNo);
    const cofBranches = [...branches.values()].filter((b) => b.designation === 'COF').map((b) => b.branchNo);
    expect([...seen].sort()).toEqual(cofBranches.sort());
  });

  it('an independent-franchise user gets SG101 and SG102 only, whatever branches it sends', async () => {
    for (const type of OUTBOUND_TYPES) {
      const all = await list(t, s['csr.franchise'], 'ind', type);
      expect(branchSet(all.data).every((b) => b === 'SG101' || b === 'SG102')).toBe(true);
      for (const query of [
        'branches=SG101,SG102,SG103,SLI010',
        'branches=SG103,SLI010,SG101,SG102',
        'branches=sg101,%20sg102',
        'branches=',
      ]) {
        const wide = await list(t, s['csr.franchise'], 'ind', type, query);
        expect(wide.total, `${type} ${query}`).toBe(all.total);
        expect(wide.data.map((r) => r.OutboundId)).toEqual(all.data.map((r) => r.OutboundId));
      }
      for (const query of ['branches=SG103', 'branches=SLI010', 'branches=SG103,SLI010,PB171']) {
        expect(await list(t, s['csr.franchise'], 'ind', type, query), `${type} ${query}`).toMatchObject({
          total: 0,
          data: [],
        });
      }
      const narrowed = await list(t, s['csr.franchise'], 'ind', type, 'branches=SG102');
      expect(narrowed.data.every((r) => r.branchNo === 'SG102')).toBe(true);
      expect(narrowed.total).toBe(all.data.filter((r) => r.branchNo === 'SG102').length);
      const withForeign = await list(t, s['csr.franchise'], 'ind', type, 'branches=SG101,SG103,SLI010');
      expect(withForeign.data.every((r) => r.branchNo === 'SG101')).toBe(true);
      expect(withForeign.total).toBe(all.data.filter((r) => r.branchNo === 'SG101').length);
      // The general and cof lists never widen the scope either.
      for (const variant of ['general', 'cof'] as const) {
        const other = await list(t, s['csr.franchise'], variant, type, 'branches=SG103,SLI010,SG101');
        expect(other.data.every((r) => r.branchNo === 'SG101')).toBe(true);
      }
    }
  });

  it('the franchise counts follow the same narrowing as the lists', async () => {
    for (const branchesParam of [undefined, 'SG102', 'SG101,SG103,SLI010', 'SG103', 'SLI010', 'sg102']) {
      const answered = await counts(t, s['csr.franchise'], 'ind', branchesParam);
      expect(answered.map((c) => c.CallTypeName)).toEqual([...OUTBOUND_TYPES]);
      for (const c of answered) {
        const page = await list(
          t,
          s['csr.franchise'],
          'ind',
          c.CallTypeName,
          branchesParam === undefined ? '' : `branches=${branchesParam}`,
        );
        expect(c.count, `${c.CallTypeName} branches=${branchesParam}`).toBe(page.total);
      }
    }
    const expectedSg102 = await sqlCounts(t, sql`o.branchno = 'SG102'`);
    for (const c of await counts(t, s['csr.franchise'], 'ind', 'SG102')) {
      expect(c.count).toBe(expectedSg102.get(c.CallTypeName) ?? 0);
    }
    for (const c of await counts(t, s['csr.franchise'], 'ind', 'SG103,SLI010')) expect(c.count).toBe(0);
  });

  it('a corporate CSR sees the independent franchises and may narrow them, never reach company-owned ones', async () => {
    for (const type of ['Cancel', 'WebLead'] as const) {
      const ind = await list(t, s['csr.corporate'], 'ind', type);
      expect(ind.total).toBeGreaterThan(0);
      expect(ind.data.every((r) => branches.get(r.branchNo)?.designation === 'IND')).toBe(true);
      expect(new Set(ind.data.map((r) => r.branchNo)).size).toBeGreaterThan(10);
      const sg103 = await list(t, s['csr.corporate'], 'ind', type, 'branches=SG103');
      expect(sg103.total).toBeGreaterThan(0);
      expect(sg103.data.every((r) => r.branchNo === 'SG103')).toBe(true);
      expect(await list(t, s['csr.corporate'], 'ind', type, 'branches=SLI010')).toMatchObject({ total: 0 });
      expect(await list(t, s['csr.corporate'], 'cof', type)).toMatchObject({ total: 0, data: [] });
    }
    expect(await countOf(t, s['csr.corporate'], 'ind', 'Cancel', 'SG103')).toBe(
      (await list(t, s['csr.corporate'], 'ind', 'Cancel', 'branches=SG103')).total,
    );
    expect(await countOf(t, s['csr.corporate'], 'ind', 'Cancel', 'SLI010')).toBe(0);
  });

  it('an administrator sees every branch on the general list, and one designation on cof and ind', async () => {
    const seen = new Set<string>();
    for (const type of OUTBOUND_TYPES) {
      const general = await list(t, s.admin, 'general', type);
      for (const r of general.data) seen.add(r.branchNo);
      const cof = await list(t, s.admin, 'cof', type);
      const ind = await list(t, s.admin, 'ind', type);
      expect(cof.total + ind.total).toBe(general.total);
      expect(cof.data.every((r) => r.branchNo.startsWith('SLI'))).toBe(true);
      expect(ind.data.every((r) => !r.branchNo.startsWith('SLI'))).toBe(true);
    }
    expect([...seen].sort()).toEqual([...branches.keys()].sort());
  });

  it('rows carry their franchise: SQLDBID and Name from the franchises table', async () => {
    const rows = rowsByBranch(await list(t, s.admin, 'general', 'Cancel'));
    const franchise = rowsOf<{ branchno: string; sqldbid: number; compname: string }>(
      await t.db.execute(sql`select branchno, sqldbid, compname from franchises`),
    );
    for (const f of franchise) {
      for (const r of rows.get(f.branchno) ?? []) {
        expect(r.SQLDBID).toBe(f.sqldbid);
        expect(r.Name).toBe(f.compname);
      }
    }
  });
});

function rowsByBranch(page: { data: OutboundRow[] }): Map<string, OutboundRow[]> {
  const out = new Map<string, OutboundRow[]>();
  for (const r of page.data) out.set(r.branchNo, [...(out.get(r.branchNo) ?? []), r]);
  return out;
}
