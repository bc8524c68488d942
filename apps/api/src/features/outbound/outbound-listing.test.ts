/**
 * What a list holds (call-handling.md §5, §9): rows without a usable customer number, completed and deleted rows
 * never show; property evaluation needs evaluation enabled; counts follow every change through the trigger; the row's
 * fields. Paging, sorting, date filters, times and call sources are in outbound-paging.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { OUTBOUND_CALL_TYPES, isListable } from '@cc/domain';
import { rowsOf } from '../../db/client.js';
import { LISTED } from './lists.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import {
  LISTED_SQL,
  OUTBOUND_TYPES,
  countOf,
  counts,
  countsDrift,
  idsOf,
  insertOutbound,
  list,
  signinAll,
  sqlCounts,
  type Sessions,
} from './test-support.js';

let t: TestApp;
let s: Sessions;

beforeAll(async () => {
  t = await createTestApp();
  s = await signinAll(t);
});
afterAll(async () => {
  await t.close();
});

const exec = (q: ReturnType<typeof sql>) => t.db.execute(q);

/** The franchise user's Cancel count and list total, which must always agree. */
async function franchiseCancel(): Promise<{ count: number; total: number; ids: number[] }> {
  const page = await list(t, s['csr.franchise'], 'ind', 'Cancel');
  return { count: await countOf(t, s['csr.franchise'], 'ind', 'Cancel'), total: page.total, ids: idsOf(page) };
}

