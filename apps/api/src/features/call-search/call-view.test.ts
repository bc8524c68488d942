/**
 * GET /api/call-search/calls/:outboundId (decision 066): a call found in Call Search, looked at read-only — the row,
 * its customer and the customer's history with results and notes. Looking takes no lock, marks nothing active and
 * writes nothing, even while a CSR holds the call; the call is found under the search's own conditions (scope, and
 * without CallSearch.AllAgents only the caller's calls). 401, 403, 404 and 400 as every route.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { CallViewResponse } from '@cc/contract';
import { Permission } from '@cc/domain';
import { rowsOf } from '../../db/client.js';
import { holdCall } from '../../test/calls.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { setPermission, userIdOf } from '../../test/permissions.js';

let t: TestApp;
let admin: string;
let franchise: string;
let me: number;

/** A call of another agent in csr.franchise's branch SG101 whose customer has calls in the history. */
let call: { outbound_id: number; sqldbid: number; cust_no: number };

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signin('admin');
  franchise = await t.signin('csr.franchise');
  me = await userIdOf(t, 'csr.franchise');
  const [row] = rowsOf<typeof call>(
    await t.db.execute(sql`
      select o.outbound_id, o.sqldbid, o.cust_no from outbound_calls o
      where o.branchno = 'SG101' and o.deleted_at is null and o.cust_no > 0
        and o.last_access_csr is distinct from ${me} and o.call_back_csr is distinct from ${me}
        and exists (select 1 from customers c where c.sqldbid = o.sqldbid and c.customer_no = o.cust_no)
      order by o.outbound_id limit 1`),
  );
  if (!row) throw new Error('no call to look at');
  call = row;
  // Two calls of the customer in its history: an earlier one, and this outbound call's own callback with its notes.
  await t.db.execute(sql`
    insert into call_history (csuser_id, csagent, sqldbid, cust_no, call_type, call_result, call_start, call_end,
      call_target, csr_notes, outbound_id, call_direction)
    values
      ((select user_id from users where username = 'admin'), 'Avery Admin', ${call.sqldbid}, ${call.cust_no}, 'Inbound', 'Information Only',
        '2026-05-02 15:00:00+00', '2026-05-02 15:04:00+00', null, 'Asked about aeration', null, 'Incoming'),
      ((select user_id from users where username = 'admin'), 'Avery Admin', ${call.sqldbid}, ${call.cust_no}, 'Cancel', 'Callback',
        '2026-06-01 14:00:00+00', '2026-06-01 14:03:00+00', '2026-06-03 15:30:00+00', 'Wife answers; call after 10',
        ${call.outbound_id}, 'Outgoing')`);
});
afterAll(async () => {
  await t.close();
});

const view = (token: string | undefined, id: number | string) =>
  t.call(token, { method: 'GET', url: `/api/call-search/calls/${id}` });

/** What looking at a call could change: the lock, the call row, the saved calls, the history, the orders. */
async function state(): Promise<string> {
  const [row] = rowsOf<{ s: string }>(
    await t.db.execute(sql`select concat_ws('|',
      (select string_agg(l::text, ',' order by l::text) from call_locks l),
      (select o::text from outbound_calls o where o.outbound_id = ${call.outbound_id}),
      (select string_agg(s::text, ',' order by s::text) from saved_calls s),
      (select count(*) from call_history), (select count(*) from orders),
      (select string_agg(c::text, ',') from customers c where c.sqldbid = ${call.sqldbid} and c.customer_no = ${call.cust_no})
    ) as s`),
  );
  return row!.s;
}

