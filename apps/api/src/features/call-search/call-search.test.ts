/**
 * GET /api/odata/GetSearchOutboundCalls (decision 033): every operator and field type, sorting
 * both ways, paging that covers every row once, $count, the scope whatever the filter says, the agents a user may
 * see, refusals in OData's error shape, and random filters judged against an in-memory reading of the same tree.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { CALL_SEARCH_FIELDS, CallSearchResponse, type CallSearchRow } from '@cc/contract';
import { rowsOf } from '../../db/client.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import type { FilterExpr, Literal } from '../../lib/grid-query/odata.js';
import { filterText, matches, search, searchAll } from './test-support.js';

let t: TestApp;
let admin: string;
let all: CallSearchRow[];

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signin('admin');
  // Some calls worked by csr.franchise and one deleted, for the agent rule and the deleted rule.
  await t.db
    .execute(sql`update outbound_calls set last_access_csr = (select user_id from users where username = 'csr.franchise'),
      last_access_date = now() - interval '2 days'
    where outbound_id in (select outbound_id from outbound_calls where branchno = 'SG101' order by outbound_id limit 3)`);
  // A third of the calls completed (the seed's lists are all open), at times spread over the last weeks.
  await t.db.execute(sql`update outbound_calls set call_complete = true,
      last_access_date = now() - (outbound_id % 500) * interval '1 hour'
    where outbound_id % 3 = 0`);
  await t.db.execute(sql`update outbound_calls set deleted_at = now()
    where outbound_id = (select max(outbound_id) from outbound_calls)`);
  all = await searchAll(t, admin);
});
afterAll(async () => {
  await t.close();
});

const ids = (rows: CallSearchRow[]) => rows.map((r) => r.OutboundId).sort((a, b) => a - b);

describe('paging and counting', () => {
  it('pages cover every call once, in order, and $count is the number of calls', async () => {
    const [{ n }] = rowsOf<{ n: number }>(
      await t.db.execute(sql`select count(*)::int as n from outbound_calls where deleted_at is null`),
    ) as [{ n: number }];
    expect(all).toHaveLength(n);
    expect(new Set(all.map((r) => r.OutboundId)).size).toBe(n);
    expect(all.map((r) => r.OutboundId)).toEqual(ids(all));
    const counted = await search(t, admin, { $count: 'true', $top: 0 });
    expect(counted.status).toBe(200);
    expect(counted.body['@odata.count']).toBe(n);
    expect(counted.body.value).toEqual([]);
    const plain = await search(t, admin, {});
    expect(plain.body.value).toHaveLength(25);
    // The page is written by the compiled serializer: it must still be what the contract says, field by field.
    expect(CallSearchResponse.strict().parse(plain.body)).toEqual(plain.body);
    expect(CallSearchResponse.parse(counted.body)).toEqual(counted.body);
    expect(plain.body).not.toHaveProperty('@odata.count');
  });

  it('past the count limit the answer says "more than" the limit, and the page is still the right one', async () => {
    const limit = t.config.callSearchCountLimit;
    try {
      // A filter the counts kept in advance cannot answer (decision 047), so it is counted up to the limit.
      const filter = { $filter: 'CallAttempts ge 0' };
      t.config.callSearchCountLimit = all.length;
      const exact = await search(t, admin, { ...filter, $count: 'true', $top: 5 });
      expect(exact.body['@odata.count']).toBe(all.length);
      expect(exact.body).not.toHaveProperty('@cc.countMoreThan');

      t.config.callSearchCountLimit = all.length - 1;
      const over = await search(t, admin, { ...filter, $count: 'true', $top: 5, $skip: 10 });
      expect(over.status).toBe(200);
      expect(over.body).not.toHaveProperty('@odata.count');
      expect(over.body['@cc.countMoreThan']).toBe(all.length - 1);
      expect(over.body.value.map((r) => r.OutboundId)).toEqual(all.slice(10, 15).map((r) => r.OutboundId));
    } finally {
      t.config.callSearchCountLimit = limit;
    }
  });

  it('a page past the end is empty', async () => {
    const answer = await search(t, admin, { $skip: all.length + 10, $count: 'true' });
    expect(answer.body.value).toEqual([]);
    expect(answer.body['@odata.count']).toBe(all.length);
  });
});

/** The grid's text columns that sort a blank value last both ways. */
const BLANK_LAST = new Set<string>(['FirstName', 'LastName', 'agentName', 'callBackCSRName']);

