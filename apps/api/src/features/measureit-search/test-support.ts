/** Helpers of the MeasureIt search tests: the calls by route name, and the same questions asked of the database. */
import { sql, type SQL } from 'drizzle-orm';
import {
  routes,
  type MeasureItPropertyRow,
  type MeasureItSearchFilter,
  type RouteName,
  type CustomListPreview,
} from '@cc/contract';
import { rowsOf } from '../../db/client.js';
import type { TestApp } from '../../test/harness.js';

/* The MeasureIt tests' helpers (a feature's test support is its own; the linter keeps features apart). */
export function callRoute(t: TestApp, token: string | undefined, name: RouteName, body?: object) {
  const def = routes[name];
  return t.call(token, { method: def.method, url: def.path, ...(body !== undefined ? { payload: body } : {}) });
}

/**
 * `count` measurers (role 8, MeasureIt only) of a company, with the demo password (the demo measurer's hash), signed
 * in: answers their tokens.
 */
export async function measurers(
  t: TestApp,
  prefix: string,
  count: number,
  options: { companyId: number; branches?: string[] },
): Promise<string[]> {
  const ids = rowsOf<{ user_id: number }>(
    await t.db.execute(sql`insert into users (username, first_name, last_name, email, password_hash, brand_id,
        company_id, role_id, sqldbid, measure_it_tool_only)
      select ${prefix} || '_' || i, 'Meas', 'Urer ' || i, ${prefix} || i || '@example.com', u.password_hash, 1,
        ${options.companyId}, 8, null, true
      from users u, generate_series(1, ${count}) i where u.username = 'measurer'
      returning user_id`),
  ).map((r) => r.user_id);
  for (const id of ids) {
    await t.db.execute(sql`insert into user_applications (user_id, application_id) values (${id}, 6)`);
    for (const b of options.branches ?? []) {
      await t.db.execute(sql`insert into user_branches (user_id, branchno) values (${id}, ${b})`);
    }
  }
  const tokens: string[] = [];
  for (let i = 1; i <= count; i++) tokens.push(await t.signin(`${prefix}_${i}`));
  return tokens;
}

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
