/** What a filter pins a boolean field to: the call search reads one part of its indexes when completion is pinned. */
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { defineGrid } from './grid.js';
import { parseFilter } from './odata.js';

const grid = defineGrid({
  fields: {
    done: { sql: sql`done`, type: 'boolean' },
    other: { sql: sql`other`, type: 'boolean' },
    n: { sql: sql`n`, type: 'integer' },
    t: { sql: sql`t`, type: 'text' },
    d: { sql: sql`d`, type: 'datetime' },
  },
  key: sql`id`,
});

describe('pinned', () => {
  it.each([
    ['done', true],
    ['DONE', true],
    ['done eq true', true],
    ['done ne false', true],
    ['not done', false],
    ['done eq false', false],
    ['done ne true', false],
    ['n gt 1 and done', true],
    ['(n gt 1 and (other and not done))', false],
    ['n gt 1', null],
    ['done or n gt 1', null],
    ['not (done and n gt 1)', null],
    ['not not done', null],
    ['other', null],
    ['done eq null', null],
  ])('%s → %s', (text, expected) => {
    expect(grid.pinned(parseFilter(text), 'done')).toBe(expected);
  });

  it('no filter pins nothing', () => {
    expect(grid.pinned(null, 'done')).toBeNull();
  });
});
