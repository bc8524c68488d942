/**
 * All Quotes: sorting and paging on the server, one order's detail with its lines and discounts, bad input
 * (400 naming the field), no session (401), an order outside the scope (404), and the customer's names that
 * the orders keep by trigger.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { QUOTE_SORT_FIELDS, type QuoteRow } from '@cc/contract';
import pg from 'pg';
import { createTestApp, engine, type TestApp } from '../../test/harness.js';
import { detail, get, list, listAll, query, signinAll, type Sessions } from './test-support.js';

let t: TestApp;
let s: Sessions;

beforeAll(async () => {
  t = await createTestApp();
  s = await signinAll(t);
});
afterAll(async () => {
  await t.close();
});

/** The sort key of a row, compared left to right; every sort ends with the order id. */
function key(row: QuoteRow, sort: (typeof QUOTE_SORT_FIELDS)[number]): (string | number)[] {
  switch (sort) {
    case 'updated':
      return [row.updated, row.id];
    case 'created':
      return [row.created, row.id];
    case 'total':
      return [row.total, row.id];
    case 'customer':
      return [row.customerLastName.toLowerCase(), row.customerFirstName.toLowerCase(), row.id];
    case 'status':
      return [row.orderStatus, row.updated, row.id];
  }
}

function compare(a: (string | number)[], b: (string | number)[]): number {
  for (let i = 0; i < a.length; i++) {
    const x = a[i] as string | number;
    const y = b[i] as string | number;
    if (x < y) return -1;
    if (x > y) return 1;
  }
  return 0;
}

describe('sorting and paging', () => {
  for (const sort of QUOTE_SORT_FIELDS) {
    for (const dir of ['asc', 'desc'] as const) {
      it(`${sort} ${dir}: rows in order across pages, the pages adjoining, the total constant`, async () => {
        const first = await list(t, s['csr.cof'], { sort, dir, pageSize: 25, page: 1 });
        const second = await list(t, s['csr.cof'], { sort, dir, pageSize: 25, page: 2 });
        const both = await list(t, s['csr.cof'], { sort, dir, pageSize: 50, page: 1 });
        expect(first.data).toHaveLength(25);
        expect(second.total).toBe(first.total);
        expect([...first.data, ...second.data].map((r) => r.id)).toEqual(both.data.map((r) => r.id));
        const rows = both.data;
        for (let i = 1; i < rows.length; i++) {
          const order = compare(key(rows[i - 1] as QuoteRow, sort), key(rows[i] as QuoteRow, sort));
          expect(dir === 'asc' ? order : -order, `${sort} ${dir} rows ${i - 1} and ${i}`).toBe(-1);
        }
      });
    }
  }

  it('the default is the newest update first; a whole list in one order, each order once', async () => {
    const page = await list(t, s['csr.franchise']);
    expect(page).toMatchObject({ page: 1, pageSize: 25, search: null });
    const sortedByUpdate = await list(t, s['csr.franchise'], { sort: 'updated', dir: 'desc' });
    expect(page.data.map((r) => r.id)).toEqual(sortedByUpdate.data.map((r) => r.id));
    const all = await listAll(t, s['csr.franchise'], { sort: 'customer' });
    expect(new Set(all.rows.map((r) => r.id)).size).toBe(all.total);
  });

  it('walking every page by cursor reads each order once, in the order of the whole list, every sort both ways', async () => {
    for (const sort of QUOTE_SORT_FIELDS) {
      for (const dir of ['asc', 'desc'] as const) {
        const whole = await listAll(t, s['csr.franchise'], { sort, dir });
        const pageSize = Math.max(3, Math.ceil(whole.total / 8));
        const seen: number[] = [];
        let after: string | null = null;
        for (let page = 1; page < 100; page++) {
          const params: Record<string, string | number> = { sort, dir, page, pageSize };
          if (after !== null) params.after = after;
          const answer = await list(t, s['csr.franchise'], params);
          expect(answer.total).toBe(whole.total);
          seen.push(...answer.data.map((r) => r.id));
          if (answer.data.length < pageSize) break;
          after = answer.next;
        }
        expect(seen, `${sort} ${dir}`).toEqual(whole.rows.map((r) => r.id));
      }
    }
  });

  it('a cursor from another order or not from a page at all is a 400 naming after', async () => {
    const first = await list(t, s['csr.franchise'], { sort: 'customer', dir: 'asc', pageSize: 5 });
    const keys = JSON.parse(Buffer.from(first.next!, 'base64url').toString()).k as string[];
    const forged = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    for (const [params, says] of [
      [`sort=customer&dir=desc&after=${first.next}`, "belongs to the order 'customer asc'"],
      [`sort=customer&dir=asc&after=${forged({ o: 'customer asc', k: keys.slice(1) })}`, 'not a cursor'],
      [
        `sort=total&dir=asc&after=${forged({ o: 'total asc', k: ['1e5', '3'] })}`,
        'value 1 of the cursor is not a number',
      ],
      ['after=%25%25', 'not a cursor'],
    ] as const) {
      const answer = await get<{ error: string; message: string }>(t, s['csr.franchise'], `/api/quotes?${params}`);
      expect(answer.status, params).toBe(400);
      expect(answer.body.message.startsWith('after:'), answer.body.message).toBe(true);
      expect(answer.body.message, params).toContain(says);
    }
  });

  it('a page past the end is empty and still says the total', async () => {
    const page = await list(t, s['csr.franchise'], { page: 1000, pageSize: 100 });
    expect(page.data).toEqual([]);
    expect(page.total).toBeGreaterThan(0);
  });

  it('rows carry the spec’s order fields, money in dollars and times in America/Chicago', async () => {
    const [row] = await query<{ id: number; total: string; updated: string }>(
      t,
      sql`select order_id as id, total::text as total,
          to_char(updated_at at time zone 'America/Chicago', 'YYYY-MM-DD HH24:MI:SS') as updated
          from orders where branchno = 'SG101' order by order_id limit 1`,
    );
    if (!row) throw new Error('no order');
    const page = await list(t, s['csr.franchise'], { q: String(row.id) });
    const found = page.data.find((r) => r.id === row.id);
    expect(found).toMatchObject({ total: Number(row.total), updated: row.updated, branchNo: 'SG101' });
    expect(found?.updated).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(found?.franchiseName).not.toBe('');
    expect(Object.keys(found ?? {}).sort()).toEqual(
      [
        'id',
        'sqldbid',
        'customerNo',
        'customerFirstName',
        'customerLastName',
        'branchNo',
        'franchiseName',
        'orderType',
        'orderStatus',
        'isPrepay',
        'isAutopay',
        'subTotal',
        'tax',
        'total',
        'source',
        'title',
        'serviceYear',
        'created',
        'updated',
      ].sort(),
    );
  });
});

