import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { frozen, prefixUpperBound } from './sql.js';
import { outboundCalls } from './schema/index.js';

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

describe('frozen', () => {
  it('compiles a fragment without parameters once to the same text, and leaves one with parameters as it is', () => {
    const dialect = new PgDialect();
    const plain = sql`${outboundCalls.outboundId} = ${sql.identifier('x')}.y`;
    const once = frozen(plain);
    expect(dialect.sqlToQuery(once)).toEqual(dialect.sqlToQuery(plain));
    expect(frozen(plain)).toBe(once);
    const withValue = sql`${outboundCalls.outboundId} = ${5}`;
    expect(frozen(withValue)).toBe(withValue);
  });
});
