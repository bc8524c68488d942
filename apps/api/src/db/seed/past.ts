/**
 * A year of the call centre's past before the demo's first start (decision 061): generated CSRs beside the demo
 * accounts, outbound calls worked to their end and completed (each with the CSR who worked it and when), inbound
 * calls, the attempts before a call's last one (no answers, voicemails, callbacks), the follow-ups interested
 * prospects ask for, sales with their orders and confirmation emails, quotes, emails that failed for good with the
 * server's reason, and the administrators' audit rows for the CSRs they made. Set-based SQL from the customers after
 * one `setseed`, so the same seed gives the same past and 20,000 customers add about a second to the first start;
 * only the emails are written in TypeScript, with the domain's own email text.
 */
import { sql } from 'drizzle-orm';
import { CALL_RESULTS, CALL_TYPES, CALLBACK_RESULTS, Role } from '@cc/domain';
import { rowsOf, type DbOrTx } from '../client.js';
import { insertAccount, type PermissionTemplate } from './accounts.js';
import { priceOrders } from './history.js';
import { generatedCsrs } from './past-csrs.js';
import { writeEmails } from './past-emails.js';

/** How far back the past goes, and how many calls it holds at most (fewer when there are fewer customers). */
export const PAST_DAYS = 365;
export const PAST_CALLS = 9000;
export { GENERATED_CSRS } from './past-csrs.js';

/** Results that sell (an order SUBMITTED) and those that get a quote (an order PENDING, EXPIRED once old). */
const SALES = ['Sale', 'Upsell'];
const QUOTED = ['Interested Prospect', 'Interested Prospect - THP'];

/** How often each final result ends a call (results of a call type that schedule a callback never end one). */
const RESULT_WEIGHT: Record<string, number> = {
  Sale: 4,
  Upsell: 3,
  'Survey Complete': 8,
  'Rounds Rescheduled': 6,
  'Interested Prospect': 3,
  'Interested Prospect - THP': 1,
  'Information Only': 6,
  'Billing Question': 4,
  'Service Call': 3,
  'Not Interested': 5,
  'Refused Survey': 2,
  'Cancel Request': 1,
  'Wrong Number': 1,
  'Do Not Call': 1,
  Moved: 1,
  'Service Problem': 1,
};

/** Each call type's final results, each repeated by its weight, for a pick by one random number in SQL. */
export function finalResults(): Record<string, string[]> {
  return Object.fromEntries(
    CALL_TYPES.map((t) => [
      t.CallTypeName,
      CALL_RESULTS[t.CallTypeName]
        .filter((r) => !(CALLBACK_RESULTS as readonly string[]).includes(r) && r !== 'Estimate Requested')
        .flatMap((r) => Array.from({ length: RESULT_WEIGHT[r] ?? 1 }, () => r)),
    ]),
  );
}

const TYPE_WEIGHTS: [string, number][] = [
  ['Inbound', 30],
  ['Cancel', 14],
  ['Upsell', 14],
  ['CustomerSurvey', 10],
  ['SkippedRounds', 8],
  ['WebLead', 8],
  ['InboundFollowUp', 6],
  ['PropertyEval', 4],
  ['CommercialLead', 3],
  ['Extract', 3],
];

interface PastOptions {
  seed: number;
  now: Date;
  passwordHash: string;
  templates: readonly PermissionTemplate[];
}

export async function generatePast(tx: DbOrTx, options: PastOptions): Promise<void> {
  const made = await insertCsrs(tx, options);
  await choosePastAgents(tx);
  await choosePastCalls(tx, options.seed, options.now.toISOString());
  await insertListRows(tx);
  await insertHistory(tx);
  await insertFollowUps(tx);
  const last = await insertOrders(tx);
  await writeEmails(tx, options.seed, last);
  await nameLastWorkers(tx);
  await auditCsrs(tx, made);
}

