import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { describeQuoteSearch, parseQuoteSearch, type QuoteSearch } from './quotes.js';

const ok = (search: QuoteSearch | null) => ({ ok: true, search });

describe('parseQuoteSearch', () => {
  it.each<[string, QuoteSearch | null]>([
    ['', null],
    ['   ', null],
    ['1', { kind: 'number', value: 1 }],
    ['1234', { kind: 'number', value: 1234 }],
    [' 100123 ', { kind: 'number', value: 100123 }],
    ['#42', { kind: 'number', value: 42 }],
    ['000042', { kind: 'number', value: 42 }],
    ['999999999', { kind: 'number', value: 999999999 }],
    ['6305550142', { kind: 'phone', digits: '6305550142' }],
    ['16305550142', { kind: 'phone', digits: '6305550142' }],
    ['(630) 555-0142', { kind: 'phone', digits: '6305550142' }],
    ['630.555', { kind: 'phone', digits: '630555' }],
    ['630-', { kind: 'phone', digits: '630' }],
    ['Smith', { kind: 'name', lastName: 'Smith', firstName: '' }],
    ['smi', { kind: 'name', lastName: 'smi', firstName: '' }],
    ["O'Brien", { kind: 'name', lastName: "O'Brien", firstName: '' }],
    ['Van  der Berg', { kind: 'name', lastName: 'Van der Berg', firstName: '' }],
    ['Smith-Jones', { kind: 'name', lastName: 'Smith-Jones', firstName: '' }],
    ['Smith, Jo', { kind: 'name', lastName: 'Smith', firstName: 'Jo' }],
    ['Smith,', { kind: 'name', lastName: 'Smith', firstName: '' }],
    ['Núñez', { kind: 'name', lastName: 'Núñez', firstName: '' }],
  ])('%j', (text, search) => {
    expect(parseQuoteSearch(text)).toEqual(ok(search));
  });

  it.each<[string, string]>([
    ['0', 'an order or customer number starts at 1'],
    ['12', ''],
    ['(63', 'enter at least 3 digits of the phone number'],
    ['6305550142123', 'a phone number has at most 10 digits'],
    ['smith%', 'enter an order number'],
    ['_mith', 'enter an order number'],
    ['Smith, Jo, Bob', 'enter an order number'],
    [', Jo', 'enter an order number'],
    ['Smith; drop table', 'enter an order number'],
    ['a1', 'enter an order number'],
  ])('%j is refused', (text, message) => {
    const answer = parseQuoteSearch(text);
    if (message === '') {
      expect(answer.ok).toBe(true);
      return;
    }
    expect(answer.ok).toBe(false);
    if (!answer.ok) expect(answer.message).toContain(message);
  });

  it('never passes a LIKE wildcard or a digit into a name', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), (text) => {
        const answer = parseQuoteSearch(text);
        if (answer.ok && answer.search?.kind === 'name') {
          expect(`${answer.search.lastName}${answer.search.firstName}`).not.toMatch(/[%_\\\d]/);
        }
        if (answer.ok && answer.search?.kind === 'number') {
          expect(Number.isInteger(answer.search.value) && answer.search.value >= 1).toBe(true);
          expect(answer.search.value).toBeLessThan(1_000_000_000);
        }
        if (answer.ok && answer.search?.kind === 'phone') expect(answer.search.digits).toMatch(/^\d{3,10}$/);
      }),
    );
  });

  it('reads every number up to nine digits as an order or customer number', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 999_999_999 }), (n) => {
        expect(parseQuoteSearch(String(n))).toEqual(ok({ kind: 'number', value: n }));
      }),
    );
  });
});

describe('describeQuoteSearch', () => {
  it('says what was searched', () => {
    expect(describeQuoteSearch({ kind: 'number', value: 7 })).toBe('order or customer number 7');
    expect(describeQuoteSearch({ kind: 'phone', digits: '630' })).toBe('phone starting 630');
    expect(describeQuoteSearch({ kind: 'name', lastName: 'Smi', firstName: '' })).toBe(
      'customer last name starting Smi',
    );
    expect(describeQuoteSearch({ kind: 'name', lastName: 'Smith', firstName: 'Jo' })).toBe('customer Smith, Jo…');
  });
});