describe('sorting', () => {
  const sortable = CALL_SEARCH_FIELDS;
  for (const field of sortable) {
    for (const dir of ['asc', 'desc'] as const) {
      it(`${field} ${dir}: consecutive pages adjoin and rows are in order`, async () => {
        const first = await search(t, admin, { $orderby: `${field} ${dir}`, $top: 40 });
        const second = await search(t, admin, { $orderby: `${field} ${dir}`, $top: 40, $skip: 40 });
        const both = await search(t, admin, { $orderby: `${field} ${dir}`, $top: 80 });
        expect(first.status).toBe(200);
        const rows = both.body.value;
        expect([...first.body.value, ...second.body.value].map((r) => r.OutboundId)).toEqual(
          rows.map((r) => r.OutboundId),
        );
        // The database judges its own order of the values (its collation), with the outbound id after.
        const values = rows.map((r) => r[field]);
        const kind = typeof values.find((v) => v !== null);
        const cast = kind === 'number' ? 'numeric' : kind === 'boolean' ? 'boolean' : 'text';
        const pairs = rows.slice(1).map((row, n) => {
          const before = rows[n]!;
          // A blank name sorts as an empty value would: last both ways (decision 062).
          const text = (v: string | number | boolean | null) =>
            v === null || (BLANK_LAST.has(field) && v === '') ? null : String(v);
          return { xs: text(before[field]), ys: text(row[field]), i: before.OutboundId, j: row.OutboundId };
        });
        const [check] = rowsOf<{ ok: boolean }>(
          await t.db
            .execute(sql`select bool_and(case when x is not distinct from y then ${sql.raw(dir === 'asc' ? 'i < j' : 'i > j')}
              else ${sql.raw(dir === 'asc' ? '(x < y or y is null)' : '(x > y or y is null)')} end) as ok
            from jsonb_to_recordset(${JSON.stringify(pairs)}::jsonb) as u(xs text, ys text, i int, j int),
              lateral (select xs::${sql.raw(cast)} as x, ys::${sql.raw(cast)} as y) v`),
        );
        expect(check?.ok).toBe(true);
      });
    }
  }

  it('sorts by several fields, each its own way', async () => {
    const answer = await search(t, admin, { $orderby: 'branchNo desc,CallAttempts asc', $top: 200 });
    const rows = answer.body.value;
    for (let i = 1; i < rows.length; i++) {
      const [a, b] = [rows[i - 1]!, rows[i]!];
      // Branch descending, then attempts ascending within a branch.
      expect(a.branchNo > b.branchNo || (a.branchNo === b.branchNo && a.CallAttempts <= b.CallAttempts)).toBe(true);
    }
  });
});

describe('completed and open calls', () => {
  // The indexes are led by completion (decision 046): a search that pins it reads one part, one that does not merges
  // both. Either way a page is the same calls in the same order as the whole search, kept to the part.
  it.each(['LastName asc', 'cust_No desc', 'lastAccessDate asc', 'agentName desc', 'Type asc,FirstName desc'])(
    '%s: each part alone is the whole search kept to it, in the same order',
    async (orderby) => {
      const whole = await searchAll(t, admin, { $orderby: orderby });
      const done = whole.filter((r) => r.callComplete).map((r) => r.OutboundId);
      const open = whole.filter((r) => !r.callComplete).map((r) => r.OutboundId);
      expect(done.length).toBeGreaterThan(0);
      expect(open.length).toBeGreaterThan(0);
      for (const [filter, expected] of [
        ['callComplete', done],
        ['callComplete eq true and CallAttempts ge 0', done],
        ['not callComplete', open],
        ['CallAttempts ge 0 and callComplete eq false', open],
      ] as const) {
        const rows = await searchAll(t, admin, { $filter: filter, $orderby: orderby });
        expect(
          rows.map((r) => r.OutboundId),
          filter,
        ).toEqual(expected);
      }
      const page = await search(t, admin, { $orderby: orderby, $skip: 7, $top: 30, $count: 'true' });
      expect(page.body.value.map((r) => r.OutboundId)).toEqual(whole.slice(7, 37).map((r) => r.OutboundId));
      expect(page.body['@odata.count']).toBe(whole.length);
    },
  );
});