/** The generated CSRs' accounts; answers their ids. */
async function insertCsrs(tx: DbOrTx, options: PastOptions): Promise<number[]> {
  const csrs = generatedCsrs(options.seed, options.now, PAST_DAYS);
  const made: number[] = [];
  for (const { account, createdAt } of csrs) {
    made.push(await insertAccount(tx, account, options.passwordHash, options.templates, createdAt));
  }
  return made;
}

async function choosePastAgents(tx: DbOrTx): Promise<void> {
  // Who may work a branch's calls (their scope holds it): company-owned CSRs the company-owned branches, corporate CSRs
  // and the leads manager (who works calls too) the independent ones, franchise users their own branches, external CSRs all; the demo CSRs more often, so that
  // each of them has a year of calls of their own.
  await tx.execute(sql`
    create temp table past_agents on commit drop as
    with pool as (
      select u.user_id, f.branchno,
        case u.username when 'csr.franchise' then 10 when 'csr.cof' then 6 when 'csr.corporate' then 5
          when 'leadsmanager' then 3 when 'csr.external' then 2 else 1 end as weight
      from users u cross join franchises f
      where u.role_id in (${Role.Representative}, ${Role.FranchiseUser}, ${Role.LeadsCCManager}) and (
        (u.company_id = 2 and f.designation = 'COF') or (u.company_id = 1 and f.designation = 'IND')
        or u.company_id = 4
        or (u.company_id = 3 and exists (select 1 from user_branches b where b.user_id = u.user_id and b.branchno = f.branchno)))
    )
    select p.user_id, p.branchno, row_number() over (partition by p.branchno order by p.user_id, g) as rn,
      count(*) over (partition by p.branchno) as n
    from pool p cross join generate_series(1, p.weight) g`);
}

async function choosePastCalls(tx: DbOrTx, seed: number, now: string): Promise<void> {
  const types = TYPE_WEIGHTS.flatMap(([t, w]) => Array.from({ length: w }, () => t)).join('|');
  await tx.execute(sql`select setseed(${((seed + 61) % 1000) / 1000})`);
  // The calls: a customer each; the day of the last attempt lies up to a year back (most of them recent, some today
  // before now), in the call centre's working hours (8:00 to 18:00 in America/Chicago).
  await tx.execute(sql`
    create temp table past_calls on commit drop as
    with c as (
      select c.customer_id, c.customer_no, c.sqldbid, c.branchno, random() as r_pick, random() as r_type,
        random() as r_day, random() as r_time, random() as r_res, random() as r_agent, random() as r_att, random() as r_len
      from customers c order by c.customer_id
    ),
    p as (select * from c order by r_pick limit ${PAST_CALLS}),
    typed as (
      select p.*, (string_to_array(${types}, '|'))[1 + floor(r_type * ${TYPE_WEIGHTS.reduce((s, [, w]) => s + w, 0)})::int] as call_type,
        floor(${PAST_DAYS} * power(r_day, 1.6))::int as days_ago,
        date_trunc('day', ${now}::timestamptz at time zone 'America/Chicago') as today
      from p
    ),
    -- Today's calls lie between 8:00 and now (18:00 at the latest); before 8:10, between midnight and now.
    day as (
      select typed.*, case when ${now}::timestamptz > (today + interval '8 hours 10 minutes') at time zone 'America/Chicago'
          then (today + interval '8 hours') at time zone 'America/Chicago' else today at time zone 'America/Chicago' end as lo,
        least(${now}::timestamptz - interval '1 minute', (today + interval '18 hours') at time zone 'America/Chicago') as hi
      from typed
    )
    select t.customer_id, t.customer_no, t.sqldbid, t.branchno, t.call_type, t.days_ago, t.r_att, t.r_len,
      a.user_id as agent,
      (${JSON.stringify(finalResults())}::jsonb -> t.call_type) ->> floor(r_res * jsonb_array_length(${JSON.stringify(finalResults())}::jsonb -> t.call_type))::int as result,
      case when t.call_type = 'Inbound' then 1 else 1 + floor(power(r_att, 2) * 3)::int end as attempts,
      case when t.days_ago = 0 then t.lo + r_time * greatest(t.hi - t.lo, interval '0')
      else (t.today - make_interval(days => t.days_ago) + interval '8 hours' + r_time * interval '10 hours') at time zone 'America/Chicago'
      end as completed_at,
      null::int as outbound_id, null::int as call_id, null::int as order_id
    from day t
    join past_agents a on a.branchno = t.branchno and a.rn = 1 + floor(t.r_agent * a.n)::int`);
}