describe('what a list holds', () => {
  it('no seeded list row has a customer number of -1; the seed has such rows and they stay out', async () => {
    const hidden = rowsOf<{ n: number }>(
      await exec(sql`select count(*)::int as n from outbound_calls where cust_no is null or cust_no = -1`),
    );
    expect(hidden[0]?.n).toBeGreaterThan(0);
    for (const type of OUTBOUND_TYPES) {
      const page = await list(t, s.admin, 'general', type);
      expect(page.data.every((r) => r.cust_No !== -1 && Number.isInteger(r.cust_No))).toBe(true);
      expect(page.data.every((r) => !r.callComplete)).toBe(true);
    }
  });

  it('property evaluation rows show only with evaluation enabled', async () => {
    const page = await list(t, s.admin, 'general', 'PropertyEval');
    expect(page.total).toBeGreaterThan(0);
    expect(page.data.every((r) => r.enablepropeval)).toBe(true);
    const disabled = rowsOf<{ n: number }>(
      await exec(sql`select count(*)::int as n from outbound_calls where type = 'PropertyEval' and not enable_prop_eval
        and not call_complete and deleted_at is null and cust_no > 0`),
    );
    expect(disabled[0]?.n).toBeGreaterThan(0);
    // Other types list whatever their enable_prop_eval says.
    const id = await insertOutbound(t, { type: 'Cancel', enablePropEval: false, custNo: 990100 });
    expect((await franchiseCancel()).ids).toContain(id);
  });

  it('rows inserted with cust_no -1 or null, completed or deleted never show and are not counted', async () => {
    const before = await franchiseCancel();
    expect(before.count).toBe(before.total);
    const hidden = [
      await insertOutbound(t, { custNo: -1 }),
      await insertOutbound(t, { custNo: null }),
      await insertOutbound(t, { callComplete: true }),
      await insertOutbound(t, { deletedAt: new Date('2026-06-01T00:00:00Z') }),
      await insertOutbound(t, { type: 'PropertyEval', enablePropEval: false }),
    ];
    const after = await franchiseCancel();
    expect(after).toEqual(before);
    const pe = await list(t, s['csr.franchise'], 'ind', 'PropertyEval');
    for (const id of hidden) expect([...after.ids, ...idsOf(pe)]).not.toContain(id);
    expect(await countsDrift(t)).toEqual([]);
  });

  it('counts follow every change of a row through the trigger', async () => {
    const base = await franchiseCancel();
    const sg103 = () => countOf(t, s['csr.corporate'], 'ind', 'Cancel', 'SG103');
    const sg103Before = await sg103();

    // Insert a listed row: +1.
    const id = await insertOutbound(t, { custNo: 990200 });
    let now = await franchiseCancel();
    expect(now.count).toBe(base.count + 1);
    expect(now.total).toBe(now.count);
    expect(now.ids).toContain(id);

    // Complete it: −1.
    await exec(sql`update outbound_calls set call_complete = true where outbound_id = ${id}`);
    now = await franchiseCancel();
    expect(now.count).toBe(base.count);
    expect(now.ids).not.toContain(id);

    // Open it again: +1.
    await exec(sql`update outbound_calls set call_complete = false where outbound_id = ${id}`);
    expect((await franchiseCancel()).count).toBe(base.count + 1);

    // Move it to another franchise's branch: the count moves with it.
    await exec(sql`update outbound_calls set branchno = 'SG103' where outbound_id = ${id}`);
    now = await franchiseCancel();
    expect(now.count).toBe(base.count);
    expect(now.ids).not.toContain(id);
    expect(await sg103()).toBe(sg103Before + 1);
    expect(idsOf(await list(t, s['csr.corporate'], 'ind', 'Cancel', 'branches=SG103'))).toContain(id);

    // And back.
    await exec(sql`update outbound_calls set branchno = 'SG101' where outbound_id = ${id}`);
    expect((await franchiseCancel()).count).toBe(base.count + 1);
    expect(await sg103()).toBe(sg103Before);

    // Change its type: it moves to the other list.
    const upsellBefore = await countOf(t, s['csr.franchise'], 'ind', 'Upsell');
    await exec(sql`update outbound_calls set type = 'Upsell' where outbound_id = ${id}`);
    expect((await franchiseCancel()).count).toBe(base.count);
    expect(await countOf(t, s['csr.franchise'], 'ind', 'Upsell')).toBe(upsellBefore + 1);
    expect(idsOf(await list(t, s['csr.franchise'], 'ind', 'Upsell'))).toContain(id);
    await exec(sql`update outbound_calls set type = 'Cancel' where outbound_id = ${id}`);
    expect(await countOf(t, s['csr.franchise'], 'ind', 'Upsell')).toBe(upsellBefore);

    // Lose the customer number: −1; get it back: +1.
    await exec(sql`update outbound_calls set cust_no = -1 where outbound_id = ${id}`);
    expect((await franchiseCancel()).count).toBe(base.count);
    await exec(sql`update outbound_calls set cust_no = null where outbound_id = ${id}`);
    expect((await franchiseCancel()).count).toBe(base.count);
    await exec(sql`update outbound_calls set cust_no = 990201 where outbound_id = ${id}`);
    expect((await franchiseCancel()).count).toBe(base.count + 1);

    // Unrelated updates change nothing.
    await exec(
      sql`update outbound_calls set call_attempts = call_attempts + 1, comments = 'x' where outbound_id = ${id}`,
    );
    expect((await franchiseCancel()).count).toBe(base.count + 1);

    // Mark it deleted: −1.
    await exec(sql`update outbound_calls set deleted_at = now() where outbound_id = ${id}`);
    expect((await franchiseCancel()).count).toBe(base.count);

    // A property evaluation row counts when evaluation is switched on, and stops when it is switched off.
    const peBefore = await countOf(t, s['csr.franchise'], 'ind', 'PropertyEval');
    const pe = await insertOutbound(t, { type: 'PropertyEval', enablePropEval: false, custNo: 990202 });
    expect(await countOf(t, s['csr.franchise'], 'ind', 'PropertyEval')).toBe(peBefore);
    await exec(sql`update outbound_calls set enable_prop_eval = true where outbound_id = ${pe}`);
    expect(await countOf(t, s['csr.franchise'], 'ind', 'PropertyEval')).toBe(peBefore + 1);
    expect(idsOf(await list(t, s['csr.franchise'], 'ind', 'PropertyEval'))).toContain(pe);
    await exec(sql`update outbound_calls set enable_prop_eval = false where outbound_id = ${pe}`);
    expect(await countOf(t, s['csr.franchise'], 'ind', 'PropertyEval')).toBe(peBefore);

    // A row removed outright: −1.
    const gone = await insertOutbound(t, { custNo: 990203 });
    expect((await franchiseCancel()).count).toBe(base.count + 1);
    await exec(sql`delete from outbound_calls where outbound_id = ${gone}`);
    expect((await franchiseCancel()).count).toBe(base.count);

    expect(await countsDrift(t)).toEqual([]);
  });

  it('lists exactly the rows the domain rule isListable and the LISTED predicate accept', async () => {
    const day = new Date('2030-01-01T18:00:00Z');
    const made: { id: number; type: string; listable: boolean }[] = [];
    for (const type of ['Cancel', 'PropertyEval'])
      for (const custNo of [null, -1, 0, 4242])
        for (const callComplete of [false, true])
          for (const deleted of [false, true])
            for (const enablePropEval of [false, true]) {
              const id = await insertOutbound(t, {
                type,
                custNo,
                callComplete,
                enablePropEval,
                deletedAt: deleted ? day : null,
                branchNo: 'SG142',
                sqldbid: 18005,
                callBackDate: day,
              });
              made.push({ id, type, listable: isListable({ type, custNo, callComplete, enablePropEval, deleted }) });
            }
    expect(made.filter((m) => m.listable)).toHaveLength(6);
    const byPredicate = rowsOf<{ id: number }>(
      await exec(sql`select outbound_id as id from outbound_calls where ${LISTED}
        and outbound_id in ${sql.raw(`(${made.map((m) => m.id).join(',')})`)} order by 1`),
    ).map((r) => r.id);
    expect(byPredicate).toEqual(made.filter((m) => m.listable).map((m) => m.id));
    for (const type of ['Cancel', 'PropertyEval']) {
      const page = await list(
        t,
        s.admin,
        'general',
        type,
        'branches=SG142&callTargetFrom=2030-01-01&callTargetTo=2030-01-01',
      );
      expect(idsOf(page).sort((a, b) => a - b)).toEqual(
        made.filter((m) => m.type === type && m.listable).map((m) => m.id),
      );
    }
    expect(await countsDrift(t)).toEqual([]);
  });

  it('a multi-row update keeps the counts equal to a recount', async () => {
    await exec(sql`update outbound_calls set call_complete = true
      where outbound_id in (select outbound_id from outbound_calls where branchno = 'SG102' order by outbound_id limit 7)`);
    await exec(sql`update outbound_calls set branchno = 'SG103'
      where outbound_id in (select outbound_id from outbound_calls where branchno = 'SG102' order by outbound_id desc limit 5)`);
    expect(await countsDrift(t)).toEqual([]);
    const expected = await sqlCounts(t, sql`o.branchno in ('SG101', 'SG102')`);
    for (const type of OUTBOUND_TYPES) {
      expect(await countOf(t, s['csr.franchise'], 'ind', type)).toBe(expected.get(type) ?? 0);
    }
  });

  it("a list's total (kept counts without day filters, a count with them) equals a recount of its rows", async () => {
    await exec(sql`update outbound_calls set deleted_at = now()
      where outbound_id in (select outbound_id from outbound_calls where type = 'Upsell' order by outbound_id limit 9)`);
    const cases = [
      { user: 'admin', variant: 'general', where: sql`true`, query: '' },
      {
        user: 'admin',
        variant: 'general',
        where: sql`o.branchno in ('SG101', 'SLI010')`,
        query: 'branches=SG101,SLI010',
      },
      { user: 'csr.cof', variant: 'cof', where: sql`f.designation = 'COF'`, query: '' },
      { user: 'csr.franchise', variant: 'ind', where: sql`o.branchno in ('SG101', 'SG102')`, query: '' },
    ] as const;
    for (const c of cases) {
      const expected = await sqlCounts(t, c.where);
      for (const type of ['Upsell', 'Cancel', 'WebLead']) {
        const page = await list(t, s[c.user], c.variant, type, c.query);
        expect(page.total, `${c.user} ${type}`).toBe(expected.get(type) ?? 0);
        // A day filter wide enough to hold every row with a target counts the list itself.
        const filtered = await list(t, s[c.user], c.variant, type, `${c.query}&callTargetFrom=1990-01-01`);
        const withTarget = rowsOf<{ n: number }>(
          await exec(sql`select count(*)::int as n from outbound_calls o join franchises f on f.branchno = o.branchno
            where ${LISTED_SQL} and o.type = ${type} and o.call_back_date is not null and ${c.where}`),
        )[0]?.n;
        expect(filtered.total, `${c.user} ${type} filtered`).toBe(withTarget);
      }
    }
  });
});

