/**
 * POST /api/InboundCall/SearchCustomers: the row limit, pages, sorting and column filters, and authentication.
 * Each criterion, combinations, bad input and literal wildcards are in inbound.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { INBOUND_FIRST_VIEW, InboundCriteria, type InboundRow } from '@cc/contract';
import { rowsOf } from '../../db/client.js';
import { searchConditions, searchRowsQuery, type SearchRowsResult } from './search.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { InboundClient, isSortedByBranchThenAccount } from './test-support.js';

let t: TestApp;
let api: InboundClient;
beforeAll(async () => {
  t = await createTestApp();
  api = new InboundClient(t);
  await api.signinAll();
});
afterAll(async () => {
  await t.close();
});

const search = (token: string, body: object) =>
  t.call(token, { method: 'POST', url: '/api/InboundCall/SearchCustomers', payload: body });

describe('SearchCustomers: the row limit', () => {
  it('admin searching state IL is over the limit: no rows, the real total, limit 500', async () => {
    const [count] = await api.query<{ n: number }>(sql`select count(*)::int as n from customers where state = 'IL'`);
    expect(count?.n).toBeGreaterThan(500);
    const body = await api.rows('admin', { state: 'IL' });
    expect(body).toMatchObject({ rows: [], rowCount: 0, total: count?.n, limit: 500, overLimit: true });
  });

  it('the over-limit total is the real count for other criteria too', async () => {
    const expected = await api.expectedKeys({ zip: '6' });
    expect(expected.length).toBeGreaterThan(500);
    const body = await api.rows('admin', { zip: '6' });
    expect(body).toMatchObject({ rows: [], rowCount: 0, total: expected.length, limit: 500, overLimit: true });
  });

  it('a search of at most 500 rows answers all of them, sorted by Branch then AccountNo', async () => {
    // csr.franchise sees SG101 and SG102: their Illinois customers span two branches.
    const [count] = await api.query<{ n: number }>(
      sql`select count(*)::int as n from customers where state = 'IL' and branchno in ('SG101', 'SG102')`,
    );
    const n = count?.n ?? 0;
    expect(n).toBeGreaterThan(100);
    expect(n).toBeLessThanOrEqual(500);
    const body = await api.rows('csr.franchise', { state: 'IL' });
    expect(body.overLimit).toBe(false);
    expect(body.total).toBe(n);
    expect(body.limit).toBe(500);
    expect(body.rows).toHaveLength(n);
    expect(new Set(body.rows.map((r) => r.Branch))).toEqual(new Set(['SG101', 'SG102']));
    expect(isSortedByBranchThenAccount(body.rows)).toBe(true);
    for (const row of body.rows) {
      expect(row.Name).toBe(`${row.LastName}, ${row.FirstName}`);
      expect(row.CallOrigin).toBe('Inbound');
    }
  });

  it('rows of many branches come sorted by Branch then AccountNo', async () => {
    const rows = await api.expectExact({ lastname: 'b' });
    expect(new Set(rows.map((r) => r.Branch)).size).toBeGreaterThan(10);
    expect(isSortedByBranchThenAccount(rows)).toBe(true);
  });

  it('exactly 500 rows are answered; 501 are over the limit', async () => {
    api.forgetCustomers();
    await t.db.execute(sql`
      insert into customers (sqldbid, customer_no, branchno, customer_type, status, first_name, last_name, state, zip)
      select 18002, 800000 + i, case when i % 2 = 0 then 'SG111' else 'SG112' end, 'Prospect', 'Prospect',
             'Many', 'Limitson', 'IL', '61101'
      from generate_series(1, 500) as i`);
    const at = await api.rows('admin', { lastname: 'limitson' });
    expect(at.overLimit).toBe(false);
    expect(at.total).toBe(500);
    expect(at.rows).toHaveLength(500);
    expect(isSortedByBranchThenAccount(at.rows)).toBe(true);
    expect(at.rows[0]).toMatchObject({ Branch: 'SG111', AccountNo: 800002 });
    expect(at.rows[499]).toMatchObject({ Branch: 'SG112', AccountNo: 800499 });

    await api.addCustomer({ lastName: 'Limitson', sqldbid: 18002, branchNo: 'SG111', state: 'IL', zip: '61101' });
    const over = await api.rows('admin', { lastname: 'limitson' });
    expect(over).toMatchObject({ rows: [], rowCount: 0, total: 501, limit: 500, overLimit: true });
  });
});

describe('SearchCustomers: pages, sorting and column filters (decision 015)', () => {
  // One city in lower case: sorting must not put it after every capital.
  const CITIES = ['Aurora', 'Batavia', 'Cicero', 'dixon', 'Elgin', 'Fulton', 'Geneva'];
  const FIRSTS = ['Abel', 'Bea', 'Cora', 'Dale', 'Edna', 'Finn', 'Gus', 'Hal', 'Ida', 'Jo', 'Kit'];
  const BRANCHES = ['SG101', 'SG102', 'SG111'];
  const SQLDBIDS: Record<string, number> = { SG101: 18001, SG102: 18001, SG111: 18002 };
  const MANY = 73;
  let all: InboundRow[];

  beforeAll(async () => {
    api.forgetCustomers();
    for (let i = 0; i < MANY; i++) {
      const branchNo = BRANCHES[i % 3] ?? 'SG101';
      await api.addCustomer({
        lastName: 'Pageson',
        firstName: FIRSTS[(i * 7) % FIRSTS.length] ?? 'Abel',
        customerNo: 870000 + ((i * 37) % 997),
        branchNo,
        sqldbid: SQLDBIDS[branchNo] ?? 18001,
        city: CITIES[(i * 3) % CITIES.length] ?? 'Aurora',
        // One zip+4 kept with its hyphen, as an edit can keep it.
        zip: i === 0 ? '61000-1234' : `6${String(1000 + ((i * 13) % 89)).padStart(4, '0')}`,
        homePhone: `630555${String((i * 211) % 10000).padStart(4, '0')}`,
      });
    }
    all = (await api.rows('admin', { lastname: 'pageson' })).rows;
    expect(all).toHaveLength(MANY);
  });

  type Row = InboundRow;
  const lower = (v: string) => v.toLowerCase();
  /** The server's order: the column (text any case), then branch, customer number, company. */
  const byColumn =
    (column: 'City' | 'Name' | 'AccountNo' | 'Phone' | 'Branch', dir: 'asc' | 'desc') => (a: Row, b: Row) => {
      const x = typeof a[column] === 'number' ? a[column] : lower(String(a[column]));
      const y = typeof b[column] === 'number' ? b[column] : lower(String(b[column]));
      const first = x < y ? -1 : x > y ? 1 : 0;
      if (first !== 0) return dir === 'asc' ? first : -first;
      return a.Branch.localeCompare(b.Branch) || a.AccountNo - b.AccountNo || a.SQLDBID - b.SQLDBID;
    };

  it('criteria alone answer the first page of 25, sorted by Branch then Cust No, with the counts', async () => {
    const { status, body } = await api.search('admin', { lastname: 'pageson' });
    expect(status).toBe(200);
    expect(body).toMatchObject({ total: MANY, rowCount: MANY, page: 1, pageSize: 25, overLimit: false, limit: 500 });
    expect(body.rows).toEqual([...all].sort(byColumn('Branch', 'asc')).slice(0, 25));
  });

  it('the pages of any size cover every match once, in order; a page past the end is empty', async () => {
    for (const pageSize of [25, 50, 100]) {
      const seen: Row[] = [];
      for (let page = 1; page <= Math.ceil(MANY / pageSize); page++) {
        const body = await api.rows('csr.corporate', { lastname: 'pageson', page, pageSize }, 'ind');
        expect(body).toMatchObject({ page, pageSize, total: MANY, rowCount: MANY });
        expect(body.rows.length).toBe(Math.min(pageSize, MANY - (page - 1) * pageSize));
        seen.push(...body.rows);
      }
      expect(seen).toEqual([...all].sort(byColumn('Branch', 'asc')));
    }
    const past = await api.rows('admin', { lastname: 'pageson', page: 4, pageSize: 25 });
    expect(past).toMatchObject({ rows: [], total: MANY, rowCount: MANY, page: 4 });
  });

  it.each([
    ['City', 'asc'],
    ['City', 'desc'],
    ['Name', 'asc'],
    ['Name', 'desc'],
    ['AccountNo', 'desc'],
    ['Phone', 'asc'],
    ['Branch', 'desc'],
  ] as const)('sorts every match by %s %s before taking the page', async (sort, dir) => {
    const expected = [...all].sort(byColumn(sort, dir));
    const first = await api.rows('admin', { lastname: 'pageson', sort, dir, pageSize: 25 });
    const second = await api.rows('admin', { lastname: 'pageson', sort, dir, pageSize: 25, page: 2 });
    expect([...first.rows, ...second.rows]).toEqual(expected.slice(0, 50));
  });

  it('the page chosen from the index (first order, no filter) is the page chosen from the rows (any filter)', async () => {
    for (const [sort, dir] of [
      ['Branch', 'asc'],
      ['Branch', 'desc'],
      ['AccountNo', 'asc'],
      ['AccountNo', 'desc'],
    ] as const) {
      for (const page of [1, 2, 3]) {
        const view = { lastname: 'pageson', sort, dir, page, pageSize: 25 };
        const fromIndex = await api.rows('admin', view);
        // Every one of them is in Illinois: the filter keeps all, and the rows statement takes its other path.
        const fromRows = await api.rows('admin', { ...view, filters: { State: 'il' } });
        expect(fromRows.rowCount).toBe(MANY);
        expect(fromIndex.rows).toEqual(fromRows.rows);
        expect(fromIndex.rows).toEqual([...all].sort(byColumn(sort, dir)).slice((page - 1) * 25, page * 25));
      }
    }
  });

  it('column filters keep the matches whose column contains the text, any case; rowCount counts them', async () => {
    const check = async (filters: Record<string, string>, keep: (row: Row) => boolean) => {
      const expected = [...all].sort(byColumn('Branch', 'asc')).filter(keep);
      expect(expected.length).toBeGreaterThan(0);
      expect(expected.length).toBeLessThan(MANY);
      const body = await api.rows('admin', { lastname: 'pageson', filters, pageSize: 10 });
      expect(body).toMatchObject({ total: MANY, rowCount: expected.length, overLimit: false });
      expect(body.rows).toEqual(expected.slice(0, 10));
    };
    await check({ Name: 'SON, E' }, (r) => r.Name.toLowerCase().includes('son, e'));
    await check({ Name: 'aB' }, (r) => r.Name.toLowerCase().includes('ab'));
    await check({ City: 'av' }, (r) => r.City.toLowerCase().includes('av'));
    await check({ Branch: 'g11' }, (r) => r.Branch === 'SG111');
    // Numbers by their digits, whatever the display adds: '(630) 555-01' is 63055501.
    await check({ Phone: '(630) 555-01' }, (r) => r.Phone.includes('63055501'));
    await check({ Zip: '6-102' }, (r) => r.Zip.includes('6102'));
    await check({ AccountNo: '8700' }, (r) => String(r.AccountNo).includes('8700'));
    // Digits against digits: the zip kept as '61000-1234' is found by '61000-12' and by '6100012'.
    await check({ Zip: '61000-12' }, (r) => r.Zip.replace(/\D/g, '').includes('6100012'));
    await check({ Zip: '6100012' }, (r) => r.Zip.replace(/\D/g, '').includes('6100012'));
    // Several filters: all of them.
    await check({ City: 'a', Branch: 'sg10' }, (r) => r.City.toLowerCase().includes('a') && r.Branch !== 'SG111');
    // Filters and a sort and a page together.
    const expected = all.filter((r) => r.City === 'Geneva').sort(byColumn('Name', 'desc'));
    const body = await api.rows('admin', {
      lastname: 'pageson',
      filters: { City: 'geneva' },
      sort: 'Name',
      dir: 'desc',
      pageSize: 5,
      page: 2,
    });
    expect(body.rowCount).toBe(expected.length);
    expect(body.rows).toEqual(expected.slice(5, 10));
  });

  it('filter text is literal: wildcards and quotes match themselves, a number filter without digits matches nothing', async () => {
    for (const text of ['%', '_', "'", '\\', 'a%']) {
      expect(await api.rows('admin', { lastname: 'pageson', filters: { Name: text } })).toMatchObject({
        rows: [],
        rowCount: 0,
        total: MANY,
      });
    }
    expect(await api.rows('admin', { lastname: 'pageson', filters: { Phone: 'abc' } })).toMatchObject({ rowCount: 0 });
    // An empty or blank filter is no filter.
    expect(await api.rows('admin', { lastname: 'pageson', filters: { Name: '  ', City: '' } })).toMatchObject({
      rowCount: MANY,
    });
  });

  it('filters and sorting work within the scope: a franchise user cannot reach another branch through them', async () => {
    const own = all.filter((r) => r.Branch !== 'SG111').length;
    const scoped = await api.rows('csr.franchise', { lastname: 'pageson', sort: 'Branch', dir: 'desc' }, 'ind');
    expect(scoped).toMatchObject({ total: own, rowCount: own });
    expect(scoped.rows.every((r) => r.Branch === 'SG101' || r.Branch === 'SG102')).toBe(true);
    const foreign = await api.rows('csr.franchise', { lastname: 'pageson', filters: { Branch: 'SG111' } }, 'ind');
    expect(foreign).toMatchObject({ rows: [], rowCount: 0, total: own });
  });

  it('the rows statement reads no rows over the limit, on either of its paths', async () => {
    const where = searchConditions(InboundCriteria.parse({ lastname: 'pageson' }), { kind: 'all' });
    for (const view of [
      INBOUND_FIRST_VIEW,
      { ...INBOUND_FIRST_VIEW, sort: 'City' as const, filters: { State: 'IL' } },
    ]) {
      const [over] = rowsOf<SearchRowsResult>(await t.db.execute(searchRowsQuery(where, view, 10)));
      expect(over).toEqual({ matched: 11, rowCount: 0, rows: [] });
      const [within] = rowsOf<SearchRowsResult>(await t.db.execute(searchRowsQuery(where, view, MANY)));
      expect(within?.matched).toBe(MANY);
      expect(within?.rows ?? []).toHaveLength(25);
    }
  });

  it('over the limit: no rows and rowCount 0, whatever page is asked for', async () => {
    const body = await api.rows('admin', { state: 'IL', page: 3, pageSize: 50, sort: 'City', filters: { City: 'a' } });
    expect(body).toMatchObject({ rows: [], rowCount: 0, overLimit: true, page: 3, pageSize: 50 });
    expect(body.total).toBeGreaterThan(500);
  });
});

