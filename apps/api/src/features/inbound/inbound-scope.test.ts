/**
 * Company scope of the three inbound searches (call-handling.md §6): who may find whom, by any
 * criterion, through SearchCustomers, SearchcofCustomers and SearchindCustomers. The expectation is
 * the oracle in test-support.ts (written from the spec, not from the domain scope code).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { buildFullAddress, buildStreetAddress, formatPhone } from '@cc/domain';
import { STORY_CUSTOMERS } from '../../db/seed/index.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import {
  ENDPOINT_NAMES,
  FRANCHISE_USER_BRANCHES,
  InboundClient,
  USERS,
  customerKey,
  isSortedByBranchThenAccount,
  keyOf,
  meets,
  visible,
  type Branch,
  type Criteria,
  type CustomerRecord,
  type Endpoint,
  type UserName,
} from './test-support.js';

let t: TestApp;
let api: InboundClient;
let branches: Map<string, Branch>;
let all: CustomerRecord[];
beforeAll(async () => {
  t = await createTestApp();
  api = new InboundClient(t);
  await api.signinAll();
  branches = await api.branches();
  all = await api.allCustomers();
});
afterAll(async () => {
  await t.close();
});

function branchOf(branchNo: string): Branch {
  const branch = branches.get(branchNo);
  if (!branch) throw new Error(`unknown branch ${branchNo}`);
  return branch;
}

const PAIRS: [UserName, Endpoint][] = USERS.flatMap((u) => ENDPOINT_NAMES.map((e): [UserName, Endpoint] => [u, e]));

/**
 * Search and check the answer against the oracle: the total is the number of customers that meet
 * the criteria and are visible; under the limit the rows are exactly those, sorted; every row is
 * in scope. Answers the row keys.
 */
async function searchChecked(user: UserName, endpoint: Endpoint, criteria: Criteria): Promise<Set<string>> {
  const expected = all.filter((c) => meets(c, criteria) && visible(user, endpoint, branchOf(c.branchNo)));
  const body = await api.rows(user, criteria, endpoint);
  for (const row of body.rows) {
    if (!visible(user, endpoint, branchOf(row.Branch))) {
      throw new Error(`${user} ${endpoint} ${JSON.stringify(criteria)} answered ${row.Branch} ${row.AccountNo}`);
    }
  }
  expect(body.total).toBe(expected.length);
  if (expected.length > 500) {
    expect(body).toMatchObject({ rows: [], overLimit: true });
  } else {
    expect(body.overLimit).toBe(false);
    expect(body.rows.map(keyOf).sort()).toEqual(expected.map(customerKey).sort());
    expect(isSortedByBranchThenAccount(body.rows)).toBe(true);
  }
  return new Set(body.rows.map(keyOf));
}

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
        const keys = await searchChecked(user, endpoint, criteria);
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
        if (criteria.branchno !== undefined || ['1003', '1004', '1005'].includes(criteria.cust_no ?? '')) {
          expect(answer, `${JSON.stringify(body)} via ${endpoint}`).toMatchObject({
            rows: [],
            rowCount: 0,
            total: 0,
            limit: 500,
            overLimit: false,
          });
        }
        if (body.lastname === 'Vasquez-Lund' || body.lastname === 'Lindgren' || body.lastname === 'Pickens') {
          expect(answer.total).toBe(0);
        }
      }
    }
  });

  it('sees its own branches by branch number', async () => {
    for (const branchno of FRANCHISE_USER_BRANCHES) {
      const keys = await searchChecked('csr.franchise', 'general', { branchno });
      expect(keys.size).toBe(all.filter((c) => c.branchNo === branchno).length);
    }
  });
});

describe('designation scopes', () => {
  const cofCriteria: Criteria[] = [
    { lastname: 'Lindgren' },
    { lastname: 'Wiśniewski' },
    { cust_no: '1005' },
    { branchno: 'SLI010' },
    { state: 'NE' },
    { zip: '68132' },
    { fulladdress: '4815 Dodge St, Omaha, NE 68132' },
  ];
  const indCriteria: Criteria[] = [
    { lastname: 'Thornbury' },
    { cust_no: '1004' },
    { branchno: 'SG111' },
    { branchno: 'PB171' },
    { zip: '60540' },
    { state: 'MO', lastname: 'Pickens' },
    { phone: '(815) 555-2204' },
  ];

  it('csr.cof gets nothing from SearchindCustomers, whatever the criteria', async () => {
    for (const criteria of [...cofCriteria, ...indCriteria, { state: 'IL' }, { zip: '6' }]) {
      expect(await api.rows('csr.cof', criteria, 'ind')).toMatchObject({
        rows: [],
        rowCount: 0,
        total: 0,
        limit: 500,
        overLimit: false,
      });
    }
  });

  it('csr.corporate gets nothing from SearchcofCustomers, whatever the criteria', async () => {
    for (const criteria of [...cofCriteria, ...indCriteria, { state: 'IL' }, { zip: '6' }]) {
      expect(await api.rows('csr.corporate', criteria, 'cof')).toMatchObject({
        rows: [],
        rowCount: 0,
        total: 0,
        limit: 500,
        overLimit: false,
      });
    }
  });

  it('csr.cof sees only company-owned (SLI…) branches through SearchCustomers and SearchcofCustomers', async () => {
    for (const endpoint of ['general', 'cof'] as const) {
      for (const criteria of cofCriteria) {
        const keys = await searchChecked('csr.cof', endpoint, criteria);
        expect(keys.size).toBeGreaterThan(0);
        expect(keys.size).toBe(all.filter((c) => meets(c, criteria) && c.branchNo.startsWith('SLI')).length);
      }
      for (const criteria of indCriteria) expect((await searchChecked('csr.cof', endpoint, criteria)).size).toBe(0);
    }
  });

  it('csr.corporate sees independent-franchise customers but no company-owned ones', async () => {
    for (const endpoint of ['general', 'ind'] as const) {
      for (const criteria of cofCriteria) {
        const keys = await searchChecked('csr.corporate', endpoint, criteria);
        for (const key of keys) expect(key.startsWith('175')).toBe(false);
        expect([...keys].some((k) => ['17501/1005', '17502/1006'].includes(k))).toBe(false);
      }
      for (const criteria of indCriteria)
        expect((await searchChecked('csr.corporate', endpoint, criteria)).size).toBe(
          all.filter((c) => meets(c, criteria) && branchOf(c.branchNo).designation === 'IND').length,
        );
    }
  });

  it.each(['admin', 'csr.external'] as const)('%s sees every customer through SearchCustomers', async (user) => {
    let total = 0;
    for (const state of [...new Set(all.map((c) => c.state))]) {
      const body = await api.rows(user, { state });
      total += body.total;
    }
    expect(total).toBe(all.length);
  });
});

