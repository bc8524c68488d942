import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';

/** Apply the committed migrations to the configured database (they also run at every start). */
const config = loadConfig();
const database = await openDatabase(config);
await database.close();
console.log(`Migrations applied (${database.kind}).`);
