/**
 * The customer of a call (call-handling.md §3, §5, §7): GET /api/customer/{sqldbid}/{customerNo} and its inbound twin,
 * PUT /api/customer/{customerNo}/{sqldbid} and PUT …/web-leads/{sqldbid}/setcustomer/{n}. The call's customer edit
 * (PUT /api/customer/customer-info-edit/{id}) and the lookup grid (POST /api/call-center/customer) are in
 * customer-info-edit.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import {
  DALE,
  IRENE,
  MARGARET,
  NO_FRANCHISE,
  NOBODY,
  OUT_OF_SCOPE_FOR_FRANCHISE,
  WALTER,
  customerVersion,
  editCustomer,
  expectBadInput,
  expectRefused,
  expectSameAsMissing,
  insertOutbound,
  ok,
  signinAll,
  userId,
  type Sessions,
  NO_FRANCHISE_FOUND,
} from './test-support.js';

let t: TestApp;
let s: Sessions;
let franchiseId: number;

beforeAll(async () => {
  t = await createTestApp();
  s = await signinAll(t);
  franchiseId = await userId(t, 'csr.franchise');
});
afterAll(async () => {
  await t.close();
});

const NOT_FOUND = { status: 404, message: 'Customer Not Found.' };
const INBOUND_NOT_FOUND = { status: 404, message: 'Inbound Customer Not Found.' };

const MARGARET_RECORD = {
  sqldbid: 18001,
  customerNo: 1001,
  customerType: 'Existing Customer',
  status: 'Active',
  email: 'm.thornbury@example.com',
  firstName: 'Margaret',
  lastName: 'Thornbury',
  streetNo: '1420',
  preDir: 'W',
  streetNm: 'Ogden',
  suffix: 'Ave',
  postDir: '',
  address: '1420 W Ogden Ave',
  city: 'Naperville',
  state: 'IL',
  zip: '60540',
  lawnSize: 8.5,
  homePhone: '(630) 555-0142',
  workPhone: '',
  cellPhone: '',
  branchno: 'SG101',
  customerInfoEditId: null,
  latitude: null,
  longitude: null,
  isAutoPayEnabled: false,
  version: 1,
};

describe('GET /api/customer/{sqldbid}/{customerNo} and /api/customer/inbound/…', () => {
  it('answers the customer with every field', async () => {
    for (const url of ['/api/customer/18001/1001', '/api/customer/inbound/18001/1001']) {
      expect(await ok(t, s['csr.franchise'], 'GET', url)).toEqual(MARGARET_RECORD);
    }
  });

  it('customer number 0 is a new prospect of the franchise’s main branch in scope', async () => {
    const prospect = {
      sqldbid: 18001,
      customerNo: 0,
      customerType: 'Prospect',
      status: 'Prospect',
      email: '',
      firstName: '',
      lastName: '',
      streetNo: '',
      preDir: '',
      streetNm: '',
      suffix: '',
      postDir: '',
      address: '',
      city: '',
      state: '',
      zip: 'N/A',
      lawnSize: 0.17,
      homePhone: '',
      workPhone: '',
      cellPhone: '',
      branchno: 'SG101',
      customerInfoEditId: null,
      latitude: null,
      longitude: null,
      isAutoPayEnabled: false,
      version: 0,
    };
    expect(await ok(t, s['csr.franchise'], 'GET', '/api/customer/18001/0')).toEqual(prospect);
    expect(await ok(t, s['csr.franchise'], 'GET', '/api/customer/inbound/18001/0')).toEqual(prospect);
  });

  it('answers a customer outside the scope exactly as a missing one, in both wordings', async () => {
    const f = s['csr.franchise'];
    for (const c of [...OUT_OF_SCOPE_FOR_FRANCHISE, { sqldbid: 18001, customerNo: WALTER.customerNo }]) {
      await expectSameAsMissing(
        t,
        f,
        'GET',
        { url: `/api/customer/${c.sqldbid}/${c.customerNo}` },
        { url: `/api/customer/${c.sqldbid}/${NOBODY}` },
        NOT_FOUND,
      );
      await expectSameAsMissing(
        t,
        f,
        'GET',
        { url: `/api/customer/inbound/${c.sqldbid}/${c.customerNo}` },
        { url: `/api/customer/inbound/${c.sqldbid}/${NOBODY}` },
        INBOUND_NOT_FOUND,
      );
    }
    // A new prospect of a franchise outside the scope.
    await expectSameAsMissing(
      t,
      f,
      'GET',
      { url: '/api/customer/18002/0' },
      { url: `/api/customer/${NO_FRANCHISE}/0` },
      NO_FRANCHISE_FOUND,
    );
    // Unknown (-1) is built from the call in the browser; the API has no such record.
    await expectRefused(t, f, 'GET', '/api/customer/18001/-1', undefined, NOT_FOUND);
  });

  it('csr.cof reads company-owned customers only', async () => {
    const harriet = await ok<{ lastName: string; branchno: string }>(
      t,
      s['csr.cof'],
      'GET',
      '/api/customer/17501/1005',
    );
    expect(harriet).toMatchObject({ lastName: 'Lindgren', branchno: 'SLI010', isAutoPayEnabled: true });
    await expectSameAsMissing(
      t,
      s['csr.cof'],
      'GET',
      { url: '/api/customer/18001/1001' },
      { url: `/api/customer/18001/${NOBODY}` },
      NOT_FOUND,
    );
  });

  it('refuses bad input', async () => {
    const f = s['csr.franchise'];
    await expectBadInput(t, f, 'GET', '/api/customer/abc/1001', undefined, 'sqldbid');
    await expectBadInput(t, f, 'GET', '/api/customer/18001/-2', undefined, 'customerNo');
    await expectBadInput(t, f, 'GET', '/api/customer/18001/1.5', undefined, 'customerNo');
    await expectBadInput(t, f, 'GET', '/api/customer/inbound/0/1001', undefined, 'sqldbid');
  });
});

async function customerRowOf(customer: { sqldbid: number; customerNo: number }) {
  return rowsOf<Record<string, unknown>>(
    await t.db
      .execute(sql`select first_name, last_name, email, street_no, pre_dir, street_nm, suffix, post_dir, address,
      city, state, zip, full_address, lawn_size::float8 as lawn_size, home_phone, work_phone, cell_phone, customer_type
      from customers where sqldbid = ${customer.sqldbid} and customer_no = ${customer.customerNo}`),
  )[0];
}

describe('PUT /api/customer/{customerNo}/{sqldbid}', () => {
  it('saves the edit, normalises phones (an invalid one kept as typed), rebuilds the address and records the edit', async () => {
    const version = await customerVersion(t, DALE);
    const answer = await editCustomer(t, s['csr.franchise'], DALE, {
      firstName: '  Dale ',
      email: 'dale.o@example.com',
      streetNo: '79',
      preDir: 'N',
      state: 'il',
      zip: '605051234',
      lawnSize: 12.25,
      homePhone: '+1 (630) 555-0178',
      workPhone: '630.555.0100 ext 12',
      cellPhone: '555-01',
      customerType: 'Existing Customer',
    });
    expect(answer.customerInfoEditId).toBeGreaterThan(0);
    expect(answer.customer).toEqual({
      sqldbid: 18001,
      customerNo: 1002,
      customerType: 'Existing Customer',
      status: 'Cancelled',
      email: 'dale.o@example.com',
      firstName: 'Dale',
      lastName: 'Okonkwo',
      streetNo: '79',
      preDir: 'N',
      streetNm: 'Prairie',
      suffix: 'St',
      postDir: '',
      address: '79 N Prairie St',
      city: 'Aurora',
      state: 'IL',
      zip: '605051234',
      lawnSize: 12.25,
      homePhone: '(630) 555-0178',
      workPhone: '(630) 555-0100',
      cellPhone: '555-01',
      branchno: 'SG102',
      customerInfoEditId: answer.customerInfoEditId,
      latitude: null,
      longitude: null,
      isAutoPayEnabled: false,
      version: version + 1,
    });
    expect(await customerRowOf(DALE)).toMatchObject({
      address: '79 N Prairie St',
      full_address: '79 N Prairie St, Aurora, IL 605051234',
      home_phone: '6305550178',
      work_phone: '6305550100',
      cell_phone: '555-01',
      lawn_size: 12.25,
    });
    const edit = rowsOf<{
      user_id: number;
      before: { firstName: string };
      after: { cellPhone: string };
      call_history_id: null;
    }>(
      await t.db.execute(sql`select user_id, before, after, call_history_id from customer_info_edits
        where customer_info_edit_id = ${answer.customerInfoEditId}`),
    )[0];
    expect(edit).toMatchObject({ user_id: franchiseId, call_history_id: null });
    expect(edit?.before.firstName).toBe('Dale');
    expect(edit?.after.cellPhone).toBe('555-01');
    // The latest unlinked edit comes with the customer, so the end of the call can link it.
    const read = await ok<{ customerInfoEditId: number }>(t, s['csr.franchise'], 'GET', '/api/customer/18001/1002');
    expect(read.customerInfoEditId).toBe(answer.customerInfoEditId);
  });

  it('changes nothing outside the scope and answers as for a missing customer', async () => {
    const f = s['csr.franchise'];
    for (const c of [...OUT_OF_SCOPE_FOR_FRANCHISE, { sqldbid: 18001, customerNo: WALTER.customerNo }]) {
      await expectSameAsMissing(
        t,
        f,
        'PUT',
        { url: `/api/customer/${c.customerNo}/${c.sqldbid}`, payload: { version: 1, firstName: 'Hacked' } },
        { url: `/api/customer/${NOBODY}/${c.sqldbid}`, payload: { version: 1, firstName: 'Hacked' } },
        NOT_FOUND,
      );
    }
    await expectSameAsMissing(
      t,
      s['csr.cof'],
      'PUT',
      { url: '/api/customer/1001/18001', payload: { version: 1, lastName: 'Hacked' } },
      { url: `/api/customer/${NOBODY}/18001`, payload: { version: 1, lastName: 'Hacked' } },
      NOT_FOUND,
    );
    expect((await customerRowOf(IRENE))?.first_name).toBe('Irene');
    expect((await customerRowOf(MARGARET))?.last_name).toBe('Thornbury');
  });

  it('refuses bad input with a 400 naming the field and changes nothing', async () => {
    const f = s['csr.franchise'];
    const url = '/api/customer/1001/18001';
    await expectBadInput(t, f, 'PUT', url, { version: 1, email: 'not-an-email' }, 'email');
    await expectBadInput(t, f, 'PUT', url, { version: 1, firstName: '   ' }, 'firstName');
    await expectBadInput(t, f, 'PUT', url, { version: 1, lastName: 'x'.repeat(51) }, 'lastName');
    await expectBadInput(t, f, 'PUT', url, { version: 1, state: 'Illinois' }, 'state');
    await expectBadInput(t, f, 'PUT', url, { version: 1, zip: '6054' }, 'zip');
    await expectBadInput(t, f, 'PUT', url, { version: 1, lawnSize: -1 }, 'lawnSize');
    await expectBadInput(t, f, 'PUT', url, { version: 1, lawnSize: '8' }, 'lawnSize');
    await expectBadInput(t, f, 'PUT', url, { version: 1, customerType: 'VIP' }, 'customerType');
    await expectBadInput(t, f, 'PUT', url, { version: 1, homePhone: '1'.repeat(31) }, 'homePhone');
    // A valid field next to an invalid one is not saved either.
    await expectBadInput(t, f, 'PUT', url, { version: 1, firstName: 'Maggie', zip: 'abc' }, 'zip');
    await expectBadInput(t, f, 'PUT', '/api/customer/0/18001', { version: 1, firstName: 'X' }, 'customerNo');
    await expectBadInput(t, f, 'PUT', '/api/customer/1001/x', { version: 1, firstName: 'X' }, 'sqldbid');
    await expectBadInput(t, f, 'PUT', url, { firstName: 'Maggie' }, 'version');
    await expectBadInput(t, f, 'PUT', url, { version: 0, firstName: 'Maggie' }, 'version');
    expect((await customerRowOf(MARGARET))?.first_name).toBe('Margaret');
  });
});

describe('PUT /api/call-center/outbound/web-leads/{sqldbid}/setcustomer/{customerNumber}', () => {
  async function insertWebLead(branchNo: string, sqldbid: number, contactId: string): Promise<number> {
    const rows = rowsOf<{ id: number }>(
      await t.db.execute(sql`
        insert into web_leads (sqldbid, branchno, contact_id, customer_no, first_name, last_name, lead_type)
        values (${sqldbid}, ${branchNo}, ${contactId}, null, 'Web', 'Lead', 'Quote Request')
        returning web_lead_id as id`),
    );
    return rows[0]?.id ?? 0;
  }
  async function leadCustomer(id: number) {
    return rowsOf<{ lead: number | null; row: number | null }>(
      await t.db.execute(sql`select w.customer_no as lead, o.cust_no as row from web_leads w
        left join outbound_calls o on o.web_lead_call_id = w.web_lead_id where w.web_lead_id = ${id}`),
    )[0];
  }
  const url = (sqldbid: number, n: number) => `/api/call-center/outbound/web-leads/${sqldbid}/setcustomer/${n}`;

  it('gives the web lead and its outbound row the customer number', async () => {
    const lead = await insertWebLead('SG101', 18001, 'SF-0031-A');
    await insertOutbound(t, { type: 'WebLead', custNo: 0, webLeadCallId: lead });
    expect(await ok(t, s['csr.franchise'], 'PUT', url(18001, 1002), { ContactId: 'SF-0031-A' })).toEqual({ ok: true });
    expect(await leadCustomer(lead)).toEqual({ lead: 1002, row: 1002 });
  });

  it('refuses a web lead or a customer outside the scope exactly as missing ones, changing nothing', async () => {
    const f = s['csr.franchise'];
    const own = await insertWebLead('SG102', 18001, 'SF-0032-B');
    const sg103 = await insertWebLead('SG103', 18001, 'SF-0033-C');
    const other = await insertWebLead('SG111', 18002, 'SF-0034-D');
    await insertOutbound(t, { type: 'WebLead', custNo: 0, webLeadCallId: own, branchNo: 'SG102' });
    const noLead = { status: 404, message: 'Web lead not found.' };
    await expectSameAsMissing(
      t,
      f,
      'PUT',
      { url: url(18001, 1001), payload: { ContactId: 'SF-0033-C' } },
      { url: url(18001, 1001), payload: { ContactId: 'SF-NOPE' } },
      noLead,
    );
    const noCustomer = { status: 400, message: 'customerNumber: no customer with this number in your scope' };
    // Another branch's or franchise's customer for the own lead; another franchise's lead by its id.
    for (const [sqldbid, n] of [
      [18001, IRENE.customerNo],
      [18001, WALTER.customerNo],
      [18002, WALTER.customerNo],
    ] as const) {
      await expectSameAsMissing(
        t,
        f,
        'PUT',
        { url: url(sqldbid, n), payload: { ContactId: sqldbid === 18001 ? 'SF-0032-B' : 'SF-0034-D' } },
        { url: url(sqldbid, NOBODY), payload: { ContactId: sqldbid === 18001 ? 'SF-0032-B' : 'SF-0034-D' } },
        noCustomer,
      );
    }
    for (const id of [own, sg103, other]) expect((await leadCustomer(id))?.lead).toBe(null);
  });

  it('refuses bad input', async () => {
    const f = s['csr.franchise'];
    await expectBadInput(t, f, 'PUT', url(18001, 1001), { ContactId: '' }, 'ContactId');
    await expectBadInput(t, f, 'PUT', url(18001, 1001), {}, 'ContactId');
    await expectBadInput(t, f, 'PUT', url(18001, 1001), { ContactId: 'x'.repeat(41) }, 'ContactId');
    await expectBadInput(t, f, 'PUT', url(18001, 0), { ContactId: 'SF-1' }, 'customerNumber');
    await expectBadInput(t, f, 'PUT', url(0, 1001), { ContactId: 'SF-1' }, 'sqldbid');
  });
});
