/**
 * MeasureIt demo data (decision 036): the reference lists (not-measured reasons, external measurement
 * sources), a property for every customer at a plausible place in its zip, neighbours near some customers, and
 * their measurements: about a third measured (a lawn outline, some with the house cut out, the size the customer's
 * lawn size already says, to the square foot the shapes measure), some not measured with a reason, the rest unmeasured. Everything is derived from the
 * customer number and the zip, in set-based SQL: the same database gives the same properties, and 20,000 customers
 * add well under a second to the first start.
 */
import { sql } from 'drizzle-orm';
import { measureGeometry, type AreaGeometry } from '@cc/domain';
import { rowsOf, type DbOrTx } from '../client.js';
import { externalMeasurementSources, notMeasuredReasons } from '../schema/index.js';
import { CITY_GEO } from './names.js';
import { ALL_FRANCHISES } from './reference.js';

export const NOT_MEASURED_REASONS = [
  'Lawn covered by trees',
  'No satellite imagery',
  'Imagery out of date (new construction)',
  'Address not found on map',
  'Commercial or multi-family property',
  'No lawn (hardscape only)',
];

export const EXTERNAL_MEASUREMENT_SOURCES = [
  'Typed by hand',
  'Customer provided',
  'Field measurement (wheel)',
  'County assessor records',
];

/** A small deterministic hash of a text in [0, 1): zip centres do not move between loads. */
function unit(text: string, salt: number): number {
  let h = 2166136261 ^ salt;
  for (const ch of text) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  return ((h >>> 0) % 100_000) / 100_000;
}

/** Each branch's centre and a centre for each of its zips, a few kilometres around the city. */
export function zipCentres(): { branchno: string; zip: string; lat: number; lng: number }[] {
  return ALL_FRANCHISES.flatMap((f) =>
    f.branches.flatMap((b) => {
      const geo = CITY_GEO[`${b.city} ${b.state}`];
      if (!geo) throw new Error(`no geo data for ${b.city} ${b.state}`);
      return [
        { branchno: b.branchNo, zip: '', lat: geo.lat, lng: geo.lng },
        ...b.zips.map((zip) => ({
          branchno: b.branchNo,
          zip,
          lat: geo.lat + (unit(zip, 1) - 0.5) * 0.12,
          lng: geo.lng + (unit(zip, 2) - 0.5) * 0.16,
        })),
      ];
    }),
  );
}

/**
 * A rectangle 3:2 of `area` square feet centred on (lat, lng), as a GeoJSON ring: counter-clockwise for an outline,
 * clockwise for a hole. Planar at lawn scale (a metre of latitude is 1/111,320 degree); positions to 7 decimals.
 */
export function rectangleRing(area: number, lat: number, lng: number, hole: boolean): [number, number][] {
  const w = Math.sqrt((area / 10.7639104) * 1.5);
  const dlat = area / 10.7639104 / w / 2 / 111320;
  const dlng = w / 2 / (111320 * Math.cos((lat * Math.PI) / 180));
  const at = (x: number, y: number): [number, number] => [Number(x.toFixed(7)), Number(y.toFixed(7))];
  const corners = [
    at(lng - dlng, lat - dlat),
    at(lng + dlng, lat - dlat),
    at(lng + dlng, lat + dlat),
    at(lng - dlng, lat + dlat),
  ];
  const ordered = hole ? [...corners].reverse() : corners;
  return [...ordered, ordered[0]!];
}

/**
 * A measured lawn of `sqft` square feet: a rectangle 3:2 of that size (about), and in half of them (`withHouse`) the
 * house cut out (the outline then grows by the house's 1,600 square feet so the lawn keeps its size).
 */
export function lawnShapes(sqft: number, lat: number, lng: number, withHouse: boolean): AreaGeometry {
  return {
    type: 'MultiPolygon',
    coordinates: [
      withHouse
        ? [rectangleRing(sqft + 1600, lat, lng, false), rectangleRing(1600, lat, lng, true)]
        : [rectangleRing(sqft, lat, lng, false)],
    ],
  };
}

/** Customers per slice of the properties' insert: a slice's shapes are about 60 MB of JSON at most. */
const PROPERTY_SLICE = 250_000;

/**
 * The properties of the customers whose ids are in [from, to): where each stands in its zip, whether it is measured,
 * not measured (with a reason) or unmeasured, and the measured lawns' shapes and size.
 */
