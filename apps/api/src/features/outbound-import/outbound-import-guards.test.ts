/**
 * CSV import of outbound calls: bad files (unbalanced quotes, binary, empty, header only, too large, not CSV) get a
 * clear 4xx and write nothing; every call is refused without roles 1, 2, 5, 6 or 7; a franchise-bound supervisor
 * imports its own branches only (decision 030).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { addFixtureCustomers, commit, fixture, preview, sendCommit, sendPreview } from './test-support.js';

/** Utilities.ImportCalls granted to a user, as user administration writes it. */
const grantImport = (username: string) =>
  t.db.execute(sql`insert into user_permissions (user_id, application_id, permission_id, value)
    select user_id, 4, 3, 'true' from users where username = ${username}
    on conflict (user_id, permission_id) do update set value = 'true'`);

let t: TestApp;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({ env: { UTILITIES_IMPORT_MAX_MB: '1' } });
  await addFixtureCustomers(t.db);
  for (const u of [
    'admin',
    'supervisor',
    'usermanager',
    'csr.corporate',
    'csr.franchise',
    'csr.cof',
    'measurer',
    'leadsmanager',
  ]) {
    tokens[u] = await t.signin(u);
  }
});
afterAll(async () => {
  await t.close();
});

async function written() {
  const [row] = rowsOf<{ imports: number; rows: number; calls: number }>(
    await t.db.execute(sql`select (select count(*)::int from outbound_imports) as imports,
      (select count(*)::int from outbound_import_rows) as rows, (select count(*)::int from outbound_calls) as calls`),
  );
  return row;
}

const HEADER =
  'Branch Num,Cust Num,FirstName,StreetAddress,City,State,zip,LawnSize,PriceOffer,Service,Cancel Date,CallSource';

describe('a file that is no CSV import gets a clear message and writes nothing', () => {
  it.each<[string, Buffer | string, number, RegExp, { fileName?: string; contentType?: string; callType?: string }?]>([
    [
      'unbalanced quotes',
      `${HEADER}\r\nSG101,910001,"Jürgen,12 Elm St,Naperville,IL,60540,8,45,Lawn,11/2/2026,x\r\n`,
      400,
      /^file: The file is not valid CSV: Quote Not Closed/,
    ],
    [
      'binary',
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48]),
      400,
      /^file: The file is not a CSV file: it holds binary data\.$/,
    ],
    ['UTF-16', Buffer.from('\ufeffBranch Num,Cust Num', 'utf16le'), 400, /^file: The file is not a CSV file/],
    ['empty', '', 400, /^file: The file is empty\.$/],
    ['blank lines only', '\r\n\r\n', 400, /^file: The file is empty\.$/],
    [
      'a header only',
      `${HEADER}\r\n`,
      400,
      /^file: The file has only one line: a header row and at least one row under it are needed\.$/,
    ],
    [
      'another type’s header',
      fixture('upsell-latin1.csv'),
      400,
      /^file: The header is not that of a Cancel file: expected the 12 columns Branch Num, Cust Num/,
    ],
    [
      'too large',
      Buffer.alloc(1024 * 1024 + 10, 'a,b\n'),
      413,
      /^file: the file is larger than 1 MB, the most an import reads \(UTILITIES_IMPORT_MAX_MB\)$/,
    ],
    [
      'not named .csv',
      fixture('cancel-latin1.csv'),
      400,
      /^file: Choose a \.csv file: the name of this one does not end in \.csv\.$/,
      { fileName: 'cancel.xlsx' },
    ],
    [
      'sent as JSON',
      '{"rows":[]}',
      400,
      /^file: send the file itself as text\/csv$/,
      { contentType: 'application/json' },
    ],
    ['sent as a form', 'x', 415, /^body: /, { contentType: 'multipart/form-data; boundary=x' }],
    ['an unknown call type', fixture('cancel-latin1.csv'), 400, /^callType: /, { callType: 'Everything' }],
    [
      'an Upsell file without a franchise',
      fixture('upsell-latin1.csv'),
      400,
      /^franchise: an Upsell file names no branch/,
      { callType: 'Upsell' },
    ],
  ])('%s', async (_, file, status, message, options = {}) => {
    const before = await written();
    const answer = await sendPreview(t, tokens.admin, options.callType ?? 'Cancel', file, options);
    expect(answer.status, answer.body).toBe(status);
    expect(JSON.parse(answer.body).message).toMatch(message);
    expect(await written()).toEqual(before);
  });

  it('the spec’s calls take rows up to the same limit (UTILITIES_IMPORT_MAX_MB), not the server’s default', async () => {
    const before = await written();
    const row = ['SG101', '910001', 'x'.repeat(150), 'a', 'b', 'IL', '60540', '5', '30', 'Lawn', '11/2/2026', 'x'];
    const big = await t.call(tokens.admin, {
      method: 'POST',
      url: '/api/Utilities/importOutboundCalls',
      payload: { callType: 'Cancel', rows: Array.from({ length: 6000 }, () => row) },
    });
    expect(big.statusCode).toBe(413);
    expect(big.json<{ message: string }>().message).toBe(
      'rows: the rows are larger than 1 MB, the most an import reads (UTILITIES_IMPORT_MAX_MB)',
    );
    expect(await written()).toEqual(before);
  });

  it('a franchise is named by branch and sqldbid together, and must be in scope', async () => {
    const half = await t.call(tokens.admin, {
      method: 'POST',
      url: '/api/Utilities/outboundImports/preview?callType=Cancel&sqldbid=18001',
      headers: { 'content-type': 'text/csv' },
      payload: fixture('cancel-latin1.csv'),
    });
    expect(half.statusCode).toBe(400);
    expect(half.json<{ message: string }>().message).toBe('franchise.branchNo: must not be empty');
    const wrong = await sendPreview(t, tokens.admin, 'Cancel', fixture('cancel-latin1.csv'), {
      franchise: { branchNo: 'SG101', sqldbid: 17501 },
    });
    expect(wrong.status).toBe(400);
    expect(JSON.parse(wrong.body).message).toBe('franchise.sqldbid: is not the franchise of branch SG101');
    // The corporate supervisor runs every franchise's lists (decision 065); outside a scope it is 404 (below).
    const companyOwned = await sendPreview(t, tokens.supervisor, 'Cancel', fixture('cancel-latin1.csv'), {
      franchise: { branchNo: 'SLI010', sqldbid: 17501 },
    });
    expect(companyOwned.status).toBe(200);
  });
});

