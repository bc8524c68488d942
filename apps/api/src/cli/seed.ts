import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { AlreadySeededError, seedDemoData } from '../db/seed/index.js';
import { SeedOptionsError } from '../db/seed/options.js';
import { parseSeedArgs, type SeedArgs } from './seed-args.js';

/**
 * Load the demo data into the configured database, embedded or server:
 *   npm run db:seed                                  # the demo default
 *   npm run db:seed -- --customers 1000000 --outbound 500000 --seed 42
 * More outbound rows than customers is refused before the database is opened.
 */
let args: SeedArgs;
try {
  args = parseSeedArgs(process.argv.slice(2));
} catch (error) {
  if (!(error instanceof SeedOptionsError)) throw error;
  console.error(error.message);
  process.exit(2);
}

const config = loadConfig();
const database = await openDatabase(config);
try {
  const started = Date.now();
  await seedDemoData(database.db, {
    customers: args.customers,
    outboundCalls: args.outboundCalls,
    seed: args.seed,
    past: true,
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
