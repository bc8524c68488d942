/**
 * Deep pages of the MeasureIt search (decision 051): from GRID_DEEP_SKIP on, the count comes first and a page in the
 * last half of an exact count is read from the end of the order. Each page must be the slice the forward walk
 * (OFFSET, covered by measureit-search.test.ts) gives, for every sortable field in both directions, counted from the
 * counts kept in advance (a mode) and counted up to the limit (an OData filter), under the limit and over it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEASUREIT_SEARCH_FIELDS } from '@cc/contract';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { odata } from './test-support.js';

let t: TestApp;
let admin: string;
const BRANCH = 'SG101';

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signin('admin');
});
afterAll(async () => {
  await t.close();
});

/** Every property id of a search in its order, walked forwards only (deep pages off). */
async function forwards(options: Record<string, string>): Promise<number[]> {
  const deepSkip = t.config.gridDeepSkip;
  t.config.gridDeepSkip = Number.MAX_SAFE_INTEGER;
  try {
    const ids: number[] = [];
    for (let skip = 0; ; skip += 1000) {
      const answer = await odata(t, admin, { ...options, $top: 1000, $skip: skip });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      ids.push(...answer.body.value.map((r) => r.propertyId));
      if (answer.body.value.length < 1000) return ids;
    }
  } finally {
    t.config.gridDeepSkip = deepSkip;
  }
}

async function expectPages(options: Record<string, string>, whole: number[], top = 25): Promise<void> {
  const n = whole.length;
  const skips = [1, Math.floor(n / 2), Math.floor(n / 2) + 1, n - top, n - top + 1, n - 1, n, n + 5];
  for (const skip of skips.filter((s) => s >= 1)) {
    const answer = await odata(t, admin, { ...options, $skip: skip, $top: top, $count: 'true' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(
      answer.body.value.map((r) => r.propertyId),
      `${JSON.stringify(options)} $skip=${skip}`,
    ).toEqual(whole.slice(skip, skip + top));
  }
}

describe('a deep page is the slice the forward walk gives', () => {
  beforeAll(() => {
    t.config.gridDeepSkip = 1;
  });

  for (const field of MEASUREIT_SEARCH_FIELDS.filter((f) => f !== 'beingMeasured' && f !== 'imagePath')) {
    it(`${field}, both directions`, async () => {
      for (const dir of ['asc', 'desc']) {
        const options = { branchNo: BRANCH, mode: 'Both', $orderby: `${field} ${dir}` };
        const whole = await forwards(options);
        expect(whole.length).toBeGreaterThan(50);
        await expectPages(options, whole);
      }
    });
  }

  it('the default order, and a count taken up to the limit: under it from the end, over it forwards', async () => {
    const options = { branchNo: BRANCH, mode: 'Both', $filter: 'squareFeet ge 0 or squareFeet eq null' };
    const whole = await forwards(options);
    expect(whole.length).toBeGreaterThan(50);
    const limit = t.config.measureItSearchCountLimit;
    try {
      t.config.measureItSearchCountLimit = whole.length;
      await expectPages(options, whole);
      t.config.measureItSearchCountLimit = whole.length - 1;
      await expectPages(options, whole);
      const over = await odata(t, admin, { ...options, $skip: whole.length - 5, $top: 10, $count: 'true' });
      expect(over.body['@cc.countMoreThan']).toBe(whole.length - 1);
    } finally {
      t.config.measureItSearchCountLimit = limit;
    }
  });
});