describe('filters', () => {
  const some = () => all.find((r) => r.lastAccessDate !== null && r.cust_No !== null)!;

  it.each([
    ["Type eq 'Cancel'", (r: CallSearchRow) => r.Type === 'Cancel'],
    ["type eq 'Cancel'", (r: CallSearchRow) => r.Type === 'Cancel'],
    ['callComplete', (r: CallSearchRow) => r.callComplete],
    ['not callComplete', (r: CallSearchRow) => !r.callComplete],
    ['callComplete eq false and CallAttempts ge 1', (r: CallSearchRow) => !r.callComplete && r.CallAttempts >= 1],
    ['callBackCSR eq null', (r: CallSearchRow) => r.callBackCSR === null],
    ['callBackCSR ne null', (r: CallSearchRow) => r.callBackCSR !== null],
    ["branchNo in ('SG101','SG102')", (r: CallSearchRow) => ['SG101', 'SG102'].includes(r.branchNo)],
    ["startswith(LastName,'M')", (r: CallSearchRow) => r.LastName.startsWith('M')],
    ["contains(LastName,'son')", (r: CallSearchRow) => r.LastName.includes('son')],
    ["endswith(FirstName,'a')", (r: CallSearchRow) => r.FirstName.endsWith('a')],
    ["LastName lt 'M'", (r: CallSearchRow) => r.LastName < 'M'],
    ['OutboundId le 40 or OutboundId gt 100', (r: CallSearchRow) => r.OutboundId <= 40 || r.OutboundId > 100],
  ])('%s', async (filter, expected) => {
    const rows = await searchAll(t, admin, { $filter: filter });
    expect(ids(rows)).toEqual(ids(all.filter(expected)));
  });

  it('a date means the whole day in America/Chicago; a date-time the instant', async () => {
    const day = some().lastAccessDate!.slice(0, 10);
    for (const op of ['eq', 'ne', 'gt', 'ge', 'lt', 'le'] as const) {
      const rows = await searchAll(t, admin, { $filter: `lastAccessDate ${op} ${day}` });
      const expected = all.filter((r) =>
        matches(r, { kind: 'cmp', op, field: 'lastAccessDate', value: { type: 'date', value: day }, at: 0 }),
      );
      expect(ids(rows), op).toEqual(ids(expected));
    }
    // 'YYYY-MM-DD HH:mm:ss' in Chicago is 5 or 6 hours behind UTC; one second after a row's time excludes it.
    const row = some();
    const [instant] = rowsOf<{ utc: string }>(
      await t.db.execute(
        sql`select to_char((${row.lastAccessDate}::timestamp at time zone 'America/Chicago') at time zone 'UTC',
          'YYYY-MM-DD"T"HH24:MI:SS"Z"') as utc`,
      ),
    );
    const at = await searchAll(t, admin, {
      $filter: `OutboundId eq ${row.OutboundId} and lastAccessDate ge ${instant!.utc}`,
    });
    expect(ids(at)).toEqual([row.OutboundId]);
  });
});

describe('who sees what', () => {
  it('a franchise user sees only its branches, whatever the filter asks', async () => {
    const franchise = await t.signin('csr.franchise');
    const rows = await searchAll(t, franchise, { $filter: "branchNo eq 'SG101' or branchNo ne 'SG101'" });
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(['SG101', 'SG102']).toContain(row.branchNo);
    const supervisor = await t.signin('supervisor');
    const outside = all.find((r) => !['SG101', 'SG102'].includes(r.branchNo))!;
    expect(await searchAll(t, franchise, { $filter: `branchNo eq '${outside.branchNo}'` })).toEqual([]);
    expect(
      (await searchAll(t, supervisor, { $filter: `OutboundId eq ${outside.OutboundId}` })).length,
    ).toBeLessThanOrEqual(1);
  });

  it('without CallSearch.AllAgents a user finds only the calls it worked or holds as callbacks', async () => {
    const franchise = await t.signin('csr.franchise');
    const rows = await searchAll(t, franchise);
    const [me] = rowsOf<{ id: number }>(
      await t.db.execute(sql`select user_id as id from users where username = 'csr.franchise'`),
    );
    const mine = all.filter(
      (r) => ['SG101', 'SG102'].includes(r.branchNo) && (r.lastAccessCSR === me!.id || r.callBackCSR === me!.id),
    );
    expect(rows.filter((r) => r.lastAccessCSR === me!.id)).toHaveLength(3);
    expect(ids(rows)).toEqual(ids(mine));
    expect(rows[0]!.agentName).not.toBe('');
  });

  it('deleted calls are never found', async () => {
    const [{ id }] = rowsOf<{ id: number }>(
      await t.db.execute(sql`select max(outbound_id) as id from outbound_calls`),
    ) as [{ id: number }];
    expect(all.some((r) => r.OutboundId === id)).toBe(false);
    expect((await searchAll(t, admin, { $filter: `OutboundId eq ${id}` })).length).toBe(0);
  });

  it('a user without Call Search is refused; no session is 401', async () => {
    const measurer = await t.signin('measurer');
    expect((await search(t, measurer, {})).status).toBe(403);
    const anonymous = await t.call(undefined, { method: 'GET', url: '/api/odata/GetSearchOutboundCalls' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ error: { code: 'UNAUTHENTICATED' } });
  });
});

