/**
 * The supervisor's view of the floor (decision 035): the snapshot's numbers against rows written
 * here, the scope, the access rule, the stream ticket, and the stream over real HTTP: a call opened and ended through
 * the real routes reaches an open stream within 2 s. Runs on PGlite and PostgreSQL; on PostgreSQL also across two
 * app instances on one database (the end-call on one, the stream on the other).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FloorSnapshot } from '@cc/contract';
import { openPostgres, rowsOf } from '../../db/client.js';
import { holdCall } from '../../test/calls.js';
import { createTestApp, engine, type TestApp } from '../../test/harness.js';
import { openFloorStream, ticketFor } from './test-support.js';

let t: TestApp;
let baseUrl: string;
let supervisor: string;
let csr: string;
let franchiseSupervisor: string;
/** The franchise supervisor's hours before this file's calls: the demo history, dated from the real day the template
 * was seeded, can hold calls on the test clock's day too. */
let hoursBefore: FloorSnapshot['hours'];

const THORNBURY = { sqldbid: 18001, customerNo: 1001 };
const AGENT = 'Floor Tester';

async function snapshot(token: string): Promise<FloorSnapshot> {
  const response = await t.call(token, { method: 'GET', url: '/api/supervisor/floor' });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<FloorSnapshot>();
}

async function history(branchNo: string, start: string, seconds: number, result: string) {
  const end = new Date(new Date(start).getTime() + seconds * 1000).toISOString();
  await t.db.execute(sql`insert into call_history (sqldbid, cust_no, branchno, call_direction, call_result, call_type,
      call_start, call_end, csagent) values (18001, 1001, ${branchNo}, 'Incoming', ${result}, 'Inbound', ${start}, ${end},
      ${AGENT})`);
}

beforeAll(async () => {
  t = await createTestApp({ env: { FLOOR_HEARTBEAT_SECONDS: '1' } });
  // Wednesday 2026-06-17, 10:00 in Chicago: the week began on Monday the 15th.
  t.clock.advance(2 * 86_400);
  // A franchise's supervisor: the franchise user of SG101 and SG102, given role 2.
  await t.db.execute(sql`update users set role_id = 2 where username = 'csr.franchise'`);
  [supervisor, csr, franchiseSupervisor] = await Promise.all([
    t.signin('supervisor'),
    t.signin('csr.cof'),
    t.signin('csr.franchise'),
  ]);
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const cof = rowsOf<{ branchno: string }>(
    await t.db.execute(sql`select branchno from franchises where designation = 'COF' order by branchno limit 1`),
  )[0];
  if (!cof) throw new Error('no company-owned branch');
  hoursBefore = (await snapshot(franchiseSupervisor)).hours;
  // Today (CDT is UTC-5): three calls in the 9 o'clock hour, two of them sales.
  await history('SG101', '2026-06-17T14:00:00Z', 60, 'Sale');
  await history('SG102', '2026-06-17T14:10:00Z', 120, 'Not Interested');
  await history('SG101', '2026-06-17T14:30:00Z', 180, 'Upsell');
  // Monday of this week, and Sunday of the last one (not counted).
  await history('SG101', '2026-06-15T16:00:00Z', 300, 'Sale');
  await history('SG101', '2026-06-14T16:00:00Z', 30, 'Sale');
  // Today, outside the franchise's branches.
  await history(cof.branchno, '2026-06-17T14:40:00Z', 90, 'Sale');
});
afterAll(async () => {
  await t?.close();
});

