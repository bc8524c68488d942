/**
 * Company scope of the three inbound searches (call-handling.md §6): the story customers by every criterion through
 * SearchCustomers, SearchcofCustomers and SearchindCustomers, and what csr.franchise (SG101, SG102) may find. The
 * expectation is the oracle in test-support.ts (written from the spec, not from the domain scope code).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFullAddress, buildStreetAddress, formatPhone } from '@cc/domain';
import { STORY_CUSTOMERS } from '../../db/seed/index.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { branchIn, PAIRS, scopeWorld, searchChecked, type ScopeWorld } from './scope-test-support.js';
import {
  ENDPOINT_NAMES,
  FRANCHISE_USER_BRANCHES,
  customerKey,
  meets,
  visible,
  type Criteria,
  type Endpoint,
  type UserName,
} from './test-support.js';

let t: TestApp;
let world: ScopeWorld;
let api: ScopeWorld['api'];
let branches: ScopeWorld['branches'];
let all: ScopeWorld['all'];
beforeAll(async () => {
  t = await createTestApp();
  world = await scopeWorld(t);
  ({ api, branches, all } = world);
});
afterAll(async () => {
  await t.close();
});

const branchOf = (branchNo: string) => branchIn(world, branchNo);
const checked = (user: UserName, endpoint: Endpoint, criteria: Criteria) =>
  searchChecked(world, user, endpoint, criteria);

/** Ways a CSR could look a customer up, each precise enough to find them. */
function lookups(c: {
  customerNo: number;
  branchNo: string;
  firstName: string;
  lastName: string;
  email: string;
  homePhone: string;
  streetNo: string;
  streetNm: string;
  city: string;
  state: string;
  zip: string;
  fullAddress: string;
}): Criteria[] {
  const list: Criteria[] = [
    { lastname: c.lastName },
    { firstname: c.firstName, lastname: c.lastName.toUpperCase() },
    { cust_no: String(c.customerNo) },
    { cust_no: String(c.customerNo), branchno: c.branchNo.toLowerCase() },
    { branchno: c.branchNo, lastname: c.lastName },
    { zip: c.zip, lastname: c.lastName },
    { streetno: c.streetNo, streetnm: c.streetNm.slice(1, 4) },
    { city: c.city.toLowerCase(), lastname: c.lastName },
    { state: c.state.toLowerCase(), lastname: c.lastName },
    { fulladdress: c.fullAddress.toLowerCase() },
  ];
  if (c.homePhone) list.push({ phone: formatPhone(c.homePhone) }, { phone: `+1 ${c.homePhone}` });
  if (c.email) list.push({ email: c.email.toUpperCase() });
  return list;
}

const STORY = STORY_CUSTOMERS.map((c) => {
  const address = buildStreetAddress(c);
  return { ...c, fullAddress: buildFullAddress(address, c.city, c.state, c.zip) };
});

describe('the story customers, by every criterion, through every endpoint', () => {
  it('the story customers are where the spec places them', () => {
    expect(STORY.map((c) => [c.lastName, c.branchNo, branchOf(c.branchNo).designation])).toEqual([
      ['Thornbury', 'SG101', 'IND'],
      ['Okonkwo', 'SG102', 'IND'],
      ['Vasquez-Lund', 'SG103', 'IND'],
      ['Brennan', 'SG111', 'IND'],
      ['Lindgren', 'SLI010', 'COF'],
      ['Wiśniewski', 'SLI012', 'COF'],
      ['Pickens', 'PB171', 'IND'],
    ]);
  });

  it.each(PAIRS)('%s through %s finds exactly the story customers in scope', async (user, endpoint) => {
    const found: string[] = [];
    for (const c of STORY) {
      const shouldFind = visible(user, endpoint, branchOf(c.branchNo));
      for (const criteria of lookups(c)) {
        const keys = await checked(user, endpoint, criteria);
        expect(keys.has(customerKey(c)), `${c.lastName} by ${JSON.stringify(criteria)}`).toBe(shouldFind);
      }
      if (shouldFind) found.push(c.lastName);
    }
    const expected = {
      admin: {
        general: ['Thornbury', 'Okonkwo', 'Vasquez-Lund', 'Brennan', 'Lindgren', 'Wiśniewski', 'Pickens'],
        cof: ['Lindgren', 'Wiśniewski'],
        ind: ['Thornbury', 'Okonkwo', 'Vasquez-Lund', 'Brennan', 'Pickens'],
      },
      'csr.external': {
        general: ['Thornbury', 'Okonkwo', 'Vasquez-Lund', 'Brennan', 'Lindgren', 'Wiśniewski', 'Pickens'],
        cof: ['Lindgren', 'Wiśniewski'],
        ind: ['Thornbury', 'Okonkwo', 'Vasquez-Lund', 'Brennan', 'Pickens'],
      },
      'csr.corporate': {
        general: ['Thornbury', 'Okonkwo', 'Vasquez-Lund', 'Brennan', 'Pickens'],
        cof: [],
        ind: ['Thornbury', 'Okonkwo', 'Vasquez-Lund', 'Brennan', 'Pickens'],
      },
      'csr.cof': { general: ['Lindgren', 'Wiśniewski'], cof: ['Lindgren', 'Wiśniewski'], ind: [] },
      'csr.franchise': {
        general: ['Thornbury', 'Okonkwo'],
        cof: [],
        ind: ['Thornbury', 'Okonkwo'],
      },
    } satisfies Record<UserName, Record<Endpoint, string[]>>;
    // The table above spells out the spec; the oracle must agree with it.
    expect(found).toEqual(expected[user][endpoint]);
  });
});

