/** The README's configuration table lists every variable the server reads, and nothing it does not. */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES } from './config.js';

const README = new URL('../../../README.md', import.meta.url);

function documented(): string[] {
  const text = fs.readFileSync(README, 'utf8');
  const section = text.slice(text.indexOf('## Configuration'));
  const table = section.slice(0, section.indexOf('\n## '));
  return [...table.matchAll(/^\| `([A-Z][A-Z0-9_]*)` \|/gm)].map((m) => m[1] ?? '');
}

describe('the README configuration table', () => {
  it('lists every variable of config.ts, once, and no other', () => {
    const rows = documented();
    expect(new Set(rows).size).toBe(rows.length);
    expect([...rows].sort()).toEqual([...CONFIG_VARIABLES].sort());
  });
});
