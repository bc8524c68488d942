/**
 * The inbound address calls: zip validation against the service area, address autocomplete and address formatting,
 * each within the caller's scope.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { AddressSuggestion, ValidateZipResponse } from '@cc/contract';
import { rowsOf } from '../../db/client.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { BRANCHES, SCOPE, SG101, zipsOf, type ErrorBody } from './lookups-test-support.js';
import { InboundClient, USERS, insertCustomer, type UserName } from './test-support.js';

let t: TestApp;
let api: InboundClient;
beforeAll(async () => {
  t = await createTestApp();
  api = new InboundClient(t);
  await api.signinAll();
});
afterAll(async () => {
  await t.close();
});

describe('POST /api/inbound/validateZipCode', () => {
  const validate = async (user: UserName, body: object) => {
    const response = await api.post(user, 'validateZipCode', body);
    expect(response.statusCode).toBe(200);
    return response.json<ValidateZipResponse>();
  };

  it('a zip served by SG101 is valid for csr.franchise', async () => {
    expect(await validate('csr.franchise', { zip: '60540' })).toEqual({
      isValid: true,
      zip: '60540',
      servicedBy: [SG101],
    });
  });

  it.each(['60540-1234', '605401234', ' 60540 '])('a zip+4 %j is checked by its 5-digit zip', async (zip) => {
    expect(await validate('csr.franchise', { zip })).toEqual({ isValid: true, zip: '60540', servicedBy: [SG101] });
  });

  it('a zip served only by SG103 is outside csr.franchise’s scope, but valid for admin', async () => {
    expect(await validate('csr.franchise', { zip: '60432' })).toEqual({ isValid: false, zip: '60432', servicedBy: [] });
    const forAdmin = await validate('admin', { zip: '60432' });
    expect(forAdmin.isValid).toBe(true);
    expect(forAdmin.servicedBy.map((b) => b.branchNo)).toEqual(['SG103']);
  });

  it('a zip nobody serves is invalid for everyone', async () => {
    for (const user of USERS) {
      expect(await validate(user, { zip: '99999' })).toEqual({ isValid: false, zip: '99999', servicedBy: [] });
    }
  });

  it('a branch number or sqldbid restricts the check to that franchise', async () => {
    expect((await validate('admin', { zip: '60432', branchno: 'SG101' })).isValid).toBe(false);
    expect((await validate('admin', { zip: '60432', branchno: 'sg103' })).servicedBy.map((b) => b.branchNo)).toEqual([
      'SG103',
    ]);
    expect((await validate('admin', { zip: '60432', sqldbid: 18002 })).isValid).toBe(false);
    expect((await validate('admin', { zip: '60432', sqldbid: 18001 })).isValid).toBe(true);
    expect((await validate('admin', { zip: '60540', sqldbid: 18001, branchno: 'SG102' })).isValid).toBe(false);
    // Naming a branch outside the scope does not widen it.
    expect((await validate('csr.franchise', { zip: '60432', branchno: 'SG103' })).isValid).toBe(false);
    expect((await validate('csr.franchise', { zip: '60432', sqldbid: 18001 })).isValid).toBe(false);
  });

  it.each(USERS)('every served zip is valid for %s exactly when a branch in its scope serves it', async (user) => {
    for (const branch of BRANCHES) {
      for (const zip of branch.zips) {
        const answer = await validate(user, { zip });
        const expected = BRANCHES.filter((b) => b.zips.includes(zip) && SCOPE[user].includes(b.branchNo));
        expect(answer.isValid, `${user} ${zip}`).toBe(expected.length > 0);
        expect(answer.servicedBy.map((b) => b.branchNo)).toEqual(expected.map((b) => b.branchNo).sort());
      }
    }
  });

  it('a company-owned zip is valid for csr.cof and not for csr.corporate; the other way round for an IND zip', async () => {
    expect((await validate('csr.cof', { zip: '68132' })).servicedBy.map((b) => b.branchNo)).toEqual(['SLI010']);
    expect((await validate('csr.corporate', { zip: '68132' })).isValid).toBe(false);
    expect((await validate('csr.cof', { zip: '60540' })).isValid).toBe(false);
    expect((await validate('csr.corporate', { zip: '60540' })).isValid).toBe(true);
  });

  it('an inactive branch does not serve its zips', async () => {
    await t.db.execute(sql`update franchises set active = false where branchno = 'SG112'`);
    try {
      expect((await validate('admin', { zip: '61008' })).isValid).toBe(false);
    } finally {
      await t.db.execute(sql`update franchises set active = true where branchno = 'SG112'`);
    }
    expect((await validate('admin', { zip: '61008' })).isValid).toBe(true);
  });

  it.each<[string, object]>([
    ['letters', { zip: 'abc' }],
    ['four digits', { zip: '6054' }],
    ['six digits', { zip: '605401' }],
    ['an empty zip', { zip: '' }],
    ['no zip', {}],
    ['a number', { zip: 60540 }],
    ['a zip with letters after it', { zip: '60540abc' }],
  ])('%s: 400 naming zip', async (_name, body) => {
    const response = await api.post('admin', 'validateZipCode', body);
    expect(response.statusCode).toBe(400);
    const answer = response.json<ErrorBody>();
    expect(answer.error).toBe('VALIDATION');
    expect(answer.message).toMatch(/^zip: ./);
  });

  it('a bad sqldbid is a 400 naming sqldbid', async () => {
    const response = await api.post('admin', 'validateZipCode', { zip: '60540', sqldbid: 'x' });
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().message).toMatch(/^sqldbid: /);
  });
});

describe('POST /api/inbound/autocompleteAddress', () => {
  const suggest = async (user: UserName, body: object) => {
    const response = await api.post(user, 'autocompleteAddress', body);
    expect(response.statusCode).toBe(200);
    return response.json<{ suggestions: AddressSuggestion[] }>().suggestions;
  };
  const THORNBURY_ADDRESS: AddressSuggestion = {
    fulladdress: '1420 W Ogden Ave, Naperville, IL 60540',
    streetno: '1420',
    streetnm: 'Ogden',
    city: 'Naperville',
    state: 'IL',
    zip: '60540',
  };

  it.each(['csr.franchise', 'admin', 'csr.corporate', 'csr.external'] as const)(
    "'1420 w og' suggests Thornbury's address to %s",
    async (user) => {
      const suggestions = await suggest(user, { input: '1420 w og' });
      expect(suggestions).toContainEqual(THORNBURY_ADDRESS);
      for (const s of suggestions) expect(s.fulladdress.toLowerCase().startsWith('1420 w og')).toBe(true);
    },
  );

  it('the input is matched whatever its case and spacing', async () => {
    expect(await suggest('csr.franchise', { input: '  1420   W  OGDEN ' })).toContainEqual(THORNBURY_ADDRESS);
    expect(await suggest('csr.franchise', { input: '1420 W Ogden Ave, Naperville, IL 60540' })).toEqual([
      THORNBURY_ADDRESS,
    ]);
  });

  it('is not offered to csr.cof, whose scope has no SG101', async () => {
    expect(await suggest('csr.cof', { input: '1420 w og' })).not.toContainEqual(THORNBURY_ADDRESS);
  });

  it.each([
    ['310 cass', '310 Cass St, Joliet, IL 60432'],
    ['2204 n main', '2204 N Main St, Rockford, IL 61103'],
    ['4815 dodge', '4815 Dodge St, Omaha, NE 68132'],
    ['918 grand ave, des', '918 Grand Ave, Des Moines, IA 50309'],
    ['5 e sunshine', '5 E Sunshine St, Springfield, MO 65804'],
  ])('a story address of another franchise (%j) is not suggested to csr.franchise', async (input, address) => {
    const own = await suggest('csr.franchise', { input });
    expect(own.map((s) => s.fulladdress)).not.toContain(address);
    expect((await suggest('admin', { input })).map((s) => s.fulladdress)).toContain(address);
  });

  it('every suggestion is in the caller’s scope (its zip is served by a branch in scope)', async () => {
    for (const user of USERS) {
      const zips = zipsOf(SCOPE[user]);
      for (const input of ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '55']) {
        const suggestions = await suggest(user, { input, limit: 20 });
        // A single digit starts some address in every scope.
        expect(input.length > 1 || suggestions.length > 0, `${user} ${input}`).toBe(true);
        for (const s of suggestions) expect(zips, `${user} ${s.fulladdress}`).toContain(s.zip);
      }
    }
  });

  it('suggests each address once, whatever the case it was stored in', async () => {
    // Okonkwo's address, twice more: once as stored, once in capitals.
    await insertCustomer(t, {
      lastName: 'Sameaddress',
      branchNo: 'SG102',
      streetNo: '77',
      streetNm: 'Prairie',
      suffix: 'St',
      address: '77 Prairie St',
      city: 'Aurora',
      zip: '60505',
      fullAddress: '77 Prairie St, Aurora, IL 60505',
    });
    await insertCustomer(t, {
      lastName: 'Sameaddress',
      branchNo: 'SG102',
      streetNo: '77',
      streetNm: 'PRAIRIE',
      suffix: 'ST',
      address: '77 PRAIRIE ST',
      city: 'AURORA',
      zip: '60505',
      fullAddress: '77 PRAIRIE ST, AURORA, IL 60505',
    });
    const suggestions = await suggest('csr.franchise', { input: '77 prairie st, aurora' });
    expect(suggestions).toHaveLength(1);
    expect(suggestions[0]?.fulladdress.toLowerCase()).toBe('77 prairie st, aurora, il 60505');

    for (const input of ['1', '12', '3']) {
      const list = (await suggest('admin', { input, limit: 20 })).map((s) => s.fulladdress.toLowerCase());
      expect(new Set(list).size).toBe(list.length);
    }
  });

  it('answers at most the limit, 10 by default', async () => {
    expect(await suggest('admin', { input: '1' })).toHaveLength(10);
    expect(await suggest('admin', { input: '1', limit: 3 })).toHaveLength(3);
    expect(await suggest('admin', { input: '1', limit: 1 })).toHaveLength(1);
    expect(await suggest('admin', { input: '1', limit: 20 })).toHaveLength(20);
    const few = await suggest('csr.franchise', { input: '1420 w ogden ave, naperville', limit: 20 });
    expect(few.length).toBeLessThan(20);
  });

  it('answers the first addresses of the prefix in byte order of the lower-cased address, from the first keystroke', async () => {
    // Decision 053: the order the address index keeps, so the scan stops at the limit.
    for (const [user, input] of [
      ['admin', '1'],
      ['admin', '4'],
      ['csr.franchise', '1'],
    ] as const) {
      const list = (await suggest(user, { input, limit: 20 })).map((s) => s.fulladdress.toLowerCase());
      const inScope = sql`branchno in ${SCOPE[user]}`;
      const expected = rowsOf<{ a: string }>(
        await t.db.execute(sql`select a from (select distinct lower(full_address) as a from customers
          where lower(full_address) like ${input + '%'} and ${inScope}) d order by a collate "C" limit 20`),
      ).map((r) => r.a);
      expect(list.length, `${user} ${input}`).toBe(20);
      expect(list, `${user} ${input}`).toEqual(expected);
    }
  });

  it('wildcards are literal', async () => {
    for (const input of ['%', '_', '1%', '1_2', '\\']) {
      expect(await suggest('admin', { input }), input).toEqual([]);
    }
  });

  it.each<[string, object, string]>([
    ['an empty input', { input: '' }, 'input'],
    ['a blank input', { input: '   ' }, 'input'],
    ['no input', {}, 'input'],
    ['a non-string input', { input: 1420 }, 'input'],
    ['a limit of 0', { input: '1', limit: 0 }, 'limit'],
    ['a limit above 20', { input: '1', limit: 21 }, 'limit'],
    ['a fractional limit', { input: '1', limit: 2.5 }, 'limit'],
  ])('%s: 400 naming %s', async (_name, body, field) => {
    const response = await api.post('admin', 'autocompleteAddress', body);
    expect(response.statusCode).toBe(400);
    const answer = response.json<ErrorBody>();
    expect(answer.error).toBe('VALIDATION');
    expect(answer.message.startsWith(`${field}: `)).toBe(true);
  });
});

describe('POST /api/inbound/formatAddress', () => {
  const format = async (body: object) => {
    const response = await api.post('csr.franchise', 'formatAddress', body);
    expect(response.statusCode).toBe(200);
    return response.json<{ address: string; fulladdress: string; zip: string }>();
  };

  it('builds the street address and the full line', async () => {
    expect(
      await format({
        streetNo: '123',
        preDir: 'N',
        streetNm: 'Main',
        suffix: 'St',
        postDir: 'W',
        city: 'Naperville',
        state: 'il',
        zip: '60540',
      }),
    ).toEqual({ address: '123 N Main St W', fulladdress: '123 N Main St W, Naperville, IL 60540', zip: '60540' });
  });

  it('leaves out empty parts and extra spaces', async () => {
    expect(
      await format({ streetNo: ' 77 ', streetNm: ' Prairie ', suffix: 'St', city: 'Aurora', state: 'IL' }),
    ).toEqual({
      address: '77 Prairie St',
      fulladdress: '77 Prairie St, Aurora, IL',
      zip: '',
    });
    expect(await format({ streetNm: 'Old   Mill', suffix: 'Rd' })).toMatchObject({
      address: 'Old Mill Rd',
      fulladdress: 'Old Mill Rd',
    });
    expect(await format({})).toEqual({ address: '', fulladdress: '', zip: '' });
  });

  it('agrees with the full address the story customers were stored with', async () => {
    const rows = await api.query<Record<string, string>>(
      sql`select pre_dir, street_no, street_nm, suffix, post_dir, city, state, zip, address, full_address
          from customers where customer_no between 1001 and 1007 order by customer_no`,
    );
    expect(rows).toHaveLength(7);
    for (const r of rows) {
      expect(
        await format({
          preDir: r.pre_dir,
          streetNo: r.street_no,
          streetNm: r.street_nm,
          suffix: r.suffix,
          postDir: r.post_dir,
          city: r.city,
          state: r.state,
          zip: r.zip,
        }),
      ).toEqual({ address: r.address, fulladdress: r.full_address, zip: r.zip });
    }
  });

  it.each<[object, string]>([
    [{ state: 'ILL' }, 'state'],
    [{ streetNo: 123 }, 'streetNo'],
    [{ preDir: 'North' }, 'preDir'],
    [{ zip: '60540-1234-99' }, 'zip'],
  ])('%j: 400 naming %s', async (body, field) => {
    const response = await api.post('csr.franchise', 'formatAddress', body);
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().message.startsWith(`${field}: `)).toBe(true);
  });
});
