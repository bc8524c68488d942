/**
 * What the server makes of a save (save-rules.ts; decision 036): a size drawn on the map is the shapes' own area (the
 * screen's must agree), the ImagePath is the static-map address the server builds from the shapes (whatever the
 * screen sends), an address of 2048 characters or more refuses the save naming the shape to simplify, and a size
 * typed by hand is kept as typed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { MultiPolygon } from '@cc/contract';
import { measureGeometry } from '@cc/domain';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { rowsOf } from '../../db/client.js';
import { callRoute, LAWN, LAWN_SQFT, measurers, newRequestId, unmeasuredCustomers } from './test-support.js';

let t: TestApp;
let measurer: string;
let propertyIds: number[];

beforeAll(async () => {
  t = await createTestApp();
  [measurer] = (await measurers(t, 'sr', 1, { companyId: 3, branches: ['SG101', 'SG102'] })) as [string];
  const customers = await unmeasuredCustomers(t, sql`c.branchno in ('SG101', 'SG102')`, 4);
  propertyIds = [];
  for (const c of customers) {
    const got = await callRoute(t, measurer, 'measureItGetProperty', { sqldbid: c.sqldbid, customerNo: c.customerNo });
    expect(got.statusCode, got.body).toBe(200);
    propertyIds.push(got.json<{ property: { propertyId: number } }>().property.propertyId);
  }
});
afterAll(async () => {
  await t.close();
});

const save = (propertyId: number, fields: object) =>
  callRoute(t, measurer, 'measureItCompleteProperty', { propertyId, requestId: newRequestId(), ...fields });

/** A lawn-sized circle of `points` vertices around LAWN's corner: many vertices, a long encoded path. */
function circle(points: number): MultiPolygon {
  const ring = Array.from({ length: points }, (_, i): [number, number] => {
    const a = (2 * Math.PI * i) / points;
    return [-95.9349 + 0.0003 * Math.cos(a), 41.2564 + 0.0002 * Math.sin(a)];
  });
  return { type: 'MultiPolygon', coordinates: [[[...ring, ring[0]!]]] };
}

describe('a size drawn on the map', () => {
  it('is saved as the shapes measure, with the image address the server builds', async () => {
    const answer = await save(propertyIds[0]!, {
      SquareFeet: LAWN_SQFT + 0.4,
      shapes: LAWN,
      ImagePath: 'https://elsewhere.example/not-this.png',
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const property = answer.json<{ property: { SquareFeet: number; ImagePath: string } }>().property;
    expect(property.SquareFeet).toBe(LAWN_SQFT);
    const image = new URL(property.ImagePath);
    expect(`${image.origin}${image.pathname}`).toBe(t.config.maps.staticMapUrl);
    expect(image.searchParams.get('size')).toBe('525x375');
    expect(image.searchParams.get('maptype')).toBe('hybrid');
    expect(image.searchParams.get('format')).toBe('jpg');
    expect(image.searchParams.getAll('path').every((p) => p.includes('enc:'))).toBe(true);
  });

  it('is refused when the screen’s size is not the shapes’ area, and nothing is saved', async () => {
    const answer = await save(propertyIds[1]!, { SquareFeet: Math.round(LAWN_SQFT * 1.2), shapes: LAWN });
    expect(answer.statusCode).toBe(400);
    expect(answer.json<{ message: string }>().message).toMatch(
      new RegExp(`^SquareFeet: is \\d+ but the shapes drawn measure ${LAWN_SQFT.toFixed(2)} square feet`),
    );
    const [row] = rowsOf<{ complete: boolean }>(
      await t.db.execute(sql`select complete from measured_properties where property_id = ${propertyIds[1]!}`),
    );
    expect(row?.complete).toBe(false);
  });

  it('is refused when its image address would pass 2048 characters, naming the shape to simplify', async () => {
    const shapes = circle(900);
    const answer = await save(propertyIds[2]!, { SquareFeet: measureGeometry(shapes).squareFeet, shapes });
    expect(answer.statusCode).toBe(400);
    expect(answer.json<{ message: string }>().message).toMatch(
      /^shapes: make an image address of \d{4,} characters \(it must stay under 2048\): simplify shape 1$/,
    );
  });
});

describe('a size typed by hand', () => {
  it('is kept as typed, its shapes still giving the image', async () => {
    const answer = await save(propertyIds[3]!, { SquareFeet: 5000, shapes: LAWN, ExternalMeasurementSourceId: 1 });
    expect(answer.statusCode, answer.body).toBe(200);
    const property = answer.json<{ property: { SquareFeet: number; external: boolean; ImagePath: string } }>().property;
    expect(property).toMatchObject({ SquareFeet: 5000, external: true });
    expect(property.ImagePath.startsWith(t.config.maps.staticMapUrl)).toBe(true);
  });
});
