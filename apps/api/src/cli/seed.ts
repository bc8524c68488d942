import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { AlreadySeededError, seedDemoData } from '../db/seed/index.js';

/**
 * Load the demo data into the configured database, embedded or server:
 *   npm run db:seed                                  # the demo default
 *   npm run db:seed -- --customers 1000000 --outbound 500000 --seed 42
 */
const { values } = parseArgs({
  options: {
    customers: { type: 'string' },
    outbound: { type: 'string' },
    seed: { type: 'string' },
  },
});
const count = (name: string, value: string | undefined): number | undefined => {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`--${name} must be a whole number, not ${value}`);
  return n;
};

const config = loadConfig();
const database = await openDatabase(config);
try {
  const started = Date.now();
  await seedDemoData(database.db, {
    customers: count('customers', values.customers),
    outboundCalls: count('outbound', values.outbound),
    seed: count('seed', values.seed),
  });
  console.log(`Demo data loaded (${database.kind}) in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
} catch (error) {
  if (error instanceof AlreadySeededError) {
    console.log(error.message);
  } else {
    throw error;
  }
} finally {
  await database.close();
}
