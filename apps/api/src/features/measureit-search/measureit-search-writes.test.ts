/**
 * The MeasureIt search's writes (decision 041): a not-measured reason applied to a selection in one
 * transaction (a row another user measures and a measured row skipped, a retry recording nothing twice), and the
 * custom search list: ISO-8859-1 files previewed and imported (found, not found, outside the scope, dropped), a
 * retried import answered once, bad files refused naming the problem, searching by a list, rename and delete.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { callRoute, count, list, measurers, odata, upload } from './test-support.js';

let t: TestApp;
let admin: string;
let franchise: string;
let supervisor: string;
let otherMeasurerId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signin('admin');
  supervisor = await t.signin('supervisor');
  [franchise] = (await measurers(t, 'wfm', 1, { companyId: 3, branches: ['SG101', 'SG102'] })) as [string];
  const [m] = rowsOf<{ id: number }>(
    await t.db.execute(sql`select user_id as id from users where username = 'measurer'`),
  );
  otherMeasurerId = m!.id;
});
afterAll(async () => {
  await t.close();
});

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));

describe('apply a not-measured reason to a selection', () => {
  async function pick(where: ReturnType<typeof sql>, n: number) {
    return rowsOf<{ id: number }>(
      await t.db.execute(sql`select property_id as id from measured_properties p
        where branchno = 'SG101' and active_user_id is null and ${where} order by property_id limit ${n}`),
    ).map((r) => Number(r.id));
  }
  it('applies to the free unmeasured rows, skips a locked and a measured one, and says how many', async () => {
    const [free1, free2, locked, lapsed] = await pick(sql`not complete`, 4);
    const [measured] = await pick(sql`complete and not_measured_reason_id is null`, 1);
    // Times by the app's clock (the test clock), as the lock's own statements write them.
    const now = t.clock.now().getTime();
    const since = (secondsAgo: number) => new Date(now - secondsAgo * 1000).toISOString();
    await t.db.execute(sql`update measured_properties set active_user_id = ${otherMeasurerId},
        active_since = ${since(60)}::timestamptz where property_id = ${locked!}`);
    await t.db.execute(sql`update measured_properties set active_user_id = ${otherMeasurerId},
        active_since = ${since(t.config.measureItLockSeconds + 60)}::timestamptz where property_id = ${lapsed!}`);
    const requestId = randomUUID();
    const body = {
      propertyIds: [free1, free2, locked, lapsed, measured, 999_999_999],
      notMeasuredReasonId: 2,
      requestId,
    };
    const answer = await callRoute(t, franchise, 'measureItApplyNotMeasuredReason', body);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({ applied: 3, skippedLocked: 1, skippedMeasured: 1, notFound: 1 });
    const rows = rowsOf<{ id: number; reason: number | null; complete: boolean; active: number | null }>(
      await t.db.execute(sql`select property_id as id, not_measured_reason_id as reason, complete,
          active_user_id as active from measured_properties
        where property_id in (${free1!}, ${free2!}, ${locked!}, ${lapsed!}, ${measured!}) order by property_id`),
    );
    const of = (id: number) => rows.find((r) => Number(r.id) === id)!;
    for (const id of [free1!, free2!, lapsed!])
      expect(of(id)).toMatchObject({ reason: 2, complete: true, active: null });
    expect(of(locked!)).toMatchObject({ reason: null, complete: false, active: otherMeasurerId });
    expect(of(measured!).reason).toBeNull();
    const history = async () =>
      rowsOf<{ n: number }>(
        await t.db.execute(sql`select count(*)::int as n from property_measurements
          where property_id in (${free1!}, ${free2!}, ${lapsed!}) and not_measured_reason_id = 2`),
      )[0]!.n;
    expect(await history()).toBe(3);
    // A retry records nothing twice.
    const again = await callRoute(t, franchise, 'measureItApplyNotMeasuredReason', body);
    expect(again.statusCode).toBe(200);
    expect(await history()).toBe(3);
    // The search now finds them Not Measured.
    const found = await list(t, franchise, { branchNo: 'SG101', mode: 'NotMeasured' }, { top: 1500 });
    const ids = found.body.rows.map((r) => r.propertyId);
    expect(ids).toEqual(expect.arrayContaining([free1, free2, lapsed]));
  });
  it('another franchise’s properties are not found; a bad reason is a 400 that changes nothing', async () => {
    const [foreign] = rowsOf<{ id: number }>(
      await t.db.execute(sql`select property_id as id from measured_properties
        where branchno not in ('SG101', 'SG102') and not complete limit 1`),
    );
    const answer = await callRoute(t, franchise, 'measureItApplyNotMeasuredReason', {
      propertyIds: [Number(foreign!.id)],
      notMeasuredReasonId: 1,
      requestId: randomUUID(),
    });
    expect(answer.json()).toEqual({ applied: 0, skippedLocked: 0, skippedMeasured: 0, notFound: 1 });
    const [free] = await pick(sql`not complete`, 1);
    const bad = await callRoute(t, franchise, 'measureItApplyNotMeasuredReason', {
      propertyIds: [free],
      notMeasuredReasonId: 9999,
      requestId: randomUUID(),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toMatch(/notMeasuredReasonId/);
    const empty = await callRoute(t, franchise, 'measureItApplyNotMeasuredReason', {
      propertyIds: [],
      notMeasuredReasonId: 1,
      requestId: randomUUID(),
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toMatch(/propertyIds/);
  });
});

describe('custom search lists', () => {
  /** A list file in ISO-8859-1: customers of SG101 and of a COF branch, one unknown, a bad row and a repeat. */
  async function listFile() {
    const own = rowsOf<{ b: string; n: number }>(
      await t.db.execute(sql`select branchno as b, customer_no as n from customers where branchno = 'SG101'
        order by customer_no limit 5`),
    );
    const [cof] = rowsOf<{ b: string; n: number }>(
      await t.db.execute(sql`select c.branchno as b, c.customer_no as n from customers c
        join franchises f using (branchno) where f.designation = 'COF' limit 1`),
    );
    const lines = [
      'BranchNo,CustNo,Name',
      ...own.map((c) => `${c.b},${c.n},Müller`),
      `${cof!.b},${cof!.n},Señor`,
      'SG101,999999999,Nobody',
      'SG101,abc,Bad',
      `${own[0]!.b},${own[0]!.n},Again`,
    ];
    return { bytes: Buffer.from(`${lines.join('\r\n')}\r\n`, 'latin1'), own };
  }
  it('is previewed, imported once per request id, searched by, renamed and deleted', async () => {
    const { bytes, own } = await listFile();
    const preview = await upload(t, supervisor, 'measureItPreviewCustomSearchList', bytes, { fileName: 'list.csv' });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body).toMatchObject({
      encoding: 'ISO-8859-1',
      rows: 9,
      found: 5,
      notFound: 1,
      outsideScope: 1,
      dropped: 2,
    });
    expect(preview.body.problems!.map((p) => p.reason)).toEqual([
      'outside your scope',
      'not found',
      'bad row',
      'duplicate',
    ]);
    const requestId = randomUUID();
    const query = { fileName: 'list.csv', name: 'Spring walk', requestId };
    const imported = await upload(t, supervisor, 'measureItImportCustomSearchList', bytes, query);
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    expect(imported.body).toMatchObject({ found: 5, repeated: false, list: { name: 'Spring walk', rows: 5 } });
    const again = await upload(t, supervisor, 'measureItImportCustomSearchList', bytes, query);
    expect(again.body).toMatchObject({ repeated: true, list: { listId: imported.body.list!.listId } });
    const listId = imported.body.list!.listId;
    const [{ n }] = rowsOf<{ n: number }>(
      await t.db.execute(sql`select count(*)::int as n from measureit_search_lists where request_id = ${requestId}`),
    ) as [{ n: number }];
    expect(n).toBe(1);

    // Searched by: exactly its customers' properties.
    const rows = (
      await list(t, franchise, { branchNo: 'SG101', mode: 'Both', customSearchListId: listId }, { top: 100 })
    ).body.rows;
    expect(rows.map((r) => r.custNo).sort()).toEqual(own.map((c) => c.n).sort());
    expect(await count(t, franchise, { branchNo: 'SG102', mode: 'Both', customSearchListId: listId })).toEqual({
      count: 0,
      moreThan: false,
    });

    // Listed for the franchise measurer (its rows are in its scope), renamed, deleted.
    const lists = (await callRoute(t, franchise, 'measureItCustomSearchLists')).json();
    expect(lists.lists).toContainEqual(expect.objectContaining({ listId, name: 'Spring walk', rows: 5 }));
    const renamed = await callRoute(t, supervisor, 'measureItRenameCustomSearchList', { listId, name: 'Summer walk' });
    expect(renamed.json()).toMatchObject({ listId, name: 'Summer walk' });
    expect((await callRoute(t, franchise, 'measureItDeleteCustomSearchList', { listId })).statusCode).toBe(403);
    expect((await callRoute(t, supervisor, 'measureItDeleteCustomSearchList', { listId })).json()).toEqual({
      ok: true,
    });
    expect((await callRoute(t, supervisor, 'measureItDeleteCustomSearchList', { listId })).statusCode).toBe(404);
  });
  it.each([
    ['wrong-header.csv', 'wrong-header.csv', /CustNo missing/],
    ['binary.csv', 'binary.csv', /binary/],
    ['a .txt name', 'list.txt', /\.csv/],
  ])('a bad file (%s) is a 400 naming the file, writing nothing', async (fixtureName, fileName, message) => {
    const bytes =
      fixtureName === 'a .txt name' ? Buffer.from('BranchNo,CustNo\r\nSG101,1\r\n', 'latin1') : fixture(fixtureName);
    for (const call of ['measureItPreviewCustomSearchList', 'measureItImportCustomSearchList'] as const) {
      const answer = await upload(t, supervisor, call, bytes, { fileName, name: 'x', requestId: randomUUID() });
      expect(answer.status).toBe(400);
      expect(JSON.stringify(answer.body)).toMatch(/file/);
      expect(JSON.stringify(answer.body)).toMatch(message);
    }
    const [{ n }] = rowsOf<{ n: number }>(
      await t.db.execute(sql`select count(*)::int as n from measureit_search_lists where name = 'x'`),
    ) as [{ n: number }];
    expect(n).toBe(0);
  });
  it('empty files, a header alone and rows none of which is a customer in scope are refused', async () => {
    for (const text of ['', 'BranchNo,CustNo\r\n', 'BranchNo,CustNo\r\nSG101,999999999\r\n']) {
      const answer = await upload(t, supervisor, 'measureItImportCustomSearchList', Buffer.from(text, 'latin1'), {
        fileName: 'list.csv',
        name: 'empty',
        requestId: randomUUID(),
      });
      expect(answer.status).toBe(400);
      expect(JSON.stringify(answer.body)).toMatch(/file/);
    }
  });
  it('the import needs role 2, 5, 6 or 7; a franchise measurer is refused', async () => {
    const answer = await upload(t, franchise, 'measureItPreviewCustomSearchList', Buffer.from('BranchNo,CustNo\r\n'), {
      fileName: 'list.csv',
    });
    expect(answer.status).toBe(403);
    expect(admin).toBeTruthy();
  });
});

