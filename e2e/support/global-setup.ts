/**
 * Seed once: the first start of the built server loads the demo data into the template every worker copies. The
 * map's peers (a satellite-like tile server and a Nominatim-compatible geocoder, @cc/test-peers) run for the whole
 * run in this process; every server the journeys start is pointed at them (support/server.ts), so no journey
 * reaches a public service.
 */
import fs from 'node:fs';
import { startGeocoder, startTileServer } from '@cc/test-peers';
import { startServer, templateDir } from './server.js';

export default async function globalSetup(): Promise<() => Promise<void>> {
  const runId = String(process.pid);
  process.env.E2E_RUN_ID = runId;
  const tiles = await startTileServer();
  const geocoder = await startGeocoder();
  process.env.E2E_MAP_TILE_URL = tiles.template;
  process.env.E2E_STATIC_MAP_URL = tiles.staticMapUrl;
  process.env.E2E_GEOCODER_URL = geocoder.searchUrl;
  const dir = templateDir(runId);
  fs.rmSync(dir, { recursive: true, force: true });
  const server = await startServer(dir);
  await server.stop();
  return async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    await tiles.close();
    await geocoder.close();
  };
}
