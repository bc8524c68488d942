/**
 * A page's cursor (decision 034): the sort keys of a page's last row (a grid's `sortKeys`, the key last) and the
 * order they belong to, as base64url JSON. Opaque to a client, which hands it back as `after` to read the next page
 * by key; checked on the way in, so a bad or foreign cursor is a 400 naming `after`, never a 500 or a wrong page.
 */
import { z } from 'zod';
import { GridQueryError } from './query-error.js';

const Cursor = z.object({
  /** The order the keys belong to, e.g. 'callBackDate asc'. */
  o: z.string().max(200),
  k: z.array(z.string().max(1000).nullable()).min(1).max(20),
});

export function encodeCursor(order: string, keys: readonly (string | null)[]): string {
  return Buffer.from(JSON.stringify({ o: order, k: keys }), 'utf8').toString('base64url');
}

/** The keys of a cursor for `order`, which sorts by `count` values; a GridQueryError('after', …) when it is not one. */
export function decodeCursor(text: string, order: string, count: number): (string | null)[] {
  let json: unknown;
  try {
    if (!/^[A-Za-z0-9_-]+$/.test(text)) throw new Error('not base64url');
    json = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw new GridQueryError('after', 'is not a cursor this list gave');
  }
  const parsed = Cursor.safeParse(json);
  if (!parsed.success) throw new GridQueryError('after', 'is not a cursor this list gave');
  if (parsed.data.o !== order) {
    throw new GridQueryError('after', `belongs to the order '${parsed.data.o}', not '${order}': page from page 1`);
  }
  if (parsed.data.k.length !== count) throw new GridQueryError('after', 'is not a cursor this list gave');
  return parsed.data.k;
}

/** A row's sort keys (columns k0, k1, … from `sortKeys`), taken off the row. */
export function takeKeys<T extends Record<string, unknown>>(row: T, count: number): (string | null)[] {
  const keys: (string | null)[] = [];
  for (let i = 0; i < count; i++) {
    const name = `k${i}`;
    keys.push((row[name] as string | null | undefined) ?? null);
    delete row[name];
  }
  return keys;
}
