/**
 * The compiled serializer writes what the response schema gives, and outside production refuses an answer the schema
 * would change, so a handler cannot drift from the contract unseen.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compiledSerializer } from './compiled-serializer.js';

const Row = z.object({ id: z.number().int(), name: z.string(), when: z.string().nullable(), done: z.boolean() });
const Page = z.object({ value: z.array(Row), '@odata.count': z.number().int().optional() });

describe('compiledSerializer', () => {
  const rows = [
    { id: 1, name: 'Ann "A" \u2028', when: null, done: true },
    { id: 2, name: 'Bob', when: '2026-11-29 08:00:00', done: false },
  ];

  it('writes the same JSON as JSON.stringify of the schema output, checked or not', () => {
    for (const checked of [true, false]) {
      const write = compiledSerializer(Page, 'page', checked);
      expect(JSON.parse(write({ value: rows, '@odata.count': 2 }))).toEqual({ value: rows, '@odata.count': 2 });
      expect(JSON.parse(write({ value: [] }))).toEqual({ value: [] });
    }
  });

  it('outside production refuses a field the schema does not know and a value of the wrong type', () => {
    const write = compiledSerializer(Page, 'page', true);
    expect(() => write({ value: [{ ...rows[0], extra: 1 }] })).toThrow(/not what its response schema makes of it/);
    expect(() => write({ value: [{ ...rows[0], id: '1' }] })).toThrow();
  });

  it('in production writes only the fields the schema names', () => {
    const write = compiledSerializer(Page, 'page', false);
    expect(JSON.parse(write({ value: [{ ...rows[1], secret: 'x' }] }))).toEqual({ value: [rows[1]] });
  });
});