describe('refusals: 400 in the OData error shape, saying what and where', () => {
  it.each([
    [{ $filter: "Type eq 'Cancel' and" }, '$filter', /position 21/],
    [{ $filter: "Nope eq 'x'" }, '$filter', /unknown field 'Nope'/],
    [{ $filter: "OutboundId eq 'x'" }, '$filter', /OutboundId is an integer field/],
    [{ $filter: 'OutboundId eq 1.5' }, '$filter', /integer/],
    [{ $filter: 'OutboundId eq 99999999999' }, '$filter', /integer/],
    [{ $filter: 'LastName gt 3' }, '$filter', /text field/],
    [{ $filter: 'callComplete gt true' }, '$filter', /eq or ne/],
    [{ $filter: 'CallAttempts gt null' }, '$filter', /null/],
    [{ $filter: "contains(CallAttempts,'1')" }, '$filter', /text field/],
    [{ $filter: 'LastName' }, '$filter', /not a boolean field/],
    [{ $filter: 'lastAccessDate ge 2026-02-30' }, '$filter', /not a date/],
    [{ $filter: "lastAccessDate ge '2026-01-01'" }, '$filter', /datetime field/],
    [{ $filter: 'lastAccessDate ge 0000-01-01' }, '$filter', /not a date/],
    [{ $filter: 'lastAccessDate ge 0000-06-01T10:00:00Z' }, '$filter', /datetime field/],
    [{ $filter: 'lastAccessDate lt 2026-02-30T10:00:00Z' }, '$filter', /datetime field/],
    [{ $filter: "Type eq 'a\u0000b' and callComplete" }, '$filter', /control characters/],
    [{ $filter: "branchNo in ('x\u0000')" }, '$filter', /control characters/],
    [{ $orderby: 'LastName\u0000 asc' }, '$orderby', /control characters/],
    [{ $filter: "Type eq 'x'; drop table users" }, '$filter', /position/],
    [{ $orderby: 'Nope desc' }, '$orderby', /unknown field/],
    [{ $orderby: 'LastName sideways' }, '$orderby', /position/],
    [{ $orderby: 'LastName, lastname' }, '$orderby', /named twice/],
    [{ $top: 1001 }, '$top', /at most 1000/],
    [{ $top: -1 }, '$top', /negative/],
    [{ $skip: -5 }, '$skip', /negative/],
    [{ $skip: 'x' }, '$skip', /whole number/],
    [{ $count: 'yes' }, '$count', /true or false/],
  ])('%j', async (options, option, message) => {
    const answer = await search(t, admin, options);
    expect(answer.status).toBe(400);
    expect(answer.body.error?.code).toBe('VALIDATION');
    expect(answer.body.error?.message.startsWith(`${option}: `)).toBe(true);
    expect(answer.body.error?.message).toMatch(message);
  });

  it('users survive an attempt at SQL in a literal', async () => {
    const answer = await search(t, admin, { $filter: "LastName eq 'x'' or 1=1 --'" });
    expect(answer.status).toBe(200);
    expect(answer.body.value).toEqual([]);
  });
});

