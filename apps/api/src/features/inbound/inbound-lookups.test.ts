/**
 * The inbound franchise calls: company info and the franchise lookup of the add-call dialog, each within the caller's
 * scope.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyInfoResponse, FranchiseSummary } from '@cc/contract';
import { ALL_FRANCHISES } from '../../db/seed/reference.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { BRANCHES, SCOPE, SG101, zipsOf, type ErrorBody } from './lookups-test-support.js';
import { InboundClient, USERS, type UserName } from './test-support.js';

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

describe('POST /api/inbound/getCompanyInfo', () => {
  const info = (user: UserName, body: object) => api.post(user, 'getCompanyInfo', body);
  const ok = async (user: UserName, body: object) => {
    const response = await info(user, body);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<CompanyInfoResponse>();
  };

  it('csr.franchise gets franchise 18001 with only its branches SG101 and SG102, by sqldbid', async () => {
    const answer = await ok('csr.franchise', { sqldbid: 18001 });
    expect(answer).toEqual({
      sqldbid: 18001,
      compName: 'Green Meadows Lawn Care',
      designation: 'IND',
      timeZone: 'America/Chicago',
      brandId: 1,
      branches: [
        SG101,
        {
          branchNo: 'SG102',
          sqldbid: 18001,
          compName: 'Green Meadows Lawn Care',
          designation: 'IND',
          city: 'Aurora',
          state: 'IL',
        },
      ],
      serviceZips: zipsOf(['SG101', 'SG102']),
    });
    expect(answer.serviceZips).not.toContain('60432');
  });

  it.each(['SG101', 'sg102'])('csr.franchise gets the same by branch number %s', async (branchno) => {
    expect(await ok('csr.franchise', { branchno })).toEqual(await ok('csr.franchise', { sqldbid: 18001 }));
  });

  it('admin gets franchise 18001 with all three branches and their zips', async () => {
    const answer = await ok('admin', { branchno: 'SG103' });
    expect(answer.sqldbid).toBe(18001);
    expect(answer.branches.map((b) => b.branchNo)).toEqual(['SG101', 'SG102', 'SG103']);
    expect(answer.serviceZips).toEqual(zipsOf(['SG101', 'SG102', 'SG103']));
  });

  it('answers a company-owned franchise to csr.cof', async () => {
    const answer = await ok('csr.cof', { sqldbid: 17501 });
    expect(answer).toMatchObject({ sqldbid: 17501, designation: 'COF', compName: 'Spring Green Lawn Care of Omaha' });
    expect(answer.branches.map((b) => b.branchNo)).toEqual(['SLI010']);
    expect(answer.serviceZips).toEqual(zipsOf(['SLI010']));
    expect((await ok('csr.cof', { branchno: 'sli012' })).sqldbid).toBe(17502);
  });

  it.each<[UserName, object]>([
    ['csr.franchise', { sqldbid: 18002 }],
    ['csr.franchise', { branchno: 'SG111' }],
    ['csr.franchise', { sqldbid: 17501 }],
    ['csr.franchise', { branchno: 'SLI010' }],
    ['csr.franchise', { branchno: 'SG103' }],
    ['csr.cof', { sqldbid: 18001 }],
    ['csr.cof', { branchno: 'SG101' }],
    ['csr.corporate', { sqldbid: 17501 }],
    ['csr.corporate', { branchno: 'SLI035' }],
    ['admin', { sqldbid: 99999 }],
    ['admin', { branchno: 'ZZ999' }],
  ])('%s asking for %j: 404', async (user, body) => {
    const response = await info(user, body);
    expect(response.statusCode).toBe(404);
    expect(response.json<ErrorBody>()).toEqual({ error: 'NOT_FOUND', message: 'Franchise not found.' });
  });

  it('answers every franchise to admin and csr.external, and each designation to its users', async () => {
    for (const f of ALL_FRANCHISES) {
      for (const user of ['admin', 'csr.external', 'csr.corporate', 'csr.cof'] as const) {
        const response = await info(user, { sqldbid: f.sqldbid });
        const allowed = SCOPE[user].includes(f.branches[0]?.branchNo ?? '');
        expect(response.statusCode, `${user} ${f.sqldbid}`).toBe(allowed ? 200 : 404);
        const answer = response.json<Partial<CompanyInfoResponse>>();
        expect(answer.branches?.map((b) => b.branchNo)).toEqual(
          allowed ? f.branches.map((b) => b.branchNo).sort() : undefined,
        );
        expect(answer.compName).toBe(allowed ? f.compName : undefined);
      }
    }
  });

  it.each<[object, string]>([
    [{}, 'sqldbid'],
    [{ branchno: '' }, 'sqldbid'],
    [{ branchno: '   ' }, 'sqldbid'],
    [{ sqldbid: 'abc' }, 'sqldbid'],
    [{ sqldbid: 0 }, 'sqldbid'],
    [{ sqldbid: -5 }, 'sqldbid'],
    [{ branchno: 'SG101SG102SG103' }, 'branchno'],
  ])('%j: 400 naming %s', async (body, field) => {
    const response = await info('admin', body);
    expect(response.statusCode).toBe(400);
    const answer = response.json<ErrorBody>();
    expect(answer.error).toBe('VALIDATION');
    expect(answer.message.startsWith(`${field}: `)).toBe(true);
  });
});

describe('GET /api/inbound/franchises', () => {
  const lookup = async (user: UserName, prefix?: string) => {
    const response = await t.call(api.token(user), {
      method: 'GET',
      url: '/api/inbound/franchises',
      ...(prefix === undefined ? {} : { query: { prefix } }),
    });
    expect(response.statusCode).toBe(200);
    return response.json<{ franchises: FranchiseSummary[] }>().franchises;
  };
  const numbers = (list: FranchiseSummary[]) => list.map((f) => f.branchNo);

  it('prefix SG1 answers only the branches in scope', async () => {
    expect(await lookup('csr.franchise', 'SG1')).toEqual([
      SG101,
      {
        branchNo: 'SG102',
        sqldbid: 18001,
        compName: 'Green Meadows Lawn Care',
        designation: 'IND',
        city: 'Aurora',
        state: 'IL',
      },
    ]);
    expect(numbers(await lookup('csr.cof', 'SG1'))).toEqual([]);
    const sg1 = BRANCHES.map((b) => b.branchNo)
      .filter((b) => b.startsWith('SG1'))
      .sort();
    expect(numbers(await lookup('admin', 'SG1'))).toEqual(sg1);
    expect(numbers(await lookup('csr.corporate', 'SG1'))).toEqual(sg1);
  });

  it('a lower-case prefix works', async () => {
    expect(numbers(await lookup('csr.cof', 'sli'))).toEqual(SCOPE['csr.cof'].slice().sort());
    expect(numbers(await lookup('csr.franchise', 'sg10'))).toEqual(['SG101', 'SG102']);
  });

  it('answers every user only its own scope, in branch order, at most 25', async () => {
    for (const user of USERS) {
      for (const prefix of [undefined, '', 'S', 'SG', 'SL', 'P', 'PB1', 'SG10', 'SG103', 'SLI0']) {
        const list = numbers(await lookup(user, prefix));
        const expected = SCOPE[user]
          .filter((b) => b.startsWith((prefix ?? '').toUpperCase()))
          .sort()
          .slice(0, 25);
        expect(list, `${user} ${prefix}`).toEqual(expected);
      }
    }
  });

  it('wildcards are literal', async () => {
    for (const prefix of ['%', '_', 'SG1%', 'SG_0']) expect(await lookup('admin', prefix)).toEqual([]);
  });

  it('a prefix longer than 10 characters is a 400 naming prefix', async () => {
    const response = await t.call(api.token('admin'), {
      method: 'GET',
      url: '/api/inbound/franchises',
      query: { prefix: 'SG1SG1SG1SG1' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().message).toMatch(/^prefix: /);
  });
});
