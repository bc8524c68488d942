/**
 * The web lead's contact id (docs/decisions/019-web-lead-contact-id.md): a web-lead row of the outbound
 * lists (and a deep link's resolved row) carries ContactId, the id PUT …/setcustomer/{customerNumber}
 * names the lead by; rows of other types carry null. What the screen sends is what the row carries,
 * whatever form the contact id has (the demo data's 'WL-{OutboundId}' or an imported one).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { OutboundListResponse, OutboundRow } from '@cc/contract';
import { rowsOf } from '../../db/client.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { insertOutbound, ok, signinAll, type Sessions } from './test-support.js';

let t: TestApp;
let s: Sessions;

beforeAll(async () => {
  t = await createTestApp();
  s = await signinAll(t);
});
afterAll(async () => {
  await t.close();
});

async function webLeadRows(token: string): Promise<OutboundRow[]> {
  return (await ok<OutboundListResponse>(t, token, 'GET', '/api/call-center/outboundind/WebLead?pageSize=1500')).data;
}

describe('ContactId on the outbound row', () => {
  it('every web-lead row carries its web lead’s contact id; other rows carry null', async () => {
    const rows = await webLeadRows(s['csr.franchise']);
    expect(rows.length).toBeGreaterThan(0);
    const leads = new Map(
      rowsOf<{ id: number; contact_id: string }>(
        await t.db.execute(sql`select web_lead_id as id, contact_id from web_leads`),
      ).map((r) => [r.id, r.contact_id]),
    );
    for (const row of rows) {
      expect(row.webleadcallid).not.toBeNull();
      expect(row.ContactId).toBe(leads.get(row.webleadcallid ?? -1));
      // The demo data's contact ids have the form WL-{OutboundId}.
      expect(row.ContactId).toBe(`WL-${row.OutboundId}`);
    }
    const cancels = await ok<OutboundListResponse>(t, s['csr.franchise'], 'GET', '/api/call-center/outboundind/Cancel');
    expect(cancels.data.length).toBeGreaterThan(0);
    expect(cancels.data.every((r) => r.ContactId === null)).toBe(true);
  });

  it('the row’s contact id links an imported lead to the customer number the CSR picks', async () => {
    const [lead] = rowsOf<{ id: number }>(
      await t.db.execute(sql`
        insert into web_leads (sqldbid, branchno, contact_id, customer_no, first_name, last_name, lead_type)
        values (18001, 'SG102', '0033h00000XyZ12AAB', 0, 'Pat', 'Webber', 'Contact Us') returning web_lead_id as id`),
    );
    const outboundId = await insertOutbound(t, {
      type: 'WebLead',
      branchNo: 'SG102',
      custNo: 0,
      webLeadCallId: lead?.id ?? 0,
    });
    const row = (await webLeadRows(s['csr.franchise'])).find((r) => r.OutboundId === outboundId);
    expect(row).toMatchObject({ ContactId: '0033h00000XyZ12AAB', cust_No: 0, webleadcallid: lead?.id });
    expect(
      await ok(t, s['csr.franchise'], 'PUT', '/api/call-center/outbound/web-leads/18001/setcustomer/1002', {
        ContactId: row?.ContactId,
      }),
    ).toEqual({ ok: true });
    const after = (await webLeadRows(s['csr.franchise'])).find((r) => r.OutboundId === outboundId);
    expect(after).toMatchObject({ cust_No: 1002, ContactId: '0033h00000XyZ12AAB' });
    // A deep link to the call now resolves the same row, contact id included.
    const resolved = await ok<{ theCall: OutboundRow | null }>(
      t,
      s['csr.franchise'],
      'GET',
      '/api/call-center/resolve-call/18001/1002/WebLead',
    );
    expect(resolved.theCall).toMatchObject({ OutboundId: outboundId, ContactId: '0033h00000XyZ12AAB' });
  });
});
