/**
 * Outbound lists for the demo and the benchmark, generated in SQL from the customers: every list for
 * every franchise branch (a few guaranteed rows per branch and call type, with callbacks due in the past and the
 * future), then weighted random rows, a few of them without a usable customer number (which lists drop), web
 * leads behind the web-lead rows and sales leads in every status.
 */
import { sql } from 'drizzle-orm';
import { CALL_OPTIONS, CALL_RESULTS, CALL_TYPES, SURVEY_DEFINITIONS } from '@cc/domain';
import { rowsOf, type DbOrTx } from '../client.js';
import { callOptions, callResults, callTypes, surveyDefinitions } from '../schema/index.js';

/** Reference rows from the domain constants; safe to run at every start. */
export async function syncCallReferenceData(db: DbOrTx): Promise<void> {
  await db.transaction(async (tx) => {
    for (const t of CALL_TYPES) {
      await tx
        .insert(callTypes)
        .values({
          callTypeId: t.CallTypeId,
          callTypeName: t.CallTypeName,
          callTypeDisplayName: t.CallTypeDisplayName,
          outbound: t.outbound,
        })
        .onConflictDoUpdate({
          target: callTypes.callTypeId,
          set: { callTypeName: t.CallTypeName, callTypeDisplayName: t.CallTypeDisplayName, outbound: t.outbound },
        });
    }
    for (const [i, t] of CALL_TYPES.entries()) {
      for (const [j, resultName] of CALL_RESULTS[t.CallTypeName].entries()) {
        const row = { callResultId: (i + 1) * 100 + j + 1, callTypeId: t.CallTypeId, resultName, sortOrder: j + 1 };
        await tx.insert(callResults).values(row).onConflictDoUpdate({ target: callResults.callResultId, set: row });
      }
    }
    for (const o of CALL_OPTIONS) {
      await tx
        .insert(callOptions)
        .values({ id: o.Id, optionName: o.OptionName, headerName: o.HeaderName })
        .onConflictDoUpdate({ target: callOptions.id, set: { optionName: o.OptionName, headerName: o.HeaderName } });
    }
    for (const d of SURVEY_DEFINITIONS) {
      await tx
        .insert(surveyDefinitions)
        .values({ surveyGuid: d.surveyGuid, name: d.name, questions: d.questions })
        .onConflictDoUpdate({ target: surveyDefinitions.surveyGuid, set: { name: d.name, questions: d.questions } });
    }
  });
}

const TYPE_WEIGHTS: [string, number][] = [
  ['Cancel', 20],
  ['Upsell', 20],
  ['CustomerSurvey', 12],
  ['SkippedRounds', 10],
  ['WebLead', 12],
  ['InboundFollowUp', 8],
  ['PropertyEval', 8],
  ['CommercialLead', 5],
  ['Extract', 5],
];

const SERVICES = [
  'Preferred Program',
  'Economy Program',
  'Core Aeration',
  'Grub Control',
  'Tree & Shrub',
  'Perimeter Pest',
  'Mosquito Control',
  'Overseeding',
];

/**
 * The guaranteed rows of every (branch, call type) list, one per slot: listed calls whose call target is, from
 * `now`, 3 days past (callback), 1 day past (new), 2 days ahead and 7 days ahead (callbacks). Made before the
 * random rows and counted in the total; a total smaller than all of them keeps the first slots of every list.
 */
export const COVERAGE_SLOTS: readonly { status: 'New' | 'Callback'; days: number }[] = [
  { status: 'Callback', days: -3 },
  { status: 'Callback', days: 2 },
  { status: 'New', days: -1 },
  { status: 'Callback', days: 7 },
];

/**
 * Insert `count` outbound rows relative to `now`: first the guaranteed rows of every list of every branch (made
 * from each branch's last customers), then weighted random rows from the first customers, one per customer.
 * Run in a transaction. `count` must not exceed the number of customers (see `checkSeedOptions`).
 */
export async function generateOutboundCalls(
  tx: DbOrTx,
  options: { count: number; seed?: number; now?: Date },
): Promise<void> {
  const now = (options.now ?? new Date()).toISOString();
  await tx.execute(sql`select setseed(${((options.seed ?? 7) % 1000) / 1000})`);
  await tx.execute(sql`alter table outbound_calls disable trigger outbound_counts_trg`);
  const covered = await insertCoverageRows(tx, options.count, now);
  await insertRandomRows(tx, Math.max(0, options.count - covered), now);
  await tx.execute(sql`alter table outbound_calls enable trigger outbound_counts_trg`);
  await insertWebLeads(tx);
  await insertSalesLeads(tx);
  await tx.execute(sql`select outbound_counts_rebuild()`);
}