describe('random filters give the rows the same filter gives in memory', () => {
  const text = (field: string, pool: string[]) =>
    fc
      .tuple(fc.constantFrom('eq', 'ne', 'lt', 'ge'), fc.constantFrom(...pool))
      .map(([op, value]): FilterExpr => ({ kind: 'cmp', op, field, value: { type: 'string', value }, at: 0 }));
  const int = (field: string, max: number) =>
    fc
      .tuple(fc.constantFrom('eq', 'ne', 'gt', 'ge', 'lt', 'le'), fc.integer({ min: 0, max }))
      .map(([op, n]): FilterExpr => ({
        kind: 'cmp',
        op,
        field,
        value: { type: 'number', value: n, text: String(n) },
        at: 0,
      }));
  const leaf = (): fc.Arbitrary<FilterExpr> => {
    const branches = [...new Set(all.map((r) => r.branchNo))];
    const types = [...new Set(all.map((r) => r.Type))];
    const days = [...new Set(all.flatMap((r) => (r.lastAccessDate ? [r.lastAccessDate.slice(0, 10)] : [])))];
    const maxId = Math.max(...all.map((r) => r.OutboundId));
    return fc.oneof(
      text('Type', types),
      text('branchNo', branches),
      text('LastName', ['A', 'M', 'Smith', 'Z']),
      int('OutboundId', maxId),
      int('CallAttempts', 5),
      int('cust_No', 2000),
      fc.constant<FilterExpr>({ kind: 'bool', field: 'callComplete', at: 0 }),
      fc.constantFrom<FilterExpr>(
        { kind: 'cmp', op: 'eq', field: 'callBackCSR', value: { type: 'null', value: null }, at: 0 },
        { kind: 'cmp', op: 'ne', field: 'callBackCSR', value: { type: 'null', value: null }, at: 0 },
      ),
      fc
        .tuple(fc.constantFrom('eq', 'ne', 'gt', 'ge', 'lt', 'le'), fc.constantFrom(...days))
        .map(([op, day]): FilterExpr => ({
          kind: 'cmp',
          op,
          field: 'lastAccessDate',
          value: { type: 'date', value: day },
          at: 0,
        })),
      fc
        .tuple(fc.constantFrom('contains', 'startswith', 'endswith'), fc.constantFrom('a', 'son', 'Mc', 'e'))
        .map(([name, value]): FilterExpr => ({ kind: 'method', name, field: 'LastName', value, at: 0 })),
      fc.subarray(branches, { minLength: 1 }).map((values): FilterExpr => ({
        kind: 'in',
        field: 'branchNo',
        values: values.map((value): Literal => ({ type: 'string', value })),
        at: 0,
      })),
    );
  };

  it('for 40 random trees', async () => {
    const tree = fc.letrec<{ expr: FilterExpr }>((tie) => ({
      expr: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        leaf(),
        fc
          .tuple(fc.constantFrom('and', 'or'), tie('expr'), tie('expr'))
          .map(([kind, left, right]): FilterExpr => ({ kind, left, right })),
        tie('expr').map((expr): FilterExpr => ({ kind: 'not', expr })),
      ),
    })).expr;
    await fc.assert(
      fc.asyncProperty(tree, async (expr) => {
        const rows = await searchAll(t, admin, { $filter: filterText(expr) });
        expect(ids(rows)).toEqual(ids(all.filter((r) => matches(r, expr))));
      }),
      { numRuns: 40, seed: 17 },
    );
  });
});

describe('export: every match, in order, as CSV read by key', () => {
  const exportCsv = async (token: string, options: Record<string, string>) => {
    const query = new URLSearchParams(options).toString();
    return t.call(token, { method: 'GET', url: `/api/odata/GetSearchOutboundCalls/export?${query}` });
  };
  /** The export's rows as [outbound id, …] (the first column). */
  const exportedIds = (body: string) =>
    body
      .replace(/^\ufeff/, '')
      .trim()
      .split(/\r?\n/)
      .slice(1)
      .map((line) => Number(line.split(',')[0]));

  it.each([
    ['lastAccessDate desc'],
    ['LastName asc,FirstName desc'],
    ['callBackDate asc'],
    ['callComplete desc,CallAttempts asc'],
  ])('%s: the same calls in the same order as the pages, across batches of 1000', async (orderby) => {
    const response = await exportCsv(admin, { $orderby: orderby });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toMatch(/attachment; filename="calls\.csv"/);
    const paged = await searchAll(t, admin, { $orderby: orderby });
    expect(paged.length).toBeGreaterThan(1000);
    expect(exportedIds(response.body)).toEqual(paged.map((r) => r.OutboundId));
  });

  it('filters and scopes like the search, and writes a header and quoted text', async () => {
    const franchise = await t.signin('csr.franchise');
    const response = await exportCsv(franchise, { $filter: "branchNo eq 'SG101'" });
    const lines = response.body
      .replace(/^\ufeff/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe(
      'OutboundId,branchNo,cust_No,FirstName,LastName,callComplete,Type,lastAccessDate,callBackCSRName,agentName,CallSource,CallAttempts,callOrigin,CallStatus,callBackDate,SQLDBID',
    );
    const expected = await searchAll(t, franchise, { $filter: "branchNo eq 'SG101'" });
    expect(exportedIds(response.body)).toEqual(expected.map((r) => r.OutboundId));
  });

  it('a bad filter is a 400 before anything is sent', async () => {
    const response = await exportCsv(admin, { $filter: 'Nope eq 1' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { code: 'VALIDATION' } });
  });
});
