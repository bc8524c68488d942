import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client.js';
import { createTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
let cof: string;
let franchise: string;
beforeAll(async () => {
  t = await createTestApp();
  cof = await t.signin('csr.cof');
  franchise = await t.signin('csr.franchise');
});
afterAll(async () => {
  await t.close();
});

describe('outbound lists', () => {
  it('counts equal the listed rows, per scope', async () => {
    const counts = (await t.call(cof, { method: 'GET', url: '/api/OutboundCall/GetOutboundcofCallCounts' })).json();
    expect(counts).toHaveLength(9);
    for (const c of counts) {
      const list = await t.call(cof, {
        method: 'GET',
        url: `/api/call-center/outboundcof/${c.CallTypeName}?pageSize=1500`,
      });
      expect(list.statusCode).toBe(200);
      const body = list.json();
      expect(body.total).toBe(c.count);
      expect(body.data.every((r: { branchNo: string }) => r.branchNo.startsWith('SLI'))).toBe(true);
    }
  });

  it('keeps a franchise user to their branches whatever branches they send', async () => {
    const list = await t.call(franchise, {
      method: 'GET',
      url: '/api/call-center/outboundind/Cancel?pageSize=1500&branches=SG101,SG103,SLI010',
    });
    const rows = list.json().data as { branchNo: string }[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.branchNo === 'SG101')).toBe(true);
  });

  it('deletes calls and the count follows, in one transaction; bad ids change nothing', async () => {
    const list = (await t.call(cof, { method: 'GET', url: '/api/call-center/outboundcof/Upsell' })).json();
    const before = list.total as number;
    const ids = (list.data as { OutboundId: number }[]).slice(0, 2).map((r) => r.OutboundId);
    const bad = await t.call(cof, {
      method: 'POST',
      url: '/api/call-center/outbound/delete',
      payload: { ids: [...ids, 999999] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^ids: /);
    const same = (await t.call(cof, { method: 'GET', url: '/api/call-center/outboundcof/Upsell' })).json();
    expect(same.total).toBe(before);
    const ok = await t.call(cof, { method: 'POST', url: '/api/call-center/outbound/delete', payload: { ids } });
    expect(ok.json()).toEqual({ changed: 2 });
    const after = (await t.call(cof, { method: 'GET', url: '/api/call-center/outboundcof/Upsell' })).json();
    expect(after.total).toBe(before - 2);
    const counts = (await t.call(cof, { method: 'GET', url: '/api/OutboundCall/GetOutboundcofCallCounts' })).json();
    expect(counts.find((c: { CallTypeName: string }) => c.CallTypeName === 'Upsell').count).toBe(before - 2);
    const kept = rowsOf<{ n: number }>(
      await t.db.execute(
        sql`select count(*)::int as n from outbound_calls where outbound_id in (${ids[0]}, ${ids[1]}) and deleted_at is not null`,
      ),
    );
    expect(kept[0]?.n).toBe(2);
  });
});