async function seedPropertiesOf(tx: DbOrTx, slice: { from: number; to: number; now: string }): Promise<void> {
  const { now } = slice;
  const reasons = NOT_MEASURED_REASONS.length;
  // h1..h6: independent fractions in [0, 1) from the customer number (Knuth-style multiplicative hashing).
  const properties = sql`
    with zc as (
      select * from jsonb_to_recordset(${JSON.stringify(zipCentres())}::jsonb) as x(branchno text, zip text, lat float8, lng float8)
    ),
    c as (
      select c.*, ((c.customer_no::bigint * 2654435761) % 1000003) / 1000003.0 as h1,
             ((c.customer_no::bigint * 40503) % 99991) / 99991.0 as h2,
             ((c.customer_no::bigint * 69069 + 12345) % 65521) / 65521.0 as h3,
             ((c.customer_no::bigint * 1103515245 + 12345) % 32749) / 32749.0 as h4,
             ((c.customer_no::bigint * 16807) % 30011) / 30011.0 as h5,
             ((c.customer_no::bigint * 48271) % 10007) / 10007.0 as h6,
             coalesce(z.lat, b.lat) as clat, coalesce(z.lng, b.lng) as clng
      from customers c
      join zc b on b.branchno = c.branchno and b.zip = ''
      left join zc z on z.branchno = c.branchno and z.zip = left(c.zip, 5)
      where c.customer_id >= ${slice.from} and c.customer_id < ${slice.to}
    ),
    p as (
      select c.*, clat + (h1 - 0.5) * 0.03 as lat, clng + (h2 - 0.5) * 0.04 as lng,
             case when h3 < 0.36 and lawn_size > 0 then 'measured' when h3 < 0.44 then 'not' else 'unmeasured' end as mode,
             lawn_size::float8 * 1000 as sqft
      from c
    )`;
  // The measured lawns' shapes, drawn here, and their saved size, what the app measures those shapes to be (the
  // domain's area), both before the insert: an update of thousands of properties afterwards would rewrite every
  // search index of the table. They go in as one JSON object keyed by property, each row taking its own by key: a
  // join with a set of rows from the JSON was planned as a nested loop (the planner takes such a set for 100 rows),
  // which at a quarter of a million customers ran for hours.
  const sizes = rowsOf<{ sqldbid: number; customer_no: number; lat: number; lng: number; sqft: number; h6: number }>(
    await tx.execute(sql`${properties} select sqldbid, customer_no, lat::float8 as lat, lng::float8 as lng, sqft, h6::float8 as h6 from p
      where mode = 'measured'`),
  ).map((r) => {
    const shapes = lawnShapes(Number(r.sqft), Number(r.lat), Number(r.lng), Number(r.h6) >= 0.5);
    return [`${r.sqldbid}:${r.customer_no}`, { shapes, sqft: savedSquareFeet(shapes) }] as const;
  });
  await tx.execute(sql`${properties}
    insert into measured_properties (sqldbid, branchno, customer_no, is_neighbor, year_built, street_address, city,
      state, zip, latitude, longitude, square_feet, shapes, not_measured_reason_id, complete, measurement_date,
      measured_by_user_id, updated_at)
    select q.sqldbid, branchno, q.customer_no, false, 1950 + floor(h4 * 72)::int, address, city, state,
      left(zip, 5) || lpad(floor(h5 * 10000)::int::text, 4, '0'), lat, lng,
      (q.size ->> 'sqft')::numeric,
      q.size -> 'shapes',
      case when mode = 'not' then 1 + floor(h4 * ${reasons})::int end,
      mode <> 'unmeasured',
      case when mode <> 'unmeasured' then
        ${now}::timestamptz - make_interval(days => case when h6 > 0.97 then floor(h5 * 10)::int else 31 + floor(h5 * 700)::int end)
      end,
      case when mode <> 'unmeasured' then (select user_id from users where username = 'measurer') end,
      ${now}::timestamptz
    from (select p.*, ${JSON.stringify(Object.fromEntries(sizes))}::jsonb -> (p.sqldbid || ':' || p.customer_no) as size
          from p) q`);
}

/**
 * Seed the MeasureIt data, after the customers and the demo accounts (the measurements are the measurer's).
 * `now` dates the measurements: most months ago, a few within the recently-measured window.
 */
