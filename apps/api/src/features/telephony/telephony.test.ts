/**
 * The phone system's events (decision 074) over real HTTP from the local phone system: a good signature is recorded and
 * an answered call pops the agent's open stream; a bad signature, a stale timestamp and a replay are refused and record
 * nothing; a malformed body is a 400 naming the field; without a secret the route is off (503).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startPhoneSystem, type PhoneSystem } from '@cc/test-peers';
import type { ScreenPop } from '@cc/contract';
import { rowsOf } from '../../db/client.js';
import { readEventStream } from '../../test/event-stream.js';
import { createTestApp, type TestApp } from '../../test/harness.js';

const SECRET = 'phone-system-shared-secret-0123456789';
/** A number given to one customer of a company-owned branch (csr.cof's scope) and to nobody else. */
const ONE = '4025550101';
/** A number two customers of company-owned branches share. */
const TWO = '4025550102';

let t: TestApp;
let phone: PhoneSystem;
let csr: string;
let baseUrl: string;

const eventCount = async () =>
  rowsOf<{ n: number }>(await t.db.execute(sql`select count(*)::int as n from telephony_events`))[0]?.n;

beforeAll(async () => {
  t = await createTestApp({ env: { TELEPHONY_SECRET: SECRET } });
  // The peer signs with the real clock; the app's test clock starts on another day.
  t.clock.advance((Date.now() - t.clock.now().getTime()) / 1000);
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  phone = await startPhoneSystem({ appUrl: baseUrl, secret: SECRET });
  csr = await t.signin('csr.cof');
  const cof = rowsOf<{ customer_id: number }>(
    await t.db.execute(sql`select c.customer_id from customers c join franchises f on f.branchno = c.branchno
      where f.designation = 'COF' and c.customer_no > 0 order by c.customer_id limit 3`),
  ).map((r) => r.customer_id);
  if (cof.length < 3) throw new Error('too few company-owned customers');
  await t.db.execute(sql`update customers set home_phone = ${ONE} where customer_id = ${cof[0]}`);
  await t.db.execute(sql`update customers set cell_phone = ${TWO} where customer_id in (${cof[1]}, ${cof[2]})`);
});
afterAll(async () => {
  await phone.close();
  await t.close();
});