/** The guaranteed rows (`COVERAGE_SLOTS`) of every list of every branch, at most `count`; answers how many. */
async function insertCoverageRows(tx: DbOrTx, count: number, now: string): Promise<number> {
  const listTypes = TYPE_WEIGHTS.map(([t]) => t);
  const covered = rowsOf<{ n: number }>(
    await tx.execute(sql`
    with slots as (
      select s.ord::int as ord, s.status, s.days::int as days, t.type, t.type_no::int as type_no
      from unnest(string_to_array(${COVERAGE_SLOTS.map((c) => c.status).join('|')}, '|'),
                  string_to_array(${COVERAGE_SLOTS.map((c) => c.days).join('|')}, '|')::int[])
        with ordinality as s(status, days, ord)
      cross join unnest(string_to_array(${listTypes.join('|')}, '|')) with ordinality as t(type, type_no)
    ),
    -- Each branch's last customers, one per (type, slot) while there are enough, reused round robin if not.
    last_customers as (
      select c.*, row_number() over (partition by c.branchno order by c.customer_no desc) as rn
      from franchises f cross join lateral (
        select * from customers c where c.branchno = f.branchno
        order by c.customer_no desc limit ${listTypes.length * COVERAGE_SLOTS.length}) c
    ),
    ranked as (
      select l.*, count(*) over (partition by l.branchno) as n_branch from last_customers l
    ),
    picked as (
      select r.*, sl.type as call_type, sl.status as call_status, sl.days, sl.ord, sl.type_no
      from slots sl join ranked r
        on r.rn = 1 + ((sl.type_no - 1) * ${COVERAGE_SLOTS.length} + sl.ord - 1) % r.n_branch
      order by sl.ord, sl.type_no, r.branchno
      limit ${count}
    ),
    inserted as (
      insert into outbound_calls (id, type, call_source, call_attempts, call_origin, call_back_csr, call_back_date,
        last_access_date, last_access_csr, branchno, sqldbid, cust_no, prop_eval_code, enable_prop_eval, first_name,
        last_name, street, city, state, zip, phone, size, customer_type, cust_status, price_offer, service, status_date,
        call_status, comments, web_lead_type)
      select customer_id, call_type, 'Outbound-' || call_type,
        case call_status when 'New' then 0 else 1 + ord % 3 end,
        'Outbound',
        case when call_status = 'Callback' and ord = 1 then
          (select user_id from users where username = case when branchno like 'SLI%' then 'csr.cof' else 'csr.franchise' end)
        end,
        ${now}::timestamptz + make_interval(days => days, hours => (type_no % 5) - 2),
        case when call_status <> 'New' then ${now}::timestamptz - make_interval(days => 4 + ord) end,
        null, branchno, sqldbid, customer_no,
        case when call_type = 'PropertyEval' then 'PE' || lpad((customer_id % 100000)::text, 5, '0') else '' end,
        call_type = 'PropertyEval',
        first_name, last_name, address, city, state, zip, coalesce(nullif(home_phone, ''), cell_phone), lawn_size,
        customer_type, status,
        case when call_type in ('Cancel', 'Upsell', 'Extract') then round((29.95 + ((customer_id + ord) % 7) * 10)::numeric, 2) end,
        (string_to_array(${SERVICES.join('|')}, '|'))[1 + (customer_id + type_no) % ${SERVICES.length}],
        ${now}::timestamptz - make_interval(days => 5 + ord * 3),
        call_status, '',
        case when call_type = 'WebLead' then (array['Quote Request', 'Contact Us', 'Pest Quote'])[1 + ord % 3] else '' end
      from picked
      returning 1
    )
    select count(*)::int as n from inserted`),
  );
  return covered[0]?.n ?? 0;
}

