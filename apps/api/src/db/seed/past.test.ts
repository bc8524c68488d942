/**
 * The demo's past (decision 061): the same seed gives the same year, every completed call names its CSR and when it
 * was completed, orders and emails agree with the calls that made them, each demo CSR has calls of its own in its
 * scope, its agent states follow its calls, and every measured property's square feet are what the app measures its
 * shapes to be.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { measureGeometry, type AreaGeometry } from '@cc/domain';
import { openPglite, openPostgres, rowsOf, type Db } from '../client.js';
import { adminQuery, withDatabase } from '../../test/template.js';
import { seedDemoData } from './index.js';
import { PAST_DAYS } from './past.js';

const NOW = new Date('2026-06-15T15:00:00Z');
const SIZE = { customers: 3000, outboundCalls: 600 };

let made = 0;
async function freshDatabase(): Promise<{ db: Db; close: () => Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  if (process.env.TEST_DB === 'postgres' && url) {
    const name = `cc_past_${process.pid}_${(made += 1)}`;
    await adminQuery(url, `DROP DATABASE IF EXISTS ${name}`);
    await adminQuery(url, `CREATE DATABASE ${name}`);
    const database = await openPostgres(withDatabase(url, name), 2);
    return {
      db: database.db,
      close: async () => {
        await database.close();
        await adminQuery(url, `DROP DATABASE IF EXISTS ${name}`);
      },
    };
  }
  const database = await openPglite(undefined);
  return { db: database.db, close: () => database.close() };
}

const rows = async <T>(db: Db, statement: ReturnType<typeof sql>) => rowsOf<T>(await db.execute(statement));

/** A digest of what the past writes (times the database sets itself left out). */
async function digest(db: Db): Promise<Record<string, string>> {
  const [row] = await rows<Record<string, string>>(
    db,
    sql`select
      (select md5(string_agg(concat_ws('|', username, first_name, last_name, company_id, role_id, sqldbid), ',' order by user_id)) from users) as users,
      (select md5(string_agg(concat_ws('|', outbound_id, type, cust_no, branchno, call_complete, call_status, last_access_csr,
        last_access_date, call_back_csr, call_back_date), ',' order by outbound_id)) from outbound_calls) as calls,
      (select md5(string_agg(concat_ws('|', call_id, csuser_id, cust_no, call_result, call_start, call_end, order_id, totalcost,
        emailsent), ',' order by call_id)) from call_history) as history,
      (select md5(string_agg(concat_ws('|', order_id, call_id, order_type, order_status, total, created_by, created_at), ','
        order by order_id)) from orders) as orders,
      (select md5(string_agg(concat_ws('|', email_id, call_id, order_id, status, to_addresses, subject, last_error), ','
        order by email_id)) from email_outbox) as emails,
      (select md5(string_agg(concat_ws('|', audit_id, at, actor_user_id, action, entity, entity_id), ',' order by audit_id))
        from audit_log) as audit,
      (select md5(string_agg(concat_ws('|', property_id, square_feet), ',' order by property_id)) from measured_properties) as sizes,
      (select md5(string_agg(concat_ws('|', id, user_id, state, reason_id, started_at, ended_at, source), ',' order by id))
        from agent_state_history) as states`,
  );
  return row!;
}

