/**
 * The nesting of an OData `$filter` (060-csv-formulas-filter-depth-floor-rights.md): on both routes that read one,
 * parentheses nested past the limit are a 400 in OData's error shape naming `$filter`, not a stack overflow's 500;
 * a filter nested as a person writes one still answers, and so does the deepest other nesting the length allows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '@cc/contract';
import { createTestApp, type TestApp } from '../test/harness.js';
import { FILTER_MAX_DEPTH } from '../lib/grid-query/odata.js';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signin('admin');
});
afterAll(async () => {
  await t.close();
});

interface ODataAnswer {
  status: number;
  body: {
    value?: { [key: string]: unknown }[];
    error?: { code: string; message: string; details: { target: string; message: string }[] };
  };
}

const ROUTES: { name: string; path: string; extra: Record<string, string>; condition: string; key: string }[] = [
  {
    name: 'the call search',
    path: routes.searchOutboundCalls.path,
    extra: {},
    condition: 'CallAttempts ge 0',
    key: 'OutboundId',
  },
  {
    name: 'the MeasureIt search',
    path: routes.measureItODataProperties.path,
    extra: { branchNo: 'SG101', mode: 'Both' },
    condition: 'yearBuilt ge 1990',
    key: 'propertyId',
  },
];

/** A page of 50, unless `paged` is false: the export takes no $top (it answers every row). */
async function get(path: string, options: Record<string, string>, paged = true): Promise<ODataAnswer> {
  const query = new URLSearchParams(paged ? { $top: '50', ...options } : options).toString();
  const response = await t.call(admin, { method: 'GET', url: `${path}?${query}` });
  return { status: response.statusCode, body: response.json() };
}

const tooDeep = (condition: string) => [
  ['2,000 opening parentheses', `${'('.repeat(2000)}${condition}`],
  ['1,990 nested parentheses within the 4,000 characters', `${'('.repeat(1990)}x${')'.repeat(1990)}`],
  ['one past the limit', `${'('.repeat(FILTER_MAX_DEPTH + 1)}${condition}${')'.repeat(FILTER_MAX_DEPTH + 1)}`],
];

function expectTooDeep(answer: ODataAnswer): void {
  expect(answer.status).toBe(400);
  const message = `$filter: parentheses nest more than ${FILTER_MAX_DEPTH} deep (at position ${FILTER_MAX_DEPTH + 1})`;
  expect(answer.body.error).toMatchObject({
    code: 'VALIDATION',
    message,
    details: [{ target: '$filter', message: message.slice('$filter: '.length) }],
  });
}

describe.each(ROUTES)('$name', ({ path, extra, condition, key }) => {
  it.each(tooDeep(condition))('%s: a 400 naming $filter, in OData’s shape', async (_, filter) => {
    expectTooDeep(await get(path, { ...extra, $filter: filter }));
  });

  it('a filter nested ten deep answers what the same filter without the parentheses does', async () => {
    const flat = await get(path, { ...extra, $filter: `${condition} or not (${condition})` });
    const nested = await get(path, {
      ...extra,
      $filter: `${'('.repeat(10)}${condition} or ${'('.repeat(10)}not (${condition})${')'.repeat(20)}`,
    });
    expect(flat.status).toBe(200);
    expect(nested.status).toBe(200);
    expect(flat.body.value?.length).toBeGreaterThan(0);
    expect(nested.body.value?.map((r) => r[key])).toEqual(flat.body.value?.map((r) => r[key]));
  });

  it('the deepest nesting the length allows otherwise (the limit of parentheses, then nots) still answers', async () => {
    const parens = FILTER_MAX_DEPTH;
    const nots = Math.floor((4000 - condition.length - 2 * parens) / 4);
    const filter = `${'('.repeat(parens)}${'not '.repeat(nots)}${condition}${')'.repeat(parens)}`;
    expect(filter.length).toBeLessThanOrEqual(4000);
    const answer = await get(path, { ...extra, $filter: filter });
    expect(answer.status, JSON.stringify(answer.body).slice(0, 300)).toBe(200);
  });
});

describe('the call search export', () => {
  it.each(tooDeep('CallAttempts ge 0'))('%s: a 400 naming $filter before anything is sent', async (_, filter) => {
    expectTooDeep(await get(routes.exportOutboundCalls.path, { $filter: filter }, false));
  });
});
