/**
 * A statement that fails in the database (decision 017): the client gets a generic 500 with the request's id, and
 * the log line that id finds names the statement and the SQLSTATE but holds none of the personal data the statement
 * carried. The failure is made real with a check constraint on this test's own database copy.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { rowsOf } from '../db/client.js';
import { createTestApp, testConfig, type TestApp } from '../test/harness.js';
import { DEMO_PASSWORD } from '../db/seed/index.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const EMAIL = 'rosalind.fairweather@example.com';
const FIRST = 'Rosalind';
const LAST = 'Fairweather';

it('a failed statement answers a generic 500 with a request id; its log line holds no personal data', async () => {
  await t.db.execute(
    sql.raw(`alter table users add constraint no_rosalind check (email is distinct from '${EMAIL}') not valid`),
  );
  const lines: string[] = [];
  const app = await buildApp(testConfig({ LOG_LEVEL: 'info' }), {
    db: t.db,
    logStream: { write: (line) => void lines.push(line) },
  });
  await app.ready();
  try {
    const signin = await app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { username: 'admin', password: DEMO_PASSWORD },
    });
    const { token, user } = signin.json<{ token: string; user: { UserId: number } }>();
    const response = await app.inject({
      method: 'PUT',
      url: `/api/user/${user.UserId}/profile?q=${encodeURIComponent(LAST)}`,
      headers: { authorization: `Bearer ${token}` },
      payload: { FirstName: FIRST, LastName: LAST, Email: EMAIL },
    });

    expect(response.statusCode, response.body).toBe(500);
    const requestId = response.headers['x-request-id'];
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.json()).toEqual({ error: 'INTERNAL', message: 'Something went wrong on the server.', requestId });

    const log = lines.join('');
    expect(log).not.toContain(EMAIL);
    expect(log).not.toContain(FIRST);
    expect(log).not.toContain(LAST);
    const failed = lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.level === 50);
    expect(failed).toHaveLength(1);
    // The id on the answer finds the line, which still says which statement failed and why.
    expect(failed[0]).toMatchObject({
      reqId: requestId,
      err: {
        message: expect.stringMatching(/^Failed query: update "users"[\s\S]*values not logged/),
        cause: { code: '23514', constraint: 'no_rosalind' },
      },
    });
  } finally {
    await app.close();
    await t.db.execute(sql`alter table users drop constraint no_rosalind`);
  }
  const unchanged = rowsOf<{ n: number }>(
    await t.db.execute(sql`select count(*)::int as n from users where email = ${EMAIL}`),
  );
  expect(unchanged[0]?.n).toBe(0);
});