async function insertListRows(tx: DbOrTx): Promise<void> {
  // The list rows, completed: the CSR who worked the call last holds it as its callback CSR too, at the time it was
  // last worked (the row's call target then), so a search by agent finds it whichever of the two it reads.
  await tx.execute(sql`
    with ins as (
      insert into outbound_calls (id, type, call_source, call_attempts, call_origin, call_back_csr, call_back_date,
        call_complete, last_access_date, last_access_csr, branchno, sqldbid, cust_no, prop_eval_code, enable_prop_eval,
        first_name, last_name, street, city, state, zip, phone, size, customer_type, cust_status, price_offer, service,
        status_date, call_status, comments, web_lead_type, created_at)
      select c.customer_id, p.call_type, 'Outbound-' || p.call_type, p.attempts, 'Outbound', p.agent, p.completed_at, true,
        p.completed_at, p.agent, c.branchno, c.sqldbid, c.customer_no,
        case when p.call_type = 'PropertyEval' then 'PE' || lpad((c.customer_id % 100000)::text, 5, '0') else '' end,
        p.call_type = 'PropertyEval', c.first_name, c.last_name, c.address, c.city, c.state, c.zip,
        coalesce(nullif(c.home_phone, ''), c.cell_phone), c.lawn_size, c.customer_type, c.status,
        case when p.call_type in ('Cancel', 'Upsell', 'Extract') then round((29.95 + (c.customer_id % 7) * 10)::numeric, 2) end,
        case when p.call_type in ('Cancel', 'Upsell', 'Extract') then 'Preferred Program' else '' end,
        p.completed_at - make_interval(days => 10 + p.attempts * 3), 'End', '',
        case when p.call_type = 'WebLead' then (array['Quote Request', 'Contact Us', 'Pest Quote'])[1 + c.customer_id % 3] else '' end,
        p.completed_at - make_interval(days => 7 + p.attempts * 3)
      from past_calls p join customers c on c.customer_id = p.customer_id
      where p.call_type <> 'Inbound'
      returning outbound_id, id)
    update past_calls p set outbound_id = ins.outbound_id from ins where ins.id = p.customer_id`);
}

