/**
 * The agent states on the supervisor's floor (decision 076): each signed-in CSR's state within the floor's scope, a
 * Wrap-up shown as Ready once it has ended (nothing recorded yet), a change reaching an open stream, and a CSR signed
 * out of their last session leaving the floor as Offline. PGlite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { AgentState, FloorSnapshot } from '@cc/contract';
import { rowsOf } from '../../db/client.js';
import { holdCall } from '../../test/calls.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { openFloorStream, ticketFor } from './test-support.js';

let t: TestApp;
let supervisor: string;
let franchiseSupervisor: string;
let franchise: string;
let cof: string;
let franchiseId: number;
let breakId: number;
let lunchId: number;

const MARGARET = { sqldbid: 18001, customerNo: 1001 };

async function userId(username: string): Promise<number> {
  const [row] = rowsOf<{ user_id: number }>(
    await t.db.execute(sql`select user_id from users where username = ${username}`),
  );
  return row!.user_id;
}

async function reasonId(description: string): Promise<number> {
  const [row] = rowsOf<{ away_reason_id: number }>(
    await t.db.execute(sql`select away_reason_id from away_reasons where description = ${description}`),
  );
  return row!.away_reason_id;
}

async function mine(token: string): Promise<AgentState> {
  const response = await t.call(token, { method: 'GET', url: '/api/agent-state' });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AgentState>();
}

async function choose(token: string, payload: object) {
  const response = await t.call(token, { method: 'PUT', url: '/api/agent-state', payload });
  expect(response.statusCode, response.body).toBe(200);
}

async function floor(token: string): Promise<FloorSnapshot> {
  const response = await t.call(token, { method: 'GET', url: '/api/supervisor/floor' });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<FloorSnapshot>();
}

async function history(id: number) {
  return rowsOf<{ state: string; source: string; ended_at: unknown }>(
    await t.db.execute(sql`select state, source, ended_at from agent_state_history where user_id = ${id}
      order by started_at, id`),
  );
}

const now = () => t.clock.now().toISOString();

beforeAll(async () => {
  // No sweep: what the floor shows here comes from the requests alone, as between two sweeps (one could otherwise settle
  // a lapse before the sign-in that must settle it).
  t = await createTestApp({
    env: { AGENT_WRAP_UP_SECONDS: '30', FLOOR_HEARTBEAT_SECONDS: '1', AGENT_SWEEP_SECONDS: '0' },
  });
  // A franchise's supervisor: the measurer made an independent franchise's role 2 with branch SG101 (its scope).
  await t.db.execute(sql`update users set role_id = 2, company_id = 3 where username = 'measurer'`);
  await t.db.execute(sql`insert into user_branches (user_id, branchno)
    select user_id, 'SG101' from users where username = 'measurer'`);
  [supervisor, franchiseSupervisor, franchise, cof] = await Promise.all([
    t.signin('supervisor'),
    t.signin('measurer'),
    t.signin('csr.franchise'),
    t.signin('csr.cof'),
  ]);
  franchiseId = await userId('csr.franchise');
  breakId = await reasonId('Break');
  lunchId = await reasonId('Lunch');
});
afterAll(async () => {
  await t?.close();
});

describe('agent states on the floor', () => {
  it('shows each signed-in CSR’s state and since when, within the scope', async () => {
    const cofId = await userId('csr.cof');
    await choose(cof, { state: 'Ready' });
    await choose(franchise, { state: 'Away', reasonId: breakId });
    const all = await floor(supervisor);
    expect(all.agents.find((a) => a.userId === franchiseId)).toMatchObject({
      csr: 'Riley Franks',
      state: 'Away',
      reason: 'Break',
      wrapUpUntil: null,
    });
    expect(all.agents.find((a) => a.userId === cofId)).toMatchObject({ state: 'Ready', reason: '' });

    const own = await floor(franchiseSupervisor);
    expect(own.agents.map((a) => a.userId)).toContain(franchiseId);
    expect(own.agents.map((a) => a.userId)).not.toContain(cofId);
  });

  it('a Wrap-up past its end is Ready on the floor, before anything records it', async () => {
    await holdCall(t, franchise, MARGARET);
    await t.call(franchise, {
      method: 'POST',
      url: '/api/call-center/call-inactive',
      payload: { ...MARGARET, save: false },
    });
    const wrap = (await floor(supervisor)).agents.find((a) => a.userId === franchiseId);
    expect(wrap).toMatchObject({ state: 'Wrap-up', since: now() });
    t.clock.advance(45);
    const ready = (await floor(supervisor)).agents.find((a) => a.userId === franchiseId);
    expect(ready).toMatchObject({ state: 'Ready', since: wrap?.wrapUpUntil, wrapUpUntil: null });
  });

  it('hears a change on its stream', async () => {
    const baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const stream = await openFloorStream(baseUrl, await ticketFor(t, supervisor));
    try {
      await stream.next((s) => s.agents.some((a) => a.userId === franchiseId && a.state === 'Ready'));
      await choose(franchise, { state: 'Away', reasonId: lunchId });
      const seen = await stream.next((s) => s.agents.some((a) => a.userId === franchiseId && a.state === 'Away'));
      expect(seen.agents.find((a) => a.userId === franchiseId)?.reason).toBe('Lunch');
    } finally {
      stream.close();
    }
  });

  it('signing out of the last session is Offline, and the CSR leaves the floor', async () => {
    const second = await t.signin('csr.franchise');
    expect((await t.call(second, { method: 'POST', url: '/api/auth/signout' })).statusCode).toBe(200);
    expect((await mine(franchise)).state).toBe('Away'); // still signed in elsewhere
    expect((await t.call(franchise, { method: 'POST', url: '/api/auth/signout' })).statusCode).toBe(200);
    expect((await history(franchiseId)).at(-1)).toMatchObject({ state: 'Offline', source: 'session', ended_at: null });
    expect((await floor(supervisor)).agents.map((a) => a.userId)).not.toContain(franchiseId);
    franchise = await t.signin('csr.franchise');
    expect((await mine(franchise)).state).toBe('Offline');
  });

  it('a CSR whose session lapsed idle leaves the floor, though nothing signed them out', async () => {
    const cofId = await userId('csr.cof');
    await choose(await t.signin('csr.cof'), { state: 'Ready' });
    expect((await floor(supervisor)).agents.find((a) => a.userId === cofId)).toMatchObject({ state: 'Ready' });
    // The browser closed: no request for longer than the idle limit. The supervisor signs in again, as theirs lapsed too.
    t.clock.advance(t.config.session.idleSeconds + 1);
    supervisor = await t.signin('supervisor');
    expect((await floor(supervisor)).agents.map((a) => a.userId)).not.toContain(cofId);
    // Signing in again, before any sweep has recorded the lapse, does not bring the old Ready back: Offline since it.
    const again = await t.signin('csr.cof');
    expect((await floor(supervisor)).agents.map((a) => a.userId)).not.toContain(cofId);
    expect(await mine(again)).toMatchObject({ state: 'Offline' });
    expect((await history(cofId)).at(-1)).toMatchObject({ state: 'Offline', source: 'session', ended_at: null });
  });
});
