/**
 * What an attempt comes to, from the server's answer per recipient (decision 058), and whom an attempt is for: the
 * rules without a database or a server.
 */
import { describe, expect, it } from 'vitest';
import type { ClaimedRow } from './mail-lease.js';
import { verdictOf } from './mail-outcomes.js';
import { recipientsOf } from './mail-worker.js';

const none = { refused: [], reasons: [] };
const refusal = (address: string, code: number | null) => ({ address, code, reply: `${code ?? ''} no`.trim() });

describe("an attempt's verdict", () => {
  it('is sent when every recipient accepted, naming those who had it before first', () => {
    expect(verdictOf({ accepted: ['b@x.example'], refused: [] }, none, ['a@x.example'])).toEqual({
      kind: 'sent',
      deliveredTo: 'a@x.example, b@x.example',
    });
  });

  it('is a retry for the recipients refused for now (4xx, or no code), keeping those refused for good settled', () => {
    const verdict = verdictOf(
      {
        accepted: [],
        refused: [refusal('a@x.example', 450), refusal('b@x.example', 550), refusal('c@x.example', null)],
      },
      none,
      [],
    );
    expect(verdict).toEqual({
      kind: 'retry',
      lastError: 'b@x.example refused: 550 no\na@x.example refused: 450 no\nc@x.example refused: no',
      retry: ['a@x.example', 'c@x.example'],
      settled: { refused: ['b@x.example'], reasons: ['b@x.example refused: 550 no'] },
      deliveredTo: '',
    });
  });

  it('fails for good when recipients were refused for good (now or by earlier attempts) and none for now', () => {
    const earlier = { refused: ['old@x.example'], reasons: ['old@x.example refused: 551 gone'] };
    expect(verdictOf({ accepted: ['a@x.example'], refused: [refusal('b@x.example', 553)] }, earlier, [])).toEqual({
      kind: 'refused',
      lastError: 'old@x.example refused: 551 gone\nb@x.example refused: 553 no',
      refused: ['old@x.example', 'b@x.example'],
      deliveredTo: 'a@x.example',
    });
  });
});

describe("an attempt's recipients", () => {
  const row = {
    to_addresses: 'A@x.example, b@x.example',
    cc_addresses: 'c@x.example',
    delivered_to: 'a@x.example',
    refused_to: 'C@X.example',
    last_error: 'c@x.example refused: 550 no\nsomething else',
  } as ClaimedRow;

  it('leaves out, whatever their case, those who have the message and those refused for good', () => {
    expect(recipientsOf(row)).toEqual({
      delivered: ['a@x.example'],
      earlier: { refused: ['C@X.example'], reasons: ['c@x.example refused: 550 no'] },
      pending: ['b@x.example'],
    });
  });
});
