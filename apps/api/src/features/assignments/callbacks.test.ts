/**
 * Reassign Callbacks (administration.md §3, §7; decision 031): the open callbacks with CSR, date and
 * customer, the CSR and date filters, reassigning many in one transaction, a callback its CSR ended meanwhile left as
 * it is (and counted out), the franchise scope, bad input and the audit rows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Callback, CallbackHolder } from '@cc/contract';
import { rowsOf } from '../../db/client.js';
import { createTestApp, engine, type TestApp } from '../../test/harness.js';
import {
  LISTED_SQL,
  U,
  addFranchiseSupervisor,
  auditSince,
  count,
  get,
  maxAuditId,
  post,
  snapshot,
  userIdOf,
} from './test-support.js';

let t: TestApp;
const tok: Record<string, string> = {};
const id: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  await addFranchiseSupervisor(t);
  for (const u of ['admin', 'supervisor', 'csr.cof', 'csr.corporate', 'csr.franchise', 'franchise.sup']) {
    tok[u] = await t.signin(u);
    id[u] = await userIdOf(t, u);
  }
});
afterAll(async () => {
  await t.close();
});

const OPEN = sql.raw(`o.call_status = 'Callback' and o.call_back_date is not null`);
const callbacks = async (who: string, query = '') => {
  const a = await get<{ data: Callback[]; total: number; holders: CallbackHolder[] }>(
    t,
    tok[who],
    `${U}/GetCallbacks${query}`,
  );
  expect(a.status).toBe(200);
  return a.body;
};
const reassign = (who: string, rows: { OutboundId: number; callBackCSR: number | undefined }[]) =>
  post<{ count: number; notReassigned: number[] }>(t, tok[who], `${U}/updateCallbacks`, { rows });

describe('GetCallbacks', () => {
  it('the open callbacks in scope with CSR, date and customer, soonest first', async () => {
    const all = await callbacks('admin');
    const expected = await count(
      t,
      sql`select count(*)::int as n from outbound_calls o where ${LISTED_SQL} and ${OPEN}`,
    );
    expect(all.total).toBe(expected);
    expect(all.data).toHaveLength(Math.min(expected, 2000));
    const dates = all.data.map((c) => c.callBackDate ?? '');
    expect([...dates].sort()).toEqual(dates);
    const owned = all.data.find((c) => c.callBackCSR === id['csr.cof']);
    expect(owned).toMatchObject({ callBackCSRName: 'Jordan Owens' });
    expect(owned?.FirstName).not.toBe('');
    expect(owned?.callBackDate).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
  });

  it('filters by CSR and by callback days; a franchise supervisor sees its branch only', async () => {
    const mine = await callbacks('admin', `?csr=${id['csr.cof']}`);
    expect(mine.total).toBeGreaterThan(0);
    expect(mine.data.every((c) => c.callBackCSR === id['csr.cof'])).toBe(true);
    const day = mine.data[0]!.callBackDate!.slice(0, 10);
    const oneDay = await callbacks('admin', `?csr=${id['csr.cof']}&from=${day}&to=${day}`);
    expect(oneDay.total).toBeGreaterThan(0);
    expect(oneDay.data.every((c) => c.callBackDate!.startsWith(day))).toBe(true);
    expect(oneDay.total).toBe(
      await count(
        t,
        sql`select count(*)::int as n from outbound_calls o where ${LISTED_SQL} and ${OPEN}
        and o.call_back_csr = ${id['csr.cof']} and (o.call_back_date at time zone 'America/Chicago')::date = ${day}::date`,
      ),
    );
    const franchise = await callbacks('franchise.sup');
    expect(franchise.total).toBeGreaterThan(0);
    expect(new Set(franchise.data.map((c) => c.branchNo))).toEqual(new Set(['SG101']));
  });

  it('answers the holders of the callbacks in scope and range, whichever CSR the rows are filtered to', async () => {
    // The holders recounted from the rows: the CSR filter offers them (decision 065), a franchise CSR included.
    const holdersOf = async (where: ReturnType<typeof sql>) =>
      rowsOf<CallbackHolder>(
        await t.db.execute(sql`select u.user_id as "userId", u.username, u.first_name as "firstName",
            u.last_name as "lastName", count(*)::int as callbacks
          from outbound_calls o join users u on u.user_id = o.call_back_csr
          where ${LISTED_SQL} and ${OPEN} and ${where}
          group by 1, 2, 3, 4 order by 4, 3, 2`),
      );
    const all = await callbacks('supervisor');
    const expected = await holdersOf(sql`true`);
    expect(all.holders).toEqual(expected);
    // csr.franchise (allowFranchise only, not a CSR callbacks may be given to) holds some and is offered.
    expect(all.holders.map((h) => h.username)).toEqual(expect.arrayContaining(['csr.cof', 'csr.franchise']));
    expect(all.holders.find((h) => h.username === 'csr.franchise')?.callbacks).toBeGreaterThan(0);
    // Filtered to one CSR, the others are still offered, so the filter can switch to them.
    const one = await callbacks('supervisor', `?csr=${id['csr.cof']}`);
    expect(one.data.every((c) => c.callBackCSR === id['csr.cof'])).toBe(true);
    expect(one.holders).toEqual(expected);
    // A day range narrows them; the franchise supervisor's scope keeps only its branch's holders.
    const day = one.data[0]!.callBackDate!.slice(0, 10);
    expect((await callbacks('supervisor', `?from=${day}&to=${day}`)).holders).toEqual(
      await holdersOf(sql`(o.call_back_date at time zone 'America/Chicago')::date = ${day}::date`),
    );
    const franchise = await callbacks('franchise.sup');
    expect(franchise.holders).toEqual(await holdersOf(sql`o.branchno = 'SG101'`));
    expect(franchise.holders.map((h) => h.username)).not.toContain('csr.cof');
  });

  it.each([
    ['?from=2026-02-30', 'from'],
    ['?to=yesterday', 'to'],
    ['?csr=abc', 'csr'],
    ['?from=2026-06-02&to=2026-06-01', 'to'],
  ])('%s: 400 naming %s', async (query, field) => {
    const a = await get<{ message: string }>(t, tok.admin, `${U}/GetCallbacks${query}`);
    expect(a.status).toBe(400);
    expect(a.body.message).toMatch(new RegExp(`^${field}: `));
  });
});

describe('updateCallbacks', () => {
  it('reassigns many in one go, audits each, answers the count; a repeat is the same answer', async () => {
    const some = (await callbacks('admin', `?csr=${id['csr.cof']}`)).data.slice(0, 3);
    expect(some).toHaveLength(3);
    const rows = some.map((c) => ({ OutboundId: c.OutboundId, callBackCSR: id['csr.corporate'] }));
    const mark = await maxAuditId(t);
    const a = await reassign('admin', rows);
    expect(a.status).toBe(200);
    expect(a.body).toEqual({ count: 3, notReassigned: [] });
    const now = rowsOf<{ csr: number }>(
      await t.db.execute(
        sql`select call_back_csr as csr from outbound_calls where outbound_id in (${sql.join(
          some.map((c) => sql`${c.OutboundId}`),
          sql`, `,
        )})`,
      ),
    );
    expect(now.every((r) => r.csr === id['csr.corporate'])).toBe(true);
    const audit = await auditSince(t, mark);
    expect(audit).toHaveLength(3);
    expect(audit[0]).toMatchObject({
      entity: 'callback',
      before: { callBackCSR: id['csr.cof'] },
      after: { callBackCSR: id['csr.corporate'] },
    });
    expect((await reassign('admin', rows)).body).toEqual({ count: 3, notReassigned: [] });
    // The corporate supervisor runs the company-owned callbacks too (decision 065): the same answer. A franchise
    // supervisor's scope leaves them out (below).
    expect((await reassign('supervisor', rows)).body).toEqual({ count: 3, notReassigned: [] });
  });

  it('a callback its CSR ended meanwhile is not reassigned, and the count says so', async () => {
    const [completed, ended, open] = (await callbacks('admin', `?csr=${id['csr.cof']}`)).data.slice(0, 3);
    // Its CSR ends two of them after the supervisor loaded the grid.
    await t.db.execute(
      sql`update outbound_calls set call_complete = true where outbound_id = ${completed!.OutboundId}`,
    );
    await t.db.execute(sql`update outbound_calls set call_status = 'End' where outbound_id = ${ended!.OutboundId}`);
    const a = await reassign(
      'admin',
      [completed!, ended!, open!].map((c) => ({ OutboundId: c.OutboundId, callBackCSR: id['csr.corporate'] })),
    );
    expect(a.body).toEqual({ count: 1, notReassigned: [completed!.OutboundId, ended!.OutboundId] });
    const csrs = rowsOf<{ id: number; csr: number }>(
      await t.db.execute(sql`select outbound_id as id, call_back_csr as csr from outbound_calls
        where outbound_id in (${completed!.OutboundId}, ${ended!.OutboundId}, ${open!.OutboundId}) order by outbound_id`),
    );
    for (const r of csrs) expect(r.csr).toBe(r.id === open!.OutboundId ? id['csr.corporate'] : id['csr.cof']);
  });

  it.skipIf(engine !== 'postgres')(
    'a CSR ending the callback while the reassignment waits for its row: not reassigned (needs a PostgreSQL server: TEST_DATABASE_URL)',
    async () => {
      const [racing, other] = (await callbacks('admin', `?csr=${id['csr.cof']}`)).data;
      const csr = new pg.Client({ connectionString: t.database.url ?? '' });
      await csr.connect();
      try {
        // The CSR's end of the call holds the row: the reassignment's UPDATE waits for it, then re-reads it.
        await csr.query('begin');
        await csr.query(`update outbound_calls set call_status = 'End', call_complete = true where outbound_id = $1`, [
          racing!.OutboundId,
        ]);
        const pending = reassign('admin', [
          { OutboundId: racing!.OutboundId, callBackCSR: id['csr.corporate'] },
          { OutboundId: other!.OutboundId, callBackCSR: id['csr.corporate'] },
        ]);
        // Commit only once the reassignment is seen waiting for the CSR's transaction: without the wait there is no race.
        const { rows: held } = await csr.query<{ pid: number }>('select pg_backend_pid() as pid');
        const waiting = async () =>
          rowsOf<{ n: number }>(
            await t.db.execute(sql`select count(*)::int as n from pg_stat_activity
              where wait_event_type = 'Lock' and ${held[0]!.pid}::int = any(pg_blocking_pids(pid))`),
          )[0]?.n;
        await expect.poll(waiting, { timeout: 10_000 }).toBe(1);
        await csr.query('commit');
        expect((await pending).body).toEqual({ count: 1, notReassigned: [racing!.OutboundId] });
        const [row] = rowsOf<{ csr: number }>(
          await t.db.execute(
            sql`select call_back_csr as csr from outbound_calls where outbound_id = ${racing!.OutboundId}`,
          ),
        );
        expect(row?.csr).toBe(id['csr.cof']);
      } finally {
        await csr.end();
      }
    },
  );

  it('a franchise supervisor moves its branch’s callbacks only', async () => {
    const [own] = (await callbacks('franchise.sup')).data;
    const [other] = (await callbacks('admin', '?csr=' + id['csr.cof'])).data; // company-owned: not SG101
    const a = await reassign('franchise.sup', [
      { OutboundId: own!.OutboundId, callBackCSR: id['csr.corporate'] },
      { OutboundId: other!.OutboundId, callBackCSR: id['csr.corporate'] },
    ]);
    expect(a.body).toEqual({ count: 1, notReassigned: [other!.OutboundId] });
  });

  it.each(
    [
      [{ rows: [] }, 'rows'],
      [{}, 'rows'],
      [{ rows: [{ OutboundId: 0, callBackCSR: 1 }] }, 'rows.0.OutboundId'],
      [{ rows: [{ OutboundId: 1 }] }, 'rows.0.callBackCSR'],
      [{ rows: [{ OutboundId: 1, callBackCSR: 'csr.franchise' }] }, 'rows.0.callBackCSR'],
      [
        {
          rows: [
            { OutboundId: 1, callBackCSR: 'csr.cof' },
            { OutboundId: 2, callBackCSR: 999999 },
          ],
        },
        'rows.1.callBackCSR',
      ],
      [
        {
          rows: [
            { OutboundId: 1, callBackCSR: 'csr.cof' },
            { OutboundId: 1, callBackCSR: 'csr.cof' },
          ],
        },
        'rows.1.OutboundId',
      ],
      [{ rows: Array.from({ length: 2001 }, (_, i) => ({ OutboundId: i + 1, callBackCSR: 1 })) }, 'rows'],
    ].map(([body, field], i) => ({ i, body, field: field as string })),
  )('case $i: 400 naming $field, nothing written', async ({ body, field }) => {
    const payload = JSON.parse(
      JSON.stringify(body, (k, v: unknown) => (k === 'callBackCSR' && typeof v === 'string' ? id[v] : v)),
    ) as Record<string, unknown>;
    const before = await snapshot(t);
    const a = await post<{ message: string }>(t, tok.admin, `${U}/updateCallbacks`, payload);
    expect(a.status).toBe(400);
    expect(a.body.message).toMatch(new RegExp(`^${field.replace('.', '\\.')}: `));
    expect(await snapshot(t)).toBe(before);
  });
});
