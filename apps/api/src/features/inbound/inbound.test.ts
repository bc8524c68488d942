/**
 * POST /api/InboundCall/SearchCustomers: each criterion, combinations, bad input, literal wildcards,
 * the row limit and authentication. Scope is in inbound-scope.test.ts; zip, autocomplete, address and
 * company calls in inbound-lookups.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { INBOUND_FIRST_VIEW, InboundCriteria, type InboundRow } from '@cc/contract';
import { rowsOf } from '../../db/client.js';
import { searchConditions, searchRowsQuery, type SearchRowsResult } from './search.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import {
  InboundClient,
  customerKey,
  insertCustomer,
  isSortedByBranchThenAccount,
  keyOf,
  meets,
  type Criteria,
  type CustomerRecord,
  type UserName,
} from './test-support.js';

let t: TestApp;
let api: InboundClient;
let franchise: string;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  api = new InboundClient(t);
  await api.signinAll();
  franchise = api.token('csr.franchise');
  admin = api.token('admin');
});
afterAll(async () => {
  await t.close();
});

const search = (token: string, body: object, path = 'SearchCustomers') =>
  t.call(token, { method: 'POST', url: `/api/InboundCall/${path}`, payload: body });

const THORNBURY = { Branch: 'SG101', AccountNo: 1001, SQLDBID: 18001 } as const;
const keys = (rows: readonly InboundRow[]) => rows.map(keyOf).sort();

/** Every customer, read again after a test adds some. */
let customerCache: CustomerRecord[] | undefined;
const addCustomer = async (values: Parameters<typeof insertCustomer>[1]) => {
  customerCache = undefined;
  return insertCustomer(t, values);
};

/** The customers the oracle says match, for an admin (who sees all), as sorted keys. */
async function expectedKeys(criteria: Criteria): Promise<string[]> {
  customerCache ??= await api.allCustomers();
  return customerCache
    .filter((c) => meets(c, criteria))
    .map(customerKey)
    .sort();
}

/** Search as admin and check the answer is exactly what the oracle expects (and at most the limit). */
async function expectExact(criteria: Criteria, user: UserName = 'admin'): Promise<InboundRow[]> {
  const expected = await expectedKeys(criteria);
  expect(expected.length).toBeLessThanOrEqual(500);
  const body = await api.rows(user, criteria);
  expect(body.overLimit).toBe(false);
  expect(body.total).toBe(expected.length);
  expect(keys(body.rows)).toEqual(expected);
  return body.rows;
}