describe('one order', () => {
  it('its lines, discounts, totals and customer, as stored', async () => {
    const [order] = await query<{ id: number }>(
      t,
      sql`select o.order_id as id from orders o join order_discounts d on d.order_id = o.order_id
          where o.branchno in ('SG101', 'SG102') and o.source = 'Call Center'
            and (select count(*) from order_items i where i.order_id = o.order_id) > 1
          order by o.order_id limit 1`,
    );
    if (!order) throw new Error('no order with a discount and several lines');
    const answer = await detail(t, s['csr.franchise'], order.id);
    expect(answer.status).toBe(200);
    const items = await query<Record<string, unknown>>(
      t,
      sql`select order_item_id as "orderItemId", service_def_id as "serviceDefId", service_name as "serviceName",
            rounds, unit_price::float8 as "unitPrice", quantity, extended_price::float8 as "extendedPrice",
            unit_price_sold::float8 as "unitPriceSold", extended_price_sold::float8 as "extendedPriceSold",
            installment, remain_months as "remainMonths"
          from order_items where order_id = ${order.id} order by order_item_id`,
    );
    expect(answer.body.items).toEqual(items);
    const discounts = await query<{ couponCode: string; amount: number }>(
      t,
      sql`select coupon_code as "couponCode", amount::float8 as amount from order_discounts where order_id = ${order.id}`,
    );
    expect(answer.body.discounts.map(({ couponCode, amount }) => ({ couponCode, amount }))).toEqual(discounts);
    const sold = items.reduce((sum, i) => sum + Math.round(Number(i.extendedPriceSold) * 100), 0);
    expect(Math.round(answer.body.subTotal * 100)).toBe(sold);
    expect(Math.round(answer.body.total * 100)).toBe(
      Math.round(answer.body.subTotal * 100) + Math.round(answer.body.tax * 100),
    );
    expect(answer.body.createdBy).toBe('Riley Franks');
    expect(answer.body.customer).toMatchObject({
      lastName: answer.body.customerLastName,
      firstName: answer.body.customerFirstName,
    });
    expect(answer.body.customer?.address).not.toBe('');
  });

  it('an order outside the scope answers as a missing one: 404', async () => {
    const [cof] = await query<{ id: number }>(
      t,
      sql`select order_id as id from orders where branchno like 'SLI%' limit 1`,
    );
    if (!cof) throw new Error('no SLI order');
    expect(await detail(t, s['csr.franchise'], cof.id)).toEqual({
      status: 404,
      body: { error: 'NOT_FOUND', message: 'Order not found.' },
    });
    expect(await detail(t, s['csr.corporate'], cof.id)).toMatchObject({ status: 404 });
    expect((await detail(t, s['csr.cof'], cof.id)).status).toBe(200);
    expect((await detail(t, s.admin, cof.id)).status).toBe(200);
    expect(await detail(t, s.admin, 999_999_999)).toMatchObject({ status: 404, body: { message: 'Order not found.' } });
  });
});

