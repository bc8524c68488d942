/**
 * Call history, touchpoints and this year's web orders for the first customers, in SQL: calls over the
 * last four years (some older than the default three-year range), service visits and payments, and
 * orders in every status, including pending NORMAL orders that opening a call expires.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../client.js';

export async function generateHistory(tx: DbOrTx, options: { customers: number; seed?: number; now?: Date }) {
  const now = (options.now ?? new Date()).toISOString();
  const year = (options.now ?? new Date()).getUTCFullYear();
  await tx.execute(sql`select setseed(${((options.seed ?? 11) % 1000) / 1000})`);
  await tx.execute(sql`
    with c as (select * from customers order by customer_id limit ${options.customers}),
    calls as (
      select c.*, n, random() as r1, random() as r2, random() as r3, random() as r4
      from c cross join generate_series(1, 3) as n
    )
    insert into call_history (csagent, sqldbid, cust_no, branchno, cust_type, cust_email, call_reason, call_start, call_end,
      call_log, package, applications, appcost, lawnsize, salestax, taxrate, zipcode, totalcost, emailsent, call_source,
      call_direction, call_result, call_type, call_list, csr_notes, survey_id, offer_id)
    select (array['Jordan Owens', 'Casey Corbin', 'Riley Franks', 'Morgan Exley', 'Pat Quinlan'])[1 + floor(r1 * 5)::int],
      sqldbid, customer_no, branchno, customer_type, email,
      (array['Pricing question', 'Program renewal', 'Service problem', 'Billing question', 'New service'])[1 + floor(r2 * 5)::int],
      ${now}::timestamptz - make_interval(days => floor(r3 * 1460)::int, mins => floor(r4 * 600)::int),
      ${now}::timestamptz - make_interval(days => floor(r3 * 1460)::int, mins => floor(r4 * 600)::int - 4 - floor(r1 * 9)::int),
      (array['Customer asked about the next application.', 'Reviewed the program and pricing.', 'Left a message.',
             'Scheduled a service call.', 'Explained the invoice.'])[1 + floor(r4 * 5)::int],
      case when r2 < 0.4 then 'Preferred Program' when r2 < 0.6 then 'Economy Program' else '' end,
      case when r2 < 0.6 then 5 + floor(r1 * 3)::int else 0 end,
      case when r2 < 0.6 then round((150 + r1 * 300)::numeric, 2) else 0 end,
      lawn_size, case when r2 < 0.6 then round(((150 + r1 * 300) * 0.0725)::numeric, 2) else 0 end, 0.0725, zip,
      case when r2 < 0.6 then round(((150 + r1 * 300) * 1.0725)::numeric, 2) else 0 end, r2 < 0.6,
      case when r3 < 0.5 then 'Incoming' else 'Outgoing' end,
      case when r3 < 0.5 then 'Incoming' else 'Outgoing' end,
      (array['Sale', 'Information Only', 'No Answer', 'Call Back', 'Not Interested', 'Upsell', 'Left Voicemail'])[1 + floor(r1 * 7)::int],
      case when r3 < 0.5 then 'Inbound' else (array['Cancel', 'Upsell', 'CustomerSurvey'])[1 + floor(r2 * 3)::int] end,
      case when r3 < 0.5 then '' else 'Outbound' end, '', -1, 0
    from calls where r4 < 0.85`);
  await tx.execute(sql`
    with c as (select * from customers where customer_type <> 'Prospect' order by customer_id limit ${options.customers}),
    t as (select c.*, n, random() as r1, random() as r2, random() as r3 from c cross join generate_series(1, 6) as n)
    insert into touchpoints (sqldbid, customer_no, touch_date, kind, description, employee, amount)
    select sqldbid, customer_no, ${now}::timestamptz - make_interval(days => floor(r1 * 1300)::int),
      (array['Service Visit', 'Service Visit', 'Service Visit', 'Payment', 'Letter', 'Email'])[1 + floor(r2 * 6)::int],
      (array['Round 1: pre-emergent and fertiliser', 'Round 2: broadleaf weed control', 'Round 3: fertiliser and grub prevention',
             'Payment received', 'Renewal letter mailed', 'Service reminder emailed'])[1 + floor(r2 * 6)::int],
      (array['T. Alvarez', 'K. Brandt', 'M. Osei', 'J. Novak'])[1 + floor(r3 * 4)::int],
      case when r2 >= 0.5 and r2 < 0.667 then round((40 + r3 * 120)::numeric, 2) end
    from t`);
  await tx.execute(sql`
    with c as (select * from customers order by customer_id limit ${Math.ceil(options.customers / 2)}),
    o as (select c.*, random() as r1, random() as r2 from c)
    insert into orders (sqldbid, customer_no, branchno, service_year, is_prepay, order_type, order_status, sub_total, tax,
      total, source, title, created_at, updated_at)
    select sqldbid, customer_no, branchno, ${year}, r2 < 0.3,
      (array['LCP', 'UPSELL', 'NORMAL'])[1 + floor(r1 * 3)::int],
      case when r1 >= 0.667 then (array['PENDING', 'EXPIRED'])[1 + floor(r2 * 2)::int] else 'SUBMITTED' end,
      round((120 + r2 * 380)::numeric, 2), round(((120 + r2 * 380) * 0.0725)::numeric, 2),
      round(((120 + r2 * 380) * 1.0725)::numeric, 2),
      case when r2 < 0.5 then 'Web' else 'Call Center' end,
      (array['Preferred Program', 'Core Aeration', 'Lawn quote'])[1 + floor(r1 * 3)::int],
      ${now}::timestamptz - make_interval(days => floor(r2 * 200)::int),
      ${now}::timestamptz - make_interval(days => floor(r2 * 100)::int)
    from o where r1 < 0.9`);
  await tx.execute(sql`
    insert into order_items (order_id, service_def_id, service_name, rounds, unit_price, quantity, extended_price,
      unit_price_sold, extended_price_sold, installment, remain_months)
    select order_id, case when title = 'Core Aeration' then 310 else 101 end, title,
      case when title = 'Core Aeration' then 1 else 6 end,
      round(sub_total / case when title = 'Core Aeration' then 1 else 6 end, 2),
      case when title = 'Core Aeration' then 1 else 6 end, sub_total,
      round(sub_total / case when title = 'Core Aeration' then 1 else 6 end, 2), sub_total, false, 0
    from orders o where not exists (select 1 from order_items i where i.order_id = o.order_id)`);
}
