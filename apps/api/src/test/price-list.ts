/** A demo customer's price list through the API, and finding an item on it by name: for the pricing and end-call tests. */
import { expect } from 'vitest';
import type { PricingResponse } from '@cc/contract';
import type { TestApp } from './harness.js';

export const THORNBURY = { sqldbid: 18001, customerNo: 1001, zip: '60540', size: 8.5, pricingYear: 2026 };

export async function priceList(t: TestApp, token: string, body: object = THORNBURY): Promise<PricingResponse> {
  const response = await t.call(token, { method: 'POST', url: '/api/customer/pricing', payload: body });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<PricingResponse>();
}

export function idOf(data: PricingResponse, name: string): number {
  const item = [...data.lawnPrograms, ...data.pestPrograms, ...data.additionalServices].find(
    (i) => i.ServiceName === name,
  );
  if (!item) throw new Error(`${name} is not on the price list`);
  return item.Id;
}