describe('bad input and no session', () => {
  it.each<[string, string]>([
    ['sort=bogus', 'sort'],
    ['dir=up', 'dir'],
    ['status=OPEN', 'status'],
    ['status=pending', 'status'],
    ['page=0', 'page'],
    ['page=abc', 'page'],
    ['pageSize=501', 'pageSize'],
    ['pageSize=0', 'pageSize'],
    ['q=smith%25', 'q'],
    ['q=0', 'q'],
    [`q=${'a'.repeat(101)}`, 'q'],
    ['q=12', ''],
  ])('GET /api/quotes?%s', async (params, field) => {
    const answer = await get<{ error: string; message: string }>(t, s.admin, `/api/quotes?${params}`);
    expect(answer.status).toBe(field === '' ? 200 : 400);
    if (field === '') return;
    expect(answer.body.error).toBe('VALIDATION');
    expect(answer.body.message.startsWith(`${field}:`), answer.body.message).toBe(true);
  });

  it('an order id that is not a positive number is a 400 naming orderId', async () => {
    for (const id of ['abc', '0', '-3', '1.5']) {
      const answer = await get<{ message: string }>(t, s.admin, `/api/quotes/${id}`);
      expect(answer.status, id).toBe(400);
      expect(answer.body.message.startsWith('orderId:'), answer.body.message).toBe(true);
    }
  });

  it('401 without a session, before any validation', async () => {
    for (const url of ['/api/quotes', '/api/quotes?sort=bogus', '/api/quotes/1', '/api/quotes/abc']) {
      const answer = await get<{ error: string }>(t, undefined, url);
      expect(answer.status, url).toBe(401);
    }
    expect((await get(t, 'not-a-token', '/api/quotes')).status).toBe(401);
  });

  it('the spec’s orders service paths are not these: /api/Orders/Order/{id} is not served here', async () => {
    const answer = await get<{ error: string }>(t, s.admin, '/api/Quotes/1');
    expect(answer.status).toBe(404);
  });
});

describe('the customer’s names on the orders', () => {
  it('a new order takes its customer’s names; a renamed customer’s orders follow, and search finds them', async () => {
    const [customer] = await query<{ sqldbid: number; customer_no: number; first: string; last: string }>(
      t,
      sql`select sqldbid, customer_no, first_name as first, last_name as last from customers
          where branchno = 'SG101' and customer_no >= 100000 order by customer_no desc limit 1`,
    );
    if (!customer) throw new Error('no customer');
    const [order] = await query<{ id: number; first: string; last: string }>(
      t,
      sql`insert into orders (sqldbid, customer_no, branchno, service_year, order_type, order_status, created_at, updated_at)
          values (${customer.sqldbid}, ${customer.customer_no}, 'SG101', 2026, 'NORMAL', 'PENDING', now(), now())
          returning order_id as id, customer_first_name as first, customer_last_name as last`,
    );
    expect(order).toMatchObject({ first: customer.first, last: customer.last });

    await t.db.execute(sql`update customers set last_name = 'Quuxworthy'
      where sqldbid = ${customer.sqldbid} and customer_no = ${customer.customer_no}`);
    const found = await list(t, s['csr.franchise'], { q: 'quuxwor' });
    expect(found.data.map((r) => r.id)).toContain(order?.id);
    expect(found.data.every((r) => r.customerLastName === 'Quuxworthy')).toBe(true);
    // Renaming touches the names only: the order's updated time stays.
    const [after] = await query<{ same: boolean }>(
      t,
      sql`select updated_at = created_at as same from orders where order_id = ${order?.id ?? 0}`,
    );
    expect(after?.same).toBe(true);
  });

  it('an order for a customer without a record keeps the names it was given', async () => {
    const [order] = await query<{ last: string }>(
      t,
      sql`insert into orders (sqldbid, customer_no, branchno, service_year, order_type, order_status, created_at,
            updated_at, customer_first_name, customer_last_name)
          values (18001, 0, 'SG101', 2026, 'NORMAL', 'PENDING', now(), now(), 'New', 'Prospect')
          returning customer_last_name as last`,
    );
    expect(order?.last).toBe('Prospect');
  });
});

