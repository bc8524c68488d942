/**
 * The over-limit total of a surname search comes from the kept surname counts (migration 0016,
 * searchCountQuery): it must be the real number of customers in the caller's scope after inserts, surname and
 * branch changes and deletes, for every scope and with a branch criterion.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { InboundClient } from './test-support.js';

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

const FRANCHISE_BRANCHES = ['SG101', 'SG102'];

/** The real count of customers whose surname starts with `prefix`, optionally within branches. */
async function realCount(prefix: string, branches?: string[]): Promise<number> {
  const [row] = await api.query<{ n: number }>(
    sql`select count(*)::int as n from customers where lower(last_name) like ${prefix + '%'}
        ${
          branches
            ? sql`and branchno in (${sql.join(
                branches.map((b) => sql`${b}`),
                sql`, `,
              )})`
            : sql``
        }`,
  );
  return row?.n ?? 0;
}

/** The kept counts agree with the customers table, pair by pair. */
async function countsAgree(): Promise<void> {
  const rows = await api.query<{ branchno: string; last_name: string; kept: number | null; real: number | null }>(sql`
    select coalesce(s.branchno, r.branchno) as branchno, coalesce(s.last_name, r.last_name) as last_name,
           s.n as kept, r.n::int as real
    from surname_counts s
    full join (select branchno, lower(last_name) as last_name, count(*) as n from customers group by 1, 2) r
      on r.branchno = s.branchno and r.last_name = s.last_name
    where s.n is distinct from r.n::int`);
  expect(rows).toEqual([]);
}

describe('surname counts', () => {
  it('start equal to the customers of the seeded database', async () => {
    await countsAgree();
  });

  it('give the over-limit total of a surname search, for every scope and with a branch', async () => {
    await t.db.execute(sql`
      insert into customers (sqldbid, customer_no, branchno, customer_type, status, first_name, last_name, state, zip)
      select 18001, 900000 + i, case when i % 3 = 0 then 'SG101' when i % 3 = 1 then 'SG102' else 'SG111' end,
             'Prospect', 'Prospect', 'Many', case when i % 2 = 0 then 'Countwell' else 'Countworth' end, 'IL', '60540'
      from generate_series(1, 1800) as i`);
    await countsAgree();
    const admin = await api.rows('admin', { lastname: 'countw' });
    expect(admin).toEqual({
      rows: [],
      total: await realCount('countw'),
      limit: 500,
      overLimit: true,
      page: 1,
      pageSize: 500,
      rowCount: 0,
    });
    expect(admin.total).toBe(1800);
    const scoped = await api.rows('csr.franchise', { lastname: 'COUNTW' });
    expect(scoped).toMatchObject({ total: await realCount('countw', FRANCHISE_BRANCHES), overLimit: true });
    expect(scoped.total).toBe(1200);
    const branch = await api.rows('admin', { lastname: 'countw', branchno: 'sg111' });
    expect(branch).toMatchObject({ total: await realCount('countw', ['SG111']), overLimit: true });
    expect(branch.total).toBe(600);
    // Another franchise's branch through a franchise user: none of its customers are counted.
    const foreign = await api.rows('csr.franchise', { lastname: 'countw', branchno: 'SG111' });
    expect(foreign).toMatchObject({ rows: [], total: 0 });
  });

  it('follow surname and branch changes and deletes', async () => {
    await t.db.execute(sql`update customers set last_name = 'Countless' where customer_no between 900001 and 900300`);
    await t.db.execute(sql`update customers set branchno = 'SG101' where customer_no between 900301 and 900400`);
    await t.db.execute(sql`delete from customers where customer_no between 900401 and 900700`);
    await countsAgree();
    for (const prefix of ['countw', 'countl', 'count']) {
      const body = await api.rows('admin', { lastname: prefix });
      expect(body.total).toBe(await realCount(prefix));
    }
    // A pair nobody carries any more is gone, not kept at 0.
    await t.db.execute(sql`delete from customers where last_name = 'Countless'`);
    const [left] = await api.query<{ n: number }>(
      sql`select count(*)::int as n from surname_counts where last_name = 'countless'`,
    );
    expect(left?.n).toBe(0);
    await countsAgree();
  });
});
