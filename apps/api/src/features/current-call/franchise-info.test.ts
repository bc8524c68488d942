/**
 * The franchise side of the call screen (call-handling.md §7 current call): POST /api/currentcall/getCCScript,
 * getFranchiseInfo and getCompanyConfigs. Franchise 18001 (Green Meadows Lawn Care) has branches SG101,
 * SG102 and SG103; csr.franchise works SG101 and SG102 only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { NO_FRANCHISE, expectBadInput, expectSameAsMissing, ok, signinAll, type Sessions } from './test-support.js';

let t: TestApp;
let s: Sessions;

beforeAll(async () => {
  t = await createTestApp();
  s = await signinAll(t);
});
afterAll(async () => {
  await t.close();
});

const NO_FRANCHISE_FOUND = { status: 404, message: 'Franchise not found.' };
const SCRIPT = '/api/currentcall/getCCScript';
const INFO = '/api/currentcall/getFranchiseInfo';
const CONFIGS = '/api/currentcall/getCompanyConfigs';
/** Franchises csr.franchise may not work for: another independent one, and a company-owned one. */
const FOREIGN = [18002, 17501];

describe('POST /api/currentcall/getCCScript', () => {
  it('answers the script of the call type, with the agent’s first name and the franchise', async () => {
    expect(
      await ok(t, s['csr.franchise'], 'POST', SCRIPT, { callType: 'Inbound', sqldbid: 18001, customerNo: 1001 }),
    ).toEqual({
      title: 'Inbound call script',
      paragraphs: [
        'Thank you for calling Green Meadows Lawn Care, this is Riley. How may I help you today?',
        'Verify the name, service address and phone number on the account.',
        'Listen to the customer, then review the programs and services that fit the lawn size and the season.',
        'Before we finish: may I confirm your email address so that we can send your confirmation? Thank you for choosing Green Meadows Lawn Care.',
      ],
    });
    const webLead = await ok<{ title: string; paragraphs: string[] }>(t, s['csr.cof'], 'POST', SCRIPT, {
      callType: 'WebLead',
      sqldbid: 17501,
    });
    expect(webLead.title).toBe('Outbound call script');
    expect(webLead.paragraphs[0]).toBe(
      'Hello, this is Jordan with Spring Green Lawn Care of Omaha. Thank you for requesting a quote on our website.',
    );
  });

  it('answers a franchise outside the scope exactly as a missing one', async () => {
    for (const sqldbid of FOREIGN) {
      await expectSameAsMissing(
        t,
        s['csr.franchise'],
        'POST',
        { url: SCRIPT, payload: { callType: 'Inbound', sqldbid } },
        { url: SCRIPT, payload: { callType: 'Inbound', sqldbid: NO_FRANCHISE } },
        NO_FRANCHISE_FOUND,
      );
    }
    await expectSameAsMissing(
      t,
      s['csr.cof'],
      'POST',
      { url: SCRIPT, payload: { callType: 'Inbound', sqldbid: 18001 } },
      { url: SCRIPT, payload: { callType: 'Inbound', sqldbid: NO_FRANCHISE } },
      NO_FRANCHISE_FOUND,
    );
  });

  it('refuses bad input', async () => {
    const f = s['csr.franchise'];
    await expectBadInput(t, f, 'POST', SCRIPT, { callType: 'Bogus', sqldbid: 18001 }, 'callType');
    await expectBadInput(t, f, 'POST', SCRIPT, { callType: '', sqldbid: 18001 }, 'callType');
    await expectBadInput(t, f, 'POST', SCRIPT, { callType: 'Inbound' }, 'sqldbid');
    await expectBadInput(t, f, 'POST', SCRIPT, { callType: 'Inbound', sqldbid: 18001, customerNo: -2 }, 'customerNo');
  });
});