describe('the snapshot', () => {
  it('counts the day and the week per CSR in the caller scope, with sales, conversion and average length', async () => {
    const floor = await snapshot(franchiseSupervisor);
    expect(floor.today).toBe('2026-06-17');
    expect(floor.weekStart).toBe('2026-06-15');
    expect(floor.csrs.find((c) => c.csr === AGENT)).toEqual({
      userId: null,
      csr: AGENT,
      today: { calls: 3, sales: 2, conversion: 0.667, averageSeconds: 120 },
      week: { calls: 4, sales: 3, conversion: 0.75, averageSeconds: 165 },
    });
    expect(floor.hours).toHaveLength(24);
    // This file's three calls today, all in the 9 o'clock hour, two of them sales; no other hour moved.
    const added = floor.hours.map((h, i) => ({
      hour: h.hour,
      calls: h.calls - (hoursBefore[i]?.calls ?? 0),
      sales: h.sales - (hoursBefore[i]?.sales ?? 0),
    }));
    expect(added[9]).toEqual({ hour: 9, calls: 3, sales: 2 });
    expect(added.reduce((n, h) => n + h.calls, 0)).toBe(3);
  });

  it('the whole company sees the call outside the franchise too; a franchise sees only its branches', async () => {
    const admin = await snapshot(await t.signin('admin'));
    expect(admin.csrs.find((c) => c.csr === AGENT)?.today).toEqual({
      calls: 4,
      sales: 3,
      conversion: 0.75,
      averageSeconds: 113,
    });
    const own = await snapshot(franchiseSupervisor);
    expect(new Set(own.lists.map((l) => l.branchNo))).toEqual(new Set(['SG101', 'SG102']));
    const kept = rowsOf<{ branchno: string; type: string; n: number }>(
      await t.db.execute(sql`select branchno, type, n from outbound_counts
        where branchno in ('SG101', 'SG102') and n > 0 order by branchno, type`),
    );
    expect(own.lists).toEqual(kept.map((k) => ({ branchNo: k.branchno, type: k.type, n: k.n })));
    expect(admin.lists.length).toBeGreaterThan(own.lists.length);
  });

  it('is refused to a CSR, with the stream ticket and the stream', async () => {
    for (const [method, url] of [
      ['GET', '/api/supervisor/floor'],
      ['POST', '/api/supervisor/floor/stream-ticket'],
      ['GET', '/api/supervisor/floor/stream'],
    ] as const) {
      const response = await t.call(csr, { method, url });
      expect(response.statusCode, url).toBe(403);
      expect(response.json<{ message: string }>().message).toBe('Access Denied.');
    }
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/supervisor/floor/stream' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('the stream ticket', () => {
  it('is used once, and a made-up one is a 401', async () => {
    const ticket = await ticketFor(t, supervisor);
    const stream = await openFloorStream(baseUrl, ticket);
    await stream.next(() => true);
    stream.close();
    const again = await fetch(`${baseUrl}/api/supervisor/floor/stream?ticket=${ticket}`);
    expect(again.status).toBe(401);
    const madeUp = await fetch(`${baseUrl}/api/supervisor/floor/stream?ticket=${randomUUID().replaceAll('-', '')}`);
    expect(madeUp.status).toBe(401);
    const missing = await t.call(supervisor, { method: 'GET', url: '/api/supervisor/floor/stream' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ message: string }>().message).toMatch(/^ticket: /);
  });

  it('expires after 30 seconds', async () => {
    const ticket = await ticketFor(t, supervisor);
    t.clock.advance(31);
    const late = await fetch(`${baseUrl}/api/supervisor/floor/stream?ticket=${ticket}`);
    expect(late.status).toBe(401);
  });
});

describe('the stream', () => {
  it('starts with a snapshot, shows a call opened, then ended through the real routes within 2 s', async () => {
    const stream = await openFloorStream(baseUrl, await ticketFor(t, franchiseSupervisor));
    const first = await stream.next(() => true);
    const riley = (s: FloorSnapshot) => s.csrs.find((c) => c.csr === 'Riley Franks')?.today.calls ?? 0;
    const before = riley(first);
    const cof = await t.signin('csr.franchise');
    await holdCall(t, cof, THORNBURY);
    const open = await stream.next((s) => s.openCalls.some((c) => c.customerNo === THORNBURY.customerNo));
    expect(open.openCalls.find((c) => c.customerNo === THORNBURY.customerNo)).toMatchObject({
      csr: 'Riley Franks',
      branchNo: 'SG101',
      callType: 'Inbound',
    });
    const response = await t.call(cof, {
      method: 'POST',
      url: '/api/call-center/end-call',
      payload: { idempotencyKey: randomUUID(), ...THORNBURY, callType: 'Inbound', result: 'Information Only' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const ended = await stream.next((s) => riley(s) === before + 1, 2000);
    expect(ended.openCalls.some((c) => c.customerNo === THORNBURY.customerNo)).toBe(false);
    // Heartbeat comments (every second here) keep a quiet stream open: the next line after the snapshots is one.
    expect(await stream.nextComment(3000)).toBe(': heartbeat');
    stream.close();
  });

  it('leaves the hub when the browser goes, and ends when the session is signed out or the app closes', async () => {
    const other = await createTestApp({ database: t.database, env: { FLOOR_HEARTBEAT_SECONDS: '1' } });
    try {
      other.clock.advance(2 * 86_400);
      const url = await other.app.listen({ port: 0, host: '127.0.0.1' });
      const gone = await openFloorStream(url, await ticketFor(other, supervisor));
      await gone.next(() => true);
      expect(other.app.floorHub.size).toBe(1);
      gone.close();
      await expect.poll(() => other.app.floorHub.size).toBe(0);

      const token = await other.signin('supervisor');
      const signedOut = await openFloorStream(url, await ticketFor(other, token));
      await signedOut.next(() => true);
      await other.call(token, { method: 'POST', url: '/api/auth/signout' });
      await signedOut.ended;

      const closing = await openFloorStream(url, await ticketFor(other, supervisor));
      await closing.next(() => true);
      await other.app.close();
      await closing.ended;
    } finally {
      if (other.app.server.listening) await other.app.close();
    }
  });

  it('drops an abandoned call when its lock runs out, though nothing in the database changes', async () => {
    const other = await createTestApp({ database: t.database, env: { CALL_LOCK_RELEASE_SECONDS: '2' } });
    try {
      other.clock.advance(2 * 86_400);
      const url = await other.app.listen({ port: 0, host: '127.0.0.1' });
      const abandoned = { sqldbid: 18001, customerNo: 1002 };
      const stream = await openFloorStream(url, await ticketFor(other, supervisor));
      await stream.next(() => true);
      await holdCall(other, await other.signin('csr.franchise'), abandoned);
      await stream.next((s) => s.openCalls.some((c) => c.customerNo === abandoned.customerNo));
      // The CSR's screen stops renewing the lock; its release time passes with no write anywhere.
      other.clock.advance(3);
      const dropped = await stream.next((s) => !s.openCalls.some((c) => c.customerNo === abandoned.customerNo), 5000);
      expect(dropped.openCalls.map((c) => c.customerNo)).not.toContain(abandoned.customerNo);
      stream.close();
    } finally {
      await other.close();
    }
  });

  const ACROSS =
    'an end-call on one app instance reaches a stream on another (needs a PostgreSQL server: TEST_DATABASE_URL)';
  it.runIf(engine === 'postgres')(ACROSS, async () => {
    const url = t.database.url;
    if (!url) throw new Error('no database URL');
    const second = await openPostgres(url, 4);
    const b = await createTestApp({ database: { db: second.db, url, close: () => second.close() } });
    try {
      b.clock.advance(2 * 86_400);
      const stream = await openFloorStream(baseUrl, await ticketFor(t, supervisor));
      const first = await stream.next(() => true);
      const calls = (s: FloorSnapshot) => s.csrs.reduce((n, c) => n + c.today.calls, 0);
      const token = await b.signin('csr.franchise');
      await holdCall(b, token, THORNBURY);
      const response = await b.call(token, {
        method: 'POST',
        url: '/api/call-center/end-call',
        payload: { idempotencyKey: randomUUID(), ...THORNBURY, callType: 'Inbound', result: 'Information Only' },
      });
      expect(response.statusCode, response.body).toBe(200);
      await stream.next((s) => calls(s) === calls(first) + 1, 2000);
      stream.close();
    } finally {
      await b.close();
      await second.close();
    }
  });
});