describe('the demo past', () => {
  let first: { db: Db; close: () => Promise<void> };

  beforeAll(async () => {
    first = await freshDatabase();
    await seedDemoData(first.db, { ...SIZE, now: NOW, past: true });
  }, 180_000);
  afterAll(async () => {
    await first?.close();
  });

  it('is the same for the same seed', async () => {
    const second = await freshDatabase();
    try {
      await seedDemoData(second.db, { ...SIZE, now: NOW, past: true });
      expect(await digest(second.db)).toEqual(await digest(first.db));
    } finally {
      await second.close();
    }
  }, 180_000);

  it('completes a year of calls, each with the CSR who worked it and when, none after now', async () => {
    const [row] = await rows<{ n: number; missing: number; later: number; oldest: string; csrs: number }>(
      first.db,
      sql`select count(*)::int as n,
        count(*) filter (where last_access_csr is null or last_access_date is null or call_back_csr is null)::int as missing,
        count(*) filter (where last_access_date > ${NOW.toISOString()}::timestamptz)::int as later,
        min(last_access_date)::text as oldest, count(distinct last_access_csr)::int as csrs
      from outbound_calls where call_complete`,
    );
    expect(row!.n).toBeGreaterThan(1000);
    expect(row!.missing).toBe(0);
    expect(row!.later).toBe(0);
    expect(new Date(row!.oldest).getTime()).toBeLessThan(NOW.getTime() - (PAST_DAYS - 60) * 86_400_000);
    // The demo CSRs and a few dozen generated ones.
    expect(row!.csrs).toBeGreaterThan(30);
  });

  it('gives each demo account that works calls completed calls of its own in its scope, and calls ended today for the floor', async () => {
    const own = await rows<{ username: string; n: number; outside: number }>(
      first.db,
      sql`select u.username, count(o.outbound_id)::int as n,
        count(*) filter (where case u.username
          when 'csr.cof' then f.designation <> 'COF'
          when 'csr.corporate' then f.designation <> 'IND'
          when 'leadsmanager' then f.designation <> 'IND'
          when 'csr.franchise' then o.branchno not in ('SG101', 'SG102')
          else false end)::int as outside
      from users u join outbound_calls o on o.last_access_csr = u.user_id and o.call_complete
      join franchises f on f.branchno = o.branchno
      where u.username in ('csr.cof', 'csr.corporate', 'csr.franchise', 'csr.external', 'leadsmanager')
      group by u.username order by u.username`,
    );
    expect(own.map((r) => r.username)).toEqual([
      'csr.cof',
      'csr.corporate',
      'csr.external',
      'csr.franchise',
      'leadsmanager',
    ]);
    for (const r of own) {
      expect(r.n, r.username).toBeGreaterThan(20);
      expect(r.outside, r.username).toBe(0);
    }
    const [today] = await rows<{ n: number }>(
      first.db,
      sql`select count(*)::int as n from call_history where csuser_id is not null
        and call_end >= (date_trunc('day', ${NOW.toISOString()}::timestamptz at time zone 'America/Chicago') at time zone 'America/Chicago')
        and call_end <= ${NOW.toISOString()}::timestamptz`,
    );
    expect(today!.n).toBeGreaterThan(5);
  });

  it('records every attempt of a completed call, its last with the call’s result, by its CSR', async () => {
    const [row] = await rows<{ calls: number; wrong: number }>(
      first.db,
      sql`with h as (
        select outbound_id, count(*)::int as attempts, max(call_end) as last_end,
          (array_agg(csuser_id order by call_end desc))[1] as last_csr
        from call_history where outbound_id is not null group by outbound_id)
      select count(*)::int as calls,
        count(*) filter (where h.outbound_id is null or o.call_attempts <> h.attempts or o.last_access_csr <> h.last_csr
          or o.last_access_date <> h.last_end)::int as wrong
      from outbound_calls o left join h on h.outbound_id = o.outbound_id
      where o.call_complete and o.type <> 'InboundFollowUp'`,
    );
    expect(row!.calls).toBeGreaterThan(1000);
    expect(row!.wrong).toBe(0);
  });

  it('sells with an order and a confirmation, quotes with a pending or expired order, and fails some emails for good', async () => {
    const [row] = await rows<{
      sales: number;
      unsold: number;
      orphan: number;
      wrong_status: number;
      emails: number;
      email_mismatch: number;
      failed: number;
      failed_without_reason: number;
      queued: number;
    }>(
      first.db,
      sql`with past as (select * from call_history where csuser_id is not null)
      select
        (select count(*)::int from past where call_result in ('Sale', 'Upsell')) as sales,
        (select count(*)::int from past h where call_result in ('Sale', 'Upsell')
          and not exists (select 1 from orders o where o.call_id = h.call_id and o.order_id = h.order_id)) as unsold,
        (select count(*)::int from orders o join past h on h.call_id = o.call_id
          where h.call_result not in ('Sale', 'Upsell', 'Interested Prospect', 'Interested Prospect - THP')) as orphan,
        (select count(*)::int from orders o join past h on h.call_id = o.call_id
          where (h.call_result in ('Sale', 'Upsell')) <> (o.order_status = 'SUBMITTED')
            or o.total <> h.totalcost or o.created_by <> h.csuser_id) as wrong_status,
        (select count(*)::int from email_outbox where message_id like 'demo-past-%') as emails,
        (select count(*)::int from email_outbox e join past h on h.call_id = e.call_id
          where e.order_id is distinct from h.order_id or e.to_addresses <> h.cust_email
            or h.emailsent <> (e.status = 'sent')
            or e.subject not like case when h.call_result in ('Sale', 'Upsell') then '%your order ' || h.order_id || ' is confirmed'
              else '%your quote ' || h.order_id end) as email_mismatch,
        (select count(*)::int from email_outbox where status = 'failed') as failed,
        (select count(*)::int from email_outbox where status = 'failed' and (coalesce(last_error, '') = '' or refused_to = '')) as failed_without_reason,
        (select count(*)::int from email_outbox where status = 'queued') as queued`,
    );
    expect(row!.sales).toBeGreaterThan(50);
    expect(row!.unsold).toBe(0);
    expect(row!.orphan).toBe(0);
    expect(row!.wrong_status).toBe(0);
    expect(row!.emails).toBeGreaterThan(50);
    expect(row!.email_mismatch).toBe(0);
    expect(row!.failed).toBeGreaterThan(0);
    expect(row!.failed_without_reason).toBe(0);
    expect(row!.queued).toBe(0);
  });

  it('gives the CSRs agent states that follow their calls, one after another, the last an open Offline', async () => {
    const [row] = await rows<{
      users: number;
      callers: number;
      gaps: number;
      open_not_last: number;
      open_not_offline: number;
      state_mismatch: number;
      stray_on_call: number;
      demo_states: number;
    }>(
      first.db,
      sql`with h as (
        select s.*, lead(started_at) over (partition by user_id order by started_at, id) as next_start
        from agent_state_history s)
      select (select count(distinct user_id)::int from agent_state_history) as users,
        (select count(distinct csuser_id)::int from call_history where csuser_id is not null) as callers,
        (select count(*)::int from h where next_start is not null and ended_at is distinct from next_start) as gaps,
        (select count(*)::int from h where ended_at is null and next_start is not null) as open_not_last,
        (select count(*)::int from h where ended_at is null and state <> 'Offline') as open_not_offline,
        (select count(*)::int from h left join agent_states a on a.history_id = h.id
          where (h.ended_at is null) <> (a.user_id is not null) or a.state <> h.state) as state_mismatch,
        (select count(*)::int from h where state = 'On call' and not exists (select 1 from call_history c
          where c.csuser_id = h.user_id and c.call_end = h.ended_at and c.call_start <= h.started_at)) as stray_on_call,
        (select count(distinct s.state)::int from agent_state_history s join users u on u.user_id = s.user_id
          where u.username = 'csr.franchise' and s.state <> 'Offline') as demo_states`,
    );
    expect(row!.users).toBe(row!.callers);
    expect(row!.gaps).toBe(0);
    expect(row!.open_not_last).toBe(0);
    expect(row!.open_not_offline).toBe(0);
    expect(row!.state_mismatch).toBe(0);
    expect(row!.stray_on_call).toBe(0);
    // Ready, On call, Wrap-up and Away.
    expect(row!.demo_states).toBe(4);
  });

  it('records who made each generated CSR in the audit log', async () => {
    const [row] = await rows<{ made: number; audited: number }>(
      first.db,
      sql`select (select count(*)::int from users where username not like '%.%' and username not in
          ('admin', 'supervisor', 'usermanager', 'leadsmanager', 'measurer')) as made,
        (select count(distinct target_user_id)::int from audit_log where action = 'create' and entity = 'user') as audited`,
    );
    expect(row!.made).toBeGreaterThanOrEqual(30);
    expect(row!.audited).toBe(row!.made);
  });

  it('saves each measured property with the square feet its shapes measure', async () => {
    const props = await rows<{ square_feet: string; shapes: AreaGeometry | string }>(
      first.db,
      sql`select square_feet, shapes from measured_properties where shapes is not null`,
    );
    expect(props.length).toBeGreaterThan(100);
    for (const p of props) {
      const shapes = typeof p.shapes === 'string' ? (JSON.parse(p.shapes) as AreaGeometry) : p.shapes;
      expect(Number(p.square_feet)).toBe(Math.round(measureGeometry(shapes).squareFeet * 100) / 100);
    }
  });
});
