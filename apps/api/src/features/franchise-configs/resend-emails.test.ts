/**
 * Resend Emails (decision 032) against a real SMTP server (smtp-server) that refuses one recipient:
 * the failed list (scoped, with the server's reason), ResendEmails(startDate, endDate) defaulting to today and
 * idempotent (only failed rows move back to queued), and the resend of one message with a corrected address, which
 * the worker then delivers once — never again to the recipient who already has it.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { startTestSmtp, type TestSmtp } from '../../test/smtp.js';
import { createMailTransport, createMailWorker, enqueueEmail, type MailWorker } from '../mail/index.js';
import {
  auditAfter,
  callRoute,
  companyOwnedSupervisor,
  configSnapshot,
  franchiseSupervisor,
  lastAuditId,
} from './test-support.js';

let t: TestApp;
let smtp: TestSmtp;
let admin: string;
let supervisor: string;
let cofSupervisor: string;
/** Bound to SG101 and SG102: the scope the corporate supervisor had here before decision 065. */
let indSupervisor: string;
let worker: MailWorker;

const REFUSAL = '550 5.1.1 <nobody@nowhere.example>: mailbox unavailable';

beforeAll(async () => {
  smtp = await startTestSmtp({ refuseRecipients: { 'nobody@nowhere.example': REFUSAL } });
  t = await createTestApp({ env: { SMTP_URL: smtp.url } });
  [admin, supervisor] = await Promise.all([t.signin('admin'), t.signin('supervisor')]);
  cofSupervisor = await companyOwnedSupervisor(t, admin, 'cof_resender');
  indSupervisor = await franchiseSupervisor(t, 'ind_resender');
  // One attempt: a refused message fails at once (the outbox's own retries are tested in end-call).
  worker = createMailWorker({
    db: t.db,
    transport: createMailTransport(t.config),
    mailFrom: t.config.mailFrom,
    now: () => new Date(),
    log: { info: () => undefined, warn: () => undefined, error: () => undefined },
    pollSeconds: 60,
    maxAttempts: 1,
    retrySeconds: 1,
    retryMaxSeconds: 1,
    leaseSeconds: 10,
  });
});
afterEach(() => {
  smtp.received = [];
});
afterAll(async () => {
  await worker?.stop();
  await t?.close();
  await smtp?.close();
});

/** A call of a branch, and its end-call message queued at `at` (the outbox's created_at). */
async function failedMessageOf(branchNo: string, sqldbid: number, to: string, at: Date): Promise<number> {
  const [call] = rowsOf<{ call_id: number }>(
    await t.db.execute(sql`insert into call_history (sqldbid, cust_no, branchno, call_direction, call_result,
        call_type, call_start, call_end)
      values (${sqldbid}, 0, ${branchNo}, 'Incoming', 'Information Only', 'Inbound', now(), now()) returning call_id`),
  );
  const queued = await t.db.transaction((tx) =>
    enqueueEmail(
      tx,
      {
        kind: 'end-call',
        to: [to],
        cc: [`office-${branchNo.toLowerCase()}@franchise.example`],
        subject: `Your call with ${branchNo}`,
        text: 'Thank you for your call.',
        callId: call!.call_id,
      },
      at,
    ),
  );
  return queued.emailId;
}

async function outboxRow(emailId: number) {
  const [row] = rowsOf<{
    status: string;
    attempts: number;
    to_addresses: string;
    delivered_to: string;
    refused_to: string;
  }>(
    await t.db.execute(sql`select status, attempts, to_addresses, delivered_to, refused_to from email_outbox
      where email_id = ${emailId}`),
  );
  return row!;
}

const copiesTo = (address: string) => smtp.received.filter((m) => m.to.includes(address)).length;