describe('every row any user gets back is inside that user’s scope', () => {
  it.each(PAIRS)('%s through %s: every state, several name prefixes', async (user, endpoint) => {
    const states = [...new Set(all.map((c) => c.state))].sort();
    expect(states.length).toBeGreaterThan(5);
    for (const state of states) await searchChecked(user, endpoint, { state });
    for (const lastname of ['a', 'b', 'mo', 'o', 'w']) await searchChecked(user, endpoint, { lastname });
    for (const zip of ['6', '5', '4', '7']) await searchChecked(user, endpoint, { zip });
  });

  it.each(PAIRS)(
    '%s through %s: one generated customer of every branch, by customer number and by name and zip',
    async (user, endpoint) => {
      const perBranch = [...branches.keys()].sort().map((b) => {
        const c = all
          .filter((x) => x.branchNo === b && x.customerNo >= 100_000)
          .sort((x, y) => x.customerNo - y.customerNo)[0];
        if (!c) throw new Error(`no generated customer in ${b}`);
        return c;
      });
      expect(perBranch).toHaveLength(branches.size);
      for (const c of perBranch) {
        const shouldFind = visible(user, endpoint, branchOf(c.branchNo));
        for (const criteria of [
          { cust_no: String(c.customerNo) },
          { lastname: c.lastName, firstname: c.firstName, zip: c.zip },
        ]) {
          const keys = await searchChecked(user, endpoint, criteria);
          expect(keys.has(customerKey(c)), `${c.branchNo} ${JSON.stringify(criteria)}`).toBe(shouldFind);
        }
      }
    },
  );

  // One property per user, so that each stays well inside the test time-out on a busy machine.
  it.each(USERS)(
    'property: any lookup of any customer by %s answers exactly the matching customers in scope',
    async (user) => {
      const fields = [
        'firstname',
        'lastname',
        'phone',
        'email',
        'cust_no',
        'branchno',
        'streetno',
        'streetnm',
        'city',
        'state',
        'zip',
        'fulladdress',
      ] as const;
      type Field = (typeof fields)[number];
      const valueOf = (c: CustomerRecord, field: Field, cut: number, upper: boolean): string | undefined => {
        const prefix = (v: string) => v.slice(0, Math.max(1, Math.ceil(v.length * cut)));
        const cased = (v: string) => (upper ? v.toUpperCase() : v.toLowerCase());
        switch (field) {
          case 'firstname':
            return cased(prefix(c.firstName));
          case 'lastname':
            return cased(prefix(c.lastName));
          case 'phone': {
            const phone = c.homePhone || c.cellPhone || c.workPhone;
            return phone ? formatPhone(phone).slice(0, Math.max(5, Math.ceil(14 * cut))) : undefined;
          }
          case 'email':
            return c.email ? cased(prefix(c.email)) : undefined;
          case 'cust_no':
            return String(c.customerNo);
          case 'branchno':
            return cased(c.branchNo);
          case 'streetno':
            return c.streetNo;
          case 'streetnm':
            return c.streetNm.length > 3 ? cased(c.streetNm.slice(1, 4)) : cased(c.streetNm);
          case 'city':
            return cased(prefix(c.city));
          case 'state':
            return cased(c.state);
          case 'zip':
            return c.zip.slice(0, Math.max(1, Math.round(5 * cut)));
          case 'fulladdress':
            return cased(prefix(c.fullAddress));
        }
      };
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...ENDPOINT_NAMES),
          fc.nat({ max: all.length - 1 }),
          fc.subarray([...fields], { minLength: 1, maxLength: 3 }),
          fc.double({ min: 0.2, max: 1, noNaN: true }),
          fc.boolean(),
          async (endpoint, index, chosen, cut, upper) => {
            const c = all[index];
            if (!c) throw new Error('no customer');
            const criteria: Criteria = {};
            for (const field of chosen) {
              const value = valueOf(c, field, cut, upper);
              if (value !== undefined) criteria[field] = value;
            }
            if (Object.keys(criteria).length === 0) return;
            const keys = await searchChecked(user, endpoint, criteria);
            const inScope = visible(user, endpoint, branchOf(c.branchNo));
            const matching = all.filter((x) => meets(x, criteria) && visible(user, endpoint, branchOf(x.branchNo)));
            if (matching.length <= 500) expect(keys.has(customerKey(c))).toBe(inScope);
          },
        ),
        { numRuns: 80, seed: 20260615 + USERS.indexOf(user) },
      );
    },
  );
});
