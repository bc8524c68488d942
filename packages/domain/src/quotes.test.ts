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
    expect(answer.ok).toBe(message === '');
    expect(answer.ok ? '' : answer.message).toContain(message);
  });

  it('never passes a LIKE wildcard or a digit into a name', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), (text) => {
        const answer = parseQuoteSearch(text);
        // Whatever kind of search it becomes holds only what that kind may.
        const search = answer.ok ? answer.search : undefined;
        expect(search?.kind === 'name' ? `${search.lastName}${search.firstName}` : '').not.toMatch(/[%_\\\d]/);
        const number = search?.kind === 'number' ? search.value : 1;
        expect(Number.isInteger(number) && number >= 1 && number < 1_000_000_000).toBe(true);
        expect(search?.kind === 'phone' ? search.digits : '000').toMatch(/^\d{3,10}$/);
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
