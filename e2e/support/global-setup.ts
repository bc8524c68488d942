/** Seed once: the first start of the built server loads the demo data into the template every worker copies. */
import fs from 'node:fs';
import { startServer, templateDir } from './server.js';

export default async function globalSetup(): Promise<() => void> {
  const runId = String(process.pid);
  process.env.E2E_RUN_ID = runId;
  const dir = templateDir(runId);
  fs.rmSync(dir, { recursive: true, force: true });
  const server = await startServer(dir);
  await server.stop();
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
