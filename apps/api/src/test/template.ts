/**
 * A migrated, seeded database made once per test run and cloned for each test file: PGlite from a
 * dumped data directory, PostgreSQL with CREATE DATABASE … TEMPLATE.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openPglite, openPostgres } from '../db/client.js';
import { seedDemoData } from '../db/seed/index.js';

/** Fewer generated customers than the demo keeps the template quick; still enough to pass the row limit. */
const TEST_CUSTOMERS = 5000;

/**
 * The moment every test's clock starts at, and the moment the template's demo data is seeded at: its call history,
 * price lists and MeasureIt dates lie behind the test clock as they lie behind the real one in a demo, whatever day
 * the tests run on.
 */
export const TEST_START = new Date('2026-06-15T15:00:00Z');

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

export async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

export async function makePgliteTemplate(): Promise<string> {
  const database = await openPglite(undefined);
  await seedDemoData(database.db, { customers: TEST_CUSTOMERS, now: TEST_START });
  const client = (database.db as unknown as { $client: PGlite }).$client;
  const blob = await client.dumpDataDir('none');
  const file = path.join(os.tmpdir(), `cc-pglite-template-${process.pid}.tar`);
  fs.writeFileSync(file, Buffer.from(await blob.arrayBuffer()));
  await database.close();
  return file;
}

export async function makePostgresTemplate(url: string): Promise<string> {
  const name = `cc_tpl_${process.pid}`;
  await adminQuery(url, `DROP DATABASE IF EXISTS ${name}`);
  await adminQuery(url, `CREATE DATABASE ${name}`);
  const database = await openPostgres(withDatabase(url, name), 2);
  await seedDemoData(database.db, { customers: TEST_CUSTOMERS, now: TEST_START });
  await database.close();
  return name;
}