describe('totals kept per branch and status', () => {
  async function totals() {
    const [franchise, pending, admin] = await Promise.all([
      list(t, s['csr.franchise'], { pageSize: 1 }),
      list(t, s['csr.franchise'], { pageSize: 1, status: 'PENDING' }),
      list(t, s.admin, { pageSize: 1 }),
    ]);
    return { franchise: franchise.total, pending: pending.total, admin: admin.total };
  }
  async function drift() {
    const rows = await query<{ n: number }>(
      t,
      sql`select count(*)::int as n from (
            select branchno, order_status, count(*)::int as n from orders group by 1, 2
            except select branchno, order_status, n from order_counts where n <> 0) x`,
    );
    return rows[0]?.n;
  }

  it('follow every insert, status change, branch change and delete, and agree with a recount', async () => {
    const before = await totals();
    expect(await drift()).toBe(0);
    const [order] = await query<{ id: number }>(
      t,
      sql`insert into orders (sqldbid, customer_no, branchno, service_year, order_type, order_status, created_at, updated_at)
          values (18001, 1001, 'SG101', 2026, 'NORMAL', 'PENDING', now(), now()) returning order_id as id`,
    );
    const id = order?.id ?? 0;
    expect(await totals()).toEqual({
      franchise: before.franchise + 1,
      pending: before.pending + 1,
      admin: before.admin + 1,
    });
    await t.db.execute(sql`update orders set order_status = 'EXPIRED' where order_id = ${id}`);
    expect(await totals()).toEqual({
      franchise: before.franchise + 1,
      pending: before.pending,
      admin: before.admin + 1,
    });
    await t.db.execute(sql`update orders set branchno = 'SLI010', order_status = 'PENDING' where order_id = ${id}`);
    expect(await totals()).toEqual({ ...before, admin: before.admin + 1 });
    await t.db.execute(sql`update orders set total = 12.34 where order_id = ${id}`);
    expect(await totals()).toEqual({ ...before, admin: before.admin + 1 });
    await t.db.execute(sql`delete from orders where order_id = ${id}`);
    expect(await totals()).toEqual(before);
    expect(await drift()).toBe(0);
  });

  it.skipIf(engine !== 'postgres')(
    'two open transactions writing orders of one branch do not wait for each other; both count at commit (needs a PostgreSQL server: TEST_DATABASE_URL)',
    async () => {
      const before = await totals();
      const url = t.database.url ?? '';
      const a = new pg.Client({ connectionString: url });
      const b = new pg.Client({ connectionString: url });
      await Promise.all([a.connect(), b.connect()]);
      const insert = `insert into orders (sqldbid, customer_no, branchno, service_year, order_type, order_status,
        created_at, updated_at) values (18001, 1001, 'SG101', 2026, 'NORMAL', 'PENDING', now(), now())`;
      try {
        await a.query('begin');
        await a.query(insert);
        // With the count changed at the insert, this insert would wait for the first transaction's commit.
        await b.query('begin');
        await b.query(`set local lock_timeout = '2s'`);
        await b.query(insert);
        await b.query('commit');
        expect(await totals()).toEqual({
          franchise: before.franchise + 1,
          pending: before.pending + 1,
          admin: before.admin + 1,
        });
        await a.query('commit');
        expect(await totals()).toEqual({
          franchise: before.franchise + 2,
          pending: before.pending + 2,
          admin: before.admin + 2,
        });
        expect(await drift()).toBe(0);
      } finally {
        await Promise.all([a.end(), b.end()]);
      }
    },
  );
});
