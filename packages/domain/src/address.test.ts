import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  buildFullAddress,
  buildStreetAddress,
  displayZip,
  formatPhone,
  phoneDigits,
  zip5,
  type StreetAddressParts,
} from './address.js';

const digits = (min: number, max = min) =>
  fc.array(fc.constantFrom(...'0123456789'), { minLength: min, maxLength: max }).map((d) => d.join(''));
/** A word as it may be typed into one address field: letters, digits, inner and outer spaces. */
const word = fc.stringMatching(/^[A-Za-z0-9.'#-]{1,12}$/);
const messy = fc
  .tuple(
    fc.constantFrom('', ' ', '  ', '\t'),
    fc.array(word, { minLength: 0, maxLength: 3 }),
    fc.constantFrom('', ' ', '\n'),
  )
  .map(([before, words, after]) => `${before}${words.join('  ')}${after}`);

describe('buildStreetAddress', () => {
  it.each<[string, StreetAddressParts, string]>([
    ['all parts', { streetNo: '123', preDir: 'N', streetNm: 'Main', suffix: 'St', postDir: 'W' }, '123 N Main St W'],
    ['no directions', { streetNo: '77', streetNm: 'Prairie', suffix: 'St' }, '77 Prairie St'],
    ['pre-direction only', { streetNo: '1420', preDir: 'W', streetNm: 'Ogden', suffix: 'Ave' }, '1420 W Ogden Ave'],
    ['post-direction only', { streetNo: '9', streetNm: 'Elm', suffix: 'Ct', postDir: 'SE' }, '9 Elm Ct SE'],
    ['no house number', { streetNm: 'Main', suffix: 'St' }, 'Main St'],
    ['no suffix', { streetNo: '5', streetNm: 'Broadway' }, '5 Broadway'],
    ['empty strings left out', { streetNo: '', preDir: '', streetNm: 'Main', suffix: '', postDir: '' }, 'Main'],
    ['nulls left out', { streetNo: '12', preDir: null, streetNm: 'Oak', suffix: null, postDir: null }, '12 Oak'],
    ['blank parts left out', { streetNo: '  ', preDir: ' ', streetNm: 'Oak', suffix: '\t', postDir: '' }, 'Oak'],
    ['parts trimmed', { streetNo: ' 12 ', preDir: ' N ', streetNm: '  Oak ', suffix: ' Ln ' }, '12 N Oak Ln'],
    ['inner runs of spaces collapsed', { streetNo: '12', streetNm: 'Old   Mill', suffix: 'Rd' }, '12 Old Mill Rd'],
    ['tabs and newlines collapsed', { streetNo: '12', streetNm: 'Old\t\nMill', suffix: 'Rd' }, '12 Old Mill Rd'],
    ['nothing at all', {}, ''],
    ['only blanks', { streetNo: ' ', streetNm: ' ' }, ''],
    ['a house number with a letter', { streetNo: '12B', streetNm: 'Oak', suffix: 'St' }, '12B Oak St'],
  ])('%s', (_name, parts, expected) => {
    expect(buildStreetAddress(parts)).toBe(expected);
  });

  it('puts the parts in the order number, pre-direction, name, suffix, post-direction', () => {
    expect(buildStreetAddress({ postDir: 'E', suffix: 'Blvd', streetNm: 'Lake', preDir: 'S', streetNo: '400' })).toBe(
      '400 S Lake Blvd E',
    );
  });

  it('property: the words of the result are the words of the parts, in order, single-spaced', () => {
    fc.assert(
      fc.property(messy, messy, messy, messy, messy, (streetNo, preDir, streetNm, suffix, postDir) => {
        const result = buildStreetAddress({ streetNo, preDir, streetNm, suffix, postDir });
        const words = [streetNo, preDir, streetNm, suffix, postDir].flatMap((p) => p.split(/\s+/).filter(Boolean));
        expect(result).toBe(words.join(' '));
        expect(result).toBe(result.trim());
        expect(result).not.toMatch(/\s{2}|[\t\n]/);
      }),
    );
  });

  it('property: building again from the result as a single part changes nothing', () => {
    fc.assert(
      fc.property(messy, messy, messy, (streetNo, streetNm, suffix) => {
        const once = buildStreetAddress({ streetNo, streetNm, suffix });
        expect(buildStreetAddress({ streetNm: once })).toBe(once);
      }),
    );
  });
});

describe('buildFullAddress', () => {
  it.each<[string, [string, string, string, string], string]>([
    ['all parts', ['123 N Main St W', 'Naperville', 'IL', '60540'], '123 N Main St W, Naperville, IL 60540'],
    ['a zip+4', ['1420 W Ogden Ave', 'Naperville', 'IL', '60540-1234'], '1420 W Ogden Ave, Naperville, IL 60540-1234'],
    ['no zip', ['77 Prairie St', 'Aurora', 'IL', ''], '77 Prairie St, Aurora, IL'],
    ['no state', ['77 Prairie St', 'Aurora', '', '60505'], '77 Prairie St, Aurora, 60505'],
    ['no state or zip', ['77 Prairie St', 'Aurora', '', ''], '77 Prairie St, Aurora'],
    ['no city', ['77 Prairie St', '', 'IL', '60505'], '77 Prairie St, IL 60505'],
    ['no street', ['', 'Aurora', 'IL', '60505'], 'Aurora, IL 60505'],
    ['only a street', ['77 Prairie St', '', '', ''], '77 Prairie St'],
    ['only a zip', ['', '', '', '60505'], '60505'],
    ['nothing', ['', '', '', ''], ''],
    ['blanks count as nothing', ['  ', ' ', ' ', ' '], ''],
    [
      'parts trimmed and collapsed',
      [' 77  Prairie St ', ' Des   Moines ', ' IA ', ' 50309 '],
      '77 Prairie St, Des Moines, IA 50309',
    ],
    ['a prospect with zip N/A', ['', '', '', 'N/A'], 'N/A'],
  ])('%s', (_name, [address, city, state, zip], expected) => {
    expect(buildFullAddress(address, city, state, zip)).toBe(expected);
  });

  it('keeps the case it was given (the server upper-cases the state itself)', () => {
    expect(buildFullAddress('5 e sunshine st', 'springfield', 'mo', '65804')).toBe(
      '5 e sunshine st, springfield, mo 65804',
    );
  });

  it('combines with buildStreetAddress into the stored full address of a story customer', () => {
    const address = buildStreetAddress({ streetNo: '1420', preDir: 'W', streetNm: 'Ogden', suffix: 'Ave' });
    expect(buildFullAddress(address, 'Naperville', 'IL', '60540')).toBe('1420 W Ogden Ave, Naperville, IL 60540');
  });

  it('property: with every part given it is "address, city, state zip"', () => {
    const part = fc.array(word, { minLength: 1, maxLength: 3 }).map((w) => w.join(' '));
    fc.assert(
      fc.property(part, part, fc.stringMatching(/^[A-Z]{2}$/), digits(5), (address, city, state, zip) => {
        expect(buildFullAddress(address, city, state, zip)).toBe(`${address}, ${city}, ${state} ${zip}`);
      }),
    );
  });

  it('property: never starts or ends with a separator and never doubles one', () => {
    fc.assert(
      fc.property(messy, messy, messy, messy, (address, city, state, zip) => {
        const result = buildFullAddress(address, city, state, zip);
        expect(result).toBe(result.trim());
        expect(result).not.toMatch(/^,|,$|,\s*,|\s{2}/);
      }),
    );
  });
});

describe('displayZip', () => {
  it.each([
    ['605401234', '60540-1234'],
    ['60540-1234', '60540-1234'],
    [' 605401234 ', '60540-1234'],
    ['60540', '60540'],
    [' 60540 ', '60540'],
    ['00501', '00501'],
    ['', ''],
    ['N/A', 'N/A'],
    ['6054', '6054'],
    ['6054012345', '6054012345'],
    ['60540-123', '60540-123'],
    ['6054-01234', '6054-01234'],
    ['ABCDE1234', 'ABCDE1234'],
  ])('%j displays as %j', (zip, expected) => {
    expect(displayZip(zip)).toBe(expected);
  });

  it('property: nine digits display as 5-4, with or without the dash', () => {
    fc.assert(
      fc.property(digits(9), (d) => {
        const expected = `${d.slice(0, 5)}-${d.slice(5)}`;
        expect(displayZip(d)).toBe(expected);
        expect(displayZip(expected)).toBe(expected);
        expect(displayZip(displayZip(d))).toBe(expected);
      }),
    );
  });

  it('property: five digits are unchanged', () => {
    fc.assert(
      fc.property(digits(5), (d) => {
        expect(displayZip(d)).toBe(d);
      }),
    );
  });

  it('property: a value that is not a nine-digit zip is only trimmed', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), (zip) => {
        fc.pre(!/^\s*\d{5}-?\d{4}\s*$/.test(zip));
        expect(displayZip(zip)).toBe(zip.trim());
      }),
    );
  });
});

