/**
 * All Quotes, who sees what and what a search finds: every demo user's list holds exactly the orders of their
 * scope (by the order's branch), per status; a search by order number, customer number, last name (and first)
 * or phone digits finds exactly what a recount from the rows says, and never outside the scope.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ORDER_STATUS_VALUES, formatPhone } from '@cc/domain';
import { createTestApp, type TestApp } from '../../test/harness.js';
import {
  FRANCHISE_BRANCHES,
  USERS,
  expectedIds,
  list,
  listAll,
  query,
  signinAll,
  type Sessions,
} from './test-support.js';

let t: TestApp;
let s: Sessions;

beforeAll(async () => {
  t = await createTestApp();
  s = await signinAll(t);
});
afterAll(async () => {
  await t.close();
});

const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

describe('the demo data', () => {
  it('has orders in every status and type in every branch group, and pending quotes in every branch', async () => {
    const shapes = await query<{ order_type: string; order_status: string; n: number }>(
      t,
      sql`select order_type, order_status, count(*)::int as n from orders group by 1, 2 order by 1, 2`,
    );
    expect(shapes.map((r) => `${r.order_type}/${r.order_status}`)).toEqual([
      'LCP/SUBMITTED',
      'NORMAL/EXPIRED',
      'NORMAL/PENDING',
      'UPSELL/SUBMITTED',
    ]);
    expect(shapes.every((r) => r.n >= 50)).toBe(true);
    const branches = await query<{ branchno: string; pending: number }>(
      t,
      sql`select f.branchno, count(o.order_id) filter (where o.order_status = 'PENDING')::int as pending
          from franchises f left join orders o on o.branchno = f.branchno group by 1`,
    );
    expect(branches.length).toBeGreaterThan(20);
    for (const b of branches) expect(b.pending, `pending quotes of ${b.branchno}`).toBeGreaterThan(0);
    // Every order has lines (never item 45), totals that add up, and its customer's names.
    const bad = await query<{ n: number }>(
      t,
      sql`select count(*)::int as n from orders o
          where not exists (select 1 from order_items i where i.order_id = o.order_id)
             or exists (select 1 from order_items i where i.order_id = o.order_id and i.service_def_id = 45)
             or o.sub_total <> (select sum(i.extended_price_sold) from order_items i where i.order_id = o.order_id)
             or o.total <> o.sub_total + o.tax or o.customer_last_name = ''`,
    );
    expect(bad[0]?.n).toBe(0);
  });
});

describe('scope per user', () => {
  for (const user of USERS) {
    it(`${user}: exactly the orders of their branches, in every status and per status`, async () => {
      const all = await listAll(t, s[user]);
      const want = await expectedIds(t, user);
      expect(want.length).toBeGreaterThan(0);
      expect(all.total).toBe(want.length);
      expect(sorted(all.rows.map((r) => r.id))).toEqual(want);
      for (const status of ORDER_STATUS_VALUES) {
        const page = await listAll(t, s[user], { status });
        const wantStatus = await expectedIds(t, user, sql`o.order_status = ${status}`);
        expect(page.total, `${user} ${status}`).toBe(wantStatus.length);
        expect(sorted(page.rows.map((r) => r.id))).toEqual(wantStatus);
        expect(page.rows.every((r) => r.orderStatus === status)).toBe(true);
      }
    });
  }

  it('csr.franchise sees only SG101 and SG102, csr.cof only company-owned SLI branches', async () => {
    const franchise = await listAll(t, s['csr.franchise']);
    expect(new Set(franchise.rows.map((r) => r.branchNo))).toEqual(new Set(FRANCHISE_BRANCHES));
    const cof = await listAll(t, s['csr.cof']);
    expect(cof.rows.every((r) => r.branchNo.startsWith('SLI'))).toBe(true);
    const corporate = await listAll(t, s['csr.corporate']);
    expect(corporate.rows.some((r) => r.branchNo.startsWith('SLI'))).toBe(false);
    expect(corporate.rows.some((r) => r.branchNo === 'SG101')).toBe(true);
  });

  it('a user with no branches sees no orders', async () => {
    await t.db.execute(
      sql`delete from user_branches where user_id = (select user_id from users where username = 'csr.franchise')`,
    );
    const token = await t.signin('csr.franchise');
    expect(await list(t, token)).toMatchObject({ total: 0, data: [] });
    await t.db.execute(sql`insert into user_branches (user_id, branchno)
      select user_id, b from users, unnest(array['SG101', 'SG102']) as b where username = 'csr.franchise'`);
  });
});

describe('search', () => {
  it('an order number finds that order; a customer number finds that customer’s orders; both exactly', async () => {
    const [order] = await query<{ id: number; customer_no: number }>(
      t,
      sql`select order_id as id, customer_no from orders where branchno = 'SG101' order by order_id desc limit 1`,
    );
    if (!order) throw new Error('no SG101 order');
    const byId = await list(t, s['csr.franchise'], { q: String(order.id) });
    expect(byId.search).toBe('number');
    expect(byId.data.map((r) => r.id)).toContain(order.id);
    expect(byId.data.every((r) => r.id === order.id || r.customerNo === order.id)).toBe(true);
    expect(byId.total).toBe(
      (await expectedIds(t, 'csr.franchise', sql`(o.order_id = ${order.id} or o.customer_no = ${order.id})`)).length,
    );
    // Not a prefix, not a part: the number with a digit more or less finds other orders or none.
    const longer = await list(t, s.admin, { q: `${order.id}1` });
    expect(longer.data.map((r) => r.id)).not.toContain(order.id);

    const byCustomer = await listAll(t, s['csr.franchise'], { q: String(order.customer_no) });
    const want = await expectedIds(
      t,
      'csr.franchise',
      sql`(o.customer_no = ${order.customer_no} or o.order_id = ${order.customer_no})`,
    );
    expect(sorted(byCustomer.rows.map((r) => r.id))).toEqual(want);
    expect(byCustomer.rows.filter((r) => r.customerNo === order.customer_no).length).toBeGreaterThan(0);
  });

  it('an order outside the scope is not found by its number', async () => {
    const [cof] = await query<{ id: number }>(
      t,
      sql`select order_id as id from orders where branchno like 'SLI%' order by order_id limit 1`,
    );
    if (!cof) throw new Error('no SLI order');
    const page = await list(t, s['csr.franchise'], { q: String(cof.id) });
    expect(page.data.map((r) => r.id)).not.toContain(cof.id);
    expect((await list(t, s['csr.cof'], { q: String(cof.id) })).data.map((r) => r.id)).toContain(cof.id);
  });

  it('a last-name prefix, in any case, and Last, First', async () => {
    const [customer] = await query<{ last: string; first: string }>(
      t,
      sql`select customer_last_name as last, customer_first_name as first from orders
          where branchno in ('SG101', 'SG102') order by order_id limit 1`,
    );
    if (!customer) throw new Error('no order');
    const prefix = customer.last.slice(0, 3);
    const answer = await listAll(t, s['csr.franchise'], { q: prefix.toUpperCase() });
    const want = await expectedIds(
      t,
      'csr.franchise',
      sql`lower(o.customer_last_name) like ${`${prefix.toLowerCase()}%`}`,
    );
    expect(answer.total).toBe(want.length);
    expect(sorted(answer.rows.map((r) => r.id))).toEqual(want);
    expect(answer.rows.every((r) => r.customerLastName.toLowerCase().startsWith(prefix.toLowerCase()))).toBe(true);

    const both = await listAll(t, s['csr.franchise'], { q: `${customer.last}, ${customer.first.slice(0, 2)}` });
    expect((await list(t, s['csr.franchise'], { q: `${customer.last}, ${customer.first.slice(0, 2)}` })).search).toBe(
      'name',
    );
    expect(both.total).toBeGreaterThan(0);
    expect(
      both.rows.every(
        (r) =>
          r.customerLastName.toLowerCase().startsWith(customer.last.toLowerCase()) &&
          r.customerFirstName.toLowerCase().startsWith(customer.first.slice(0, 2).toLowerCase()),
      ),
    ).toBe(true);
    // The same name through another scope: only that scope's orders.
    const cof = await listAll(t, s['csr.cof'], { q: prefix });
    expect(cof.rows.every((r) => r.branchNo.startsWith('SLI'))).toBe(true);
    expect(await list(t, s.admin, { q: 'Zzqxy' })).toMatchObject({ total: 0, data: [], search: 'name' });
  });

  it('phone digits, typed in any format, find the customer’s orders by home, cell or work phone', async () => {
    const [customer] = await query<{ phone: string; sqldbid: number; customer_no: number }>(
      t,
      sql`select c.home_phone as phone, c.sqldbid, c.customer_no from orders o
          join customers c on c.sqldbid = o.sqldbid and c.customer_no = o.customer_no
          where o.branchno = 'SG102' and c.home_phone <> '' order by o.order_id limit 1`,
    );
    if (!customer) throw new Error('no customer with a phone');
    const answer = await listAll(t, s['csr.franchise'], { q: formatPhone(customer.phone) });
    const want = await expectedIds(
      t,
      'csr.franchise',
      sql`(c.home_phone = ${customer.phone} or c.cell_phone = ${customer.phone} or c.work_phone = ${customer.phone})`,
    );
    expect(sorted(answer.rows.map((r) => r.id))).toEqual(want);
    expect(answer.rows.some((r) => r.customerNo === customer.customer_no)).toBe(true);
    expect((await list(t, s['csr.franchise'], { q: customer.phone })).search).toBe('phone');

    // A prefix of the number (area code and exchange) finds every customer whose phone starts so.
    const prefix = customer.phone.slice(0, 6);
    const wide = await listAll(t, s['csr.franchise'], { q: `(${prefix.slice(0, 3)}) ${prefix.slice(3)}` });
    const wantWide = await expectedIds(
      t,
      'csr.franchise',
      sql`(c.home_phone like ${`${prefix}%`} or c.cell_phone like ${`${prefix}%`} or c.work_phone like ${`${prefix}%`})`,
    );
    expect(sorted(wide.rows.map((r) => r.id))).toEqual(wantWide);
  });

  it('a search and a status filter together', async () => {
    const [row] = await query<{ last: string }>(
      t,
      sql`select customer_last_name as last from orders where order_status = 'PENDING' order by order_id limit 1`,
    );
    if (!row) throw new Error('no pending order');
    const answer = await listAll(t, s.admin, { q: row.last, status: 'PENDING' });
    const want = await expectedIds(
      t,
      'admin',
      sql`o.order_status = 'PENDING' and lower(o.customer_last_name) like ${`${row.last.toLowerCase()}%`}`,
    );
    expect(sorted(answer.rows.map((r) => r.id))).toEqual(want);
    expect(want.length).toBeGreaterThan(0);
  });
});