describe('who may import', () => {
  const ROUTES = [
    { method: 'GET', url: '/api/Utilities/GetActiveFranchises' },
    { method: 'GET', url: '/api/Utilities/GetFranchiseFlagCodes/18001' },
    { method: 'POST', url: '/api/Utilities/importOutboundCalls', payload: { rows: [['x']], callType: 'Cancel' } },
    {
      method: 'POST',
      url: '/api/Utilities/ImportOutboundCallsByFranchise',
      payload: { rows: [['x']], callType: 'Cancel', franchise: { branchNo: 'SG101', sqldbid: 18001 } },
    },
    {
      method: 'POST',
      url: '/api/Utilities/outboundImports/preview?callType=Cancel',
      headers: { 'content-type': 'text/csv' },
      payload: fixture('cancel-latin1.csv'),
    },
    { method: 'POST', url: '/api/Utilities/outboundImports/00000000-0000-0000-0000-000000000000/import' },
    { method: 'GET', url: '/api/Utilities/outboundImports/00000000-0000-0000-0000-000000000000/problems' },
  ] as const;

  it('nobody without a session; roles 3, 4, 8 and 9 get 403 and write nothing', async () => {
    const before = await written();
    for (const route of ROUTES) {
      expect((await t.call(undefined, route)).statusCode).toBe(401);
      for (const u of ['csr.corporate', 'csr.franchise', 'csr.cof', 'measurer', 'leadsmanager']) {
        const response = await t.call(tokens[u], route);
        expect(response.statusCode, `${u} ${route.url}`).toBe(403);
        expect(response.json<{ message: string }>().message).toBe('Access Denied.');
      }
    }
    expect(await written()).toEqual(before);
  });

  it('roles 1, 2, 5, 6 and 7 may, with Utilities.ImportCalls', async () => {
    // The supervisor's template grants it; the user manager's and a corporate CSR's do not (permission-matrix.test.ts).
    await grantImport('usermanager');
    await grantImport('csr.corporate');
    const may = async (token: string | undefined) => {
      for (const route of ROUTES) {
        const status = (await t.call(token, route)).statusCode;
        expect([401, 403]).not.toContain(status);
      }
    };
    for (const u of ['admin', 'supervisor', 'usermanager']) await may(tokens[u]);
    for (const role of [5, 7]) {
      await t.db.execute(sql`update users set role_id = ${role} where username = 'csr.corporate'`);
      await may(tokens['csr.corporate']);
    }
    await t.db.execute(sql`update users set role_id = 3 where username = 'csr.corporate'`);
  });
});

describe('a supervisor bound to an independent franchise', () => {
  // csr.franchise (company 3, branches SG101 and SG102 of franchise 18001) made a supervisor.
  beforeAll(async () => {
    await t.db.execute(sql`update users set role_id = 2 where username = 'csr.franchise'`);
    await grantImport('csr.franchise');
  });
  afterAll(async () => {
    await t.db.execute(sql`update users set role_id = 4 where username = 'csr.franchise'`);
  });

  it('sees only its franchise, and imports only its own branches’ rows', async () => {
    const token = tokens['csr.franchise'] ?? '';
    const franchises = await t.call(token, { method: 'GET', url: '/api/Utilities/GetActiveFranchises' });
    expect(franchises.json<{ sqldbid: number }[]>().map((f) => f.sqldbid)).toEqual([18001]);
    expect((await t.call(token, { method: 'GET', url: '/api/Utilities/GetFranchiseFlagCodes/17501' })).statusCode).toBe(
      404,
    );
    const otherFranchise = await sendPreview(t, token, 'Cancel', fixture('cancel-latin1.csv'), {
      franchise: { branchNo: 'SLI010', sqldbid: 17501 },
    });
    expect(otherFranchise.status).toBe(404);

    const p = await preview(t, token, 'Cancel', fixture('cancel-latin1.csv'));
    expect(p.problems.map((x) => [x.line, x.reason])).toEqual(
      expect.arrayContaining([
        [10, 'branch SG103 is outside your franchises'],
        [11, 'branch SLI010 is outside your franchises'],
      ]),
    );
    expect(p.byBranch.map((b) => b.branchNo)).toEqual(['SG101', 'SG102']);
    expect(await commit(t, token, p.importId)).toMatchObject({ added: 3 });
    const [outside] = rowsOf<{ n: number }>(
      await t.db.execute(sql`select count(*)::int as n from outbound_calls
        where import_key is not null and branchno not in ('SG101', 'SG102')`),
    );
    expect(outside?.n).toBe(0);

    // Another user's preview is not found, not imported.
    const other = await preview(t, tokens.admin ?? '', 'Cancel', fixture('cancel-latin1.csv'));
    expect((await sendCommit(t, token, other.importId)).lines.at(-1)).toMatchObject({
      phase: 'error',
      status: 404,
      message: 'Import not found.',
    });
  });
});