async function insertHistory(tx: DbOrTx): Promise<void> {
  // The history: the attempts before the last (no answer, a voicemail, a callback asked for, a few days apart, by the
  // same CSR), and the last one with the call's result. Each call lasts two to fourteen minutes.
  await tx.execute(sql`
    with a as (
      select p.*, k, (k = p.attempts) as last,
        p.completed_at - make_interval(days => (p.attempts - k) * (1 + floor(p.r_len * 3)::int),
          hours => (p.attempts - k) * floor(p.r_att * 3)::int) as ended,
        make_interval(mins => 2 + floor(p.r_len * 12)::int, secs => floor(p.r_att * 59)::int) as length
      from past_calls p cross join generate_series(1, p.attempts) k
    )
    insert into call_history (csuser_id, csagent, sqldbid, cust_no, branchno, cust_type, cust_email, call_reason,
      call_start, call_end, call_log, lawnsize, zipcode, call_source, call_direction, call_result, call_target, call_list,
      call_type, csr_notes, outbound_id, created_at)
    select a.agent, u.first_name || ' ' || u.last_name, c.sqldbid, c.customer_no, c.branchno, c.customer_type, c.email,
      case when a.call_type = 'Inbound' then (array['Pricing question', 'Program renewal', 'Service problem',
        'Billing question', 'New service'])[1 + c.customer_id % 5] else '' end,
      a.ended - a.length, a.ended,
      case when not a.last then (array['No answer after six rings.', 'Left a message with our number.',
          'Customer asked us to call back later.'])[1 + (c.customer_id + a.k) % 3]
        when a.result in ('Sale', 'Upsell') then 'Went through the program and pricing; customer agreed.'
        when a.result like 'Interested%' then 'Customer wants to think it over; quote sent.'
        else (array['Customer asked about the next application.', 'Reviewed the account with the customer.',
          'Explained the invoice.', 'Customer is happy with the service.'])[1 + c.customer_id % 4] end,
      c.lawn_size, left(c.zip, 5),
      case when a.call_type = 'Inbound' then 'Incoming' else 'Outbound-' || a.call_type end,
      case when a.call_type = 'Inbound' then 'Incoming' else 'Outgoing' end,
      case when a.last then a.result else (array['No Answer', 'Left Voicemail', 'Call Back'])[1 + (c.customer_id + a.k) % 3] end,
      case when not a.last then a.ended + make_interval(days => 1 + floor(a.r_len * 3)::int) end,
      coalesce((select t.call_type_display_name from call_types t where t.call_type_name = a.call_type and t.outbound), ''),
      a.call_type, '', a.outbound_id, a.ended
    from a join customers c on c.customer_id = a.customer_id join users u on u.user_id = a.agent
    order by a.ended`);
  await tx.execute(sql`
    update past_calls p set call_id = h.call_id from call_history h
    where h.sqldbid = p.sqldbid and h.cust_no = p.customer_no and h.call_end = p.completed_at and h.csuser_id = p.agent`);
}

async function insertFollowUps(tx: DbOrTx): Promise<void> {
  // Interested prospects ask for a follow-up (call-handling.md §4, list effects): a row on the inbound follow-up list,
  // worked since when the call is older than a month.
  await tx.execute(sql`
    insert into outbound_calls (id, type, call_source, call_attempts, call_origin, call_back_csr, call_back_date,
      call_complete, last_access_date, last_access_csr, branchno, sqldbid, cust_no, first_name, last_name, street, city,
      state, zip, phone, size, customer_type, cust_status, status_date, call_status, comments, created_at)
    select c.customer_id, 'InboundFollowUp', 'Outbound-InboundFollowUp', case when p.days_ago > 30 then 1 else 0 end,
      'Outbound', case when p.days_ago > 30 then p.agent end, p.completed_at + interval '2 days', p.days_ago > 30,
      case when p.days_ago > 30 then p.completed_at + interval '2 days' end, case when p.days_ago > 30 then p.agent end,
      c.branchno, c.sqldbid, c.customer_no, c.first_name, c.last_name, c.address, c.city, c.state, c.zip,
      coalesce(nullif(c.home_phone, ''), c.cell_phone), c.lawn_size, c.customer_type, c.status, p.completed_at,
      case when p.days_ago > 30 then 'End' else 'New' end, 'Follow-up after ' || p.call_type || ': ' || p.result,
      p.completed_at
    from past_calls p join customers c on c.customer_id = p.customer_id
    where p.result in ('Interested Prospect', 'Interested Prospect - THP') and p.call_type <> 'InboundFollowUp'`);
}