/** `rest` rows from the first customers, one per customer, of a call type drawn by `TYPE_WEIGHTS`. */
async function insertRandomRows(tx: DbOrTx, rest: number, now: string): Promise<void> {
  const types = TYPE_WEIGHTS.flatMap(([t, w]) => Array.from({ length: w }, () => t)).join('|');
  await tx.execute(sql`
    with lists as (
      select string_to_array(${types}, '|') as types, string_to_array(${SERVICES.join('|')}, '|') as services
    ),
    src as (
      select c.*, f.compname, random() as r_type, random() as r_status, random() as r_days, random() as r_att,
             random() as r_price, random() as r_serv, random() as r_pe, random() as r_bad, random() as r_csr, random() as r_acc
      from (select * from customers order by customer_id limit ${rest}) c
      join franchises f on f.branchno = c.branchno
    ),
    t as (
      select src.*, l.types[1 + floor(r_type * array_length(l.types, 1))::int] as call_type,
             l.services[1 + floor(r_serv * array_length(l.services, 1))::int] as service_name,
             case when r_status < 0.55 then 'New' when r_status < 0.85 then 'Callback' else 'End' end as call_status
      from src cross join lists l
    )
    insert into outbound_calls (id, type, call_source, call_attempts, call_origin, call_back_csr, call_back_date,
      last_access_date, last_access_csr, branchno, sqldbid, cust_no, prop_eval_code, enable_prop_eval, first_name,
      last_name, street, city, state, zip, phone, size, customer_type, cust_status, price_offer, service, status_date,
      call_status, comments, web_lead_type)
    select customer_id, call_type,
      case when r_bad < 0.005 then 'Import-' || call_type else 'Outbound-' || call_type end,
      case call_status when 'New' then 0 when 'Callback' then 1 + floor(r_att * 4)::int else 1 + floor(r_att * 5)::int end,
      'Outbound',
      case when call_status = 'Callback' and r_csr < 0.4 then
        (select user_id from users where username = case when t.branchno like 'SLI%' then 'csr.cof' else 'csr.franchise' end)
      end,
      case call_status
        when 'New' then ${now}::timestamptz - make_interval(days => floor(r_days * 10)::int, hours => floor(r_acc * 10)::int)
        when 'Callback' then ${now}::timestamptz + make_interval(days => floor(r_days * 29)::int - 14, hours => floor(r_acc * 9)::int)
        else ${now}::timestamptz - make_interval(days => floor(r_days * 20)::int) end,
      case when call_status <> 'New' then ${now}::timestamptz - make_interval(days => floor(r_acc * 15)::int, mins => floor(r_att * 600)::int) end,
      null, branchno, sqldbid,
      case when r_bad < 0.02 then -1 when r_bad < 0.03 then null else customer_no end,
      case when call_type = 'PropertyEval' then 'PE' || lpad(floor(r_pe * 100000)::int::text, 5, '0') else '' end,
      call_type = 'PropertyEval' and r_pe < 0.8,
      first_name, last_name, address, city, state, zip, coalesce(nullif(home_phone, ''), cell_phone), lawn_size,
      customer_type, status,
      case when call_type in ('Cancel', 'Upsell', 'Extract') then round((29.95 + floor(r_price * 7) * 10)::numeric, 2) end,
      service_name,
      ${now}::timestamptz - make_interval(days => 1 + floor(r_price * 60)::int),
      call_status, case when r_serv < 0.1 then 'Asked to call after 5 pm.' else '' end,
      case when call_type = 'WebLead' then (array['Quote Request', 'Contact Us', 'Pest Quote'])[1 + floor(r_pe * 3)::int] else '' end
    from t`);
}

/**
 * Web leads behind the web-lead rows, each linked back to its row by the row's key as the insert returns it (no second
 * statement joining the leads to the calls by their text contact id, which has no index).
 */
async function insertWebLeads(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`
    with added as (
      insert into web_leads (sqldbid, branchno, contact_id, customer_no, first_name, last_name, email, phone, street,
        city, state, zip, lead_type, status, created_at)
      select o.sqldbid, o.branchno, 'WL-' || o.outbound_id, o.cust_no, o.first_name, o.last_name, '', o.phone, o.street,
        o.city, o.state, o.zip, o.web_lead_type, 'new', coalesce(o.status_date, now())
      from outbound_calls o where o.type = 'WebLead' and o.web_lead_call_id is null
      returning web_lead_id, substr(contact_id, 4)::int as outbound_id)
    update outbound_calls o set web_lead_call_id = added.web_lead_id
    from added where o.outbound_id = added.outbound_id`);
}

/** Sales leads in every status; some customers have two. */
async function insertSalesLeads(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`
    insert into leads (sqldbid, branchno, cust_no, status, call_type, outbound_id, created_at)
    select o.sqldbid, o.branchno, o.cust_no,
      (array['prospect', 'open', 'pending', 'won', 'lost', 'deleted'])[1 + (o.outbound_id * 7 + s) % 6],
      o.type, o.outbound_id, o.created_at - make_interval(days => s * 30)
    from outbound_calls o cross join generate_series(0, 1) as s
    where o.cust_no > 0 and (s = 0 or o.outbound_id % 3 = 0)`);
}