describe('what the search reads, kept by the database', () => {
  /** measureit_counts against a count of the properties themselves (rows of 0 left by moves are not compared). */
  async function countsAgree() {
    const kept = rowsOf<{ key: string; n: number }>(
      await t.db.execute(sql`select concat_ws('|', branchno, zip5, is_neighbor, state, proximity) as key, n
        from measureit_counts where n <> 0 order by 1`),
    );
    const counted = rowsOf<{ key: string; n: number }>(
      await t.db.execute(sql`select concat_ws('|', branchno, left(zip, 5), is_neighbor,
          measureit_state(complete, not_measured_reason_id), coalesce(proximity, -1)) as key, count(*)::int as n
        from measured_properties group by 1 order by 1`),
    );
    expect(kept.map((r) => [r.key, Number(r.n)])).toEqual(counted.map((r) => [r.key, Number(r.n)]));
  }

  it('the counts follow every kind of write: insert, state, zip and proximity changes, delete', async () => {
    await countsAgree();
    const [a, b] = rowsOf<{ id: number }>(
      await t.db.execute(sql`select property_id as id from measured_properties
        where branchno = 'SG102' and not complete and active_user_id is null order by property_id limit 2`),
    ).map((r) => Number(r.id));
    await t.db.transaction(async (tx) => {
      await tx.execute(
        sql`update measured_properties set complete = true, square_feet = 5000 where property_id = ${a!}`,
      );
      await tx.execute(sql`update measured_properties set complete = true, not_measured_reason_id = 1,
          zip = '99999', proximity = 3 where property_id = ${b!}`);
      await tx.execute(sql`insert into measured_properties (sqldbid, branchno, is_neighbor, street_address, zip,
          latitude, longitude, proximity)
        select sqldbid, branchno, true, '1 Test Row', '88888', latitude, longitude, 7 from measured_properties
        where property_id = ${a!}`);
    });
    await countsAgree();
    await t.db.execute(sql`delete from measured_properties where street_address = '1 Test Row'`);
    await t.db.execute(sql`update measured_properties set complete = false, square_feet = null,
        not_measured_reason_id = null where property_id in (${a!}, ${b!})`);
    await countsAgree();
  });

  it('a property carries its customer’s names: renamed with the customer, none for a neighbour', async () => {
    const [row] = rowsOf<{ sqldbid: number; customerNo: number }>(
      await t.db.execute(sql`select sqldbid, customer_no as "customerNo" from measured_properties
        where branchno = 'SG102' and customer_no is not null order by property_id limit 1`),
    );
    const names = async () =>
      rowsOf<{ first: string; last: string }>(
        await t.db.execute(sql`select first_name as first, last_name as last from measured_properties
          where sqldbid = ${row!.sqldbid} and customer_no = ${row!.customerNo}`),
      )[0];
    const [customer] = rowsOf<{ first: string; last: string }>(
      await t.db.execute(sql`select first_name as first, last_name as last from customers
        where sqldbid = ${row!.sqldbid} and customer_no = ${row!.customerNo}`),
    );
    expect(await names()).toEqual(customer);
    await t.db.execute(sql`update customers set last_name = 'Aaaardvark' where sqldbid = ${row!.sqldbid}
        and customer_no = ${row!.customerNo}`);
    expect(await names()).toEqual({ first: customer!.first, last: 'Aaaardvark' });
    // The search sorted by last name finds it first among the customers now (neighbours have no name: first).
    const answer = await odata(t, admin, {
      branchNo: 'SG102',
      mode: 'Both',
      $filter: 'custNo ne null',
      $orderby: 'lastName',
      $top: 1,
    });
    expect(answer.body.value[0]).toMatchObject({
      custNo: row!.customerNo,
      lastName: 'Aaaardvark',
    });
    const neighbours = rowsOf<{ n: number }>(
      await t.db.execute(sql`select count(*)::int as n from measured_properties
        where is_neighbor and (first_name <> '' or last_name <> '')`),
    );
    expect(Number(neighbours[0]!.n)).toBe(0);
  });
});
