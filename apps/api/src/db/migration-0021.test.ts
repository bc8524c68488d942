/**
 * Migration 0021 (sessions keep one id; decision 022) on a database that already has sessions and call locks: a
 * signed-in user's token goes on working as an access token of the same session, and the call locks it held stay
 * that session's.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { hashToken } from '../http/auth.js';
import { MIGRATIONS_DIR } from './client.js';

const BEFORE = '0020_customer_version';
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

/** The migrations as they were up to and including `tag`. */
function migrationsUpTo(tag: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-migrations-'));
  dirs.push(dir);
  fs.cpSync(MIGRATIONS_DIR, dir, { recursive: true });
  const journalPath = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const last = journal.entries.findIndex((e) => e.tag === tag);
  expect(last).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, last + 1);
  fs.writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

describe('migration 0021 on a database with sessions and call locks', () => {
  it('keeps every session, its token and the call locks it holds', async () => {
    const client = await PGlite.create(undefined, { extensions: { pg_trgm } });
    const db = drizzle(client);
    try {
      await migrate(db, { migrationsFolder: migrationsUpTo(BEFORE) });
      const token = 'a-token-signed-in-before-the-upgrade';
      const hash = hashToken(token);
      await client.exec(`
        insert into companies (company_id, description) values (901, 'Upgrade Co') on conflict do nothing;
        insert into roles (role_id, name, description) values (901, 'upgrade-role', 'Upgrade') on conflict do nothing;
        insert into users (user_id, username, first_name, last_name, password_hash, company_id, role_id)
          values (90001, 'upgrade.user', 'Up', 'Grade', 'x', 901, 901);
        insert into sessions (token_hash, user_id, created_at, last_seen_at, expires_at)
          values ('${hash}', 90001, now(), now(), now() + interval '12 hours');
        insert into call_locks (sqldbid, customer_no, user_id, call_type, locked_at, heartbeat_at, session_hash)
          values (18001, 1001, 90001, 'Inbound', now(), now(), '${hash}');
      `);

      await migrate(db, { migrationsFolder: MIGRATIONS_DIR });

      const { rows: tokens } = await client.query<{ session_id: string; live: boolean }>(
        `select a.session_id, a.expires_at = s.expires_at as live
         from access_tokens a join sessions s using (session_id) where a.token_hash = $1`,
        [hash],
      );
      expect(tokens).toEqual([{ session_id: hash, live: true }]);
      const { rows: locks } = await client.query<{ session_id: string }>(
        'select session_id from call_locks where sqldbid = 18001 and customer_no = 1001',
      );
      expect(locks).toEqual([{ session_id: hash }]);
    } finally {
      await client.close();
    }
  });
});
