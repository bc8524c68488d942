/**
 * CSV import of outbound calls (decision 030): the preview of each call type's file in
 * ISO-8859-1 and UTF-8 (accents, quoted commas, CRLF, wrong column counts), the import in one transaction, the
 * outbound counts moving at once, an idempotent re-import and a retried import.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import {
  addFixtureCustomers,
  commit,
  fixture,
  imported,
  listCount,
  listedRows,
  preview,
  sendCommit,
} from './test-support.js';

let t: TestApp;
let admin: string;
let supervisor: string;

beforeAll(async () => {
  t = await createTestApp();
  await addFixtureCustomers(t.db);
  admin = await t.signin('admin');
  supervisor = await t.signin('supervisor');
});
afterAll(async () => {
  await t.close();
});

const reasons = (p: { problems: { line: number; reason: string }[] }) => p.problems.map((x) => [x.line, x.reason]);

const CANCEL_PROBLEMS_ADMIN = [
  [5, 'wrong column count: 7 instead of 12'],
  [6, "bad date in Cancel Date: '13/45/2026'"],
  [7, "bad number in LawnSize: 'five'"],
  [8, 'unknown branch ZZ999'],
  [9, 'customer 999999 is outside the franchise of branch SG101'],
  [12, 'repeats line 2'],
];

describe('a Cancel file', () => {
  it.each([
    ['ISO-8859-1 with CRLF', 'cancel-latin1.csv', 'ISO-8859-1'],
    ['UTF-8 with a byte-order mark', 'cancel-utf8-bom.csv', 'UTF-8'],
  ])('previews the same in %s', async (_, name, encoding) => {
    const p = await preview(t, admin, 'Cancel', fixture(name));
    expect(p).toMatchObject({ callType: 'Cancel', encoding, totalRows: 11, toAdd: 5, alreadyImported: 0, dropped: 6 });
    expect(reasons(p)).toEqual(CANCEL_PROBLEMS_ADMIN);
    expect(p.byBranch).toEqual([
      { branchNo: 'SG101', n: 2 },
      { branchNo: 'SG102', n: 1 },
      { branchNo: 'SG103', n: 1 },
      { branchNo: 'SLI010', n: 1 },
    ]);
    // A preview writes no outbound row.
    expect(await imported(t.db, 910001, 'Cancel')).toEqual([]);
  });

  it('the corporate supervisor imports for every franchise: the company-owned SLI010 row is kept (decision 065)', async () => {
    // A franchise-bound supervisor's preview drops the branches outside its own (outbound-import-guards.test.ts).
    const p = await preview(t, supervisor, 'Cancel', fixture('cancel-latin1.csv'));
    expect(p).toMatchObject({ toAdd: 5, dropped: 6 });
    expect(reasons(p)).toEqual(CANCEL_PROBLEMS_ADMIN);
  });

  it('imports in one go, moves the list counts at once, and adds nothing the second time', async () => {
    const before = { sg101: await listCount(t.db, 'SG101', 'Cancel'), sli: await listCount(t.db, 'SLI010', 'Cancel') };
    const cancelsOnScreen = async () => {
      const response = await t.call(admin, {
        method: 'GET',
        url: '/api/OutboundCall/GetOutboundCallCounts?branches=SG101,SG102,SG103,SLI010',
      });
      expect(response.statusCode).toBe(200);
      return response.json<{ CallTypeName: string; count: number }[]>().find((c) => c.CallTypeName === 'Cancel')?.count;
    };
    const screenBefore = await cancelsOnScreen();
    const p = await preview(t, admin, 'Cancel', fixture('cancel-latin1.csv'));
    const result = await commit(t, admin, p.importId);
    expect(result).toEqual({ importId: p.importId, added: 5, alreadyImported: 0, dropped: 6, repeated: false });

    // Names and quoted commas arrive intact; what the file lacks comes from the customer.
    expect(await imported(t.db, 910001, 'Cancel')).toEqual([
      {
        first_name: 'Jürgen Müller',
        last_name: 'Müller',
        street: '12 Elm St, Apt 4',
        service: 'Preferred Program',
        price_offer: '45.00',
        branchno: 'SG101',
      },
    ]);
    expect((await imported(t.db, 910002, 'Cancel'))[0]).toMatchObject({
      first_name: 'José Peña',
      street: '400 Oak Ave, Unit "B"',
    });
    expect((await imported(t.db, 910003, 'Cancel'))[0]).toMatchObject({
      first_name: 'Zoë',
      service: 'Grub Control, Premium',
      price_offer: null,
    });

    expect(await listCount(t.db, 'SG101', 'Cancel')).toBe(before.sg101 + 2);
    expect(await listCount(t.db, 'SLI010', 'Cancel')).toBe(before.sli + 1);
    for (const branch of ['SG101', 'SG102', 'SG103', 'SLI010']) {
      expect(await listCount(t.db, branch, 'Cancel')).toBe(await listedRows(t.db, branch, 'Cancel'));
    }
    // The counts the outbound screen shows moved with them.
    expect(await cancelsOnScreen()).toBe((screenBefore ?? 0) + 5);

    // The same request again answers the first result and adds nothing.
    expect(await commit(t, admin, p.importId)).toEqual({ ...result, repeated: true });
    // The same file again: everything it would add is already there.
    const again = await preview(t, admin, 'Cancel', fixture('cancel-utf8-bom.csv'));
    expect(again).toMatchObject({ toAdd: 0, alreadyImported: 5, dropped: 6 });
    expect(await commit(t, admin, again.importId)).toMatchObject({ added: 0, alreadyImported: 5, repeated: false });
    expect(await imported(t.db, 910001, 'Cancel')).toHaveLength(1);
    expect(await listCount(t.db, 'SG101', 'Cancel')).toBe(before.sg101 + 2);
  });

  it('two previews of one file imported one after the other add the rows once', async () => {
    await t.db.execute(sql`delete from outbound_calls where import_key is not null`);
    await t.db.execute(sql`select outbound_counts_rebuild()`);
    const first = await preview(t, admin, 'Cancel', fixture('cancel-latin1.csv'));
    const second = await preview(t, admin, 'Cancel', fixture('cancel-latin1.csv'));
    expect(await commit(t, admin, first.importId)).toMatchObject({ added: 5 });
    expect(await commit(t, admin, second.importId)).toMatchObject({ added: 0, alreadyImported: 5 });
    expect(await listCount(t.db, 'SG101', 'Cancel')).toBe(await listedRows(t.db, 'SG101', 'Cancel'));
  });
});

describe('two imports of one preview at the same moment', () => {
  it('add its rows once: one answers the result, the other the same rows as a repeat', async () => {
    await t.db.execute(sql`delete from outbound_calls where import_key is not null`);
    await t.db.execute(sql`select outbound_counts_rebuild()`);
    const p = await preview(t, admin, 'Cancel', fixture('cancel-latin1.csv'));
    const [a, b] = await Promise.all([commit(t, admin, p.importId), commit(t, admin, p.importId)]);
    expect([a.repeated, b.repeated].sort()).toEqual([false, true]);
    expect(a.added).toBe(5);
    expect(b.added).toBe(5);
    const [row] = rowsOf<{ n: number }>(
      await t.db.execute(sql`select count(*)::int as n from outbound_calls where import_key is not null`),
    );
    expect(row?.n).toBe(5);
    expect(await listCount(t.db, 'SG101', 'Cancel')).toBe(await listedRows(t.db, 'SG101', 'Cancel'));
  });
});

describe('the other call types', () => {
  it('an Upsell file (no branch column) is imported by franchise; its branch comes from the customer', async () => {
    const franchise = { branchNo: 'SG101', sqldbid: 18001 };
    const p = await preview(t, admin, 'Upsell', fixture('upsell-latin1.csv'), { franchise, includeUnflagged: true });
    expect(p).toMatchObject({ encoding: 'ISO-8859-1', totalRows: 4, toAdd: 2, dropped: 2 });
    expect(reasons(p)).toEqual([
      [4, 'wrong column count: 15 instead of 14'],
      [5, 'customer 999999 is outside the franchise'],
    ]);
    expect(await commit(t, admin, p.importId)).toMatchObject({ added: 2 });
    expect(await imported(t.db, 910001, 'Upsell')).toEqual([
      expect.objectContaining({ first_name: 'Jürgen', last_name: 'Müller', price_offer: '1045.50', branchno: 'SG101' }),
    ]);
  });

  it('a CustomerSurvey file in UTF-8', async () => {
    const p = await preview(t, admin, 'CustomerSurvey', fixture('customer-survey-utf8-bom.csv'));
    expect(p).toMatchObject({ encoding: 'UTF-8', totalRows: 3, toAdd: 2, dropped: 1 });
    expect(reasons(p)).toEqual([[4, 'wrong column count: 8 instead of 12']]);
    expect(await commit(t, admin, p.importId)).toMatchObject({ added: 2 });
    expect((await imported(t.db, 910003, 'CustomerSurvey'))[0]).toMatchObject({
      last_name: 'Brontë',
      service: 'Grub Control, Premium',
    });
  });

  it('a SkippedRounds file in ISO-8859-1 with LF line ends; a date written two ways is one row', async () => {
    const p = await preview(t, admin, 'SkippedRounds', fixture('skipped-rounds-latin1.csv'));
    expect(p).toMatchObject({ encoding: 'ISO-8859-1', totalRows: 3, toAdd: 2, dropped: 1 });
    expect(reasons(p)).toEqual([[4, 'repeats line 3']]);
    expect(await commit(t, admin, p.importId)).toMatchObject({ added: 2 });
    expect((await imported(t.db, 910002, 'SkippedRounds'))[0]).toMatchObject({ first_name: 'José', last_name: 'Peña' });
  });
});

describe('by franchise', () => {
  const franchise = { branchNo: 'SG101', sqldbid: 18001 };
  it('keeps the chosen franchise’s rows and its customers by flag code', async () => {
    // 910001 VIP, 910003 NOSOL, 910002 none.
    const p = await preview(t, admin, 'CustomerSurvey', fixture('customer-survey-utf8-bom.csv'), {
      franchise,
      includedFlagCodes: ['VIP'],
      excludedFlagCodes: ['NOSOL'],
      includeUnflagged: false,
    });
    expect(reasons(p)).toEqual([
      [3, 'customer 910003 has an excluded flag code'],
      [4, 'wrong column count: 8 instead of 12'],
    ]);
    const cancel = await preview(t, admin, 'Cancel', fixture('cancel-latin1.csv'), {
      franchise,
      includeUnflagged: false,
      includedFlagCodes: ['PASTDUE'],
    });
    expect(reasons(cancel)).toEqual(
      expect.arrayContaining([
        [2, 'customer 910001 has no included flag code'],
        [3, 'customer 910002 has no flag code'],
        [11, 'branch SLI010 is not of the chosen franchise'],
      ]),
    );
    expect(cancel.toAdd + cancel.alreadyImported).toBe(0);
    const unflagged = await preview(t, admin, 'Cancel', fixture('cancel-latin1.csv'), {
      franchise,
      includeUnflagged: true,
      excludedFlagCodes: ['VIP', 'NOSOL'],
    });
    // 910002 (no code) and 910008 (SG103, same franchise, no code) are kept.
    expect(unflagged.toAdd + unflagged.alreadyImported).toBe(2);
  });

  it('GetActiveFranchises and GetFranchiseFlagCodes', async () => {
    const all = await t.call(admin, { method: 'GET', url: '/api/Utilities/GetActiveFranchises' });
    expect(all.statusCode).toBe(200);
    const list = all.json<{ branchno: string; sqldbid: number; def_comp: boolean }[]>();
    expect(list).toContainEqual(expect.objectContaining({ branchno: 'SG101', sqldbid: 18001, def_comp: true }));
    expect(list).toContainEqual(expect.objectContaining({ branchno: 'SLI010', sqldbid: 17501 }));
    expect(new Set(list.map((f) => f.sqldbid)).size).toBe(list.length);
    const codes = await t.call(admin, { method: 'GET', url: '/api/Utilities/GetFranchiseFlagCodes/18001' });
    expect(codes.statusCode).toBe(200);
    expect(codes.json<{ flagCode: string }[]>().map((c) => c.flagCode)).toEqual(['NOSOL', 'PASTDUE', 'VIP']);
    const missing = await t.call(admin, { method: 'GET', url: '/api/Utilities/GetFranchiseFlagCodes/99999' });
    expect(missing.statusCode).toBe(404);
    const bad = await t.call(admin, { method: 'GET', url: '/api/Utilities/GetFranchiseFlagCodes/abc' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toMatch(/^sqldbid: /);
  });
});

describe("the spec's calls with the rows already split", () => {
  it('importOutboundCalls checks and imports at once; again adds nothing', async () => {
    const rows = [
      [
        'SG102',
        '910003',
        'Zoë',
        '77 Pine Rd',
        'Aurora',
        'IL',
        '60502',
        '7',
        '30',
        'Lime Treatment',
        '12/1/2026',
        'Phone',
      ],
      ['SG102', '910003', 'Zoë', 'too few'],
    ];
    const first = await t.call(admin, {
      method: 'POST',
      url: '/api/Utilities/importOutboundCalls',
      payload: { rows, callType: 'Cancel' },
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      added: 1,
      dropped: 1,
      problems: [{ line: 3, reason: 'wrong column count: 4 instead of 12' }],
    });
    const again = await t.call(admin, {
      method: 'POST',
      url: '/api/Utilities/importOutboundCalls',
      payload: { rows, callType: 'Cancel' },
    });
    expect(again.json()).toMatchObject({ added: 0, alreadyImported: 1 });
  });

  it('ImportOutboundCallsByFranchise', async () => {
    const response = await t.call(admin, {
      method: 'POST',
      url: '/api/Utilities/ImportOutboundCallsByFranchise',
      payload: {
        callType: 'Upsell',
        franchise: { branchNo: 'SG101', sqldbid: 18001 },
        includedFlagCodes: [],
        excludedFlagCodes: ['NOSOL'],
        includeUnflagged: true,
        rows: [
          [
            'Ms',
            '910003',
            'Zoë',
            'Brontë',
            '77 Pine Rd',
            'Aurora',
            'IL',
            '60502',
            '',
            '',
            '',
            'Lime',
            '12/2/2026',
            'x',
          ],
          [
            'Mr',
            '910002',
            'José',
            'Peña',
            '400 Oak Ave',
            'Naperville',
            'IL',
            '60563',
            '',
            '',
            '',
            'Lime',
            '12/2/2026',
            'x',
          ],
        ],
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      added: 1,
      dropped: 1,
      problems: [{ line: 2, reason: 'customer 910003 has an excluded flag code' }],
    });
  });

  it('answers 400 naming the field for bad bodies, and writes nothing', async () => {
    const [before] = rowsOf<{ n: number }>(await t.db.execute(sql`select count(*)::int as n from outbound_imports`));
    for (const [payload, field] of [
      [{ rows: [['a']], callType: 'Nope' }, 'callType'],
      [{ rows: [], callType: 'Cancel' }, 'rows'],
      [{ rows: 'x', callType: 'Cancel' }, 'rows'],
    ] as const) {
      const response = await t.call(admin, { method: 'POST', url: '/api/Utilities/importOutboundCalls', payload });
      expect(response.statusCode).toBe(400);
      expect(response.json<{ message: string }>().message.startsWith(`${field}`)).toBe(true);
    }
    const noFranchise = await t.call(admin, {
      method: 'POST',
      url: '/api/Utilities/importOutboundCalls',
      payload: { rows: [['x']], callType: 'Upsell' },
    });
    expect(noFranchise.statusCode).toBe(400);
    expect(noFranchise.json<{ message: string }>().message).toMatch(/^franchise: /);
    const [after] = rowsOf<{ n: number }>(await t.db.execute(sql`select count(*)::int as n from outbound_imports`));
    expect(after?.n).toBe(before?.n);
  });
});

describe('the problems list', () => {
  it('downloads every dropped row as CSV, for the user who previewed only', async () => {
    const p = await preview(t, admin, 'Cancel', fixture('cancel-latin1.csv'));
    const response = await t.call(admin, {
      method: 'GET',
      url: `/api/Utilities/outboundImports/${p.importId}/problems`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toContain('attachment');
    const lines = response.body
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Line,Reason,Branch,Customer,Name');
    expect(lines).toHaveLength(1 + 6);
    expect(lines[2]).toBe("6,bad date in Cancel Date: '13/45/2026',SG101,910005,Bad Date");
    const other = await t.call(supervisor, {
      method: 'GET',
      url: `/api/Utilities/outboundImports/${p.importId}/problems`,
    });
    expect(other.statusCode).toBe(404);
    expect((await sendCommit(t, supervisor, p.importId)).lines.at(-1)).toMatchObject({ phase: 'error', status: 404 });
    const unknown = await t.call(admin, { method: 'GET', url: '/api/Utilities/outboundImports/not-an-id/problems' });
    expect(unknown.statusCode).toBe(400);
  });
});