/** Answers the last order id before the past's orders. */
async function insertOrders(tx: DbOrTx): Promise<number> {
  // Sales and quotes: the order of the call, by its CSR, priced as the demo's other orders are.
  const [{ last } = { last: 0 }] = rowsOf<{ last: number }>(
    await tx.execute(sql`select coalesce(max(order_id), 0)::int as last from orders`),
  );
  await tx.execute(sql`
    with ins as (
      insert into orders (sqldbid, customer_no, branchno, call_id, service_year, is_prepay, order_type, order_status,
        is_autopay, source, created_by, created_at, updated_at)
      select p.sqldbid, p.customer_no, p.branchno, p.call_id,
        extract(year from p.completed_at at time zone 'America/Chicago')::int, p.r_len < 0.3,
        case p.result when 'Sale' then 'LCP' when 'Upsell' then 'UPSELL' else 'NORMAL' end,
        case when p.result in ('Sale', 'Upsell') then 'SUBMITTED' when p.days_ago <= 30 then 'PENDING' else 'EXPIRED' end,
        p.result in ('Sale', 'Upsell') and p.r_att < 0.35, 'Call Center', p.agent, p.completed_at,
        p.completed_at + case when p.result in ('Sale', 'Upsell') or p.days_ago <= 30 then interval '0' else interval '30 days' end
      from past_calls p
      where p.call_id is not null and p.result in (${sql.join(
        [...SALES, ...QUOTED].map((r) => sql`${r}`),
        sql`, `,
      )})
      order by p.completed_at
      returning order_id, call_id)
    update past_calls p set order_id = ins.order_id from ins where ins.call_id = p.call_id`);
  await priceOrders(tx, last);
  // The call's record of what it sold or quoted, and its receipt.
  await tx.execute(sql`
    update call_history h set order_id = o.order_id, package = o.title, appcost = o.sub_total, salestax = o.tax,
      taxrate = 0.0725, totalcost = o.total, cust_prepaid = o.is_prepay, cust_autopaid = o.is_autopay,
      reciept = r.lines || E'\n' || 'Subtotal: $' || o.sub_total || E'\n' || 'Tax: $' || o.tax || E'\n' || 'Total: $' || o.total
    from orders o join (
      select order_id, string_agg(service_name || ' (' || rounds || ' x $' || unit_price_sold || '): $' || extended_price_sold,
        E'\n' order by order_item_id) as lines
      from order_items group by order_id) r on r.order_id = o.order_id
    where o.order_id > ${last} and h.call_id = o.call_id`);
  return last;
}

async function nameLastWorkers(tx: DbOrTx): Promise<void> {
  // The rows still on the lists that were worked already (a callback, an end) name the CSR who worked them last.
  await tx.execute(sql`
    update outbound_calls o set last_access_csr = coalesce(o.call_back_csr, a.user_id)
    from past_agents a
    where o.last_access_csr is null and o.call_status <> 'New' and o.last_access_date is not null
      and a.branchno = o.branchno and a.rn = 1 + (o.outbound_id * 7919) % a.n`);
}

async function auditCsrs(tx: DbOrTx, made: number[]): Promise<void> {
  const admin = rowsOf<{ admin: number; manager: number }>(
    await tx.execute(sql`select (select user_id from users where username = 'admin') as admin,
      (select user_id from users where username = 'usermanager') as manager`),
  )[0];
  const madeIds = sql.join(
    made.map((id) => sql`${id}`),
    sql`, `,
  );
  // The administrators' record of the CSRs they made, and of the rights they gave some of them since.
  await tx.execute(sql`
    insert into audit_log (at, actor_user_id, action, entity, entity_id, target_user_id, before, after)
    select u.created_at, case when u.user_id % 3 = 0 then ${admin?.admin ?? null}::int else ${admin?.manager ?? null}::int end,
      'create', 'user', u.user_id::text, u.user_id, null,
      jsonb_build_object('UserId', u.user_id, 'UserName', u.username, 'FirstName', u.first_name, 'LastName', u.last_name,
        'CompanyId', u.company_id, 'RoleId', u.role_id, 'SQLDBID', u.sqldbid,
        'Branches', coalesce((select jsonb_agg(b.branchno order by b.branchno) from user_branches b where b.user_id = u.user_id), '[]'::jsonb))
    from users u where u.user_id in (${madeIds})
    union all
    select u.created_at + make_interval(days => 20 + u.user_id % 90), ${admin?.admin ?? null}::int, 'grant', 'user_permission',
      u.user_id || ':' || p.permission_id, u.user_id, jsonb_build_object('value', p.value),
      jsonb_build_object('ApplicationId', p.application_id, 'PermissionId', p.permission_id, 'value', p.value)
    from users u join user_permissions p on p.user_id = u.user_id and p.permission_id = 4
    where u.user_id in (${madeIds}) and u.user_id % 2 = 0
    order by 1`);
}
