/**
 * The MeasureIt search (decision 041): every mode, the zip list, proximity, the New Neighbor dates, page
 * sizes and sorts (POST and OData), the capped count, the 5-4 zips, the scope (a franchise user asking for another
 * franchise gets nothing), the franchises and zips offered, and the statistics against the database's own count.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { MEASUREIT_SEARCH_FIELDS, routes, type MeasureItMode } from '@cc/contract';
import { displayZip } from '@cc/domain';
import { rowsOf } from '../../db/client.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { callRoute, count, idsWhere, list, measurers, odata } from './test-support.js';
import { DEMO_CUSTOM_LISTS } from '../../db/seed/measureit.js';

let t: TestApp;
let admin: string;
let franchise: string;
let measurer: string;
const BRANCH = 'SG101';
let other: string;
let zips: string[];

const MODES: [MeasureItMode, SQL][] = [
  ['Unmeasured', sql`not p.complete`],
  ['NotMeasured', sql`p.complete and p.not_measured_reason_id is not null`],
  ['Measured', sql`p.complete and p.not_measured_reason_id is null`],
  ['Both', sql`true`],
];

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signin('admin');
  measurer = await t.signin('measurer');
  [franchise] = (await measurers(t, 'sfm', 1, { companyId: 3, branches: ['SG101', 'SG102'] })) as [string];
  const [row] = rowsOf<{ b: string }>(
    await t.db.execute(sql`select p.branchno as b from measured_properties p join franchises f using (branchno)
      where p.branchno not in ('SG101', 'SG102') group by 1 order by count(*) desc limit 1`),
  );
  other = row!.b;
  zips = rowsOf<{ z: string }>(
    await t.db.execute(sql`select left(zip, 5) as z from measured_properties where branchno = ${BRANCH}
      group by 1 order by count(*) desc limit 2`),
  ).map((r) => r.z);
});
afterAll(async () => {
  await t.close();
});

const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

describe('modes and filters give what the database gives', () => {
  for (const [mode, condition] of MODES) {
    it(`${mode}: the rows and the count of a branch`, async () => {
      const expected = await idsWhere(t, sql`p.branchno = ${BRANCH} and ${condition}`);
      expect(expected.length).toBeGreaterThan(0);
      const answer = await list(t, admin, { branchNo: BRANCH, mode }, { top: 1500 });
      expect(answer.status).toBe(200);
      const ids = answer.body.rows.map((r) => r.propertyId);
      expect(expected.length).toBeLessThanOrEqual(1500);
      expect(sorted(ids)).toEqual(expected);
      expect(await count(t, admin, { branchNo: BRANCH, mode })).toEqual({ count: expected.length, moreThan: false });
    });
  }
  it('a zip list keeps those zips only', async () => {
    const expected = await idsWhere(t, sql`p.branchno = ${BRANCH} and left(p.zip, 5) in (${zips[0]!}, ${zips[1]!})`);
    const answer = await list(t, admin, { branchNo: BRANCH, zips, mode: 'Both' }, { top: 1500 });
    expect(sorted(answer.body.rows.map((r) => r.propertyId))).toEqual(expected);
    for (const row of answer.body.rows) expect(zips).toContain(row.zip.slice(0, 5));
  });
  it('proximity keeps neighbours at most that far and every customer property; 99 keeps all', async () => {
    const expected = await idsWhere(t, sql`p.branchno = ${BRANCH} and (p.proximity is null or p.proximity <= 3)`);
    expect((await count(t, admin, { branchNo: BRANCH, mode: 'Both', proximity: 3 })).count).toBe(expected.length);
    const all = await idsWhere(t, sql`p.branchno = ${BRANCH}`);
    expect((await count(t, admin, { branchNo: BRANCH, mode: 'Both', proximity: 99 })).count).toBe(all.length);
    const refused = await list(t, admin, { branchNo: BRANCH, mode: 'Both', proximity: 11 });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toMatch(/proximity/);
  });
  it('a status-date range keeps New Neighbors dated in it', async () => {
    const [range] = rowsOf<{ from: string; to: string }>(
      await t.db.execute(sql`select to_char(min(status_date), 'YYYY-MM-DD') as from,
        to_char(min(status_date) + 40, 'YYYY-MM-DD') as to from measured_properties where branchno = ${BRANCH}`),
    );
    const expected = await idsWhere(
      t,
      sql`p.branchno = ${BRANCH} and p.is_neighbor and p.status_date between ${range!.from}::date and ${range!.to}::date`,
    );
    expect(expected.length).toBeGreaterThan(0);
    const answer = await list(
      t,
      admin,
      { branchNo: BRANCH, mode: 'Both', statusDateFrom: range!.from, statusDateTo: range!.to },
      { top: 1500 },
    );
    expect(sorted(answer.body.rows.map((r) => r.propertyId))).toEqual(expected);
    for (const row of answer.body.rows) expect(row.isNeighbor && row.statusDate! >= range!.from).toBe(true);
    const backwards = await list(t, admin, { branchNo: BRANCH, statusDateFrom: range!.to, statusDateTo: range!.from });
    expect(backwards.status).toBe(400);
    expect(JSON.stringify(backwards.body)).toMatch(/statusDateTo/);
  });
  it('rows carry nine-digit zips the screen shows 5-4, names, and the map’s location', async () => {
    const answer = await list(t, admin, { branchNo: BRANCH, mode: 'Both' }, { top: 25 });
    expect(answer.body.rows).toHaveLength(25);
    for (const row of answer.body.rows) {
      expect(row.zip).toMatch(/^\d{9}$/);
      expect(displayZip(row.zip)).toBe(`${row.zip.slice(0, 5)}-${row.zip.slice(5)}`);
      expect(row.latitude).not.toBe(0);
      expect(row.isNeighbor || row.lastName !== '').toBe(true);
    }
  });
});

describe('pages and sorts', () => {
  it.each([25, 500, 1000, 1500])('a page of %i; consecutive pages adjoin', async (top) => {
    const filter = { branchNo: null, mode: 'Both' as const };
    const one = await list(t, admin, filter, { top });
    const two = await list(t, admin, filter, { top, skip: top });
    const both = await list(t, admin, filter, { top: Math.min(1500, top * 2) });
    expect(one.body.rows).toHaveLength(top);
    expect([...one.body.rows, ...two.body.rows].slice(0, both.body.rows.length).map((r) => r.propertyId)).toEqual(
      both.body.rows.map((r) => r.propertyId),
    );
  });
  it('1501 rows is refused naming top', async () => {
    const answer = await list(t, admin, { branchNo: BRANCH }, { top: 1501 });
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.body)).toMatch(/top/);
  });
  const columns: Record<string, SQL> = {
    custNo: sql`p.customer_no`,
    neighborOfCustNo: sql`p.neighbor_of_customer_no`,
    branchNo: sql`p.branchno`,
    firstName: sql`coalesce(c.first_name, '')`,
    lastName: sql`coalesce(c.last_name, '')`,
    streetAddress: sql`p.street_address`,
    city: sql`p.city`,
    state: sql`p.state`,
    zip: sql`p.zip`,
    yearBuilt: sql`p.year_built`,
    proximity: sql`p.proximity`,
    squareFeet: sql`p.square_feet`,
    statusDate: sql`p.status_date`,
    measurementDate: sql`p.measurement_date`,
    latitude: sql`p.latitude`,
    isNeighbor: sql`p.is_neighbor`,
  };
  const nullable = new Set([
    'custNo',
    'neighborOfCustNo',
    'yearBuilt',
    'proximity',
    'squareFeet',
    'statusDate',
    'measurementDate',
  ]);
  for (const [field, column] of Object.entries(columns)) {
    for (const dir of ['asc', 'desc'] as const) {
      it(`${field} ${dir}: the database's order, then the property id`, async () => {
        const d = sql.raw(dir);
        const nulls = sql.raw(nullable.has(field) ? ' nulls last' : '');
        const expected = await idsWhere(
          t,
          sql`p.branchno = ${BRANCH} and not p.complete`,
          sql`${column} ${d}${nulls}, p.property_id ${d}`,
        );
        const answer = await odata(t, franchise, {
          branchNo: BRANCH,
          mode: 'Unmeasured',
          $orderby: `${field} ${dir}`,
          $top: 60,
          $skip: 20,
        });
        expect(answer.status).toBe(200);
        expect(answer.body.value.map((r) => r.propertyId)).toEqual(expected.slice(20, 80));
      });
    }
  }
  it('the fields the grid knows are the row’s', () => {
    expect(MEASUREIT_SEARCH_FIELDS).toContain('beingMeasured');
  });
});

describe('OData', () => {
  it('$count of the usual search is exact past the limit; one the counts do not cover stops at it', async () => {
    const expected = await idsWhere(t, sql`p.branchno = ${BRANCH} and not p.complete`);
    // An OData filter that keeps every row: the matches are counted, not summed from the counts kept in advance.
    const counted = { branchNo: BRANCH, $filter: 'propertyId gt 0', $count: 'true', $top: 5 };
    const within = await odata(t, admin, counted);
    expect(within.body['@odata.count']).toBe(expected.length);
    const limit = t.config.measureItSearchCountLimit;
    try {
      t.config.measureItSearchCountLimit = expected.length - 1;
      const usual = await odata(t, admin, { branchNo: BRANCH, $count: 'true', $top: 5 });
      expect(usual.body['@odata.count']).toBe(expected.length);
      const over = await odata(t, admin, counted);
      expect(over.body).not.toHaveProperty('@odata.count');
      expect(over.body['@cc.countMoreThan']).toBe(expected.length - 1);
      expect(over.body.value).toHaveLength(5);
    } finally {
      t.config.measureItSearchCountLimit = limit;
    }
  });
  it('$filter through the shared grid query, zips comma-separated', async () => {
    const expected = await idsWhere(
      t,
      sql`p.branchno = ${BRANCH} and left(p.zip, 5) = ${zips[0]!} and p.year_built >= 1990`,
    );
    const answer = await odata(t, admin, {
      branchNo: BRANCH,
      zips: zips[0]!,
      mode: 'Both',
      $filter: 'yearBuilt ge 1990',
      $top: 1500,
    });
    expect(sorted(answer.body.value.map((r) => r.propertyId))).toEqual(expected);
  });
  it.each([
    [{ $filter: 'Nope eq 1' }, '$filter'],
    [{ $filter: "city eq 'a\u0000'" }, '$filter'],
    [{ $filter: 'measurementDate ge 0000-01-01' }, '$filter'],
    [{ $orderby: 'zip\u0000' }, '$orderby'],
    [{ $orderby: 'beingMeasured desc' }, '$orderby'],
    [{ $orderby: 'zip sideways' }, '$orderby'],
    [{ $top: 1501 }, '$top'],
    [{ mode: 'Sometimes' }, 'mode'],
    [{ zips: '1234' }, 'zips'],
    [{ proximity: 42 }, 'proximity'],
  ])('%j is a 400 naming %s', async (options, option) => {
    const answer = await odata(t, admin, { branchNo: BRANCH, ...options });
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.body)).toContain(option);
  });
});

describe('who sees what', () => {
  it('a franchise user asking for another franchise gets nothing: rows, count, zips, statistics', async () => {
    expect((await list(t, franchise, { branchNo: other, mode: 'Both' })).body.rows).toEqual([]);
    expect(await count(t, franchise, { branchNo: other, mode: 'Both' })).toEqual({ count: 0, moreThan: false });
    expect((await odata(t, franchise, { branchNo: other, $count: 'true' })).body).toMatchObject({
      value: [],
      '@odata.count': 0,
    });
    const zipsAnswer = await callRoute(t, franchise, 'measureItZipCodes', { branchNo: other });
    expect(zipsAnswer.json()).toEqual({ zips: [] });
    const stats = await callRoute(t, franchise, 'measureItPitStatistics', { branchNo: other });
    expect(Object.values(stats.json<Record<string, number>>()).every((n) => n === 0)).toBe(true);
  });
  it("'None' is every branch of the user's scope", async () => {
    const rows = (await list(t, franchise, { branchNo: null, mode: 'Both' }, { top: 1500 })).body.rows;
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(['SG101', 'SG102']).toContain(row.branchNo);
  });
  it('an independent-franchise user is preselected and offered each of its franchises; a user without one gets None', async () => {
    const mine = (await callRoute(t, franchise, 'measureItFranchises')).json();
    expect(mine).toMatchObject({ preselected: 'SG101', ownOnly: true, locked: false, noFranchise: false });
    expect(mine.franchises.map((f: { branchNo: string }) => f.branchNo)).toEqual(['SG101', 'SG102']);
    // With one branch there is nothing to pick: locked to it.
    const [single] = (await measurers(t, 'sfo', 1, { companyId: 3, branches: ['SG102'] })) as [string];
    const one = (await callRoute(t, single, 'measureItFranchises')).json();
    expect(one).toMatchObject({ preselected: 'SG102', ownOnly: true, locked: true, noFranchise: false });
    expect(one.franchises.map((f: { branchNo: string }) => f.branchNo)).toEqual(['SG102']);
    const none = (await callRoute(t, measurer, 'measureItFranchises')).json();
    expect(none).toMatchObject({ preselected: null, ownOnly: false, locked: false, noFranchise: true });
  });
  it('without MeasureIt the search is refused', async () => {
    const csr = await t.signin('usermanager');
    expect((await list(t, csr, { branchNo: BRANCH })).status).toBe(403);
    expect((await odata(t, csr, {})).status).toBe(403);
  });
});

describe('zips and statistics', () => {
  it('the zip codes of a branch with their counts', async () => {
    const answer = (await callRoute(t, admin, 'measureItZipCodes', { branchNo: BRANCH })).json<{
      zips: { zip: string; properties: number }[];
    }>();
    const all = await idsWhere(t, sql`p.branchno = ${BRANCH}`);
    expect(answer.zips.reduce((n, z) => n + z.properties, 0)).toBe(all.length);
    expect(answer.zips.map((z) => z.zip)).toContain(zips[0]);
  });
  it('the pit statistics are the database’s counts', async () => {
    const body = (await callRoute(t, admin, 'measureItPitStatistics', { branchNo: BRANCH, zips })).json<
      Record<string, number>
    >();
    const n = async (where: SQL) => (await idsWhere(t, sql`p.branchno = ${BRANCH} and ${where}`)).length;
    const inZips = sql`left(p.zip, 5) in (${zips[0]!}, ${zips[1]!})`;
    const measured = sql`p.complete and p.not_measured_reason_id is null`;
    const not = sql`p.complete and p.not_measured_reason_id is not null`;
    expect(body).toEqual({
      propertiesMeasured: await n(sql`${inZips} and not p.is_neighbor and ${measured}`),
      propertiesUnmeasured: await n(sql`${inZips} and not p.is_neighbor and not p.complete`),
      propertiesNotMeasured: await n(sql`${inZips} and not p.is_neighbor and ${not}`),
      neighborsMeasured: await n(sql`${inZips} and p.is_neighbor and ${measured}`),
      neighborsUnmeasured: await n(sql`${inZips} and p.is_neighbor and not p.complete`),
      totalPropertiesMeasured: await n(sql`not p.is_neighbor and ${measured}`),
      totalNeighborsMeasured: await n(sql`p.is_neighbor and ${measured}`),
      notMeasuredNeighbors: await n(sql`${inZips} and p.is_neighbor and ${not}`),
    });
    expect(body.propertiesMeasured).toBeGreaterThan(0);
  });
});

it('the route table names the spec’s calls under /api/MeasureIt/', () => {
  expect(routes.measureItPropertyList.path).toBe('/api/MeasureIt/GetPropertyList');
  expect(routes.measureItPitStatistics.path).toBe('/api/MeasureIt/GetPitStatistics');
});

describe('the demo data (decision 079)', () => {
  it('holds custom lists whose rows each franchise user sees in its scope, and a row carries its saved image', async () => {
    type Lists = { lists: { listId: number; name: string; rows: number }[] };
    const all = (await callRoute(t, admin, 'measureItCustomSearchLists')).json<Lists>().lists;
    const names: string[] = DEMO_CUSTOM_LISTS.map((l) => l.name);
    expect(
      all
        .filter((l) => names.includes(l.name))
        .map((l) => l.name)
        .sort(),
    ).toEqual([...names].sort());
    for (const list of all.filter((l) => names.includes(l.name))) {
      const perBranch = rowsOf<{ b: string; n: number }>(
        await t.db.execute(sql`select branchno as b, count(*)::int as n from measureit_search_list_rows
          where list_id = ${list.listId} group by 1`),
      );
      const limit = DEMO_CUSTOM_LISTS.find((l) => l.name === list.name)!.perBranch;
      expect(perBranch.length).toBeGreaterThan(1);
      expect(Math.max(...perBranch.map((r) => r.n))).toBeLessThanOrEqual(limit);
      expect(list.rows).toBe(perBranch.reduce((a, r) => a + r.n, 0));
    }
    // A franchise user counts only its own branches' rows, and the search narrows to them.
    const own = (await callRoute(t, franchise, 'measureItCustomSearchLists')).json<Lists>().lists;
    const spring = own.find((l) => l.name === 'Spring walk: unmeasured lawns')!;
    const [inScope] = rowsOf<{ n: number }>(
      await t.db.execute(sql`select count(*)::int as n from measureit_search_list_rows
        where list_id = ${spring.listId} and branchno in ('SG101', 'SG102')`),
    );
    expect(spring.rows).toBe(inScope!.n);
    const narrowed = await list(t, franchise, { branchNo: BRANCH, mode: 'Both', customSearchListId: spring.listId });
    expect(narrowed.body.rows.length).toBeGreaterThan(0);
    expect(narrowed.body.rows.every((r) => !r.complete && r.branchNo === BRANCH)).toBe(true);

    // The row's image is the property's: set on one, read back through the search.
    const [row] = narrowed.body.rows;
    await t.db.execute(sql`update measured_properties set image_path = 'https://maps.example/x.png'
      where property_id = ${row!.propertyId}`);
    const again = await list(t, franchise, { branchNo: BRANCH, mode: 'Both', customSearchListId: spring.listId });
    expect(again.body.rows.find((r) => r.propertyId === row!.propertyId)?.imagePath).toBe('https://maps.example/x.png');
    expect(again.body.rows.filter((r) => r.propertyId !== row!.propertyId).every((r) => r.imagePath === '')).toBe(true);
  });
});
