/**
 * Which errors mean "the database is unavailable" (answered 503, decision 057): real refusals from node-postgres and
 * from fetch on a port nobody listens on, as they come, and as this code wraps them.
 */
import pg from 'pg';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { AppError } from '../http/errors.js';
import { freePort } from '../test/server-process.js';
import { isDatabaseUnavailable } from './unavailable.js';

async function failureOf(work: () => Promise<unknown>): Promise<Error> {
  try {
    await work();
  } catch (error) {
    return error as Error;
  }
  throw new Error('no failure');
}

describe('isDatabaseUnavailable', () => {
  it('knows a refused database connection, bare or wrapped by drizzle and by a failed end-call step', async () => {
    const port = await freePort();
    const refused = await failureOf(() => new pg.Client({ host: '127.0.0.1', port }).connect());
    expect(isDatabaseUnavailable(refused)).toBe(true);
    const query = new DrizzleQueryError('select 1', [], refused);
    expect(isDatabaseUnavailable(query)).toBe(true);
    const step = new AppError('INTERNAL', 'Something went wrong on the server.', undefined, { cause: query });
    expect(isDatabaseUnavailable(step)).toBe(true);
  });

  it('knows what the server says when it ends or refuses a connection', () => {
    const said = (code: string) => Object.assign(new Error('from the server'), { code });
    for (const code of ['57P01', '57P02', '57P03', '53300', '08006', '08001']) {
      expect(isDatabaseUnavailable(said(code)), code).toBe(true);
    }
    for (const code of ['23505', '42601', '40001', '55P03']) {
      expect(isDatabaseUnavailable(said(code)), code).toBe(false);
    }
  });

  it('leaves another service’s failure alone, and a statement that failed', async () => {
    const port = await freePort();
    const fetched = await failureOf(() => fetch(`http://127.0.0.1:${port}/`));
    expect(isDatabaseUnavailable(fetched)).toBe(false);
    const refused = await failureOf(() => new pg.Client({ host: '127.0.0.1', port }).connect());
    expect(
      isDatabaseUnavailable(new AppError('BAD_GATEWAY', 'The wiki cannot be reached.', undefined, { cause: refused })),
    ).toBe(false);
    expect(isDatabaseUnavailable(new Error('something else'))).toBe(false);
    expect(isDatabaseUnavailable('Connection terminated')).toBe(false);
  });
});
