/**
 * Agent states (decision 076) through the real routes: the CSR's own state and its refusals, opening and ending a call
 * (the call screen's open, its heartbeat, its release, and End Call), the Wrap-up's end recorded on the next touch or
 * by the sweep, the history rows each change writes, and the administrators' away reasons with their audit rows. The
 * floor's side is supervisor-floor/floor-agents.test.ts. PGlite and PostgreSQL.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { AgentState, AwayReason } from '@cc/contract';
import { rowsOf } from '../../db/client.js';
import { holdCall } from '../../test/calls.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { settleLapsedSessions, settleWrapUps } from './service.js';

let t: TestApp;
let admin: string;
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

function choose(token: string, payload: object) {
  return t.call(token, { method: 'PUT', url: '/api/agent-state', payload });
}

interface HistoryRow {
  state: string;
  reason_id: number | null;
  started_at: string;
  ended_at: string | null;
  source: string;
}
async function history(id: number): Promise<HistoryRow[]> {
  const rows = rowsOf<{
    state: string;
    reason_id: number | null;
    started_at: string | Date;
    ended_at: string | Date | null;
    source: string;
  }>(
    await t.db.execute(sql`select state, reason_id, started_at, ended_at, source from agent_state_history
      where user_id = ${id} order by started_at, id`),
  );
  return rows.map((r) => ({
    ...r,
    started_at: new Date(r.started_at).toISOString(),
    ended_at: r.ended_at === null ? null : new Date(r.ended_at).toISOString(),
  }));
}

const now = () => t.clock.now().toISOString();

beforeAll(async () => {
  t = await createTestApp({ env: { AGENT_WRAP_UP_SECONDS: '30' } });
  [admin, franchise, cof] = await Promise.all([t.signin('admin'), t.signin('csr.franchise'), t.signin('csr.cof')]);
  franchiseId = await userId('csr.franchise');
  breakId = await reasonId('Break');
  lunchId = await reasonId('Lunch');
});
afterAll(async () => {
  await t?.close();
});

describe('the CSR’s own state', () => {
  it('is Offline before anything happened, and the offered reasons are the active ones in order', async () => {
    expect(await mine(cof)).toEqual({
      state: 'Offline',
      reasonId: null,
      reason: '',
      since: null,
      wrapUpUntil: null,
      asOf: now(),
    });
    const offered = await t.call(cof, { method: 'GET', url: '/api/agent-state/away-reasons' });
    expect(offered.statusCode).toBe(200);
    expect(offered.json<AwayReason[]>().map((r) => r.Description)).toEqual([
      'Break',
      'Lunch',
      'Meeting',
      'Training',
      'Coaching',
      'Personal',
    ]);
  });

  it('refuses a state the CSR cannot pick and a reason that is not offered, naming the field, changing nothing', async () => {
    const cases: [object, string][] = [
      [{ state: 'On call' }, 'state'],
      [{ state: 'Away' }, 'reasonId'],
      [{ state: 'Away', reasonId: 999_999 }, 'reasonId'],
      [{ state: 'Away', reasonId: 'lunch' }, 'reasonId'],
    ];
    for (const [payload, field] of cases) {
      const response = await choose(cof, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json<{ message: string }>().message.startsWith(`${field}:`), response.body).toBe(true);
    }
    expect((await mine(cof)).state).toBe('Offline');
    expect(await history(await userId('csr.cof'))).toEqual([]);
  });

  it('picks Away with a reason and Ready; the same pick again (a retry) records nothing', async () => {
    const away = await choose(franchise, { state: 'Away', reasonId: breakId });
    expect(away.statusCode, away.body).toBe(200);
    expect(away.json<AgentState>()).toMatchObject({ state: 'Away', reasonId: breakId, reason: 'Break', since: now() });
    t.clock.advance(10);
    expect((await choose(franchise, { state: 'Away', reasonId: breakId })).json<AgentState>().since).toBe(
      new Date(t.clock.now().getTime() - 10_000).toISOString(),
    );
    expect(await history(franchiseId)).toHaveLength(1);
    await choose(franchise, { state: 'Away', reasonId: lunchId });
    const rows = await history(franchiseId);
    expect(rows.map((r) => [r.state, r.reason_id, r.source, r.ended_at])).toEqual([
      ['Away', breakId, 'user', now()],
      ['Away', lunchId, 'user', null],
    ]);
  });

  it('changes on a process whose clock runs behind the one that began the state: the next starts where that began', async () => {
    const away = await mine(franchise);
    t.clock.advance(-30);
    try {
      const ready = await choose(franchise, { state: 'Ready' });
      expect(ready.statusCode, ready.body).toBe(200);
      expect(ready.json<AgentState>().since).toBe(away.since);
      expect((await history(franchiseId)).slice(-2).map((r) => [r.state, r.started_at, r.ended_at])).toEqual([
        ['Away', away.since, away.since],
        ['Ready', away.since, null],
      ]);
    } finally {
      t.clock.advance(30);
    }
  });
});

describe('calls move the state', () => {
  it('opening is On call in the lock’s transaction; a heartbeat changes nothing; leaving is Wrap-up, then Ready', async () => {
    await choose(franchise, { state: 'Away', reasonId: breakId });
    t.clock.advance(5);
    const openedAt = now();
    await holdCall(t, franchise, MARGARET);
    expect(await mine(franchise)).toMatchObject({ state: 'On call', since: openedAt, reason: '' });
    t.clock.advance(60);
    await holdCall(t, franchise, MARGARET); // the heartbeat (the helper drops the lock first: a reopen of the same call)
    expect((await mine(franchise)).since).toBe(openedAt);

    t.clock.advance(60);
    const leftAt = now();
    const left = await t.call(franchise, {
      method: 'POST',
      url: '/api/call-center/call-inactive',
      payload: { ...MARGARET, save: false },
    });
    expect(left.statusCode, left.body).toBe(200);
    const until = new Date(t.clock.now().getTime() + 30_000).toISOString();
    expect(await mine(franchise)).toMatchObject({ state: 'Wrap-up', since: leftAt, wrapUpUntil: until });

    t.clock.advance(31);
    // Read past its end, the Wrap-up is Ready since that end, and the read recorded it (source timer).
    expect(await mine(franchise)).toMatchObject({ state: 'Ready', since: until, wrapUpUntil: null });
    const rows = await history(franchiseId);
    expect(rows.slice(-3).map((r) => [r.state, r.source, r.started_at, r.ended_at])).toEqual([
      ['On call', 'call', openedAt, leftAt],
      ['Wrap-up', 'call', leftAt, until],
      ['Ready', 'timer', until, null],
    ]);
  });

  it('a change after a Wrap-up has ended records the Ready it became, then the change, in the change’s statements', async () => {
    await holdCall(t, franchise, MARGARET);
    t.clock.advance(10);
    const leftAt = now();
    const left = await t.call(franchise, {
      method: 'POST',
      url: '/api/call-center/call-inactive',
      payload: { ...MARGARET, save: false },
    });
    expect(left.statusCode, left.body).toBe(200);
    const until = new Date(t.clock.now().getTime() + 30_000).toISOString();
    t.clock.advance(45);
    // Nobody read the state past the Wrap-up's end: the pick itself settles it.
    const pickedAt = now();
    expect((await choose(franchise, { state: 'Away', reasonId: lunchId })).statusCode).toBe(200);
    const rows = await history(franchiseId);
    expect(rows.slice(-3).map((r) => [r.state, r.source, r.started_at, r.ended_at])).toEqual([
      ['Wrap-up', 'call', leftAt, until],
      ['Ready', 'timer', until, pickedAt],
      ['Away', 'user', pickedAt, null],
    ]);
    expect(await mine(franchise)).toMatchObject({ state: 'Away', since: pickedAt, reasonId: lunchId });
    t.clock.advance(5);
  });

  it('End Call is Wrap-up in its transaction; the sweep records the Ready nobody asked for', async () => {
    await holdCall(t, franchise, MARGARET);
    t.clock.advance(120);
    const endedAt = now();
    const ended = await t.call(franchise, {
      method: 'POST',
      url: '/api/call-center/end-call',
      payload: { idempotencyKey: randomUUID(), ...MARGARET, callType: 'Inbound', result: 'Information Only' },
    });
    expect(ended.statusCode, ended.body).toBe(200);
    const until = new Date(t.clock.now().getTime() + 30_000);
    expect((await history(franchiseId)).at(-1)).toMatchObject({
      state: 'Wrap-up',
      started_at: endedAt,
      ended_at: null,
    });

    // The sweep leaves a Wrap-up that has not ended; past it, it records the Ready once.
    expect(await settleWrapUps(t.db, new Date(until.getTime() - 1))).toBe(0);
    expect(await settleWrapUps(t.db, new Date(until.getTime() + 5000))).toBe(1);
    expect(await settleWrapUps(t.db, new Date(until.getTime() + 5000))).toBe(0);
    expect((await history(franchiseId)).slice(-2).map((r) => [r.state, r.source, r.started_at, r.ended_at])).toEqual([
      ['Wrap-up', 'call', endedAt, until.toISOString()],
      ['Ready', 'timer', until.toISOString(), null],
    ]);
    t.clock.advance(40);
  });

  it('a call ended while the CSR had picked Away keeps the Away', async () => {
    await holdCall(t, franchise, MARGARET);
    await choose(franchise, { state: 'Away', reasonId: lunchId });
    await t.call(franchise, {
      method: 'POST',
      url: '/api/call-center/call-inactive',
      payload: { ...MARGARET, save: false },
    });
    expect(await mine(franchise)).toMatchObject({ state: 'Away', reason: 'Lunch' });
  });
});

describe('the away reasons (administrators)', () => {
  it('adds, renames and retires a reason with an audit row each; a retired one is no longer offered', async () => {
    const added = await t.call(admin, {
      method: 'POST',
      url: '/api/users/away-reason/',
      payload: { Description: 'Team huddle', SortOrder: 15 },
    });
    expect(added.statusCode, added.body).toBe(201);
    const reason = added.json<AwayReason>();
    expect(reason).toMatchObject({ Description: 'Team huddle', Active: true, SortOrder: 15 });
    const duplicate = await t.call(admin, {
      method: 'POST',
      url: '/api/users/away-reason/',
      payload: { Description: 'team HUDDLE' },
    });
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json<{ message: string }>().message).toBe(
      'Description: An away reason with this description exists.',
    );
    const retired = await t.call(admin, {
      method: 'PUT',
      url: `/api/users/away-reason/${reason.AwayReasonId}`,
      payload: { Description: 'Team huddle', Active: false, SortOrder: 15 },
    });
    expect(retired.statusCode, retired.body).toBe(200);
    const audits = rowsOf<{ action: string; before: unknown; after: unknown }>(
      await t.db.execute(sql`select action, before, after from audit_log where entity = 'away_reason'
        and entity_id = ${String(reason.AwayReasonId)} order by audit_id`),
    );
    expect(audits.map((a) => a.action)).toEqual(['create', 'update']);
    expect(audits[1]?.after).toMatchObject({ Active: false });

    const offered = await t.call(cof, { method: 'GET', url: '/api/agent-state/away-reasons' });
    expect(offered.json<AwayReason[]>().map((r) => r.AwayReasonId)).not.toContain(reason.AwayReasonId);
    const refused = await choose(cof, { state: 'Away', reasonId: reason.AwayReasonId });
    expect(refused.statusCode).toBe(400);
    const list = await t.call(admin, { method: 'GET', url: '/api/users/away-reasons/' });
    expect(list.json<AwayReason[]>().find((r) => r.AwayReasonId === reason.AwayReasonId)?.Active).toBe(false);
  });

  it('is for administrators only; an unknown reason is a 404', async () => {
    const csr = await t.call(cof, { method: 'POST', url: '/api/users/away-reason/', payload: { Description: 'X' } });
    expect(csr.statusCode).toBe(403);
    const missing = await t.call(admin, {
      method: 'PUT',
      url: '/api/users/away-reason/999999',
      payload: { Description: 'Nothing' },
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('a browser closed without signing out', () => {
  it('is Offline from the moment the user’s last session lapsed, recorded by the sweep once', async () => {
    await choose(franchise, { state: 'Ready' });
    const idle = t.config.session.idleSeconds;
    // Every session is live now: nothing to record.
    expect(await settleLapsedSessions(t.db, t.clock.now(), idle)).toBe(0);
    const later = new Date(t.clock.now().getTime() + (idle + 60) * 1000);
    expect(await settleLapsedSessions(t.db, later, idle)).toBeGreaterThanOrEqual(1);
    expect(await settleLapsedSessions(t.db, later, idle)).toBe(0);
    const [lapse] = rowsOf<{ at: string | Date }>(
      await t.db.execute(sql`select max(least(last_seen_at + ${`${idle} seconds`}::interval, expires_at)) as at
        from sessions where user_id = ${franchiseId} and revoked_at is null`),
    );
    const at = new Date(lapse!.at).toISOString();
    expect((await history(franchiseId)).slice(-2).map((r) => [r.state, r.source, r.started_at, r.ended_at])).toEqual([
      ['Ready', 'user', now(), at],
      ['Offline', 'session', at, null],
    ]);
  });
});
