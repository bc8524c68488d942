/** Helpers of the outbound-import tests: the fixture files, the streamed answers, the customers the files name. */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { ImportPreview, ImportResult, ImportStreamLine } from '@cc/contract';
import { rowsOf, type Db } from '../../db/client.js';
import type { TestApp } from '../../test/harness.js';

const here = path.dirname(fileURLToPath(import.meta.url));
export const fixture = (name: string): Buffer => fs.readFileSync(path.join(here, 'fixtures', name));

/** The customers the fixture files name (910001 …), with flag codes for the by-franchise tests. */
export async function addFixtureCustomers(db: Db): Promise<void> {
  await db.execute(sql`
    insert into customers (sqldbid, customer_no, branchno, customer_type, status, first_name, last_name, address, city,
      state, zip, home_phone, lawn_size)
    values
      (18001, 910001, 'SG101', 'Existing Customer', 'Active', 'Jürgen', 'Müller', '12 Elm St', 'Naperville', 'IL', '60540', '6305550101', 8.5),
      (18001, 910002, 'SG101', 'Existing Customer', 'Active', 'José', 'Peña', '400 Oak Ave', 'Naperville', 'IL', '60563', '6305550102', 6),
      (18001, 910003, 'SG102', 'Former Customer', 'Cancelled', 'Zoë', 'Brontë', '77 Pine Rd', 'Aurora', 'IL', '60502', '', 7.25),
      (18001, 910005, 'SG101', 'Existing Customer', 'Active', 'Bad', 'Date', '1 Main St', 'Naperville', 'IL', '60540', '', 5),
      (18001, 910006, 'SG101', 'Existing Customer', 'Active', 'Bad', 'Number', '1 Main St', 'Naperville', 'IL', '60540', '', 5),
      (18001, 910008, 'SG103', 'Existing Customer', 'Active', 'Other', 'Branch', '1 Main St', 'Joliet', 'IL', '60431', '', 5),
      (17501, 910009, 'SLI010', 'Existing Customer', 'Active', 'Company', 'Owned', '1 Main St', 'Elmhurst', 'IL', '60126', '', 5)`);
  // 910001 is a VIP, 910003 may not be solicited, 910002 carries no code.
  await db.execute(sql`insert into customer_flag_codes (sqldbid, customer_no, flag_code)
    values (18001, 910001, 'VIP'), (18001, 910003, 'NOSOL')`);
}

export interface Streamed {
  status: number;
  lines: ImportStreamLine[];
  body: string;
}

function linesOf(body: string): ImportStreamLine[] {
  return body
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as ImportStreamLine);
}

export interface PreviewOptions {
  fileName?: string;
  contentType?: string;
  franchise?: { branchNo: string; sqldbid: number };
  includedFlagCodes?: string[];
  excludedFlagCodes?: string[];
  includeUnflagged?: boolean;
}

export async function sendPreview(
  t: TestApp,
  token: string | undefined,
  callType: string,
  file: Buffer | string,
  options: PreviewOptions = {},
): Promise<Streamed> {
  const query = new URLSearchParams({ callType, fileName: options.fileName ?? `${callType}.csv` });
  if (options.franchise) {
    query.set('branchNo', options.franchise.branchNo);
    query.set('sqldbid', String(options.franchise.sqldbid));
  }
  if (options.includedFlagCodes) query.set('includedFlagCodes', options.includedFlagCodes.join(','));
  if (options.excludedFlagCodes) query.set('excludedFlagCodes', options.excludedFlagCodes.join(','));
  if (options.includeUnflagged !== undefined) query.set('includeUnflagged', String(options.includeUnflagged));
  const response = await t.call(token, {
    method: 'POST',
    url: `/api/Utilities/outboundImports/preview?${query.toString()}`,
    headers: { 'content-type': options.contentType ?? 'text/csv' },
    payload: file,
  });
  return {
    status: response.statusCode,
    body: response.body,
    lines: response.statusCode === 200 ? linesOf(response.body) : [],
  };
}

/** The preview of a file, which must succeed. */
export async function preview(
  t: TestApp,
  token: string,
  callType: string,
  file: Buffer | string,
  options: PreviewOptions = {},
): Promise<ImportPreview> {
  const answer = await sendPreview(t, token, callType, file, options);
  const last = answer.lines.at(-1);
  if (answer.status !== 200 || !last || last.phase !== 'done' || !('preview' in last)) {
    throw new Error(`preview answered ${answer.status}: ${answer.body.slice(0, 500)}`);
  }
  return last.preview;
}

export async function sendCommit(t: TestApp, token: string | undefined, importId: string): Promise<Streamed> {
  const response = await t.call(token, { method: 'POST', url: `/api/Utilities/outboundImports/${importId}/import` });
  return {
    status: response.statusCode,
    body: response.body,
    lines: response.statusCode === 200 ? linesOf(response.body) : [],
  };
}

/** Import a previewed file, which must succeed. */
export async function commit(t: TestApp, token: string, importId: string): Promise<ImportResult> {
  const answer = await sendCommit(t, token, importId);
  const last = answer.lines.at(-1);
  if (answer.status !== 200 || !last || last.phase !== 'done' || !('result' in last)) {
    throw new Error(`import answered ${answer.status}: ${answer.body.slice(0, 500)}`);
  }
  return last.result;
}

/** The listed count of one outbound list, as the lists read it (outbound_counts). */
export async function listCount(db: Db, branchNo: string, type: string): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(
      sql`select coalesce(sum(n), 0)::int as n from outbound_counts where branchno = ${branchNo} and type = ${type}`,
    ),
  );
  return row?.n ?? 0;
}

/** The same count from the rows themselves: the trigger must agree with it. */
export async function listedRows(db: Db, branchNo: string, type: string): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from outbound_calls where branchno = ${branchNo} and type = ${type}
      and not call_complete and deleted_at is null and cust_no is not null and cust_no <> -1`),
  );
  return row?.n ?? 0;
}

export async function imported(db: Db, custNo: number, type: string) {
  return rowsOf<{
    first_name: string;
    last_name: string;
    street: string;
    service: string;
    price_offer: string | null;
    branchno: string;
  }>(
    await db.execute(sql`select first_name, last_name, street, service, price_offer::text, branchno from outbound_calls
      where cust_no = ${custNo} and type = ${type} and import_key is not null order by outbound_id`),
  );
}