describe('the failed list, ResendEmails and the resend of one message', () => {
  let sg101: number;
  let sli010: number;
  let yesterday: number;

  it('a refused recipient fails the message; the list shows it with the server’s reason, in scope only', async () => {
    sg101 = await failedMessageOf('SG101', 18001, 'nobody@nowhere.example', t.clock.now());
    sli010 = await failedMessageOf('SLI010', 17501, 'nobody@nowhere.example', t.clock.now());
    yesterday = await failedMessageOf(
      'SG102',
      18001,
      'nobody@nowhere.example',
      new Date(t.clock.now().getTime() - 86_400_000),
    );
    expect(await worker.runOnce()).toMatchObject({ failed: 3 });
    // The office copy was accepted; the customer's address refused.
    expect(copiesTo('office-sg101@franchise.example')).toBe(1);
    expect(await outboxRow(sg101)).toMatchObject({
      status: 'failed',
      attempts: 1,
      delivered_to: 'office-sg101@franchise.example',
      refused_to: 'nobody@nowhere.example',
    });

    const list = async (token: string) => {
      const response = await callRoute(t, token, 'getFailedEmails');
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ data: { emailId: number; lastError: string }[] }>().data;
    };
    const franchise = await list(indSupervisor);
    expect(franchise.map((e) => e.emailId)).toEqual([sg101, yesterday]);
    // The demo's corporate supervisor runs every franchise's mail, the company-owned one's too (decision 065).
    expect((await list(supervisor)).map((e) => e.emailId)).toEqual([sli010, sg101, yesterday]);
    expect(franchise[0]).toMatchObject({
      emailId: sg101,
      to: 'nobody@nowhere.example',
      cc: 'office-sg101@franchise.example',
      subject: 'Your call with SG101',
      branchNo: 'SG101',
      attempts: 1,
      refusedTo: 'nobody@nowhere.example',
      createdAt: '2026-06-15 10:00:00',
    });
    expect(franchise[0]?.lastError).toContain('mailbox unavailable');
    expect((await list(cofSupervisor)).map((e) => e.emailId)).toEqual([sli010]);
    // Newest first: today's two (the later id first), then yesterday's.
    expect((await list(admin)).map((e) => e.emailId)).toEqual([sli010, sg101, yesterday]);
  });

  it('ResendEmails defaults to today, moves only the caller’s failed messages, and a repeat moves none', async () => {
    const auditId = await lastAuditId(t);
    const response = await callRoute(t, indSupervisor, 'resendEmails', {});
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ startDate: '2026-06-15', endDate: '2026-06-15', resent: 1, emailIds: [sg101] });
    expect(await outboxRow(sg101)).toMatchObject({ status: 'queued', attempts: 0 });
    expect(await outboxRow(sli010)).toMatchObject({ status: 'failed' });
    expect(await outboxRow(yesterday)).toMatchObject({ status: 'failed' });
    expect(await auditAfter(t, auditId)).toMatchObject([
      { entity: 'email-resend', entity_id: '2026-06-15..2026-06-15', actor: 'ind_resender' },
    ]);

    const again = await callRoute(t, indSupervisor, 'resendEmails', { startDate: '2026-06-15', endDate: '2026-06-15' });
    expect(again.json()).toMatchObject({ resent: 0, emailIds: [] });

    // Still refused: it fails again, and the office, which has it, does not get it twice.
    expect(await worker.runOnce()).toMatchObject({ failed: 1 });
    expect(copiesTo('office-sg101@franchise.example')).toBe(0);
    expect(copiesTo('nobody@nowhere.example')).toBe(0);
    expect(await outboxRow(sg101)).toMatchObject({ status: 'failed', attempts: 1 });
  });

  it('a range that takes in yesterday resends yesterday’s message too', async () => {
    const response = await callRoute(t, indSupervisor, 'resendEmails', {
      startDate: '2026-06-14',
      endDate: '2026-06-14',
    });
    expect(response.json()).toMatchObject({ resent: 1, emailIds: [yesterday] });
    expect(await worker.runOnce()).toMatchObject({ failed: 1 });
  });

  it('fixing the address resends the one message, delivered once to the new address and never twice', async () => {
    const auditId = await lastAuditId(t);
    const fix = {
      emailId: sg101,
      corrections: [{ from: 'nobody@nowhere.example', to: 'margaret@somewhere.example' }],
    };
    const response = await callRoute(t, indSupervisor, 'resendEmail', fix);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      emailId: sg101,
      resent: true,
      status: 'queued',
      to: 'margaret@somewhere.example',
      cc: 'office-sg101@franchise.example',
    });
    expect(await auditAfter(t, auditId)).toMatchObject([
      {
        entity: 'email-resend',
        entity_id: String(sg101),
        before: { to: 'nobody@nowhere.example' },
        after: { to: 'margaret@somewhere.example' },
      },
    ]);
    expect(await worker.runOnce()).toMatchObject({ sent: 1 });
    expect(copiesTo('margaret@somewhere.example')).toBe(1);
    expect(copiesTo('office-sg101@franchise.example')).toBe(0);
    expect(await outboxRow(sg101)).toMatchObject({ status: 'sent' });

    // The same request again: nothing changes, nothing is sent.
    const again = await callRoute(t, indSupervisor, 'resendEmail', fix);
    expect(again.json()).toMatchObject({ resent: false, status: 'sent' });
    expect(await worker.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(copiesTo('margaret@somewhere.example')).toBe(1);
    // And it has left the failed list.
    const list = (await callRoute(t, indSupervisor, 'getFailedEmails')).json<{ data: { emailId: number }[] }>().data;
    expect(list.map((e) => e.emailId)).not.toContain(sg101);
  });

  it('a message outside the caller’s scope is not found, and stays failed', async () => {
    const before = await configSnapshot(t);
    expect((await callRoute(t, indSupervisor, 'resendEmail', { emailId: sli010 })).statusCode).toBe(404);
    expect((await callRoute(t, cofSupervisor, 'resendEmail', { emailId: yesterday })).statusCode).toBe(404);
    expect(await configSnapshot(t)).toBe(before);
  });

  it.each([
    ['an end before the start', 'resendEmails', { startDate: '2026-06-15', endDate: '2026-06-14' }, 'endDate'],
    ['a day that does not exist', 'resendEmails', { startDate: '2026-02-30' }, 'startDate'],
    ['a date in another format', 'resendEmails', { endDate: '06/15/2026' }, 'endDate'],
    ['no email id', 'resendEmail', {}, 'emailId'],
    [
      'a corrected address that is not one',
      'resendEmail',
      { emailId: 1, corrections: [{ from: 'a@b.example', to: 'margaret at home' }] },
      'corrections.0.to',
    ],
    [
      'two addresses for one',
      'resendEmail',
      { emailId: 1, corrections: [{ from: 'a@b.example', to: 'a@b.example;c@d.example' }] },
      'corrections.0.to',
    ],
  ] as const)('bad input: %s is a 400 naming the field, nothing written', async (_name, route, body, field) => {
    const before = await configSnapshot(t);
    const response = await callRoute(t, indSupervisor, route, body);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json<{ message: string }>().message.startsWith(`${field}:`)).toBe(true);
    expect(await configSnapshot(t)).toBe(before);
  });

  it('bad input: replacing an address the message was not sent to is a 400 naming it, nothing written', async () => {
    const before = await configSnapshot(t);
    const response = await callRoute(t, admin, 'resendEmail', {
      emailId: sli010,
      corrections: [{ from: 'someone@else.example', to: 'x@y.example' }],
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json<{ message: string }>().message).toMatch(/^corrections\.0\.from: 'someone@else.example'/);
    expect(await configSnapshot(t)).toBe(before);
  });
});
