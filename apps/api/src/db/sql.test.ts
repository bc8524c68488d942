import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { prefixUpperBound } from './sql.js';

/** Byte order of UTF-8, as text_pattern_ops compares. */
const bytes = (s: string) => Buffer.from(s, 'utf8');
const below = (a: string, b: string) => Buffer.compare(bytes(a), bytes(b)) < 0;

describe('prefixUpperBound', () => {
  it('raises the last character', () => {
    expect(prefixUpperBound('kowa')).toBe('kowb');
    expect(prefixUpperBound('wiś')).toBe('wi\u015c');
    expect(prefixUpperBound('60540')).toBe('60541');
    expect(prefixUpperBound('a%')).toBe('a&');
  });

  it('skips the surrogate range and carries past the last code point', () => {
    expect(prefixUpperBound('x\ud7ff')).toBe('x\ue000');
    expect(prefixUpperBound('a\u{10ffff}')).toBe('b');
    expect(prefixUpperBound('\u{10ffff}')).toBeNull();
  });

  it('is above every string with the prefix and at most any string above them (byte order)', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 6, unit: 'binary' }),
        fc.string({ maxLength: 4, unit: 'binary' }),
        (prefix, rest) => {
          const upper = prefixUpperBound(prefix);
          if (upper === null) return;
          expect(below(prefix + rest, upper)).toBe(true);
          expect(below(prefix, upper)).toBe(true);
        },
      ),
    );
  });
});
