/**
 * Customer generation, in SQL so that a million rows load in seconds: each row picks a branch, a name
 * and a street from weighted lists with a seeded random() (the same seed gives the same customers).
 */
import { sql } from 'drizzle-orm';
import { buildFullAddress, buildStreetAddress } from '@cc/domain';
import type { DbOrTx } from '../client.js';
import { customers, serviceAreas } from '../schema/index.js';
import { CITY_GEO, FIRST_NAMES, LAST_NAMES, STREET_NAMES, SUFFIXES, expand } from './names.js';
import { ALL_FRANCHISES } from './reference.js';

export const DEMO_CUSTOMER_COUNT = 20_000;
/** Generated customers are numbered from here; the fixed story customers use lower numbers. */
export const GENERATED_CUSTOMER_NO_START = 100_000;

function branches() {
  return ALL_FRANCHISES.flatMap((f) =>
    f.branches.map((b) => {
      const geo = CITY_GEO[`${b.city} ${b.state}`];
      if (!geo) throw new Error(`no geo data for ${b.city} ${b.state}`);
      return { branchno: b.branchNo, sqldbid: f.sqldbid, city: b.city, state: b.state, zips: b.zips, ...geo };
    }),
  ).map((b, i) => ({ idx: i + 1, ...b }));
}

export async function seedServiceAreas(db: DbOrTx): Promise<void> {
  const rows = ALL_FRANCHISES.flatMap((f) =>
    f.branches.flatMap((b) => b.zips.map((zip) => ({ zip, branchNo: b.branchNo }))),
  );
  await db.insert(serviceAreas).values(rows).onConflictDoNothing();
}

/**
 * Insert `count` generated customers numbered from `startNo + 1`. Runs in the caller's transaction so
 * that setseed and the insert share one connection.
 */
export async function generateCustomers(
  tx: DbOrTx,
  options: { count: number; seed?: number; startNo?: number },
): Promise<void> {
  const seed = ((options.seed ?? 42) % 1000) / 1000;
  const startNo = options.startNo ?? GENERATED_CUSTOMER_NO_START;
  const b = branches();
  const list = (items: string[]) => items.join('|');
  const first = expand(FIRST_NAMES);
  const last = expand(LAST_NAMES);
  const streets = expand(STREET_NAMES);
  const suffixes = expand(SUFFIXES);
  await tx.execute(sql`select setseed(${seed})`);
  await tx.execute(sql`
    with b as (
      select * from jsonb_to_recordset(${JSON.stringify(b)}::jsonb)
        as x(idx int, branchno text, sqldbid int, city text, state text, zips text[], lat float8, lng float8, "areaCodes" text[])
    ),
    lists as (
      select string_to_array(${list(first)}, '|') as first_names,
             string_to_array(${list(last)}, '|') as last_names,
             string_to_array(${list(streets)}, '|') as streets,
             string_to_array(${list(suffixes)}, '|') as suffixes,
             array['N','S','E','W'] as dirs,
             array['gmail.com','yahoo.com','outlook.com','icloud.com','aol.com','comcast.net'] as domains
    ),
    g as (
      select i, 1 + floor(random() * ${b.length})::int as bidx,
             random() as r_type, random() as r_first, random() as r_last, random() as r_street, random() as r_suffix,
             random() as r_pre, random() as r_post, random() as r_no, random() as r_zip, random() as r_size,
             random() as r_home, random() as r_cell, random() as r_work, random() as r_email, random() as r_lat,
             random() as r_lng, random() as r_ac, random() as r_dnc, random() as r_x1, random() as r_x2, random() as r_x3
      from generate_series(1, ${options.count}) as i
    ),
    n as (
      select g.*, b.branchno, b.sqldbid, b.city, b.state, b.lat, b.lng,
             b.zips[1 + floor(g.r_zip * array_length(b.zips, 1))::int] as zip,
             b."areaCodes"[1 + floor(g.r_ac * array_length(b."areaCodes", 1))::int] as area_code,
             l.first_names[1 + floor(g.r_first * array_length(l.first_names, 1))::int] as first_name,
             l.last_names[1 + floor(g.r_last * array_length(l.last_names, 1))::int] as last_name,
             l.streets[1 + floor(g.r_street * array_length(l.streets, 1))::int] as street_nm,
             l.suffixes[1 + floor(g.r_suffix * array_length(l.suffixes, 1))::int] as suffix,
             case when g.r_pre < 0.15 then l.dirs[1 + floor(g.r_pre / 0.15 * 4)::int] else '' end as pre_dir,
             case when g.r_post < 0.03 then l.dirs[1 + floor(g.r_post / 0.03 * 4)::int] else '' end as post_dir,
             (100 + floor(g.r_no * 9800))::int::text as street_no,
             l.domains[1 + floor(g.r_x3 * 6)::int] as domain
      from g join b on b.idx = g.bidx cross join lists l
    ),
    p as (
      select n.*,
             concat_ws(' ', street_no, nullif(pre_dir, ''), street_nm, nullif(suffix, ''), nullif(post_dir, '')) as address,
             area_code || lpad((200 + floor(r_x1 * 800))::int::text, 3, '0') as phone_prefix
      from n
    )
    insert into customers (sqldbid, customer_no, branchno, customer_type, status, email, first_name, last_name,
      pre_dir, street_no, street_nm, suffix, post_dir, address, city, state, zip, full_address, lawn_size,
      home_phone, work_phone, cell_phone, latitude, longitude, federal_do_not_call)
    select sqldbid, ${startNo} + i, branchno,
      case when r_type < 0.6 then 'Existing Customer' when r_type < 0.85 then 'Former Customer' else 'Prospect' end,
      case when r_type < 0.6 then 'Active' when r_type < 0.85 then 'Cancelled' else 'Prospect' end,
      case when r_email < 0.55
        then lower(regexp_replace(first_name, '[^A-Za-z]', '', 'g')) || '.' || lower(regexp_replace(last_name, '[^A-Za-z]', '', 'g'))
             || (10 + floor(r_x2 * 90))::int::text || '@' || domain
        else '' end,
      first_name, last_name, pre_dir, street_no, street_nm, suffix, post_dir, address, city, state, zip,
      address || ', ' || city || ', ' || state || ' ' || zip,
      case when r_size > 0.97 then round((24 + r_x2 * 30)::numeric, 2) else round((2 + r_size * r_size * 20)::numeric, 2) end,
      case when r_home < 0.8 then phone_prefix || lpad(floor(r_home * 12500)::int::text, 4, '0') else '' end,
      case when r_work < 0.2 then area_code || lpad((200 + floor(r_x2 * 800))::int::text, 3, '0') || lpad(floor(r_work * 50000)::int::text, 4, '0') else '' end,
      case when r_cell < 0.6 then area_code || lpad((200 + floor(r_x3 * 800))::int::text, 3, '0') || lpad(floor(r_cell * 16666)::int::text, 4, '0') else '' end,
      lat + (r_lat - 0.5) * 0.16, lng + (r_lng - 0.5) * 0.2, r_dnc < 0.03
    from p`);
}

