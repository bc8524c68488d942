import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { AlreadySeededError, seedDemoData } from '../db/seed/index.js';

/** Load the demo data into the configured database, embedded or server. */
const config = loadConfig();
const database = await openDatabase(config);
try {
  await seedDemoData(database.db);
  console.log(`Demo data loaded (${database.kind}).`);
} catch (error) {
  if (error instanceof AlreadySeededError) {
    console.log(error.message);
  } else {
    throw error;
  }
} finally {
  await database.close();
}
