/**
 * POST /api/InboundCall/SearchCustomers: each criterion, combinations, bad input and literal wildcards. The row
 * limit, pages, sorting, column filters and authentication are in inbound-paging.test.ts; scope in
 * inbound-scope.test.ts; zip, autocomplete, address and company calls in inbound-lookups.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { InboundClient, keysOf, type Criteria } from './test-support.js';

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
    const rows = await api.expectExact({ firstname });
    expect(rows).toContainEqual(expect.objectContaining(THORNBURY));
    for (const row of rows) expect(row.FirstName.toLowerCase().startsWith(firstname.toLowerCase())).toBe(true);
  });

  it.each(['thornb', 'THORNBURY', 'Thornbury', 'okonk', 'VASQUEZ-', 'wiś', 'WIŚ', 'Pick'])(
    'lastname prefix %j, any case',
    async (lastname) => {
      const rows = await api.expectExact({ lastname });
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
    const rows = await api.expectExact({ phone });
    expect(rows.length).toBeGreaterThan(0);
    // Every prefix of 630 555 01… holds Thornbury's household (630 555 0101, 0102); 815 does not.
    expect(
      keysOf(rows)
        .filter((k) => k === '18001/1001' || k === '18001/1002')
        .sort(),
    ).toEqual(phone.replace(/\D/g, '').startsWith('630') ? ['18001/1001', '18001/1002'] : []);
  });

  it('finds a customer by work or cell phone when the home phone is empty', async () => {
    await api.addCustomer({ lastName: 'Cellonly', cellPhone: '3125550199' });
    await api.addCustomer({ lastName: 'Workonly', workPhone: '3125550288' });
    expect((await api.rows('admin', { phone: '(312) 555-0199' })).rows.map((r) => r.LastName)).toEqual(['Cellonly']);
    const work = await api.rows('admin', { phone: '312.555.0288' });
    expect(work.rows).toEqual([expect.objectContaining({ LastName: 'Workonly', Phone: '3125550288' })]);
  });

  it.each(['m.thornbury@example.com', 'M.THORNBURY@', 'm.thorn'])('email prefix %j', async (email) => {
    const rows = await api.expectExact({ email });
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
    const rows = await api.expectExact({ branchno: 'SG102' });
    expect(rows.length).toBeGreaterThan(1);
    const body = await api.rows('admin', { branchno });
    expect(keysOf(body.rows)).toEqual(keysOf(rows));
    expect(new Set(body.rows.map((r) => r.Branch))).toEqual(new Set(['SG102']));
    expect(body.rows).toContainEqual(expect.objectContaining({ AccountNo: 1002, Name: 'Okonkwo, Dale' }));
  });

  it('streetno is an exact house number', async () => {
    const rows = await api.expectExact({ streetno: '1420' });
    expect(rows).toContainEqual(expect.objectContaining(THORNBURY));
    for (const row of rows) expect(row.Address.startsWith('1420 ')).toBe(true);
    expect((await api.rows('admin', { streetno: '142', lastname: 'Thornbury' })).rows).toEqual([]);
  });

  it.each(['gde', 'GDE', 'Ogden', 'den'])('streetnm fragment %j finds Ogden', async (streetnm) => {
    const rows = await api.expectExact({ streetnm });
    expect(rows).toContainEqual(expect.objectContaining(THORNBURY));
  });

  it('a street name new to the network is found by a fragment once a customer is added or moved there', async () => {
    expect((await api.rows('admin', { streetnm: 'xotic' })).rows).toEqual([]);
    const added = await api.addCustomer({ lastName: 'Quillfeather', streetNo: '77', streetNm: 'Quixotic' });
    const found = await api.expectExact({ streetnm: 'xotic' });
    expect(found.map((r) => r.AccountNo)).toEqual([added.customerNo]);

    await t.db.execute(sql`update customers set street_nm = 'Zyzzogeton' where customer_no = ${added.customerNo}`);
    api.forgetCustomers();
    expect((await api.rows('admin', { streetnm: 'xotic' })).rows).toEqual([]);
    expect((await api.expectExact({ streetnm: 'ZZOGET' })).map((r) => r.AccountNo)).toEqual([added.customerNo]);
  });

  it('a street-name fragment shorter than 3 characters is a prefix', async () => {
    const rows = await api.expectExact({ streetnm: 'og' });
    expect(rows).toContainEqual(expect.objectContaining(THORNBURY));
    const inner = await api.expectExact({ streetnm: 'gd' });
    expect(inner).not.toContainEqual(expect.objectContaining(THORNBURY));
  });

  it.each(['naper', 'NAPERVILLE', 'Naperville'])('city prefix %j', async (city) => {
    const rows = await api.expectExact({ city });
    expect(rows).toContainEqual(expect.objectContaining(THORNBURY));
    for (const row of rows) expect(row.City).toBe('Naperville');
  });

  it.each(['ia', 'IA', ' Ia '])('state %j (any case)', async (state) => {
    const rows = await api.expectExact({ state: 'IA' });
    const body = await api.rows('admin', { state });
    expect(keysOf(body.rows)).toEqual(keysOf(rows));
    for (const row of body.rows) expect(row.State).toBe('IA');
    expect(body.rows).toContainEqual(expect.objectContaining({ AccountNo: 1006, Name: 'Wiśniewski, Tomasz' }));
  });

  it.each(['60540', '60540-1234', '605401234', '60540 1234'])('zip %j searches the 5-digit zip', async (zip) => {
    const rows = await api.expectExact({ zip: '60540' });
    const body = await api.rows('admin', { zip });
    expect(keysOf(body.rows)).toEqual(keysOf(rows));
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
    await api.expectExact(criteria);
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
    const expected = await api.expectedKeys(criteria);
    const body = await api.rows('admin', criteria);
    expect(keysOf(body.rows)).toEqual(expected);
    // Without a digit nothing matches literally.
    expect(body.rows.length === 0 || Object.values(criteria).some((v) => /\d/.test(v ?? ''))).toBe(true);
  });

  it("an apostrophe is part of the name: O'Brien", async () => {
    const rows = await api.expectExact({ lastname: "O'Brien" });
    for (const row of rows) expect(row.LastName).toBe("O'Brien");
    await api.addCustomer({ lastName: "O'Brien", firstName: 'Apostrophe' });
    const after = await api.expectExact({ lastname: "o'b" });
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
    const sure = await api.addCustomer({ lastName: '100%_Sure', firstName: 'Literal' });
    await api.addCustomer({ lastName: '1000Acres', firstName: 'Wild' });
    await api.addCustomer({ lastName: '100xSure', firstName: 'Wild' });
    await api.addCustomer({ lastName: '100 Sure', firstName: 'Wild' });

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