/** A few fixed customers with known details, so that demos and tests can find someone by name. */
export const STORY_CUSTOMERS = [
  {
    branchNo: 'SG101',
    sqldbid: 18001,
    customerNo: 1001,
    firstName: 'Margaret',
    lastName: 'Thornbury',
    preDir: 'W',
    streetNo: '1420',
    streetNm: 'Ogden',
    suffix: 'Ave',
    city: 'Naperville',
    state: 'IL',
    zip: '60540',
    homePhone: '6305550142',
    email: 'm.thornbury@example.com',
    customerType: 'Existing Customer',
    lawnSize: '8.50',
  },
  {
    branchNo: 'SG102',
    sqldbid: 18001,
    customerNo: 1002,
    firstName: 'Dale',
    lastName: 'Okonkwo',
    preDir: '',
    streetNo: '77',
    streetNm: 'Prairie',
    suffix: 'St',
    city: 'Aurora',
    state: 'IL',
    zip: '60505',
    homePhone: '6305550177',
    email: '',
    customerType: 'Former Customer',
    lawnSize: '11.20',
  },
  {
    branchNo: 'SG103',
    sqldbid: 18001,
    customerNo: 1003,
    firstName: 'Irene',
    lastName: 'Vasquez-Lund',
    preDir: '',
    streetNo: '310',
    streetNm: 'Cass',
    suffix: 'St',
    city: 'Joliet',
    state: 'IL',
    zip: '60432',
    homePhone: '8155550310',
    email: 'irene.vl@example.com',
    customerType: 'Existing Customer',
    lawnSize: '6.00',
  },
  {
    branchNo: 'SG111',
    sqldbid: 18002,
    customerNo: 1004,
    firstName: 'Walter',
    lastName: 'Brennan',
    preDir: 'N',
    streetNo: '2204',
    streetNm: 'Main',
    suffix: 'St',
    city: 'Rockford',
    state: 'IL',
    zip: '61103',
    homePhone: '8155552204',
    email: 'wbrennan@example.com',
    customerType: 'Existing Customer',
    lawnSize: '9.75',
  },
  {
    branchNo: 'SLI010',
    sqldbid: 17501,
    customerNo: 1005,
    firstName: 'Harriet',
    lastName: 'Lindgren',
    preDir: '',
    streetNo: '4815',
    streetNm: 'Dodge',
    suffix: 'St',
    city: 'Omaha',
    state: 'NE',
    zip: '68132',
    homePhone: '4025554815',
    email: 'harriet.lindgren@example.com',
    customerType: 'Existing Customer',
    lawnSize: '12.40',
  },
  {
    branchNo: 'SLI012',
    sqldbid: 17502,
    customerNo: 1006,
    firstName: 'Tomasz',
    lastName: 'Wiśniewski',
    preDir: '',
    streetNo: '918',
    streetNm: 'Grand',
    suffix: 'Ave',
    city: 'Des Moines',
    state: 'IA',
    zip: '50309',
    homePhone: '5155550918',
    email: '',
    customerType: 'Prospect',
    lawnSize: '7.10',
  },
  {
    branchNo: 'PB171',
    sqldbid: 18008,
    customerNo: 1007,
    firstName: 'Loretta',
    lastName: 'Pickens',
    preDir: 'E',
    streetNo: '5',
    streetNm: 'Sunshine',
    suffix: 'St',
    city: 'Springfield',
    state: 'MO',
    zip: '65804',
    homePhone: '4175550005',
    email: 'loretta.p@example.com',
    customerType: 'Existing Customer',
    lawnSize: '26.30',
  },
] as const;

export async function seedStoryCustomers(db: DbOrTx): Promise<void> {
  await db.insert(customers).values(
    STORY_CUSTOMERS.map((c) => {
      const address = buildStreetAddress(c);
      return {
        ...c,
        status:
          c.customerType === 'Former Customer' ? 'Cancelled' : c.customerType === 'Prospect' ? 'Prospect' : 'Active',
        address,
        fullAddress: buildFullAddress(address, c.city, c.state, c.zip),
      };
    }),
  );
}