describe('POST /api/currentcall/getFranchiseInfo', () => {
  const GREEN_MEADOWS = {
    sqldbid: 18001,
    compName: 'Green Meadows Lawn Care',
    designation: 'IND',
    timeZone: 'America/Chicago',
    phone: '8005551008',
    email: 'office@greenmeadowslawncare.example',
    address: '156 Commerce Dr, Naperville, IL',
    officeHours: 'Mon-Fri 8:00-17:00, Sat 8:00-12:00',
  };

  it('answers the franchise with the branches the user works', async () => {
    expect(await ok(t, s['csr.franchise'], 'POST', INFO, { sqldbid: 18001 })).toEqual({
      ...GREEN_MEADOWS,
      branches: [
        { branchNo: 'SG101', city: 'Naperville', state: 'IL' },
        { branchNo: 'SG102', city: 'Aurora', state: 'IL' },
      ],
    });
    expect(await ok(t, s['csr.corporate'], 'POST', INFO, { sqldbid: 18001 })).toEqual({
      ...GREEN_MEADOWS,
      branches: [
        { branchNo: 'SG101', city: 'Naperville', state: 'IL' },
        { branchNo: 'SG102', city: 'Aurora', state: 'IL' },
        { branchNo: 'SG103', city: 'Joliet', state: 'IL' },
      ],
    });
  });

  it('answers a franchise outside the scope exactly as a missing one', async () => {
    for (const sqldbid of FOREIGN) {
      await expectSameAsMissing(
        t,
        s['csr.franchise'],
        'POST',
        { url: INFO, payload: { sqldbid } },
        { url: INFO, payload: { sqldbid: NO_FRANCHISE } },
        NO_FRANCHISE_FOUND,
      );
    }
    await expectSameAsMissing(
      t,
      s['csr.cof'],
      'POST',
      { url: INFO, payload: { sqldbid: 18001 } },
      { url: INFO, payload: { sqldbid: NO_FRANCHISE } },
      NO_FRANCHISE_FOUND,
    );
    const omaha = await ok<{ compName: string; designation: string }>(t, s['csr.cof'], 'POST', INFO, {
      sqldbid: 17501,
    });
    expect(omaha).toMatchObject({ compName: 'Spring Green Lawn Care of Omaha', designation: 'COF' });
  });

  it('refuses bad input', async () => {
    await expectBadInput(t, s['csr.franchise'], 'POST', INFO, {}, 'sqldbid');
    await expectBadInput(t, s['csr.franchise'], 'POST', INFO, { sqldbid: -1 }, 'sqldbid');
    await expectBadInput(t, s['csr.franchise'], 'POST', INFO, { sqldbid: '18001' }, 'sqldbid');
  });
});

describe('POST /api/currentcall/getCompanyConfigs', () => {
  it('answers the company config of the franchise', async () => {
    expect(await ok(t, s['csr.franchise'], 'POST', CONFIGS, { sqldbid: 18001 })).toEqual({
      sqldbid: 18001,
      webLeadsStart: '08:00',
      webLeadsEnd: '17:00',
      ccEmailAddresses: 'manager@greenmeadowslawncare.example;sales@greenmeadowslawncare.example',
    });
  });

  it('answers a franchise outside the scope exactly as a missing one', async () => {
    for (const sqldbid of FOREIGN) {
      await expectSameAsMissing(
        t,
        s['csr.franchise'],
        'POST',
        { url: CONFIGS, payload: { sqldbid } },
        { url: CONFIGS, payload: { sqldbid: NO_FRANCHISE } },
        NO_FRANCHISE_FOUND,
      );
    }
    await expectSameAsMissing(
      t,
      s['csr.cof'],
      'POST',
      { url: CONFIGS, payload: { sqldbid: 18001 } },
      { url: CONFIGS, payload: { sqldbid: NO_FRANCHISE } },
      NO_FRANCHISE_FOUND,
    );
  });

  it('refuses bad input', async () => {
    await expectBadInput(t, s['csr.franchise'], 'POST', CONFIGS, {}, 'sqldbid');
    await expectBadInput(t, s['csr.franchise'], 'POST', CONFIGS, { sqldbid: 1.5 }, 'sqldbid');
  });
});