describe('zip5', () => {
  it.each([
    ['60540', '60540'],
    ['60540-1234', '60540'],
    ['605401234', '60540'],
    [' 60540 ', '60540'],
    ['6054', '6054'],
    ['', ''],
    ['N/A', ''],
    ['00501-0001', '00501'],
  ])('%j → %j', (zip, expected) => {
    expect(zip5(zip)).toBe(expected);
  });

  it('property: at most five digits, the first five digits of the input', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 15 }), (zip) => {
        const result = zip5(zip);
        expect(result).toMatch(/^\d{0,5}$/);
        expect(result).toBe(zip.replace(/\D/g, '').slice(0, 5));
      }),
    );
  });

  it('property: cuts a displayed zip+4 back to its zip', () => {
    fc.assert(
      fc.property(digits(9), (d) => {
        expect(zip5(displayZip(d))).toBe(d.slice(0, 5));
      }),
    );
  });
});

describe('phoneDigits', () => {
  it.each([
    ['6305550142', '6305550142'],
    ['(630) 555-0142', '6305550142'],
    ['630.555.0142', '6305550142'],
    ['630-555-0142', '6305550142'],
    ['630 555 0142', '6305550142'],
    ['+1 630 555 0142', '6305550142'],
    ['1-630-555-0142', '6305550142'],
    ['+1 (630) 555-0142', '6305550142'],
    ['16305550142', '6305550142'],
    ['630555', '630555'],
    ['(630) 555', '630555'],
    ['1630', '1630'],
    ['26305550142', '26305550142'],
    ['116305550142', '116305550142'],
    ['', ''],
    ['call me', ''],
  ])('%j → %j', (value, expected) => {
    expect(phoneDigits(value)).toBe(expected);
  });

  it('property: only digits come out, in the order typed', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), (value) => {
        const result = phoneDigits(value);
        expect(result).toMatch(/^\d*$/);
        expect(value.replace(/\D/g, '').endsWith(result)).toBe(true);
      }),
    );
  });

  it('property: a ten-digit number reads back from any of its usual formats', () => {
    fc.assert(
      fc.property(digits(10), (d) => {
        const [a, b, c] = [d.slice(0, 3), d.slice(3, 6), d.slice(6)];
        for (const typed of [
          d,
          `(${a}) ${b}-${c}`,
          `${a}.${b}.${c}`,
          `${a}-${b}-${c}`,
          `+1 ${a} ${b} ${c}`,
          `1-${a}-${b}-${c}`,
          formatPhone(d),
        ]) {
          expect(phoneDigits(typed)).toBe(d);
        }
      }),
    );
  });
});

