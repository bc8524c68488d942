/**
 * Call history, touchpoints and orders for the first customers, in SQL: calls over the last four years (some
 * older than the default three-year range), service visits and payments, and orders in every status.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../client.js';

export async function generateHistory(tx: DbOrTx, options: { customers: number; seed?: number; now?: Date }) {
  const now = (options.now ?? new Date()).toISOString();
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
  await generateOrders(tx, { customers: Math.ceil(options.customers / 2), now });
}

/** Add-on services an order may carry (ids and names of the pricing catalogue), with a price range. */
const ADD_ONS = [
  [301, 'Grub Control', 65, 30],
  [310, 'Core Aeration', 110, 70],
  [311, 'Aeration & Overseeding', 190, 100],
  [320, 'Tree & Shrub Care', 240, 90],
  [330, 'Mosquito Control', 210, 80],
  [340, 'Lime Treatment', 70, 40],
] as const;

/**
 * Orders of the first `customers` customers, about 1.1 each, over the last eighteen months, in the shapes the
 * end-call sequence makes them (call-handling.md §4): sales are SUBMITTED, LCP with a lawn program or UPSELL
 * without one; quotes are NORMAL and PENDING (recent; opening the customer's call expires them) or EXPIRED.
 * Sales come mostly from the call centre, quotes mostly from the web. Lines: a lawn program priced by lawn
 * size (installments unless prepaid, 5 % off when prepaid), a pest program, add-on services (never item 45);
 * some orders have a coupon, taken off their first line. Subtotal, tax (7.25 %) and total follow the lines.
 * The fixed story customers each get a recent order, so their call screen shows one.
 */
export async function generateOrders(tx: DbOrTx, options: { customers: number; now: string }) {
  const { now } = options;
  await tx.execute(sql`
    with c as (select * from customers order by customer_id limit ${options.customers}),
    o as (
      select c.*, n, random() as r1, random() as r2, random() as r3, random() as r4, random() as r5
      from c cross join generate_series(1, 2) as n
    ),
    k as (
      select o.*,
        case when r1 < 0.34 then 'LCP' when r1 < 0.56 then 'UPSELL' else 'NORMAL' end as otype,
        case when r1 < 0.56 then 'SUBMITTED' when r1 < 0.80 then 'PENDING' else 'EXPIRED' end as ostatus,
        case when customer_no < 100000 then floor(r2 * 30)
             when r1 < 0.56 then floor(r2 * 540) when r1 < 0.80 then floor(r2 * 45) else 30 + floor(r2 * 500) end::int as age
      from o
      where (n = 1 and (r5 < 0.85 or customer_no < 100000)) or (n = 2 and r5 < 0.22)
    ),
    t as (select k.*, ${now}::timestamptz - make_interval(days => age, mins => floor(r3 * 600)::int) as created from k)
    insert into orders (sqldbid, customer_no, branchno, service_year, is_prepay, order_type, order_status, is_autopay,
      source, created_by, created_at, updated_at)
    select t.sqldbid, t.customer_no, t.branchno, extract(year from created at time zone 'America/Chicago')::int, r3 < 0.3,
      otype, ostatus, ostatus = 'SUBMITTED' and r4 < 0.35, source,
      case when source = 'Call Center' then (select u.user_id from users u where u.username =
        case when t.branchno in ('SG101', 'SG102') then 'csr.franchise' when t.branchno like 'SLI%' then 'csr.cof'
             else 'csr.corporate' end) end,
      created, created + make_interval(mins => floor(r4 * least(age, 20) * 1440)::int)
    from (select t.*, case when ostatus = 'SUBMITTED' then (case when r3 < 0.75 then 'Call Center' else 'Web' end)
                          else (case when r4 < 0.8 then 'Web' else 'Call Center' end) end as source from t) t
    order by created, customer_no, n`);
  await priceOrders(tx, 0);
}

/**
 * The lines, coupons and totals of the orders after `afterOrderId` (all of them from 0): see {@link generateOrders}.
 */