describe('looking at a call from Call Search', () => {
  it('answers the call, its customer and the history with results and notes, newest first', async () => {
    const response = await view(admin, call.outbound_id);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<CallViewResponse>();
    expect(body.call).toMatchObject({ OutboundId: call.outbound_id, SQLDBID: call.sqldbid, cust_No: call.cust_no });
    const [customer] = rowsOf<{ first_name: string; last_name: string; email: string }>(
      await t.db.execute(
        sql`select first_name, last_name, email from customers where sqldbid = ${call.sqldbid} and customer_no = ${call.cust_no}`,
      ),
    );
    expect(body.customer).toMatchObject({
      customerNo: call.cust_no,
      firstName: customer!.first_name,
      lastName: customer!.last_name,
      email: customer!.email,
    });
    const ours = body.history.filter((h) => h.csagent === 'Avery Admin');
    expect(ours).toEqual([
      {
        call_id: expect.any(Number),
        call_start: '2026-06-01 09:00:00',
        csagent: 'Avery Admin',
        call_type: 'Cancel',
        call_result: 'Callback',
        call_target: '2026-06-03 10:30:00',
        csr_notes: 'Wife answers; call after 10',
        outbound_id: call.outbound_id,
      },
      {
        call_id: expect.any(Number),
        call_start: '2026-05-02 10:00:00',
        csagent: 'Avery Admin',
        call_type: 'Inbound',
        call_result: 'Information Only',
        call_target: null,
        csr_notes: 'Asked about aeration',
        outbound_id: null,
      },
    ]);
    const starts = body.history.map((h) => h.call_start ?? '');
    expect(starts).toEqual([...starts].sort().reverse());
  });

  it('takes no lock and writes nothing, even while a CSR holds the call', async () => {
    const before = await state();
    expect((await view(admin, call.outbound_id)).statusCode).toBe(200);
    expect(await state()).toBe(before);

    await holdCall(t, franchise, { sqldbid: call.sqldbid, customerNo: call.cust_no }, 'Cancel', call.outbound_id);
    const held = await state();
    expect((await view(admin, call.outbound_id)).statusCode).toBe(200);
    expect(await state()).toBe(held);
    const [lock] = rowsOf<{ user_id: number }>(
      await t.db.execute(
        sql`select user_id from call_locks where sqldbid = ${call.sqldbid} and customer_no = ${call.cust_no}`,
      ),
    );
    expect(lock?.user_id).toBe(me);
    await t.call(franchise, {
      method: 'POST',
      url: '/api/call-center/call-inactive',
      payload: { sqldbid: call.sqldbid, customerNo: call.cust_no, save: false },
    });
  });
});

describe('who may look', () => {
  it('CallSearch.AllAgents: without it only the caller’s own calls (404 for another agent’s), with it every call in scope', async () => {
    const [other] = rowsOf<{ id: number }>(
      await t.db.execute(sql`select min(outbound_id) as id from outbound_calls
        where branchno in ('SG101', 'SG102') and deleted_at is null
          and last_access_csr is distinct from ${me} and call_back_csr is distinct from ${me}`),
    );
    const [own] = rowsOf<{ id: number }>(
      await t.db.execute(sql`select min(outbound_id) as id from outbound_calls
        where branchno in ('SG101', 'SG102') and deleted_at is null and last_access_csr = ${me}`),
    );
    await setPermission(t, admin, 'csr.franchise', Permission.AllAgents, 'false');
    expect((await view(franchise, other!.id)).statusCode).toBe(404);
    expect((await view(franchise, own!.id)).statusCode).toBe(200);
    await setPermission(t, admin, 'csr.franchise', Permission.AllAgents, 'true');
    expect((await view(franchise, other!.id)).statusCode).toBe(200);
  });

  it('a call outside the scope is 404, a deleted one too', async () => {
    await setPermission(t, admin, 'csr.franchise', Permission.AllAgents, 'true');
    const [outside] = rowsOf<{ id: number }>(
      await t.db.execute(sql`select min(outbound_id) as id from outbound_calls
        where branchno not in ('SG101', 'SG102') and deleted_at is null`),
    );
    expect((await view(admin, outside!.id)).statusCode).toBe(200);
    const refused = await view(franchise, outside!.id);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ message: 'Call not found.' });
    // The same call, once deleted, is 404 to the administrator who saw it a moment ago.
    await t.db.execute(sql`update outbound_calls set deleted_at = now() where outbound_id = ${outside!.id}`);
    expect((await view(admin, outside!.id)).statusCode).toBe(404);
    expect((await view(admin, 2_000_000_000)).statusCode).toBe(404);
  });

  it('401 without a session, 403 without Call Search, 400 naming a bad id', async () => {
    expect((await view(undefined, call.outbound_id)).statusCode).toBe(401);
    const measurer = await t.signin('measurer');
    expect((await view(measurer, call.outbound_id)).statusCode).toBe(403);
    const bad = await view(admin, 'x');
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toMatch(/^outboundId: /);
    expect((await view(admin, 0)).json<{ message: string }>().message).toMatch(/^outboundId: /);
  });
});
