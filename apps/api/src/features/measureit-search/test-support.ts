/** Helpers of the MeasureIt search tests: the calls by route name, and the same questions asked of the database. */
import { sql, type SQL } from 'drizzle-orm';
import { routes, type MeasureItPropertyRow, type MeasureItSearchFilter, type CustomListPreview } from '@cc/contract';
import { rowsOf } from '../../db/client.js';
import type { TestApp } from '../../test/harness.js';

export { callRoute, measurers } from '../../test/measureit.js';

export async function list(
  t: TestApp,
  token: string,
  filter: MeasureItSearchFilter,
  page: { skip?: number; top?: number; orderBy?: string } = {},
) {
  const response = await t.call(token, {
    method: 'POST',
    url: routes.measureItPropertyList.path,
    payload: { filter, ...page },
  });
  return { status: response.statusCode, body: response.json<{ rows: MeasureItPropertyRow[] }>() };
}

export async function count(t: TestApp, token: string, filter: MeasureItSearchFilter) {
  const response = await t.call(token, {
    method: 'POST',
    url: routes.measureItPropertyCount.path,
    payload: { filter },
  });
  return response.json<{ count: number; moreThan: boolean }>();
}

export async function odata(t: TestApp, token: string, options: Record<string, string | number>) {
  const query = new URLSearchParams(
    Object.entries(options).map(([k, v]): [string, string] => [k, String(v)]),
  ).toString();
  const response = await t.call(token, { method: 'GET', url: `${routes.measureItODataProperties.path}?${query}` });
  return {
    status: response.statusCode,
    body: response.json<{
      value: MeasureItPropertyRow[];
      '@odata.count'?: number;
      '@cc.countMoreThan'?: number;
      error?: { code: string; message: string };
    }>(),
  };
}

/** The property ids a condition over `measured_properties p` gives, in an order. */
export async function idsWhere(t: TestApp, where: SQL, order: SQL = sql`p.property_id`): Promise<number[]> {
  return rowsOf<{ id: number }>(
    await t.db.execute(sql`select p.property_id as id from measured_properties p
      left join customers c on c.sqldbid = p.sqldbid and c.customer_no = p.customer_no
      where ${where} order by ${order}`),
  ).map((r) => Number(r.id));
}

/** A preview's or an import's answer, or a refusal. */
export type UploadAnswer = Partial<CustomListPreview> & {
  list?: { listId: number; name: string; rows: number };
  repeated?: boolean;
  message?: string;
};

/** Upload a file (bytes) to a custom-list call with its query. */
export async function upload(
  t: TestApp,
  token: string,
  name: 'measureItPreviewCustomSearchList' | 'measureItImportCustomSearchList',
  bytes: Buffer,
  query: Record<string, string>,
) {
  const response = await t.call(token, {
    method: 'POST',
    url: `${routes[name].path}?${new URLSearchParams(query).toString()}`,
    headers: { 'content-type': 'text/csv' },
    payload: bytes,
  });
  return { status: response.statusCode, body: response.json<UploadAnswer>() };
}
