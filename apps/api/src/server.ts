/** The server's entry point: `node apps/api/dist/server.js` (what `npm start` runs). */
import { runServer } from './main.js';

void runServer();
