/** Helpers of the MeasureIt tests: calls by route name, measurers made in the database, properties to measure. */
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { MultiPolygon } from '@cc/contract';
import { measureGeometry } from '@cc/domain';
import { rowsOf } from '../../db/client.js';
import type { TestApp } from '../../test/harness.js';

export { callRoute, measurers } from '../../test/measureit.js';

/** Unmeasured customers of a branch with no property lock, for tests that measure them. */
export async function unmeasuredCustomers(
  t: TestApp,
  where: ReturnType<typeof sql>,
  count: number,
): Promise<{ sqldbid: number; customerNo: number; branchNo: string }[]> {
  return rowsOf<{ sqldbid: number; customerNo: number; branchNo: string }>(
    await t.db.execute(sql`select c.sqldbid, c.customer_no as "customerNo", c.branchno as "branchNo"
      from customers c join franchises f on f.branchno = c.branchno
      join measured_properties p on p.sqldbid = c.sqldbid and p.customer_no = c.customer_no
      where not p.complete and ${where} order by c.customer_no limit ${count}`),
  );
}

export const newRequestId = () => crypto.randomUUID();

/** A lawn: a square of about 100 ft by 100 ft at 41.25°N, with a 20 ft square bed cut out. */
export const LAWN: MultiPolygon = {
  type: 'MultiPolygon',
  coordinates: [
    [
      [
        [-95.9349, 41.2564],
        [-95.9345, 41.2564],
        [-95.9345, 41.2567],
        [-95.9349, 41.2567],
        [-95.9349, 41.2564],
      ],
      [
        [-95.9348, 41.2565],
        [-95.9348, 41.25655],
        [-95.93475, 41.25655],
        [-95.93475, 41.2565],
        [-95.9348, 41.2565],
      ],
    ],
  ],
};

/** LAWN's area as the server reads it (square feet, 2 decimals): a save drawn on the map must send it. */
export const LAWN_SQFT = Math.round(measureGeometry(LAWN).squareFeet * 100) / 100;