describe('authentication', () => {
  const endpoints: ['GET' | 'POST', string, object][] = [
    ['POST', '/api/InboundCall/SearchCustomers', { lastname: 'Thornbury' }],
    ['POST', '/api/InboundCall/SearchcofCustomers', { lastname: 'Lindgren' }],
    ['POST', '/api/InboundCall/SearchindCustomers', { lastname: 'Thornbury' }],
    ['POST', '/api/inbound/validateZipCode', { zip: '60540' }],
    ['POST', '/api/inbound/autocompleteAddress', { input: '1420 w og' }],
    ['POST', '/api/inbound/formatAddress', { streetNo: '1', streetNm: 'Main' }],
    ['POST', '/api/inbound/getCompanyInfo', { sqldbid: 18001 }],
    ['GET', '/api/inbound/franchises?prefix=SG1', {}],
  ];

  it.each(endpoints)('%s %s answers 401 without a token', async (method, url, payload) => {
    const response = await t.call(undefined, {
      method,
      url,
      ...(method === 'POST' ? { payload } : {}),
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ error: 'UNAUTHENTICATED' });
  });

  it.each(endpoints)('%s %s answers 401 with a token that is not a session', async (method, url, payload) => {
    const response = await t.call('not-a-real-token', {
      method,
      url,
      ...(method === 'POST' ? { payload } : {}),
    });
    expect(response.statusCode).toBe(401);
  });

  it('answers 401 after sign-out', async () => {
    const token = await t.signin('csr.external');
    expect((await search(token, { lastname: 'Thornbury' })).statusCode).toBe(200);
    await t.call(token, { method: 'POST', url: '/api/auth/signout' });
    expect((await search(token, { lastname: 'Thornbury' })).statusCode).toBe(401);
  });
});
