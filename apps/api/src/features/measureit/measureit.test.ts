/**
 * MeasureIt's calls (decision 036): get, complete and cancel of a customer's property, previous
 * measurements, the reference lists, the household measurement the call screen reads, by address and commercial
 * lead; the franchise scope; the external flag; a size clearing the not-measured reason; the customer's lawn size
 * set in thousands of square feet; bad input answered 400 naming the field, writing nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MEASUREMENT_BUSY_MESSAGE } from '@cc/contract';
import { rowsOf } from '../../db/client.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { callRoute, LAWN, LAWN_SQFT, measurers, newRequestId, unmeasuredCustomers } from './test-support.js';

let t: TestApp;
let measurer: string;
let franchise: string;
let csrCorporate: string;
type Customer = { sqldbid: number; customerNo: number; branchNo: string };
let own: Customer[];
let other: Customer;

beforeAll(async () => {
  t = await createTestApp();
  measurer = await t.signin('measurer');
  csrCorporate = await t.signin('csr.corporate');
  [franchise] = (await measurers(t, 'fm', 1, { companyId: 3, branches: ['SG101', 'SG102'] })) as [string];
  own = await unmeasuredCustomers(t, sql`c.branchno in ('SG101', 'SG102')`, 8);
  [other] = (await unmeasuredCustomers(t, sql`f.designation = 'IND' and c.branchno not in ('SG101', 'SG102')`, 1)) as [
    Customer,
  ];
});
afterAll(async () => {
  await t.close();
});

const open = (token: string, c: Customer, extra: object = {}) =>
  callRoute(t, token, 'measureItGetProperty', { sqldbid: c.sqldbid, customerNo: c.customerNo, ...extra });

async function openId(token: string, c: Customer): Promise<number> {
  const response = await open(token, c);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ property: { propertyId: number } }>().property.propertyId;
}

describe('a customer’s property', () => {
  it('is got for edit with its location and lock, saved with shapes (lawn size set), listed in the history', async () => {
    const c = own[0]!;
    const got = await open(franchise, c);
    expect(got.statusCode).toBe(200);
    const body = got.json();
    expect(body).toMatchObject({
      property: { customerNo: c.customerNo, branchNo: c.branchNo, complete: false, isNeighbor: false },
      recentlyMeasured: false,
      needsConfirmation: false,
    });
    expect(body.property.latitude).toBeGreaterThan(20);
    expect(body.lock.expiresAt > body.lock.since).toBe(true);
    // §3's names of the measured property, and `active` while somebody measures it (the caller, here).
    expect(body.property).toMatchObject({ SquareFeet: null, ImagePath: '', ExternalMeasurementSourceId: null });
    expect(body.property.active).toBe(true);
    for (const old of ['squareFeet', 'imagePath', 'externalMeasurementSourceId']) {
      expect(body.property).not.toHaveProperty(old);
    }
    const saved = await callRoute(t, franchise, 'measureItCompleteProperty', {
      propertyId: body.property.propertyId,
      requestId: newRequestId(),
      SquareFeet: LAWN_SQFT,
      shapes: LAWN,
      ImagePath: 'https://maps.example/static?size=525x375',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      lawnSize: 11.74,
      property: { SquareFeet: LAWN_SQFT, complete: true, external: false, shapes: LAWN, measuredBy: 'Meas Urer 1' },
    });
    // Saved: the lock is released, nobody is measuring it.
    expect(saved.json().property.active).toBe(false);
    const [customer] = rowsOf<{ lawn_size: string }>(
      await t.db.execute(
        sql`select lawn_size from customers where sqldbid = ${c.sqldbid} and customer_no = ${c.customerNo}`,
      ),
    );
    expect(customer?.lawn_size).toBe('11.74');
    const household = await callRoute(t, csrCorporate, 'measureItHouseholdMeasurement', {
      sqldbid: c.sqldbid,
      customerNo: c.customerNo,
    });
    expect(household.json()).toMatchObject({ complete: true, SquareFeet: LAWN_SQFT, lawnSize: 11.74, external: false });
    const history = await callRoute(t, franchise, 'measureItPreviousMeasurements', {
      propertyId: body.property.propertyId,
    });
    expect(history.json().measurements).toHaveLength(1);
    expect(history.json().measurements[0]).toMatchObject({ squareFeet: LAWN_SQFT, measuredBy: 'Meas Urer 1' });
  });

  it('a typed size is external with its source; a size clears the not-measured reason', async () => {
    const c = own[1]!;
    const id = await openId(franchise, c);
    const notMeasured = await callRoute(t, franchise, 'measureItCompleteProperty', {
      propertyId: id,
      requestId: newRequestId(),
      notMeasuredReasonId: 1,
    });
    expect(notMeasured.json()).toMatchObject({
      lawnSize: null,
      property: { notMeasuredReasonId: 1, SquareFeet: null },
    });
    await open(franchise, c, { confirm: true });
    const typed = await callRoute(t, franchise, 'measureItCompleteProperty', {
      propertyId: id,
      requestId: newRequestId(),
      SquareFeet: 4000,
      ExternalMeasurementSourceId: 1,
      notMeasuredReasonId: 2,
    });
    expect(typed.statusCode, typed.body).toBe(200);
    expect(typed.json()).toMatchObject({
      lawnSize: 4,
      property: { notMeasuredReasonId: null, external: true, ExternalMeasurementSourceId: 1, SquareFeet: 4000 },
    });
  });

  it('a retried save is answered as saved, recorded once', async () => {
    const c = own[2]!;
    const id = await openId(franchise, c);
    const save = { propertyId: id, requestId: newRequestId(), SquareFeet: LAWN_SQFT, shapes: LAWN };
    const first = await callRoute(t, franchise, 'measureItCompleteProperty', save);
    const again = await callRoute(t, franchise, 'measureItCompleteProperty', save);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    const history = await callRoute(t, franchise, 'measureItPreviousMeasurements', { propertyId: id });
    expect(history.json().measurements).toHaveLength(1);
  });

  it('cancelling releases the measurement for the next measurer', async () => {
    const c = own[3]!;
    const id = await openId(franchise, c);
    expect((await open(measurer, { ...c, sqldbid: c.sqldbid })).json()).toMatchObject({
      message: MEASUREMENT_BUSY_MESSAGE,
    });
    expect((await callRoute(t, franchise, 'measureItCancelProperty', { propertyId: id })).json()).toEqual({
      released: true,
    });
    expect((await open(measurer, c)).statusCode).toBe(200);
    // Not the canceller's any more: nothing to release.
    expect((await callRoute(t, franchise, 'measureItCancelProperty', { propertyId: id })).json()).toEqual({
      released: false,
    });
  });

  it('a save without the lock is refused (409) and writes nothing', async () => {
    const c = own[4]!;
    const id = await openId(measurer, c);
    const refused = await callRoute(t, franchise, 'measureItCompleteProperty', {
      propertyId: id,
      requestId: newRequestId(),
      SquareFeet: LAWN_SQFT,
      shapes: LAWN,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(MEASUREMENT_BUSY_MESSAGE);
    const [row] = rowsOf<{ complete: boolean }>(
      await t.db.execute(sql`select complete from measured_properties where property_id = ${id}`),
    );
    expect(row?.complete).toBe(false);
  });
});

describe('a neighbour (no customer) by its property id', () => {
  it('is opened and saved without touching any customer; a wrong sqldbid is a missing one', async () => {
    const [n] = rowsOf<{ property_id: number; sqldbid: number }>(
      await t.db.execute(sql`select property_id, sqldbid from measured_properties
        where is_neighbor and branchno = 'SG101' and active_user_id is null order by property_id limit 1`),
    );
    const propertyId = Number(n?.property_id);
    const wrong = await callRoute(t, franchise, 'measureItGetProperty', { sqldbid: 17501, propertyId });
    expect(wrong.statusCode).toBe(404);
    const got = await callRoute(t, franchise, 'measureItGetProperty', { sqldbid: n?.sqldbid, propertyId });
    expect(got.statusCode, got.body).toBe(200);
    expect(got.json().property).toMatchObject({ isNeighbor: true, customerNo: null, firstName: '' });
    const saved = await callRoute(t, franchise, 'measureItCompleteProperty', {
      propertyId,
      requestId: newRequestId(),
      SquareFeet: LAWN_SQFT,
      shapes: LAWN,
    });
    expect(saved.json()).toMatchObject({ lawnSize: null, property: { SquareFeet: LAWN_SQFT, complete: true } });
  });
});

describe('scope: a franchise measurer measures only its branches', () => {
  it('another franchise’s customer and property are answered as missing, with nothing locked', async () => {
    const refused = await open(franchise, other);
    expect(refused.statusCode).toBe(404);
    const [prop] = rowsOf<{ property_id: number }>(
      await t.db.execute(sql`select property_id from measured_properties
        where sqldbid = ${other.sqldbid} and customer_no = ${other.customerNo}`),
    );
    const propertyId = Number(prop?.property_id);
    for (const name of ['measureItCancelProperty', 'measureItPreviousMeasurements'] as const) {
      expect((await callRoute(t, franchise, name, { propertyId })).statusCode).toBe(404);
    }
    const save = { propertyId, requestId: newRequestId(), SquareFeet: LAWN_SQFT, shapes: LAWN };
    expect((await callRoute(t, franchise, 'measureItCompleteProperty', save)).statusCode).toBe(404);
    expect(
      (
        await callRoute(t, franchise, 'measureItHouseholdMeasurement', {
          sqldbid: other.sqldbid,
          customerNo: other.customerNo,
        })
      ).statusCode,
    ).toBe(404);
    const [row] = rowsOf<{ active_user_id: number | null }>(
      await t.db.execute(sql`select active_user_id from measured_properties where property_id = ${propertyId}`),
    );
    expect(row?.active_user_id).toBeNull();
    // The corporate measurer (the independent franchises) may.
    expect((await open(measurer, other)).statusCode).toBe(200);
  });

  it('by address in a branch outside the scope is refused', async () => {
    const response = await callRoute(t, franchise, 'measureItGetAddressMeasurement', {
      branchNo: other.branchNo,
      streetAddress: '1 Elm St',
      city: 'Somewhere',
      state: 'ne',
      zip: '68102',
      latitude: 41.2,
      longitude: -95.9,
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('reference lists', () => {
  it('not-measured reasons and external sources', async () => {
    const reasons = await callRoute(t, measurer, 'measureItNotMeasuredReasons');
    expect(reasons.json()[0]).toEqual({ notMeasuredReasonId: 1, name: 'Lawn covered by trees' });
    const sources = await callRoute(t, measurer, 'measureItExternalMeasurementSources');
    expect(sources.json().length).toBeGreaterThanOrEqual(4);
    expect(sources.json()[0]).toEqual({ externalMeasurementSourceId: 1, name: 'Typed by hand' });
  });
});

describe('bad input: 400 naming the field, nothing written', () => {
  const snapshot = async () =>
    JSON.stringify(
      rowsOf(
        await t.db.execute(sql`select property_id, square_feet, complete, not_measured_reason_id, active_user_id
          from measured_properties where active_user_id is not null or updated_at > '2026-01-01' order by 1`),
      ),
    );
  let id: number;
  beforeAll(async () => {
    id = await openId(franchise, own[5]!);
  });

  it.each([
    ['a size of nothing without a reason', { SquareFeet: 0 }, 'notMeasuredReasonId'],
    ['a typed size without a source', { SquareFeet: 500 }, 'ExternalMeasurementSourceId'],
    [
      'an open ring',
      {
        SquareFeet: 500,
        shapes: {
          type: 'MultiPolygon',
          coordinates: [
            [
              [
                [0, 0],
                [1, 0],
                [1, 1],
                [0, 2],
              ],
            ],
          ],
        },
      },
      'shapes',
    ],
    [
      'a ring of two corners',
      {
        SquareFeet: 500,
        shapes: {
          type: 'MultiPolygon',
          coordinates: [
            [
              [
                [0, 0],
                [1, 0],
                [0, 0],
              ],
            ],
          ],
        },
      },
      'shapes',
    ],
    [
      'a latitude past the pole',
      {
        SquareFeet: 500,
        shapes: {
          type: 'MultiPolygon',
          coordinates: [
            [
              [
                [0, 0],
                [1, 0],
                [1, 91],
                [0, 0],
              ],
            ],
          ],
        },
      },
      'shapes',
    ],
    [
      'a Polygon, not a MultiPolygon',
      { SquareFeet: 500, shapes: { type: 'Polygon', coordinates: LAWN.coordinates[0] } },
      'shapes.type',
    ],
    [
      'too many positions',
      {
        SquareFeet: 500,
        shapes: {
          type: 'MultiPolygon',
          coordinates: Array.from({ length: 3 }, () => [
            [...Array.from({ length: 800 }, (_, i) => [i / 1000, Math.sin(i) / 1000]), [0, 0]],
          ]),
        },
      },
      'shapes.coordinates',
    ],
    [
      'an image URL of 2048 characters',
      { SquareFeet: 500, shapes: LAWN, ImagePath: `https://x.example/${'a'.repeat(2030)}` },
      'ImagePath',
    ],
    ['an unknown reason', { SquareFeet: 0, notMeasuredReasonId: 999 }, 'notMeasuredReasonId'],
    ['an unknown source', { SquareFeet: 50, ExternalMeasurementSourceId: 999 }, 'ExternalMeasurementSourceId'],
    ['a negative size', { SquareFeet: -1, notMeasuredReasonId: 1 }, 'SquareFeet'],
    ['no request id', { requestId: undefined, SquareFeet: 500, shapes: LAWN }, 'requestId'],
    // The names before the spec's are refused, not dropped (which would save a size of 0).
    ['a size under its old name', { squareFeet: LAWN_SQFT, shapes: LAWN }, 'squareFeet'],
    ['a source under its old name', { SquareFeet: 500, externalMeasurementSourceId: 1 }, 'externalMeasurementSourceId'],
  ])('%s', async (_why, change, field) => {
    const before = await snapshot();
    const response = await callRoute(t, franchise, 'measureItCompleteProperty', {
      propertyId: id,
      requestId: newRequestId(),
      ...change,
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().message.startsWith(field)).toBe(true);
    expect(await snapshot()).toBe(before);
  });

  it('get property needs one of customer number and property id', async () => {
    const response = await callRoute(t, franchise, 'measureItGetProperty', { sqldbid: 18001 });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/^customerNo: /);
  });
});