export async function priceOrders(tx: DbOrTx, afterOrderId: number) {
  await tx.execute(sql`
    with ord as (
      select o.order_id, o.order_type, o.is_prepay, cu.lawn_size::float8 as lawn_size,
        random() as p1, random() as p2, random() as p3, random() as p4, random() as p5
      from orders o join customers cu on cu.sqldbid = o.sqldbid and cu.customer_no = o.customer_no
      where o.order_id > ${afterOrderId} and not exists (select 1 from order_items i where i.order_id = o.order_id)
      order by o.order_id
    ),
    addons as (
      select * from jsonb_to_recordset(${JSON.stringify(ADD_ONS.map(([sid, name, base, spread], i) => ({ idx: i, sid, name, base, spread })))}::jsonb)
        as a(idx int, sid int, name text, base float8, spread float8)
    ),
    lines as (
      select order_id, is_prepay, p4, 1 as seq, case when p1 < 0.6 then 101 else 102 end as sid,
        case when p1 < 0.6 then 'Preferred Program' else 'Economy Program' end as name,
        case when p1 < 0.6 then 6 + floor(p2 * 2)::int else 5 end as rounds,
        round((28 + lawn_size * 2.1 + p3 * 8)::numeric, 2) as unit, true as program
      from ord where order_type = 'LCP' or (order_type = 'NORMAL' and p5 < 0.75)
      union all
      select order_id, is_prepay, p4, 2, 201, 'Pest Control Program', 4, round((95 + p3 * 30)::numeric, 2), true
      from ord where order_type = 'UPSELL' and p2 < 0.3
      union all
      select order_id, is_prepay, p4, 3, a.sid, a.name, 1, round((a.base + p3 * a.spread)::numeric, 2), false
      from ord join addons a on a.idx = floor(p4 * 6)::int
      where order_type = 'UPSELL' or (order_type = 'LCP' and p5 < 0.4) or (order_type = 'NORMAL' and p5 >= 0.6)
      union all
      select order_id, is_prepay, p4, 4, a.sid, a.name, 1, round((a.base + p3 * a.spread)::numeric, 2), false
      from ord join addons a on a.idx = (floor(p4 * 6)::int + 1 + floor(p2 * 5)::int) % 6
      where order_type = 'UPSELL' and p5 < 0.35
    )
    insert into order_items (order_id, service_def_id, service_name, rounds, unit_price, quantity, extended_price,
      unit_price_sold, extended_price_sold, installment, remain_months)
    select order_id, sid, name, rounds, unit, rounds, unit * rounds,
      round(unit * case when is_prepay then 0.95 else 1 end, 2),
      round(unit * case when is_prepay then 0.95 else 1 end, 2) * rounds,
      program and not is_prepay, case when program and not is_prepay then floor(p4 * 9)::int else 0 end
    from lines order by order_id, seq`);
  // Set-based (no statement per order), so that a large seed stays linear.
  await tx.execute(sql`
    with s as (
      select i.order_id, sum(i.extended_price_sold) as sold, bool_or(i.service_def_id = 101) as preferred,
        (array_agg(i.extended_price_sold order by i.order_item_id))[1] as first_line
      from order_items i where i.order_id > ${afterOrderId} group by i.order_id
    ),
    ord as (
      select o.order_id, o.order_status, s.sold, s.preferred, s.first_line, random() as q1, random() as q2
      from orders o join s on s.order_id = o.order_id
      where not exists (select 1 from order_discounts d where d.order_id = o.order_id)
      order by o.order_id
    )
    insert into order_discounts (order_id, coupon_code, amount)
    select order_id, code, least(amount, first_line) from (
      select ord.*,
        case when preferred and q2 < 0.4 then 'PREF15' when q2 < 0.7 then 'SAVE20' else 'SPRING10' end as code,
        case when preferred and q2 < 0.4 then 15 when q2 < 0.7 then 20 else round(sold * 0.10, 2) end as amount
      from ord where q1 < case when order_status = 'SUBMITTED' then 0.18 else 0.08 end
    ) x
    order by order_id`);
  await tx.execute(sql`
    update order_items i set extended_price_sold = i.extended_price_sold - f.amount,
      unit_price_sold = round((i.extended_price_sold - f.amount) / i.quantity, 2)
    from (select d.order_id, d.amount, min(j.order_item_id) as first_item
          from order_discounts d join order_items j on j.order_id = d.order_id
          where d.order_id > ${afterOrderId} group by d.order_id, d.amount) f
    where i.order_item_id = f.first_item`);
  await tx.execute(sql`
    update orders o set sub_total = s.sold, tax = round(s.sold * 0.0725, 2), total = s.sold + round(s.sold * 0.0725, 2),
      title = s.title
    from (select i.order_id, sum(i.extended_price_sold) as sold,
            (array_agg(i.service_name order by i.order_item_id))[1] as title
          from order_items i where i.order_id > ${afterOrderId} group by i.order_id) s
    where s.order_id = o.order_id`);
}