describe('inbound search', () => {
  it('finds a story customer by last-name prefix, case-insensitively', async () => {
    const response = await search(admin, { lastname: 'thornb' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.rows).toHaveLength(1);
    expect(body.rows[0]).toMatchObject({
      Branch: 'SG101',
      AccountNo: 1001,
      Name: 'Thornbury, Margaret',
      SQLDBID: 18001,
    });
  });

  it('keeps an independent-franchise user to their branches whatever they send', async () => {
    const own = await search(franchise, { lastname: 'Thornbury' }, 'SearchindCustomers');
    expect(own.json().rows).toHaveLength(1);
    const other = await search(franchise, { lastname: 'Vasquez-Lund', branchno: 'SG103' }, 'SearchindCustomers');
    expect(other.json().rows).toHaveLength(0);
    const general = await search(franchise, { cust_no: '1005' });
    expect(general.json().rows).toHaveLength(0);
  });

  it('answers the total instead of rows above the limit', async () => {
    const response = await search(admin, { state: 'IL' });
    const body = response.json();
    expect(body.overLimit).toBe(true);
    expect(body.rows).toHaveLength(0);
    expect(body.total).toBeGreaterThan(body.limit);
  });

  it('refuses a search without criteria with 400', async () => {
    const response = await search(admin, {});
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('criteria: enter at least one search criterion');
  });
});

describe('SearchCustomers: each criterion', () => {
  it('answers the full inbound row of a story customer', async () => {
    const body = await api.rows('admin', { lastname: 'Thornbury', firstname: 'Margaret' });
    expect(body).toMatchObject({ total: 1, limit: 500, overLimit: false });
    expect(body.rows).toEqual([
      {
        Branch: 'SG101',
        AccountNo: 1001,
        Name: 'Thornbury, Margaret',
        FirstName: 'Margaret',
        LastName: 'Thornbury',
        Address: '1420 W Ogden Ave',
        City: 'Naperville',
        State: 'IL',
        Zip: '60540',
        Phone: '6305550142',
        CustomerType: 'Existing Customer',
        SQLDBID: 18001,
        CallOrigin: 'Inbound',
      },
    ]);
  });

  it.each(['marg', 'MARG', 'Margaret', 'mArGaReT'])('firstname prefix %j', async (firstname) => {
    const rows = await expectExact({ firstname });
    expect(rows).toContainEqual(expect.objectContaining(THORNBURY));
    for (const row of rows) expect(row.FirstName.toLowerCase().startsWith(firstname.toLowerCase())).toBe(true);
  });

  it.each(['thornb', 'THORNBURY', 'Thornbury', 'okonk', 'VASQUEZ-', 'wiś', 'WIŚ', 'Pick'])(
    'lastname prefix %j, any case',
    async (lastname) => {
      const rows = await expectExact({ lastname });
      expect(rows.length).toBeGreaterThanOrEqual(1);
      for (const row of rows) expect(row.LastName.toLowerCase().startsWith(lastname.toLowerCase())).toBe(true);
    },
  );

  it('lastname matches a prefix only, not the middle of a name', async () => {
    expect((await api.rows('admin', { lastname: 'hornbury' })).rows).toEqual([]);
  });

  it.each(['6305550142', '(630) 555-0142', '630.555.0142', '630-555-0142', '+1 630 555 0142', '1 (630) 555 0142'])(
    'full phone number in any format %j finds exactly Thornbury',
    async (phone) => {
      const body = await api.rows('admin', { phone });
      expect(body.rows).toEqual([expect.objectContaining({ ...THORNBURY, Phone: '6305550142' })]);
    },
  );

  it.each(['630555', '(630) 555', '630-555-01', '815'])('partial phone %j is a digit prefix', async (phone) => {
    const rows = await expectExact({ phone });
    expect(rows.length).toBeGreaterThan(0);
    if (phone.startsWith('630')) {
      expect(keys(rows)).toEqual(expect.arrayContaining(['18001/1001', '18001/1002']));
    }
  });

  it('finds a customer by work or cell phone when the home phone is empty', async () => {
    await addCustomer({ lastName: 'Cellonly', cellPhone: '3125550199' });
    await addCustomer({ lastName: 'Workonly', workPhone: '3125550288' });
    expect((await api.rows('admin', { phone: '(312) 555-0199' })).rows.map((r) => r.LastName)).toEqual(['Cellonly']);
    const work = await api.rows('admin', { phone: '312.555.0288' });
    expect(work.rows).toEqual([expect.objectContaining({ LastName: 'Workonly', Phone: '3125550288' })]);
  });

  it.each(['m.thornbury@example.com', 'M.THORNBURY@', 'm.thorn'])('email prefix %j', async (email) => {
    const rows = await expectExact({ email });
    expect(rows).toContainEqual(expect.objectContaining(THORNBURY));
  });

  it('email matches a prefix only (a domain alone finds nothing)', async () => {
    expect((await api.rows('admin', { email: 'example.com' })).rows).toEqual([]);
  });

  it.each<[string, unknown]>([
    ['a string', '1001'],
    ['a number', 1001],
    ['a padded string', ' 1001 '],
  ])('cust_no as %s', async (_name, cust_no) => {
    const body = await api.rows('admin', { cust_no });
    expect(body.rows).toEqual([expect.objectContaining(THORNBURY)]);
  });

  it('cust_no is an exact number, not a prefix', async () => {
    expect((await api.rows('admin', { cust_no: '100' })).rows).toEqual([]);
  });

  it.each(['sg102', 'SG102', ' Sg102 '])('branchno %j (any case)', async (branchno) => {
    const rows = await expectExact({ branchno: 'SG102' });
    expect(rows.length).toBeGreaterThan(1);
    const body = await api.rows('admin', { branchno });
    expect(keys(body.rows)).toEqual(keys(rows));
    expect(new Set(body.rows.map((r) => r.Branch))).toEqual(new Set(['SG102']));
    expect(body.rows).toContainEqual(expect.objectContaining({ AccountNo: 1002, Name: 'Okonkwo, Dale' }));
  });

  it('streetno is an exact house number', async () => {
    const rows = await expectExact({ streetno: '1420' });
    expect(rows).toContainEqual(expect.objectContaining(THORNBURY));
    for (const row of rows) expect(row.Address.startsWith('1420 ')).toBe(true);
    expect((await api.rows('admin', { streetno: '142', lastname: 'Thornbury' })).rows).toEqual([]);
  });

  it.each(['gde', 'GDE', 'Ogden', 'den'])('streetnm fragment %j finds Ogden', async (streetnm) => {
    const rows = await expectExact({ streetnm });
    expect(rows).toContainEqual(expect.objectContaining(THORNBURY));
  });

  it('a street name new to the network is found by a fragment once a customer is added or moved there', async () => {
    expect((await api.rows('admin', { streetnm: 'xotic' })).rows).toEqual([]);
    const added = await addCustomer({ lastName: 'Quillfeather', streetNo: '77', streetNm: 'Quixotic' });
    const found = await expectExact({ streetnm: 'xotic' });
    expect(found.map((r) => r.AccountNo)).toEqual([added.customerNo]);

    await t.db.execute(sql`update customers set street_nm = 'Zyzzogeton' where customer_no = ${added.customerNo}`);
    customerCache = undefined;
    expect((await api.rows('admin', { streetnm: 'xotic' })).rows).toEqual([]);
    expect((await expectExact({ streetnm: 'ZZOGET' })).map((r) => r.AccountNo)).toEqual([added.customerNo]);
  });

  it('a street-name fragment shorter than 3 characters is a prefix', async () => {
    const rows = await expectExact({ streetnm: 'og' });
    expect(rows).toContainEqual(expect.objectContaining(THORNBURY));
    const inner = await expectExact({ streetnm: 'gd' });
    expect(inner).not.toContainEqual(expect.objectContaining(THORNBURY));
  });

  it.each(['naper', 'NAPERVILLE', 'Naperville'])('city prefix %j', async (city) => {
    const rows = await expectExact({ city });
    expect(rows).toContainEqual(expect.objectContaining(THORNBURY));
    for (const row of rows) expect(row.City).toBe('Naperville');
  });

  it.each(['ia', 'IA', ' Ia '])('state %j (any case)', async (state) => {
    const rows = await expectExact({ state: 'IA' });
    const body = await api.rows('admin', { state });
    expect(keys(body.rows)).toEqual(keys(rows));
    for (const row of body.rows) expect(row.State).toBe('IA');
    expect(body.rows).toContainEqual(expect.objectContaining({ AccountNo: 1006, Name: 'Wiśniewski, Tomasz' }));
  });

  it.each(['60540', '60540-1234', '605401234', '60540 1234'])('zip %j searches the 5-digit zip', async (zip) => {
    const rows = await expectExact({ zip: '60540' });
    const body = await api.rows('admin', { zip });
    expect(keys(body.rows)).toEqual(keys(rows));
    expect(body.rows).toContainEqual(expect.objectContaining(THORNBURY));
    for (const row of body.rows) expect(row.Zip.slice(0, 5)).toBe('60540');
  });

  it.each([
    ['1420 W Ogden Ave, Naperville, IL 60540', 1001],
    ['1420 w ogden ave, naperville, il 60540', 1001],
    ['1420 W OGDEN AVE, NAPERVILLE, IL 60540', 1001],
    ['77 Prairie St, Aurora, IL 60505', 1002],
    ['5 E Sunshine St, Springfield, MO 65804', 1007],
    ['918 grand ave, des moines, ia 50309', 1006],
  ])('fulladdress %j finds the story customer', async (fulladdress, accountNo) => {
    const body = await api.rows('admin', { fulladdress });
    expect(body.rows.map((r) => r.AccountNo)).toEqual([accountNo]);
  });

  it('a full address that differs is not found', async () => {
    expect((await api.rows('admin', { fulladdress: '1420 W Ogden Ave, Naperville, IL 60541' })).rows).toEqual([]);
    expect((await api.rows('admin', { fulladdress: '1421 W Ogden Ave' })).rows).toEqual([]);
  });
});

describe('SearchCustomers: combinations', () => {
  it('first and last name together', async () => {
    const body = await api.rows('admin', { firstname: 'marg', lastname: 'thorn' });
    expect(body.rows).toEqual([expect.objectContaining(THORNBURY)]);
    expect((await api.rows('admin', { firstname: 'Dale', lastname: 'Thornbury' })).rows).toEqual([]);
  });

  it('zip and last name together', async () => {
    const body = await api.rows('admin', { zip: '60505', lastname: 'okon' });
    expect(body.rows).toEqual([expect.objectContaining({ Branch: 'SG102', AccountNo: 1002 })]);
    expect((await api.rows('admin', { zip: '60540', lastname: 'okon' })).rows).toEqual([]);
  });

  it.each<Criteria>([
    { lastname: 's', zip: '605' },
    { firstname: 'j', city: 'aur' },
    { state: 'mn', streetnm: 'oak' },
    { branchno: 'sg131', lastname: 'm' },
    { phone: '402', city: 'omaha' },
    { email: 'a', state: 'wi' },
    { streetno: '1420', streetnm: 'ogden', city: 'naperville', state: 'il', zip: '60540', lastname: 'thornbury' },
  ])('every criterion given must hold: %j', async (criteria) => {
    await expectExact(criteria);
  });
});

describe('SearchCustomers: bad input', () => {
  const cases: [string, unknown, string][] = [
    ['no criteria', {}, 'criteria'],
    ['only empty criteria', { firstname: '', lastname: '   ', zip: '' }, 'criteria'],
    ['cust_no that is not a number', { cust_no: 'abc' }, 'cust_no'],
    ['cust_no with a fraction', { cust_no: 1.5 }, 'cust_no'],
    ['cust_no with a fraction as text', { cust_no: '10.5' }, 'cust_no'],
    ['cust_no beyond any customer number', { cust_no: '9999999999' }, 'cust_no'],
    ['cust_no beyond any customer number as a number', { cust_no: 3_000_000_000 }, 'cust_no'],
    ['phone with 2 digits', { phone: '12' }, 'phone'],
    ['phone with no digits', { phone: 'call me' }, 'phone'],
    ['phone with 2 digits in a format', { phone: '(6)-3' }, 'phone'],
    ['state longer than 2', { state: 'ILL' }, 'state'],
    ['a non-string firstname', { firstname: 42 }, 'firstname'],
    ['a null firstname', { firstname: null }, 'firstname'],
    ['an array lastname', { lastname: ['Thornbury'] }, 'lastname'],
    ['a zip without digits', { zip: 'abc' }, 'zip'],
    ['a lastname too long', { lastname: 'x'.repeat(51) }, 'lastname'],
    ['page 0', { lastname: 'Smith', page: 0 }, 'page'],
    ['a page that is not a whole number', { lastname: 'Smith', page: 1.5 }, 'page'],
    ['page size 0', { lastname: 'Smith', pageSize: 0 }, 'pageSize'],
    ['a page size above the row limit', { lastname: 'Smith', pageSize: 501 }, 'pageSize'],
    ['a sort by a column the grid does not show', { lastname: 'Smith', sort: 'SQLDBID' }, 'sort'],
    ['a sort direction other than asc or desc', { lastname: 'Smith', dir: 'up' }, 'dir'],
    ['a filter of a column the grid does not show', { lastname: 'Smith', filters: { SQLDBID: '1' } }, 'filters'],
    ['a filter that is not text', { lastname: 'Smith', filters: { Name: 5 } }, 'filters.Name'],
    ['a filter too long', { lastname: 'Smith', filters: { City: 'x'.repeat(101) } }, 'filters.City'],
  ];

  it.each(cases)('%s: 400 naming the field', async (_name, body, field) => {
    const before = await api.fingerprint();
    const { status, response } = await api.search('admin', body);
    expect(status).toBe(400);
    const answer = response.json<{ error: string; message: string; errors?: Record<string, string> }>();
    expect(answer.error).toBe('VALIDATION');
    expect(answer.message.startsWith(`${field}: `)).toBe(true);
    expect(answer.message.length).toBeGreaterThan(field.length + 2);
    expect(await api.fingerprint()).toEqual(before);
  });

  it.each(cases.filter(([, , field]) => field !== 'criteria'))(
    '%s: 400 from the cof and ind searches too',
    async (_name, body, field) => {
      for (const endpoint of ['cof', 'ind'] as const) {
        const { status, response } = await api.search('admin', body, endpoint);
        expect(status).toBe(400);
        expect(response.json<{ message: string }>().message.startsWith(`${field}: `)).toBe(true);
      }
    },
  );

  it('cust_no at the largest customer number is a search, not an error', async () => {
    expect((await api.rows('admin', { cust_no: '2147483647' })).rows).toEqual([]);
    expect((await api.rows('admin', { cust_no: '-1' })).rows).toEqual([]);
  });
});

describe('SearchCustomers: wildcards and SQL characters are literal', () => {
  it.each(['%', '_', '%%', '\\', '\\%', '*', '.*', '[a-z]'])(
    'lastname %j finds only names that start with it',
    async (lastname) => {
      const before = await api.fingerprint();
      const body = await api.rows('admin', { lastname });
      expect(body.rows).toEqual([]);
      expect(body.total).toBe(0);
      expect(await api.fingerprint()).toEqual(before);
    },
  );

  it.each<Criteria>([
    { firstname: '%' },
    { email: '_' },
    { email: '%@%' },
    { city: '%' },
    { streetnm: '%' },
    { streetnm: '%%%' },
    { streetnm: '_' },
    { streetnm: 'o_d' },
    { fulladdress: '%' },
    { fulladdress: '1420 % Ogden' },
    { streetno: '%' },
    { branchno: 'SG1%' },
    { state: '%' },
    { state: '_L' },
  ])('%j searches literally', async (criteria) => {
    const expected = await expectedKeys(criteria);
    const body = await api.rows('admin', criteria);
    expect(keys(body.rows)).toEqual(expected);
    if (!Object.values(criteria).some((v) => /\d/.test(v ?? ''))) expect(body.rows).toEqual([]);
  });

  it("an apostrophe is part of the name: O'Brien", async () => {
    const rows = await expectExact({ lastname: "O'Brien" });
    for (const row of rows) expect(row.LastName).toBe("O'Brien");
    await addCustomer({ lastName: "O'Brien", firstName: 'Apostrophe' });
    const after = await expectExact({ lastname: "o'b" });
    expect(after.length).toBe(rows.length + 1);
    expect(after).toContainEqual(expect.objectContaining({ FirstName: 'Apostrophe', Name: "O'Brien, Apostrophe" }));
  });

  it.each([
    "'; drop table customers; --",
    "x' or '1'='1",
    "' or 1=1 --",
    '"; delete from customers; --',
    "Thornbury'; update customers set x = 1; --",
  ])('injection attempt %j is searched for literally and changes nothing', async (text) => {
    const before = await api.fingerprint();
    for (const criteria of [
      { lastname: text },
      { firstname: text },
      { city: text },
      { streetnm: text },
      { fulladdress: text },
      { email: text },
      { branchno: text.slice(0, 10) },
    ]) {
      const body = await api.rows('admin', criteria);
      expect(body.rows).toEqual([]);
    }
    expect(await api.fingerprint()).toEqual(before);
    // The table is still there and the story customer with it.
    expect((await api.rows('admin', { lastname: 'Thornbury' })).rows).toHaveLength(1);
  });

  it("a last name with '%' and '_' in it is found literally, and '_' is no single-character wildcard", async () => {
    const sure = await addCustomer({ lastName: '100%_Sure', firstName: 'Literal' });
    await addCustomer({ lastName: '1000Acres', firstName: 'Wild' });
    await addCustomer({ lastName: '100xSure', firstName: 'Wild' });
    await addCustomer({ lastName: '100 Sure', firstName: 'Wild' });

    const percent = await api.rows('admin', { lastname: '100%' });
    expect(percent.rows).toEqual([
      expect.objectContaining({ AccountNo: sure.customerNo, LastName: '100%_Sure', Name: '100%_Sure, Literal' }),
    ]);
    expect((await api.rows('admin', { lastname: '100%_' })).rows.map((r) => r.LastName)).toEqual(['100%_Sure']);
    expect((await api.rows('admin', { lastname: '100%_sURE' })).rows.map((r) => r.LastName)).toEqual(['100%_Sure']);
    expect((await api.rows('admin', { lastname: '100_' })).rows).toEqual([]);
    expect((await api.rows('admin', { lastname: '100__Sure' })).rows).toEqual([]);
    expect((await api.rows('admin', { lastname: '100' })).rows.map((r) => r.LastName).sort()).toEqual([
      '100 Sure',
      '100%_Sure',
      '1000Acres',
      '100xSure',
    ]);
  });
});

describe('SearchCustomers: the row limit', () => {
  it('admin searching state IL is over the limit: no rows, the real total, limit 500', async () => {
    const [count] = await api.query<{ n: number }>(sql`select count(*)::int as n from customers where state = 'IL'`);
    expect(count?.n).toBeGreaterThan(500);
    const body = await api.rows('admin', { state: 'IL' });
    expect(body).toMatchObject({ rows: [], rowCount: 0, total: count?.n, limit: 500, overLimit: true });
  });

  it('the over-limit total is the real count for other criteria too', async () => {
    const expected = await expectedKeys({ zip: '6' });
    expect(expected.length).toBeGreaterThan(500);
    const body = await api.rows('admin', { zip: '6' });
    expect(body).toMatchObject({ rows: [], rowCount: 0, total: expected.length, limit: 500, overLimit: true });
  });

  it('a search of at most 500 rows answers all of them, sorted by Branch then AccountNo', async () => {
    // csr.franchise sees SG101 and SG102: their Illinois customers span two branches.
    const [count] = await api.query<{ n: number }>(
      sql`select count(*)::int as n from customers where state = 'IL' and branchno in ('SG101', 'SG102')`,
    );
    const n = count?.n ?? 0;
    expect(n).toBeGreaterThan(100);
    expect(n).toBeLessThanOrEqual(500);
    const body = await api.rows('csr.franchise', { state: 'IL' });
    expect(body.overLimit).toBe(false);
    expect(body.total).toBe(n);
    expect(body.limit).toBe(500);
    expect(body.rows).toHaveLength(n);
    expect(new Set(body.rows.map((r) => r.Branch))).toEqual(new Set(['SG101', 'SG102']));
    expect(isSortedByBranchThenAccount(body.rows)).toBe(true);
    for (const row of body.rows) {
      expect(row.Name).toBe(`${row.LastName}, ${row.FirstName}`);
      expect(row.CallOrigin).toBe('Inbound');
    }
  });

  it('rows of many branches come sorted by Branch then AccountNo', async () => {
    const rows = await expectExact({ lastname: 'b' });
    expect(new Set(rows.map((r) => r.Branch)).size).toBeGreaterThan(10);
    expect(isSortedByBranchThenAccount(rows)).toBe(true);
  });

  it('exactly 500 rows are answered; 501 are over the limit', async () => {
    customerCache = undefined;
    await t.db.execute(sql`
      insert into customers (sqldbid, customer_no, branchno, customer_type, status, first_name, last_name, state, zip)
      select 18002, 800000 + i, case when i % 2 = 0 then 'SG111' else 'SG112' end, 'Prospect', 'Prospect',
             'Many', 'Limitson', 'IL', '61101'
      from generate_series(1, 500) as i`);
    const at = await api.rows('admin', { lastname: 'limitson' });
    expect(at.overLimit).toBe(false);
    expect(at.total).toBe(500);
    expect(at.rows).toHaveLength(500);
    expect(isSortedByBranchThenAccount(at.rows)).toBe(true);
    expect(at.rows[0]).toMatchObject({ Branch: 'SG111', AccountNo: 800002 });
    expect(at.rows[499]).toMatchObject({ Branch: 'SG112', AccountNo: 800499 });

    await addCustomer({ lastName: 'Limitson', sqldbid: 18002, branchNo: 'SG111', state: 'IL', zip: '61101' });
    const over = await api.rows('admin', { lastname: 'limitson' });
    expect(over).toMatchObject({ rows: [], rowCount: 0, total: 501, limit: 500, overLimit: true });
  });
});

describe('SearchCustomers: pages, sorting and column filters (decision 015)', () => {
  // One city in lower case: sorting must not put it after every capital.
  const CITIES = ['Aurora', 'Batavia', 'Cicero', 'dixon', 'Elgin', 'Fulton', 'Geneva'];
  const FIRSTS = ['Abel', 'Bea', 'Cora', 'Dale', 'Edna', 'Finn', 'Gus', 'Hal', 'Ida', 'Jo', 'Kit'];
  const BRANCHES = ['SG101', 'SG102', 'SG111'];
  const SQLDBIDS: Record<string, number> = { SG101: 18001, SG102: 18001, SG111: 18002 };
  const MANY = 73;
  let all: InboundRow[];

  beforeAll(async () => {
    customerCache = undefined;
    for (let i = 0; i < MANY; i++) {
      const branchNo = BRANCHES[i % 3] ?? 'SG101';
      await addCustomer({
        lastName: 'Pageson',
        firstName: FIRSTS[(i * 7) % FIRSTS.length] ?? 'Abel',
        customerNo: 870000 + ((i * 37) % 997),
        branchNo,
        sqldbid: SQLDBIDS[branchNo] ?? 18001,
        city: CITIES[(i * 3) % CITIES.length] ?? 'Aurora',
        // One zip+4 kept with its hyphen, as an edit can keep it.
        zip: i === 0 ? '61000-1234' : `6${String(1000 + ((i * 13) % 89)).padStart(4, '0')}`,
        homePhone: `630555${String((i * 211) % 10000).padStart(4, '0')}`,
      });
    }
    all = (await api.rows('admin', { lastname: 'pageson' })).rows;
    expect(all).toHaveLength(MANY);
  });

  type Row = InboundRow;
  const lower = (v: string) => v.toLowerCase();
  /** The server's order: the column (text any case), then branch, customer number, company. */
  const byColumn =
    (column: 'City' | 'Name' | 'AccountNo' | 'Phone' | 'Branch', dir: 'asc' | 'desc') => (a: Row, b: Row) => {
      const x = typeof a[column] === 'number' ? a[column] : lower(String(a[column]));
      const y = typeof b[column] === 'number' ? b[column] : lower(String(b[column]));
      const first = x < y ? -1 : x > y ? 1 : 0;
      if (first !== 0) return dir === 'asc' ? first : -first;
      return a.Branch.localeCompare(b.Branch) || a.AccountNo - b.AccountNo || a.SQLDBID - b.SQLDBID;
    };

  it('criteria alone answer the first page of 25, sorted by Branch then Cust No, with the counts', async () => {
    const { status, body } = await api.search('admin', { lastname: 'pageson' });
    expect(status).toBe(200);
    expect(body).toMatchObject({ total: MANY, rowCount: MANY, page: 1, pageSize: 25, overLimit: false, limit: 500 });
    expect(body.rows).toEqual([...all].sort(byColumn('Branch', 'asc')).slice(0, 25));
  });

  it('the pages of any size cover every match once, in order; a page past the end is empty', async () => {
    for (const pageSize of [25, 50, 100]) {
      const seen: Row[] = [];
      for (let page = 1; page <= Math.ceil(MANY / pageSize); page++) {
        const body = await api.rows('csr.corporate', { lastname: 'pageson', page, pageSize }, 'ind');
        expect(body).toMatchObject({ page, pageSize, total: MANY, rowCount: MANY });
        expect(body.rows.length).toBe(Math.min(pageSize, MANY - (page - 1) * pageSize));
        seen.push(...body.rows);
      }
      expect(seen).toEqual([...all].sort(byColumn('Branch', 'asc')));
    }
    const past = await api.rows('admin', { lastname: 'pageson', page: 4, pageSize: 25 });
    expect(past).toMatchObject({ rows: [], total: MANY, rowCount: MANY, page: 4 });
  });

  it.each([
    ['City', 'asc'],
    ['City', 'desc'],
    ['Name', 'asc'],
    ['Name', 'desc'],
    ['AccountNo', 'desc'],
    ['Phone', 'asc'],
    ['Branch', 'desc'],
  ] as const)('sorts every match by %s %s before taking the page', async (sort, dir) => {
    const expected = [...all].sort(byColumn(sort, dir));
    const first = await api.rows('admin', { lastname: 'pageson', sort, dir, pageSize: 25 });
    const second = await api.rows('admin', { lastname: 'pageson', sort, dir, pageSize: 25, page: 2 });
    expect([...first.rows, ...second.rows]).toEqual(expected.slice(0, 50));
  });

  it('the page chosen from the index (first order, no filter) is the page chosen from the rows (any filter)', async () => {
    for (const [sort, dir] of [
      ['Branch', 'asc'],
      ['Branch', 'desc'],
      ['AccountNo', 'asc'],
      ['AccountNo', 'desc'],
    ] as const) {
      for (const page of [1, 2, 3]) {
        const view = { lastname: 'pageson', sort, dir, page, pageSize: 25 };
        const fromIndex = await api.rows('admin', view);
        // Every one of them is in Illinois: the filter keeps all, and the rows statement takes its other path.
        const fromRows = await api.rows('admin', { ...view, filters: { State: 'il' } });
        expect(fromRows.rowCount).toBe(MANY);
        expect(fromIndex.rows).toEqual(fromRows.rows);
        expect(fromIndex.rows).toEqual([...all].sort(byColumn(sort, dir)).slice((page - 1) * 25, page * 25));
      }
    }
  });

  it('column filters keep the matches whose column contains the text, any case; rowCount counts them', async () => {
    const check = async (filters: Record<string, string>, keep: (row: Row) => boolean) => {
      const expected = [...all].sort(byColumn('Branch', 'asc')).filter(keep);
      expect(expected.length).toBeGreaterThan(0);
      expect(expected.length).toBeLessThan(MANY);
      const body = await api.rows('admin', { lastname: 'pageson', filters, pageSize: 10 });
      expect(body).toMatchObject({ total: MANY, rowCount: expected.length, overLimit: false });
      expect(body.rows).toEqual(expected.slice(0, 10));
    };
    await check({ Name: 'SON, E' }, (r) => r.Name.toLowerCase().includes('son, e'));
    await check({ Name: 'aB' }, (r) => r.Name.toLowerCase().includes('ab'));
    await check({ City: 'av' }, (r) => r.City.toLowerCase().includes('av'));
    await check({ Branch: 'g11' }, (r) => r.Branch === 'SG111');
    // Numbers by their digits, whatever the display adds: '(630) 555-01' is 63055501.
    await check({ Phone: '(630) 555-01' }, (r) => r.Phone.includes('63055501'));
    await check({ Zip: '6-102' }, (r) => r.Zip.includes('6102'));
    await check({ AccountNo: '8700' }, (r) => String(r.AccountNo).includes('8700'));
    // Digits against digits: the zip kept as '61000-1234' is found by '61000-12' and by '6100012'.
    await check({ Zip: '61000-12' }, (r) => r.Zip.replace(/\D/g, '').includes('6100012'));
    await check({ Zip: '6100012' }, (r) => r.Zip.replace(/\D/g, '').includes('6100012'));
    // Several filters: all of them.
    await check({ City: 'a', Branch: 'sg10' }, (r) => r.City.toLowerCase().includes('a') && r.Branch !== 'SG111');
    // Filters and a sort and a page together.
    const expected = all.filter((r) => r.City === 'Geneva').sort(byColumn('Name', 'desc'));
    const body = await api.rows('admin', {
      lastname: 'pageson',
      filters: { City: 'geneva' },
      sort: 'Name',
      dir: 'desc',
      pageSize: 5,
      page: 2,
    });
    expect(body.rowCount).toBe(expected.length);
    expect(body.rows).toEqual(expected.slice(5, 10));
  });

  it('filter text is literal: wildcards and quotes match themselves, a number filter without digits matches nothing', async () => {
    for (const text of ['%', '_', "'", '\\', 'a%']) {
      expect(await api.rows('admin', { lastname: 'pageson', filters: { Name: text } })).toMatchObject({
        rows: [],
        rowCount: 0,
        total: MANY,
      });
    }
    expect(await api.rows('admin', { lastname: 'pageson', filters: { Phone: 'abc' } })).toMatchObject({ rowCount: 0 });
    // An empty or blank filter is no filter.
    expect(await api.rows('admin', { lastname: 'pageson', filters: { Name: '  ', City: '' } })).toMatchObject({
      rowCount: MANY,
    });
  });

  it('filters and sorting work within the scope: a franchise user cannot reach another branch through them', async () => {
    const own = all.filter((r) => r.Branch !== 'SG111').length;
    const scoped = await api.rows('csr.franchise', { lastname: 'pageson', sort: 'Branch', dir: 'desc' }, 'ind');
    expect(scoped).toMatchObject({ total: own, rowCount: own });
    expect(scoped.rows.every((r) => r.Branch === 'SG101' || r.Branch === 'SG102')).toBe(true);
    const foreign = await api.rows('csr.franchise', { lastname: 'pageson', filters: { Branch: 'SG111' } }, 'ind');
    expect(foreign).toMatchObject({ rows: [], rowCount: 0, total: own });
  });

  it('the rows statement reads no rows over the limit, on either of its paths', async () => {
    const where = searchConditions(InboundCriteria.parse({ lastname: 'pageson' }), { kind: 'all' });
    for (const view of [
      INBOUND_FIRST_VIEW,
      { ...INBOUND_FIRST_VIEW, sort: 'City' as const, filters: { State: 'IL' } },
    ]) {
      const [over] = rowsOf<SearchRowsResult>(await t.db.execute(searchRowsQuery(where, view, 10)));
      expect(over).toEqual({ matched: 11, rowCount: 0, rows: '[]' });
      const [within] = rowsOf<SearchRowsResult>(await t.db.execute(searchRowsQuery(where, view, MANY)));
      expect(within?.matched).toBe(MANY);
      expect(JSON.parse(within?.rows ?? '[]')).toHaveLength(25);
    }
  });

  it('over the limit: no rows and rowCount 0, whatever page is asked for', async () => {
    const body = await api.rows('admin', { state: 'IL', page: 3, pageSize: 50, sort: 'City', filters: { City: 'a' } });
    expect(body).toMatchObject({ rows: [], rowCount: 0, overLimit: true, page: 3, pageSize: 50 });
    expect(body.total).toBeGreaterThan(500);
  });
});

describe('authentication', () => {
  const endpoints: ['GET' | 'POST', string, object][] = [
    ['POST', '/api/InboundCall/SearchCustomers', { lastname: 'Thornbury' }],
    ['POST', '/api/InboundCall/SearchcofCustomers', { lastname: 'Lindgren' }],
    ['POST', '/api/InboundCall/SearchindCustomers', { lastname: 'Thornbury' }],
    ['POST', '/api/inbound/validateZipCode', { zip: '60540' }],
    ['POST', '/api/inbound/autocompleteAddress', { input: '1420 w og' }],
    ['POST', '/api/inbound/formatAddress', { streetNo: '1', streetNm: 'Main' }],
    ['POST', '/api/inbound/getCompanyInfo', { sqldbid: 18001 }],
    ['GET', '/api/inbound/franchises?prefix=SG1', {}],
  ];

  it.each(endpoints)('%s %s answers 401 without a token', async (method, url, payload) => {
    const response = await t.call(undefined, {
      method,
      url,
      ...(method === 'POST' ? { payload } : {}),
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ error: 'UNAUTHENTICATED' });
  });

  it.each(endpoints)('%s %s answers 401 with a token that is not a session', async (method, url, payload) => {
    const response = await t.call('not-a-real-token', {
      method,
      url,
      ...(method === 'POST' ? { payload } : {}),
    });
    expect(response.statusCode).toBe(401);
  });

  it('answers 401 after sign-out', async () => {
    const token = await t.signin('csr.external');
    expect((await search(token, { lastname: 'Thornbury' })).statusCode).toBe(200);
    await t.call(token, { method: 'POST', url: '/api/auth/signout' });
    expect((await search(token, { lastname: 'Thornbury' })).statusCode).toBe(401);
  });
});
