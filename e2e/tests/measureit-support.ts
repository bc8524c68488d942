/** Helpers of the MeasureIt journeys: tokens, customers to measure, and drawing on the map by pixels. */
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { apiToken } from './helpers.js';

export { apiToken as tokenOf } from './helpers.js';

export interface Customer {
  sqldbid: number;
  customerNo: number;
  lastName: string;
}

/**
 * Customers of a branch whose last names start with `lastname`, neither measured nor marked not measured, found the
 * way a user would: the inbound search (as the admin), then each one's household measurement (as the measurer).
 * Journeys keep apart by asking for different letters.
 */
export async function unmeasuredCustomers(
  request: APIRequestContext,
  criteria: { branchno: string; lastname: string },
  count: number,
): Promise<Customer[]> {
  const admin = { authorization: `Bearer ${await apiToken(request, 'admin')}` };
  const measurer = { authorization: `Bearer ${await apiToken(request, 'measurer')}` };
  const search = await request.post('/api/InboundCall/SearchCustomers', {
    headers: admin,
    data: { ...criteria, pageSize: 100 },
  });
  expect(search.status()).toBe(200);
  const rows = ((await search.json()) as { rows: { SQLDBID: number; AccountNo: number; LastName: string }[] }).rows;
  const found: Customer[] = [];
  for (const row of rows) {
    const household = await request.post('/api/MeasureIt/GetHouseholdMeasurement', {
      headers: measurer,
      data: { sqldbid: row.SQLDBID, customerNo: row.AccountNo },
    });
    expect(household.status()).toBe(200);
    const h = (await household.json()) as { complete: boolean; notMeasuredReasonId: number | null };
    if (!h.complete && h.notMeasuredReasonId === null) {
      found.push({ sqldbid: row.SQLDBID, customerNo: row.AccountNo, lastName: row.LastName });
    }
    if (found.length === count) break;
  }
  expect(found.length, `${rows.length} customers searched`).toBe(count);
  return found;
}

/** Click points on the map given in pixels from its centre. */
export async function clickMap(page: Page, points: readonly (readonly [number, number])[]): Promise<void> {
  const box = await page.getByTestId('measure-map').boundingBox();
  if (!box) throw new Error('the map is not shown');
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  for (const [dx, dy] of points) await page.mouse.click(cx + dx, cy + dy);
}

/** Metres per pixel of the web map at a latitude and zoom (256-pixel tiles). */
export const metresPerPixel = (latitude: number, zoom: number) =>
  (156543.03392804097 * Math.cos((latitude * Math.PI) / 180)) / 2 ** zoom;

/** The number in a cell like '8,084 sq ft'. */
export const numberIn = (text: string | null) => Number((text ?? '').replace(/[^\d.]/g, ''));