export async function seedMeasureIt(tx: DbOrTx, options: { now: Date }): Promise<void> {
  await tx
    .insert(notMeasuredReasons)
    .values(NOT_MEASURED_REASONS.map((name, i) => ({ notMeasuredReasonId: i + 1, name, sortOrder: i + 1 })));
  await tx.insert(externalMeasurementSources).values(
    EXTERNAL_MEASUREMENT_SOURCES.map((name, i) => ({
      externalMeasurementSourceId: i + 1,
      name,
      sortOrder: i + 1,
    })),
  );
  // The serials continue after the fixed ids.
  await tx.execute(
    sql`select setval('not_measured_reasons_not_measured_reason_id_seq', ${NOT_MEASURED_REASONS.length})`,
  );
  await tx.execute(
    sql`select setval('external_measurement_sources_external_measurement_source_id_seq', ${EXTERNAL_MEASUREMENT_SOURCES.length})`,
  );
  const now = options.now.toISOString();
  const bounds = rowsOf<{ lo: number | null; hi: number | null }>(
    await tx.execute(sql`select min(customer_id)::float8 as lo, max(customer_id)::float8 as hi from customers`),
  )[0];
  // The customers a slice at a time: each slice's drawn shapes go to the database as one parameter, which must stay
  // well under PostgreSQL's limit on a jsonb value (256 MB) however many customers there are.
  for (let lo = Number(bounds?.lo ?? 1); lo <= Number(bounds?.hi ?? 0); lo += PROPERTY_SLICE) {
    await seedPropertiesOf(tx, { from: lo, to: lo + PROPERTY_SLICE, now });
  }
  // The history of each measured property starts with its current measurement.
  await tx.execute(sql`
    insert into property_measurements (property_id, request_id, user_id, measured_at, square_feet, shapes,
      not_measured_reason_id)
    select property_id, md5('measureit-seed-' || property_id)::uuid, measured_by_user_id, measurement_date, square_feet,
      shapes, not_measured_reason_id
    from measured_properties where complete`);
  // Neighbours: one beside every eighth customer, a few houses down the street, unmeasured; some new this season.
  await tx.execute(sql`
    insert into measured_properties (sqldbid, branchno, customer_no, neighbor_of_customer_no, is_neighbor, year_built,
      proximity, status_date, street_address, city, state, zip, latitude, longitude, updated_at)
    select sqldbid, branchno, null, customer_no, true, 1950 + (customer_no * 7) % 72, (customer_no / 8) % 11,
      case when customer_no % 3 = 0 then (${now}::timestamptz - make_interval(days => customer_no % 120))::date end,
      regexp_replace(street_address, '^[0-9]+', ((coalesce(nullif(substring(street_address from '^[0-9]+'), ''), '100')::int
        + 2 + 2 * (customer_no % 3)))::text),
      city, state, zip, latitude + 0.0003 * (1 + customer_no % 3), longitude + 0.0002, ${now}::timestamptz
    from measured_properties where customer_no % 8 = 0 and not is_neighbor`);
  await seedCustomLists(tx, options.now);
}

/**
 * The custom search lists a measuring team would have made (decision 079): each as if imported from a file by the
 * supervisor or the leads manager, its customers chosen by a rule over the seeded properties, at most a few per
 * branch so every franchise's users find their own rows in it. Deterministic: the rows are the lowest customer
 * numbers that fit, the request ids are hashes of the names, the dates are days before `now`.
 */
export const DEMO_CUSTOM_LISTS = [
  {
    name: 'Spring walk: unmeasured lawns',
    owner: 'supervisor',
    daysAgo: 12,
    perBranch: 12,
    rule: () => sql`not p.complete`,
  },
  {
    name: 'Measured over a year ago',
    owner: 'leadsmanager',
    daysAgo: 30,
    perBranch: 8,
    rule: (yearAgo: string) =>
      sql`p.complete and p.not_measured_reason_id is null and p.measurement_date < ${yearAgo}::timestamptz`,
  },
  {
    name: 'Not measured: check again',
    owner: 'supervisor',
    daysAgo: 4,
    perBranch: 6,
    rule: () => sql`p.complete and p.not_measured_reason_id is not null`,
  },
] as const;

export async function seedCustomLists(tx: DbOrTx, now: Date): Promise<void> {
  const yearAgo = new Date(now.getTime() - 365 * 86_400_000).toISOString();
  for (const list of DEMO_CUSTOM_LISTS) {
    const rule = list.rule(yearAgo);
    const chosen = sql`select branchno, customer_no from (
        select p.branchno, p.customer_no, row_number() over (partition by p.branchno order by p.customer_no) as n
        from measured_properties p where not p.is_neighbor and p.customer_no is not null and ${rule}) x
      where n <= ${list.perBranch}`;
    const [count] = rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from (${chosen}) c`));
    const rows = count?.n ?? 0;
    const fileName = `${list.name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')}.csv`;
    const preview = {
      fileName,
      encoding: 'UTF-8',
      rows,
      found: rows,
      notFound: 0,
      outsideScope: 0,
      dropped: 0,
      problems: [],
    };
    await tx.execute(sql`
      with made as (
        insert into measureit_search_lists (name, owner_user_id, created_at, request_id, preview)
        select ${list.name}, user_id, ${now.toISOString()}::timestamptz - make_interval(days => ${list.daysAgo}),
          md5(${`measureit-list-${list.name}`})::uuid, ${JSON.stringify(preview)}::jsonb
        from users where username = ${list.owner}
        returning list_id
      )
      insert into measureit_search_list_rows (list_id, branchno, cust_no)
      select made.list_id, c.branchno, c.customer_no from made, (${chosen}) c`);
  }
}

/**
 * A measured property's square feet as the app measures its shapes (the domain's area on the spec's sphere, rounded to
 * hundredths as a save rounds it), so the badge and the map agree: the rectangles above are planar, and a planar 3:2
 * rectangle on the sphere measures a fraction of a percent off the size it was drawn for.
 */
export function savedSquareFeet(shapes: AreaGeometry | string): number {
  const geometry = typeof shapes === 'string' ? (JSON.parse(shapes) as AreaGeometry) : shapes;
  return Math.round(measureGeometry(geometry).squareFeet * 100) / 100;
}