describe('POST /api/telephony/events', () => {
  it('an answered call to csr.cof is recorded and pops its open stream, by the customers in its scope', async () => {
    const ticket = (await t.call(csr, { method: 'POST', url: '/api/telephony/pops/stream-ticket' })).json<{
      ticket: string;
    }>().ticket;
    const stream = await readEventStream<ScreenPop>(`${baseUrl}/api/telephony/pops/stream?ticket=${ticket}`, 'pop');
    try {
      const ringing = await phone.send({ type: 'ringing', callId: 'c-1', ani: '+1 (402) 555-0101', agent: 'csr.cof' });
      expect(ringing).toEqual({ status: 200, body: expect.objectContaining({ agentFound: true, popped: false }) });
      const answered = await phone.send({
        type: 'answered',
        callId: 'c-1',
        ani: '+1 (402) 555-0101',
        dnis: '800-555-0100',
        agent: 'CSR.COF',
      });
      expect(answered).toEqual({
        status: 200,
        body: expect.objectContaining({ agentFound: true, customers: 1, popped: true }),
      });
      expect(await stream.next(() => true)).toEqual({ ani: ONE, dnis: '8005550100', callId: 'c-1' });

      const shared = await phone.send({ type: 'answered', callId: 'c-2', ani: TWO, agent: 'csr.cof' });
      expect(shared.body).toEqual(expect.objectContaining({ customers: 2 }));
      expect(await stream.next(() => true)).toEqual({ ani: TWO, dnis: '', callId: 'c-2' });
    } finally {
      stream.close();
    }
    const ended = await phone.send({ type: 'ended', callId: 'c-1', ani: ONE, agent: 'csr.cof' });
    expect(ended.status).toBe(200);
    const rows = rowsOf<{ type: string; ani: string; user_id: number | null; customers: number | null }>(
      await t.db.execute(sql`select type, ani, user_id, customers from telephony_events
        where phone_call_id = 'c-1' order by event_id`),
    );
    expect(rows.map((r) => [r.type, r.ani, r.customers])).toEqual([
      ['ringing', ONE, null],
      ['answered', ONE, 1],
      ['ended', ONE, null],
    ]);
    expect(rows.every((r) => r.user_id !== null)).toBe(true);
  });

  it("a CSR's pop stream ends when its session does, and pops nobody after", async () => {
    const token = await t.signin('csr.cof');
    const ticket = (await t.call(token, { method: 'POST', url: '/api/telephony/pops/stream-ticket' })).json<{
      ticket: string;
    }>().ticket;
    const stream = await readEventStream<ScreenPop>(`${baseUrl}/api/telephony/pops/stream?ticket=${ticket}`, 'pop');
    try {
      // The ticket is single-use.
      const again = await fetch(`${baseUrl}/api/telephony/pops/stream?ticket=${ticket}`);
      expect(again.status).toBe(401);
      await again.body?.cancel();
      expect((await t.call(token, { method: 'POST', url: '/api/auth/signout' })).statusCode).toBe(200);
      await stream.ended;
    } finally {
      stream.close();
    }
  });

  it("moves the agent's state: answered is On call, ended is Wrap-up, recorded as the phone's doing", async () => {
    const stateOf = async () =>
      rowsOf<{ state: string; source: string }>(
        await t.db.execute(sql`select h.state, h.source from agent_state_history h join users u using (user_id)
          where u.username = 'csr.cof' order by h.id desc limit 1`),
      )[0];
    expect((await phone.send({ type: 'answered', callId: 'c-s', ani: ONE, agent: 'csr.cof' })).status).toBe(200);
    expect(await stateOf()).toEqual({ state: 'On call', source: 'phone' });
    expect((await phone.send({ type: 'ended', callId: 'c-s', ani: ONE, agent: 'csr.cof' })).status).toBe(200);
    expect(await stateOf()).toEqual({ state: 'Wrap-up', source: 'phone' });
  });

  it('refuses an agent that names no active user with a 400 naming agent, and records nothing', async () => {
    const before = await eventCount();
    const answer = await phone.send({ type: 'answered', callId: 'c-3', ani: ONE, agent: 'nobody.here' });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual(expect.objectContaining({ message: expect.stringMatching(/^agent: /) }));
    expect((await phone.send({ type: 'answered', callId: 'c-3', ani: ONE, agent: '9999' })).status).toBe(400);
    expect(await eventCount()).toBe(before);
  });

  it("names the agent by extension as by username, and tells the agent's stream of the state it moved", async () => {
    await t.db.execute(sql`update users set extension = '4471' where username = 'csr.cof'`);
    const ticket = (await t.call(csr, { method: 'POST', url: '/api/telephony/pops/stream-ticket' })).json<{
      ticket: string;
    }>().ticket;
    const states = await readEventStream<object>(`${baseUrl}/api/telephony/pops/stream?ticket=${ticket}`, 'state');
    try {
      const answered = await phone.send({ type: 'answered', callId: 'c-x', ani: ONE, agent: '4471' });
      expect(answered).toEqual({
        status: 200,
        body: expect.objectContaining({ agentFound: true, customers: 1, popped: true }),
      });
      // The header reads the state again when told: On call now, the phone's doing.
      expect(await states.next(() => true)).toEqual({});
      expect((await t.call(csr, { method: 'GET', url: '/api/agent-state' })).json()).toMatchObject({
        state: 'On call',
      });
      expect((await phone.send({ type: 'ended', callId: 'c-x', ani: ONE, agent: '4471' })).status).toBe(200);
      expect(await states.next(() => true)).toEqual({});
      expect((await t.call(csr, { method: 'GET', url: '/api/agent-state' })).json()).toMatchObject({
        state: 'Wrap-up',
      });
    } finally {
      states.close();
      await t.db.execute(sql`update users set extension = null where username = 'csr.cof'`);
    }
    const [row] = rowsOf<{ agent: string; username: string }>(
      await t.db.execute(sql`select e.agent, u.username from telephony_events e join users u using (user_id)
        where e.phone_call_id = 'c-x' order by e.event_id limit 1`),
    );
    expect(row).toEqual({ agent: '4471', username: 'csr.cof' });
  });

  it('refuses a bad signature, a stale timestamp and a replay, recording nothing', async () => {
    // The test clock stands still while the tests before took real seconds: it is set to the peer's clock again, so
    // that 301 s before now is stale on both.
    t.clock.advance((Date.now() - t.clock.now().getTime()) / 1000);
    const before = await eventCount();
    const event = { type: 'missed', callId: 'c-4', ani: ONE, agent: 'csr.cof' } as const;
    const wrongKey = await phone.send(event, { secret: 'not-the-shared-secret-at-all-000000' });
    expect(wrongKey.status).toBe(401);
    expect(wrongKey.body).toEqual(expect.objectContaining({ message: 'The signature does not match.' }));
    expect((await phone.send(event, { signature: 'sha256=abc' })).status).toBe(401);
    const stale = await phone.send(event, { timestamp: Math.floor(Date.now() / 1000) - 301 });
    expect(stale.status).toBe(401);
    expect(stale.body).toEqual(expect.objectContaining({ message: expect.stringContaining('stale') }));
    expect(await eventCount()).toBe(before);

    // The same request twice (same body, timestamp and signature): the second is a replay.
    const timestamp = Math.floor(Date.now() / 1000);
    const rawBody = JSON.stringify({ ...event, time: new Date().toISOString() });
    expect((await phone.send(event, { timestamp, rawBody })).status).toBe(200);
    const replay = await phone.send(event, { timestamp, rawBody });
    expect(replay.status).toBe(409);
    expect(await eventCount()).toBe((before ?? 0) + 1);
  });

  it('answers 400 naming the field of a malformed body, and records nothing', async () => {
    const before = await eventCount();
    const noCallId = await phone.send({ type: 'answered', ani: ONE, agent: 'csr.cof' } as never);
    expect(noCallId.status).toBe(400);
    expect(noCallId.body).toEqual(expect.objectContaining({ message: expect.stringMatching(/^callId: /) }));
    const badType = await phone.send({ type: 'hung-up', callId: 'c-5', ani: ONE, agent: 'csr.cof' } as never);
    expect(badType.body).toEqual(expect.objectContaining({ message: expect.stringMatching(/^type: /) }));
    const badPhone = await phone.send({ type: 'ringing', callId: 'c-5', ani: 'twelve', agent: 'csr.cof' });
    expect(badPhone.body).toEqual(expect.objectContaining({ message: expect.stringMatching(/^ani: /) }));
    const notJson = await phone.send({} as never, { rawBody: '{"type":' });
    expect(notJson.status).toBe(400);
    expect(await eventCount()).toBe(before);
  });

  it('is off without a shared secret: 503, whatever the signature', async () => {
    const off = await createTestApp({ database: t.database });
    try {
      const response = await off.app.inject({
        method: 'POST',
        url: '/api/telephony/events',
        headers: { 'x-telephony-timestamp': '1', 'x-telephony-signature': 'sha256=00' },
        payload: { type: 'ringing', callId: 'x', ani: ONE, agent: 'csr.cof', time: new Date().toISOString() },
      });
      expect(response.statusCode).toBe(503);
    } finally {
      await off.close();
    }
  });
});