describe('the row', () => {
  it('carries the grid columns and the hidden fields of §2 under their spec names', async () => {
    const page = await list(t, s.admin, 'general', 'WebLead');
    const row = page.data[0];
    expect(row).toBeDefined();
    const keys = Object.keys(row ?? {}).map((k) => k.toLowerCase());
    const shown = ['Cust_No', 'CallBackDate', 'LastCalled', 'BranchNo', 'CallStatus', 'FirstName', 'LastName'];
    const more = ['Street', 'City', 'State', 'Name', 'Zip', 'CustomerType', 'Status'];
    const hidden = ['outboundid', 'priceoffer', 'service', 'phone', 'statusdate', 'callactive', 'type', 'callbackcsr'];
    const hidden2 = [
      'callattempts',
      'lastaccesscsr',
      'propevalcode',
      'size',
      'sqldbid',
      'callorigin',
      'comments',
      'id',
    ];
    const hidden3 = ['webleadcallid', 'webleadtype', 'enablepropeval', 'CallSource', 'callComplete', 'lastAccessDate'];
    for (const k of [...shown, ...more, ...hidden, ...hidden2, ...hidden3]) expect(keys, k).toContain(k.toLowerCase());
    expect(page.data.every((r) => r.webleadcallid !== null)).toBe(true);
  });

  it('names the callback CSR, or answers an empty name', async () => {
    const franchiseId = rowsOf<{ id: number }>(
      await exec(sql`select user_id as id from users where username = 'csr.franchise'`),
    )[0]?.id;
    const named = await insertOutbound(t, { type: 'Extract', callBackCsr: franchiseId, custNo: 990600 });
    const unnamed = await insertOutbound(t, { type: 'Extract', callBackCsr: null, custNo: 990601 });
    const page = await list(t, s['csr.franchise'], 'ind', 'Extract');
    expect(page.data.find((r) => r.OutboundId === named)).toMatchObject({
      callBackCSR: franchiseId,
      callBackCSRName: 'Riley Franks',
    });
    expect(page.data.find((r) => r.OutboundId === unnamed)).toMatchObject({ callBackCSR: null, callBackCSRName: '' });
  });

  it('counts answer each outbound call type with its id and display name', async () => {
    const answered = await counts(t, s.admin, 'general');
    expect(
      answered.map(({ CallTypeId, CallTypeName, CallTypeDisplayName }) => ({
        CallTypeId,
        CallTypeName,
        CallTypeDisplayName,
      })),
    ).toEqual(
      OUTBOUND_CALL_TYPES.map(({ CallTypeId, CallTypeName, CallTypeDisplayName }) => ({
        CallTypeId,
        CallTypeName,
        CallTypeDisplayName,
      })),
    );
    expect(answered.map((c) => c.CallTypeId)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });
});
