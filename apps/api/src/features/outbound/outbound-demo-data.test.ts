/**
 * The demo data fills every list for every franchise: each branch has at least a few listed rows of
 * every outbound call type, among them callbacks due in the past and in the future, and every user sees them in
 * the lists and counts of their scope. The test database is seeded exactly as the demo (fewer customers).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { CALL_TIME_ZONE, formatLocalDateTime, OUTBOUND_CALL_TYPES } from '@cc/domain';
import type { OutboundRow } from '@cc/contract';
import { rowsOf } from '../../db/client.js';
import { COVERAGE_SLOTS } from '../../db/seed/outbound.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { FRANCHISE_USER_BRANCHES, counts, list, signinAll, type Sessions, type Variant } from './test-support.js';

let t: TestApp;
let s: Sessions;
let branches: { branchno: string; designation: 'COF' | 'IND' }[];

beforeAll(async () => {
  t = await createTestApp();
  s = await signinAll(t);
  branches = rowsOf<{ branchno: string; designation: 'COF' | 'IND' }>(
    await t.db.execute(sql`select branchno, designation from franchises order by branchno`),
  );
});
afterAll(async () => {
  await t.close();
});

/** Now as the lists write call times ('YYYY-MM-DD HH:mm:ss' in America/Chicago), on the test clock the template was seeded at. */
const chicagoNow = () => formatLocalDateTime(t.clock.now(), CALL_TIME_ZONE);

const TYPES = OUTBOUND_CALL_TYPES.map((t) => t.CallTypeName);
const FEW = COVERAGE_SLOTS.length;

/** Every row of one branch's list, with the callbacks due before and after now. */
async function branchList(token: string, variant: Variant, type: string, branchno: string) {
  const page = await list(t, token, variant, type, `branches=${branchno}`);
  expect(page.data.length, `${branchno} ${type}`).toBe(page.total);
  const now = chicagoNow();
  const callbacks = page.data.filter((r: OutboundRow) => r.CallStatus === 'Callback' && r.callBackDate);
  return {
    total: page.total,
    rows: page.data,
    pastCallbacks: callbacks.filter((r) => (r.callBackDate ?? '') < now).length,
    futureCallbacks: callbacks.filter((r) => (r.callBackDate ?? '') > now).length,
  };
}

describe('demo outbound data', () => {
  it('has the 9 outbound call types and branches of both designations', () => {
    expect(TYPES).toHaveLength(9);
    expect(branches.filter((b) => b.designation === 'COF').length).toBeGreaterThan(0);
    expect(branches.filter((b) => b.designation === 'IND').length).toBeGreaterThan(0);
  });

  it('admin: every (branch, call type) list has a few rows, with callbacks due in the past and the future', async () => {
    const empty: string[] = [];
    for (const { branchno } of branches) {
      for (const type of TYPES) {
        const l = await branchList(s.admin, 'general', type, branchno);
        if (l.total < FEW || l.pastCallbacks === 0 || l.futureCallbacks === 0) {
          empty.push(`${branchno} ${type}: ${l.total} rows, ${l.pastCallbacks} past, ${l.futureCallbacks} future`);
        }
        for (const row of l.rows) expect(row.branchNo).toBe(branchno);
      }
    }
    expect(empty).toEqual([]);
  });

  it('the counts of every branch name every call type', async () => {
    for (const { branchno } of branches) {
      const c = await counts(t, s.admin, 'general', branchno);
      expect(c.map((x) => x.CallTypeName).sort()).toEqual([...TYPES].sort());
      for (const x of c) expect(x.count, `${branchno} ${x.CallTypeName}`).toBeGreaterThanOrEqual(FEW);
    }
  });

  it('csr.cof sees every list filled for every company-owned branch, csr.franchise for SG101 and SG102', async () => {
    const cases: [keyof Sessions, Variant, string[]][] = [
      ['csr.cof', 'cof', branches.filter((b) => b.designation === 'COF').map((b) => b.branchno)],
      ['csr.franchise', 'ind', FRANCHISE_USER_BRANCHES],
      ['csr.corporate', 'ind', branches.filter((b) => b.designation === 'IND').map((b) => b.branchno)],
    ];
    for (const [user, variant, own] of cases) {
      for (const branchno of own) {
        for (const type of TYPES) {
          const l = await branchList(s[user], variant, type, branchno);
          expect(l.total, `${user} ${branchno} ${type}`).toBeGreaterThanOrEqual(FEW);
          expect(l.pastCallbacks, `${user} ${branchno} ${type} past`).toBeGreaterThan(0);
          expect(l.futureCallbacks, `${user} ${branchno} ${type} future`).toBeGreaterThan(0);
        }
      }
    }
  });

  it('the seed made exactly the outbound rows it was asked for (the demo default)', async () => {
    const [row] = rowsOf<{ n: number }>(await t.db.execute(sql`select count(*)::int as n from outbound_calls`));
    expect(row?.n).toBe(3000);
  });
});