describe('formatPhone', () => {
  it.each([
    ['6305550142', '(630) 555-0142'],
    ['3125551234', '(312) 555-1234'],
    ['0000000000', '(000) 000-0000'],
    ['630555014', '630555014'],
    ['63055501421', '63055501421'],
    ['16305550142', '16305550142'],
    ['(630) 555-0142', '(630) 555-0142'],
    ['630-555-0142', '630-555-0142'],
    ['', ''],
    ['abc', 'abc'],
  ])('%j → %j', (value, expected) => {
    expect(formatPhone(value)).toBe(expected);
  });

  it('property: ten digits format as (AAA) BBB-CCCC and read back', () => {
    fc.assert(
      fc.property(digits(10), (d) => {
        const formatted = formatPhone(d);
        expect(formatted).toMatch(/^\(\d{3}\) \d{3}-\d{4}$/);
        expect(phoneDigits(formatted)).toBe(d);
        // Formatting is not repeated on a formatted number.
        expect(formatPhone(formatted)).toBe(formatted);
      }),
    );
  });

  it('property: anything but exactly ten digits is unchanged', () => {
    fc.assert(
      fc.property(fc.oneof(digits(0, 9), digits(11, 15), fc.string({ maxLength: 15 })), (value) => {
        fc.pre(!/^\d{10}$/.test(value));
        expect(formatPhone(value)).toBe(value);
      }),
    );
  });
});
