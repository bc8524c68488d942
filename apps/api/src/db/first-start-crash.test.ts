/**
 * A crash-safe first start (decision 016): a first start killed with `kill -9` while it loads the demo data into a new
 * embedded database leaves a database the next start loads again, instead of one that answers 'ready' with no users for
 * ever. Real server processes on a PGlite data directory (the engine the automatic load is for), so it runs once, in
 * the PGlite project.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from './seed/index.js';
import { engine } from '../test/harness.js';
import { spawnServerProcess, startServerProcess, type ServerProcess } from '../test/server-process.js';

describe.runIf(engine === 'pglite')('a first start killed during the demo-data load', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-first-start-'));
  const servers: ServerProcess[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.kill('SIGKILL')));
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('loads again on the next start, and the administrator signs in', async () => {
    const first = await spawnServerProcess(undefined, { env: { DATA_DIR: dataDir } });
    servers.push(first);
    // The data directory and its migrated schema exist by the time the load begins: what used to count as "not new".
    await first.waitForOutput(/loading demo data/);
    await first.kill('SIGKILL');
    expect(first.output()).not.toMatch(/ready at/);
    expect(fs.existsSync(path.join(dataDir, 'pg', 'PG_VERSION'))).toBe(true);

    // The whole demo load: about 50 s alone on a slow machine, three times that beside the rest of the suite.
    const second = await startServerProcess(undefined, { env: { DATA_DIR: dataDir }, timeoutMs: 300_000 });
    servers.push(second);
    expect(second.output()).toMatch(/loading demo data/);
    const signin = await fetch(`${second.url}/api/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: DEMO_PASSWORD }),
    });
    expect(signin.status).toBe(200);
    await second.kill('SIGTERM');

    // A third start finds the load recorded as complete and loads nothing.
    const third = await startServerProcess(undefined, { env: { DATA_DIR: dataDir } });
    servers.push(third);
    expect(third.output()).not.toMatch(/loading demo data/);
  }, 420_000);
});
