import { describe, expect, it } from 'vitest';
import {
  IMPORT_CALL_TYPES,
  IMPORT_COLUMNS,
  checkImportHeader,
  checkImportRow,
  importHasBranch,
  parseImportDate,
  parseImportNumber,
} from './outbound-import.js';

describe('the columns of each call type (administration.md §5; decision 030)', () => {
  it('Cancel and Upsell as the spec quotes them', () => {
    expect(IMPORT_COLUMNS.Cancel.map(([n]) => n)).toEqual([
      'Branch Num',
      'Cust Num',
      'FirstName',
      'StreetAddress',
      'City',
      'State',
      'zip',
      'LawnSize',
      'PriceOffer',
      'Service',
      'Cancel Date',
      'CallSource',
    ]);
    expect(IMPORT_COLUMNS.Upsell.map(([n]) => n)).toEqual([
      'Title',
      'Cust No',
      'First Name',
      'Last Name',
      'Street',
      'City',
      'State',
      'Zip',
      'Phone',
      'Size',
      'Price Offer',
      'Service',
      'Status Date',
      'Call Source',
    ]);
    expect(IMPORT_CALL_TYPES).toEqual(['Cancel', 'Upsell', 'CustomerSurvey', 'SkippedRounds']);
    expect(IMPORT_CALL_TYPES.filter((t) => !importHasBranch(t))).toEqual(['Upsell']);
  });

  it('a header matches without regard to case, spaces and punctuation, and names what it expects otherwise', () => {
    expect(
      checkImportHeader(
        'Cancel',
        IMPORT_COLUMNS.Cancel.map(([n]) => n.toUpperCase().replace(' ', '_')),
      ),
    ).toBeNull();
    expect(checkImportHeader('Cancel', ['Branch Num', 'Cust Num'])).toMatch(
      /^The header is not that of a Cancel file: expected the 12 columns Branch Num, Cust Num, FirstName/,
    );
  });
});

describe('values', () => {
  it.each([
    ['11/2/2026', '2026-11-02'],
    ['01/31/26', '2026-01-31'],
    ['2026-02-28', '2026-02-28'],
    ['2026-02-28 13:45:00', '2026-02-28'],
    ['2/29/2028', '2028-02-29'],
    ['2/29/2027', null],
    ['13/1/2026', null],
    ['', null],
    ['yesterday', null],
  ])('date %s → %s', (text, expected) => {
    expect(parseImportDate(text)).toBe(expected);
  });

  it.each([
    ['$1,045.50', '1045.50'],
    ['45', '45'],
    ['8.5', '8.5'],
    ['', null],
    ['five', undefined],
    ['-3', undefined],
    ['1.234', undefined],
    ['1000000', undefined],
  ])('number %s → %s (at most 999,999.99)', (text, expected) => {
    expect(parseImportNumber(text, 999_999.99)).toBe(expected);
  });
});

describe('a row', () => {
  const cancel = [
    'sg101',
    ' 910001 ',
    'Jürgen',
    '12 Elm St, Apt 4',
    'Naperville',
    'IL',
    '60540',
    '8.5',
    '$45.00',
    'Lawn',
    '11/2/2026',
    'x',
  ];
  it('is trimmed and parsed', () => {
    expect(checkImportRow('Cancel', cancel)).toEqual({
      ok: true,
      row: expect.objectContaining({
        branchNo: 'SG101',
        custNo: 910001,
        size: '8.5',
        priceOffer: '45.00',
        date: '2026-11-02',
      }),
    });
  });
  it.each([
    [cancel.slice(0, 11), 'wrong column count: 11 instead of 12'],
    [[...cancel, 'extra'], 'wrong column count: 13 instead of 12'],
    [cancel.map((v, i) => (i === 1 ? '12ab' : v)), "bad number in Cust Num: '12ab'"],
    [cancel.map((v, i) => (i === 1 ? '0' : v)), "bad number in Cust Num: '0'"],
    [cancel.map((v, i) => (i === 0 ? ' ' : v)), 'Branch Num is empty'],
    [cancel.map((v, i) => (i === 8 ? '4O' : v)), "bad number in PriceOffer: '4O'"],
    [cancel.map((v, i) => (i === 10 ? '2026-13-01' : v)), "bad date in Cancel Date: '2026-13-01'"],
    [cancel.map((v, i) => (i === 2 ? 'a\u0000b' : v)), 'control characters in FirstName'],
    [cancel.map((v, i) => (i === 3 ? 'x'.repeat(201) : v)), 'StreetAddress is longer than 200 characters'],
  ])('is dropped: %j → %s', (fields, problem) => {
    expect(checkImportRow('Cancel', fields)).toEqual({ ok: false, problem });
  });
});
