/**
 * The first start's demo load, as `npm start` does it on a new data directory: the embedded database migrated, then
 * the demo data with its year of past (main.ts), at the demo's size times the bench's scale. Timed from opening the
 * directory to the load's commit; the server's own start-up (a second or so) is not part of it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openPglite } from '../../apps/api/dist/db/client.js';
import { DEMO_CUSTOMER_COUNT } from '../../apps/api/dist/db/seed/customers.js';
import { DEMO_OUTBOUND_COUNT, seedDemoData } from '../../apps/api/dist/db/seed/index.js';

export const FIRST_START_SCENARIO = 'first start: demo load (embedded)';

export interface FirstStart {
  customers: number;
  outboundCalls: number;
  migrateSeconds: number;
  loadSeconds: number;
}

/** Load the demo into a new embedded database of `customers` generated customers; the directory is removed after. */
export async function measureFirstStart(customers: number): Promise<FirstStart> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-bench-first-start-'));
  const outboundCalls = Math.round((DEMO_OUTBOUND_COUNT * customers) / DEMO_CUSTOMER_COUNT);
  try {
    const started = performance.now();
    const database = await openPglite(dataDir);
    const migrated = performance.now();
    try {
      await seedDemoData(database.db, { customers, outboundCalls, past: true });
    } finally {
      await database.close();
    }
    return {
      customers,
      outboundCalls,
      migrateSeconds: (migrated - started) / 1000,
      loadSeconds: (performance.now() - migrated) / 1000,
    };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export function firstStartSummary(m: FirstStart): string {
  const fmt = (n: number) => n.toLocaleString('en-US');
  return (
    `${fmt(m.customers)} customers, ${fmt(m.outboundCalls)} outbound rows and the year of past: migrations ` +
    `${m.migrateSeconds.toFixed(1)} s, demo load ${m.loadSeconds.toFixed(1)} s, total ` +
    `${(m.migrateSeconds + m.loadSeconds).toFixed(1)} s`
  );
}
