/**
 * Franchise Maintenance (decision 032): the config calls under /api/Utilities/ — guards (roles 2,
 * 5, 6, 7; role 1 passes), franchise scope (a supervisor of the company-owned company sees and changes only
 * company-owned franchises, an independent franchise's only its branches; the corporate supervisor every franchise,
 * decision 065), validation (a 400 naming the field
 * and the bad address, nothing written) and the audit row of each change, written once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import {
  auditAfter,
  callRoute,
  companyOwnedSupervisor,
  configSnapshot,
  franchiseSupervisor,
  lastAuditId,
  UTILITY_ROUTES,
} from './test-support.js';

let t: TestApp;
let admin: string;
let supervisor: string;
let usermanager: string;
let cofSupervisor: string;
let indSupervisor: string;
let csrFranchise: string;
let csrCorporate: string;

beforeAll(async () => {
  t = await createTestApp();
  [admin, supervisor, usermanager, csrFranchise, csrCorporate] = await Promise.all([
    t.signin('admin'),
    t.signin('supervisor'),
    t.signin('usermanager'),
    t.signin('csr.franchise'),
    t.signin('csr.corporate'),
  ]);
  cofSupervisor = await companyOwnedSupervisor(t, admin);
  indSupervisor = await franchiseSupervisor(t);
});
afterAll(async () => {
  await t.close();
});

describe('guards: roles 2, 5, 6, 7 (and 1) on every call', () => {
  it.each(UTILITY_ROUTES)('%s: 401 without a session, 403 for a CSR, never 403 for a supervisor', async (name) => {
    expect((await callRoute(t, undefined, name, {})).statusCode).toBe(401);
    for (const csr of [csrFranchise, csrCorporate]) {
      const refused = await callRoute(t, csr, name, {});
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ message: 'Access Denied.' });
    }
    for (const allowed of [supervisor, usermanager, admin]) {
      expect([401, 403]).not.toContain((await callRoute(t, allowed, name, {})).statusCode);
    }
  });
});

describe('GetActiveFranchises: the franchises of the caller’s scope, with their branches', () => {
  it('the corporate supervisor sees every franchise, the company-owned supervisor the company-owned, a franchise its branches', async () => {
    const list = async (token: string) =>
      (await t.call(token, { method: 'GET', url: '/api/Utilities/GetActiveFranchises' })).json<
        { sqldbid: number; designation: string; branches: string[] }[]
      >();
    const corporate = await list(supervisor);
    const owned = await list(cofSupervisor);
    const everything = await list(admin);
    // The corporate call centre runs the whole network's lists (decision 065): the administrator's list exactly.
    expect(corporate).toEqual(everything);
    expect(corporate.find((f) => f.sqldbid === 18001)).toMatchObject({ branches: ['SG101', 'SG102', 'SG103'] });
    expect(owned.map((f) => f.sqldbid).sort()).toEqual([17501, 17502, 17503, 17504, 17505, 17506, 17508, 17510]);
    expect(owned.every((f) => f.designation === 'COF')).toBe(true);
    expect(everything.filter((f) => f.designation === 'COF')).toEqual(owned);
    expect(await list(indSupervisor)).toEqual([
      expect.objectContaining({ sqldbid: 18001, branches: ['SG101', 'SG102'] }),
    ]);
  });
});

describe('company config (by SQLDBID)', () => {
  it('reads the stored config and updates it, one audit row per change, none for the same values again', async () => {
    const read = await callRoute(t, supervisor, 'getCompanyConfig', { sqldbid: 18002 });
    expect(read.statusCode, read.body).toBe(200);
    const before = read.json<{ ccEmailAddresses: string }>();
    expect(before).toMatchObject({ sqldbid: 18002, webLeadsStart: '08:00', webLeadsEnd: '17:00' });
    expect(before.ccEmailAddresses).toMatch(/^manager@.+;sales@.+$/);

    const auditId = await lastAuditId(t);
    const update = {
      sqldbid: 18002,
      webLeadsStart: '07:30',
      webLeadsEnd: '19:15',
      ccEmailAddresses: ' leads@meadow.example ; owner@meadow.example ',
    };
    const response = await callRoute(t, supervisor, 'updateCompanyConfig', update);
    expect(response.statusCode, response.body).toBe(200);
    const after = { ...update, ccEmailAddresses: 'leads@meadow.example;owner@meadow.example' };
    expect(response.json()).toEqual(after);
    expect((await callRoute(t, supervisor, 'getCompanyConfig', { sqldbid: 18002 })).json()).toEqual(after);
    expect(await auditAfter(t, auditId)).toEqual([
      { action: 'update', entity: 'company-config', entity_id: '18002', actor: 'supervisor', before, after },
    ]);

    // A retried request changes nothing more.
    expect((await callRoute(t, supervisor, 'updateCompanyConfig', update)).statusCode).toBe(200);
    expect(await auditAfter(t, auditId)).toHaveLength(1);
  });

  it('a franchise outside the caller’s scope is not found, and nothing is written', async () => {
    const before = await configSnapshot(t);
    const update = { sqldbid: 18001, webLeadsStart: '09:00', webLeadsEnd: '10:00', ccEmailAddresses: '' };
    for (const [token, sqldbid] of [
      [cofSupervisor, 18001],
      [indSupervisor, 17501],
      [indSupervisor, 18002],
    ] as const) {
      expect((await callRoute(t, token, 'getCompanyConfig', { sqldbid })).statusCode).toBe(404);
      expect((await callRoute(t, token, 'updateCompanyConfig', { ...update, sqldbid })).statusCode).toBe(404);
    }
    expect(await configSnapshot(t)).toBe(before);
    // In scope, the company-owned supervisor changes its own franchise.
    const own = await callRoute(t, cofSupervisor, 'updateCompanyConfig', { ...update, sqldbid: 17501 });
    expect(own.statusCode, own.body).toBe(200);
  });
});

describe('inbound follow-up config (by branch)', () => {
  it('answers the defaults for a branch without one, then the update, with its audit row', async () => {
    const read = await callRoute(t, supervisor, 'getInboundFollowUpConfig', { branchNo: 'SG103' });
    expect(read.json()).toEqual({
      branchNo: 'SG103',
      inboundFollowUpStart: '08:00',
      inboundFollowUpEnd: '17:00',
      ccEmailAddresses: '',
    });
    const auditId = await lastAuditId(t);
    const update = {
      branchNo: 'SG103',
      inboundFollowUpStart: '12:00',
      inboundFollowUpEnd: '16:30',
      ccEmailAddresses: 'followups@joliet.example',
    };
    const response = await callRoute(t, usermanager, 'updateInboundFollowUpConfig', update);
    expect(response.statusCode, response.body).toBe(200);
    expect((await callRoute(t, supervisor, 'getInboundFollowUpConfig', { branchNo: 'SG103' })).json()).toEqual(update);
    expect(await auditAfter(t, auditId)).toEqual([
      {
        action: 'update',
        entity: 'inbound-follow-up-config',
        entity_id: 'SG103',
        actor: 'usermanager',
        before: read.json(),
        after: update,
      },
    ]);
  });

  it('a branch outside the scope, or none such, is not found', async () => {
    const before = await configSnapshot(t);
    const update = { inboundFollowUpStart: '09:00', inboundFollowUpEnd: '10:00', ccEmailAddresses: '' };
    expect((await callRoute(t, cofSupervisor, 'getInboundFollowUpConfig', { branchNo: 'SG101' })).statusCode).toBe(404);
    expect(
      (await callRoute(t, cofSupervisor, 'updateInboundFollowUpConfig', { branchNo: 'SG101', ...update })).statusCode,
    ).toBe(404);
    expect(
      (await callRoute(t, admin, 'updateInboundFollowUpConfig', { branchNo: 'XX999', ...update })).statusCode,
    ).toBe(404);
    expect(await configSnapshot(t)).toBe(before);
  });
});

describe('additional-service hot-prospect config (by branch)', () => {
  it('defaults to active with no addresses of its own; an update is read back and audited', async () => {
    const read = await callRoute(t, cofSupervisor, 'getHotProspectConfig', { branchNo: 'SLI012' });
    expect(read.json()).toEqual({ branchNo: 'SLI012', active: true, emailAddresses: '' });
    const auditId = await lastAuditId(t);
    const update = { branchNo: 'SLI012', active: false, emailAddresses: 'thp@sli012.example;Owner@SLI012.example' };
    const response = await callRoute(t, cofSupervisor, 'updateHotProspectConfig', update);
    expect(response.statusCode, response.body).toBe(200);
    expect((await callRoute(t, admin, 'getHotProspectConfig', { branchNo: 'SLI012' })).json()).toEqual(update);
    expect(await auditAfter(t, auditId)).toMatchObject([
      { entity: 'hot-prospect-config', entity_id: 'SLI012', actor: 'cof_supervisor', after: update },
    ]);
    expect((await callRoute(t, indSupervisor, 'getHotProspectConfig', { branchNo: 'SLI012' })).statusCode).toBe(404);
    // The corporate supervisor runs it too (decision 065).
    expect((await callRoute(t, supervisor, 'getHotProspectConfig', { branchNo: 'SLI012' })).json()).toEqual(update);
  });
});

describe('bad input: a 400 naming the field (and the bad address), nothing written', () => {
  const company = { sqldbid: 18003, webLeadsStart: '08:00', webLeadsEnd: '17:00', ccEmailAddresses: 'a@b.example' };
  const followUp = {
    branchNo: 'SG101',
    inboundFollowUpStart: '08:00',
    inboundFollowUpEnd: '17:00',
    ccEmailAddresses: '',
  };
  const cases: [
    string,
    'updateCompanyConfig' | 'updateInboundFollowUpConfig' | 'updateHotProspectConfig',
    object,
    string,
    RegExp,
  ][] = [
    ['a time that is not HH:mm', 'updateCompanyConfig', { ...company, webLeadsStart: '8am' }, 'webLeadsStart', /HH:mm/],
    ['an hour past 23', 'updateCompanyConfig', { ...company, webLeadsEnd: '24:00' }, 'webLeadsEnd', /HH:mm/],
    [
      'an end before the start',
      'updateCompanyConfig',
      { ...company, webLeadsStart: '18:00' },
      'webLeadsEnd',
      /after webLeadsStart \(18:00\)/,
    ],
    [
      'an end equal to the start',
      'updateInboundFollowUpConfig',
      { ...followUp, inboundFollowUpEnd: '08:00' },
      'inboundFollowUpEnd',
      /after/,
    ],
    [
      'a bad address among good ones',
      'updateCompanyConfig',
      { ...company, ccEmailAddresses: 'a@b.example; not-an-address ;c@d.example' },
      'ccEmailAddresses',
      /'not-an-address' is not an email address/,
    ],
    [
      'an address twice',
      'updateInboundFollowUpConfig',
      { ...followUp, ccEmailAddresses: 'a@b.example;A@B.example' },
      'ccEmailAddresses',
      /'A@B.example' is listed twice/,
    ],
    [
      'an address with a space',
      'updateHotProspectConfig',
      { branchNo: 'SG101', active: true, emailAddresses: 'ann smith@b.example' },
      'emailAddresses',
      /'ann smith@b.example'/,
    ],
    ['no branch', 'updateHotProspectConfig', { active: true, emailAddresses: '' }, 'branchNo', /./],
    [
      'active not a boolean',
      'updateHotProspectConfig',
      { branchNo: 'SG101', active: 'yes', emailAddresses: '' },
      'active',
      /./,
    ],
    ['no SQLDBID', 'updateCompanyConfig', { ...company, sqldbid: 'x' }, 'sqldbid', /./],
  ];
  it.each(cases)('%s', async (_name, route, body, field, message) => {
    const before = await configSnapshot(t);
    const response = await callRoute(t, admin, route, body);
    expect(response.statusCode, response.body).toBe(400);
    const answer = response.json<{ message: string; errors?: Record<string, string> }>();
    expect(answer.message.startsWith(`${field}:`), answer.message).toBe(true);
    expect(answer.message).toMatch(message);
    expect(await configSnapshot(t)).toBe(before);
  });
});