describe('csr.franchise (SG101, SG102 of franchise 18001)', () => {
  const foreignBranches = () => [...branches.keys()].filter((b) => !FRANCHISE_USER_BRANCHES.includes(b)).sort();

  it('sees nothing of SG103, its own franchise’s third branch, by any criterion', async () => {
    const irene = STORY.find((c) => c.branchNo === 'SG103');
    if (!irene) throw new Error('no SG103 story customer');
    for (const endpoint of ENDPOINT_NAMES) {
      for (const criteria of [
        ...lookups(irene),
        { branchno: 'SG103' },
        { branchno: 'sg103' },
        { cust_no: '1003', branchno: 'SG103' },
        { cust_no: '1003', branchno: 'SG101' },
        { zip: '60432' },
        { city: 'Joliet' },
        { phone: '815' },
      ]) {
        const body = await api.rows('csr.franchise', criteria, endpoint);
        for (const row of body.rows) expect(FRANCHISE_USER_BRANCHES).toContain(row.Branch);
        expect(body.rows.map((r) => r.AccountNo)).not.toContain(1003);
      }
    }
  });

  it('gets nothing for any other branch number, from any endpoint', async () => {
    expect(foreignBranches()).toHaveLength(branches.size - 2);
    for (const branchno of foreignBranches()) {
      for (const endpoint of ENDPOINT_NAMES) {
        for (const criteria of [{ branchno }, { branchno: branchno.toLowerCase(), state: 'IL' }]) {
          const body = await api.rows('csr.franchise', criteria, endpoint);
          expect(body, `${branchno} via ${endpoint}`).toMatchObject({
            rows: [],
            rowCount: 0,
            total: 0,
            limit: 500,
            overLimit: false,
          });
        }
      }
    }
  });

  it('gets nothing for the customer number of a customer of any other branch', async () => {
    for (const branchNo of foreignBranches()) {
      const sample = all.filter((c) => c.branchNo === branchNo).slice(0, 3);
      expect(sample.length).toBeGreaterThan(0);
      for (const c of sample) {
        for (const endpoint of ENDPOINT_NAMES) {
          const body = await api.rows('csr.franchise', { cust_no: String(c.customerNo) }, endpoint);
          expect(body.rows, `${branchNo} ${c.customerNo} via ${endpoint}`).toEqual([]);
          expect(body.total).toBe(0);
        }
      }
    }
  });

  it('gets no foreign row when it adds sqldbid / SQLDBID / branchno of other franchises, from any endpoint', async () => {
    const sqldbidOf = new Map(all.map((c) => [c.branchNo, c.sqldbid]));
    const own = (b: string) => FRANCHISE_USER_BRANCHES.includes(b);
    const foreignFranchises = [...new Set(foreignBranches().map((b) => sqldbidOf.get(b)))];
    // Every franchise has a foreign branch: 18001's own SG103, and every other franchise whole.
    expect(foreignFranchises).toHaveLength(new Set(all.map((c) => c.sqldbid)).size);
    const attempts: Record<string, unknown>[] = [
      // The audit's three: a customer of its own franchise's other branch, and of two other franchises.
      { lastname: 'Vasquez-Lund', sqldbid: 18001 },
      { cust_no: '1005', SQLDBID: 18002 },
      { lastname: 'Lindgren', sqldbid: 17501 },
      { lastname: 'Lindgren', sqldbid: '17501', branchno: 'SLI010' },
      { lastname: 'Pickens', SQLDBID: 18008, branchno: 'PB171' },
      { cust_no: '1003', sqldbid: 18001, SQLDBID: 18001, branchno: 'SG103' },
      { cust_no: '1004', sqldbid: 18002, branchno: 'SG111' },
    ];
    for (const branchno of foreignBranches()) {
      const sqldbid = sqldbidOf.get(branchno);
      attempts.push({ branchno, sqldbid }, { branchno: branchno.toLowerCase(), SQLDBID: sqldbid, state: 'IL' });
      attempts.push({ zip: '6', sqldbid }, { lastname: 'a', SQLDBID: String(sqldbid), sqlDbId: sqldbid });
    }
    for (const endpoint of ENDPOINT_NAMES) {
      for (const body of attempts) {
        const answer = await api.rows('csr.franchise', body, endpoint);
        for (const row of answer.rows) {
          expect(own(row.Branch), `${JSON.stringify(body)} via ${endpoint}: ${row.Branch}`).toBe(true);
        }
        // The keys are not criteria (call-handling.md §9 lists the criteria): the answer is the same search
        // without them, so it can only hold the user's own customers.
        const criteria = Object.fromEntries(
          Object.entries(body).filter(([k]) => k !== 'sqldbid' && k !== 'SQLDBID' && k !== 'sqlDbId'),
        ) as Criteria;
        const expected = all.filter((c) => own(c.branchNo) && endpoint !== 'cof' && meets(c, criteria));
        expect(answer.total, `${JSON.stringify(body)} via ${endpoint}`).toBe(expected.length);
        // Another branch, another company's customer numbers or names: nothing at all.
        const none =
          criteria.branchno !== undefined ||
          ['1003', '1004', '1005'].includes(criteria.cust_no ?? '') ||
          ['Vasquez-Lund', 'Lindgren', 'Pickens'].includes(typeof body.lastname === 'string' ? body.lastname : '');
        const empty = { rows: [], rowCount: 0, total: 0, overLimit: false };
        expect(none ? answer : empty, `${JSON.stringify(body)} via ${endpoint}`).toMatchObject(empty);
      }
    }
  });

  it('sees its own branches by branch number', async () => {
    for (const branchno of FRANCHISE_USER_BRANCHES) {
      const keys = await checked('csr.franchise', 'general', { branchno });
      expect(keys.size).toBe(all.filter((c) => c.branchNo === branchno).length);
    }
  });
});
