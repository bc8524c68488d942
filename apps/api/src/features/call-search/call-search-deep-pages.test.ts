/**
 * Deep pages of the call search (decision 051): from GRID_DEEP_SKIP on, the count comes first and a page in
 * the last half of an exact count is read from the end of the order. Each page must be exactly the slice the forward
 * walk (OFFSET, covered by call-search.test.ts) gives, for every field in both directions, over one part of the
 * search's indexes (completed calls) and over both (the default), and with a count the counts kept in advance cannot
 * answer, under the count limit (read from the end) and over it (read forwards).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { CALL_SEARCH_FIELDS } from '@cc/contract';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { search, searchAll } from './test-support.js';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signin('admin');
  // A third of the calls completed, with repeated and empty values for the sorts to break ties on.
  await t.db.execute(sql`update outbound_calls set call_complete = true,
      last_access_date = case when outbound_id % 7 = 0 then null else now() - (outbound_id % 50) * interval '1 hour' end
    where outbound_id % 3 = 0`);
});
afterAll(async () => {
  await t.close();
});

/** Every row's id in the search's order, walked forwards only (deep pages off). */
async function forwards(options: Record<string, string>): Promise<number[]> {
  const deepSkip = t.config.gridDeepSkip;
  t.config.gridDeepSkip = Number.MAX_SAFE_INTEGER;
  try {
    return (await searchAll(t, admin, options)).map((r) => r.OutboundId);
  } finally {
    t.config.gridDeepSkip = deepSkip;
  }
}

/** Pages at skips over the whole result, the last half above all, each against the forward walk's slice. */
async function expectPages(options: Record<string, string>, whole: number[], top = 30): Promise<void> {
  const n = whole.length;
  const skips = [1, Math.floor(n / 2), Math.floor(n / 2) + 1, n - 100, n - top, n - top + 1, n - 1, n, n + 5];
  for (const skip of skips.filter((s) => s >= 1)) {
    const answer = await search(t, admin, { ...options, $skip: skip, $top: top, $count: 'true' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(
      answer.body.value.map((r) => r.OutboundId),
      `${JSON.stringify(options)} $skip=${skip}`,
    ).toEqual(whole.slice(skip, skip + top));
  }
}

describe('a deep page is the slice the forward walk gives', () => {
  beforeAll(() => {
    t.config.gridDeepSkip = 1;
  });

  for (const field of CALL_SEARCH_FIELDS) {
    it(`${field}, both directions, completed calls and all calls`, async () => {
      for (const dir of ['asc', 'desc']) {
        for (const filter of ['callComplete', '']) {
          const options = { $orderby: `${field} ${dir}`, ...(filter ? { $filter: filter } : {}) };
          await expectPages(options, await forwards(options));
        }
      }
    });
  }

  it('without $count too, and with a count taken up to the limit: under it from the end, over it forwards', async () => {
    const options = { $filter: 'CallAttempts ge 0 and not callComplete', $orderby: 'LastName desc' };
    const whole = await forwards(options);
    expect(whole.length).toBeGreaterThan(100);
    const last = await search(t, admin, { ...options, $skip: whole.length - 3, $top: 10 });
    expect(last.body.value.map((r) => r.OutboundId)).toEqual(whole.slice(-3));
    expect(last.body).not.toHaveProperty('@odata.count');
    const limit = t.config.callSearchCountLimit;
    try {
      t.config.callSearchCountLimit = whole.length;
      await expectPages(options, whole);
      t.config.callSearchCountLimit = whole.length - 1;
      await expectPages(options, whole);
      const over = await search(t, admin, { ...options, $skip: whole.length - 5, $top: 10, $count: 'true' });
      expect(over.body['@cc.countMoreThan']).toBe(whole.length - 1);
    } finally {
      t.config.callSearchCountLimit = limit;
    }
  });
});
