import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { DataDirLockedError } from './db/lock.js';
import { endDrain, listenPublicly, stopAccepting, trackConnections } from './ops/shutdown.js';
import { demoDataState, seedDemoData, syncCallReferenceData } from './db/seed/index.js';
import type { DemoIdentityServer } from './demo-identity/server.js';
import { MINIMUM_NODE, isSupportedNode, runtimeLine } from './ops/runtime.js';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * The demonstration identity server is loaded only when it is switched on: its library (oidc-provider) is a
 * development dependency, absent from a production install (`npm ci --omit=dev`).
 */
async function loadDemoIdentityServer() {
  try {
    return await import('./demo-identity/server.js');
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_MODULE_NOT_FOUND') {
      throw new ConfigError(
        'DEMO_IDENTITY_SERVER=on needs the development dependencies (oidc-provider), which this install omits: ' +
          'install without --omit=dev, or leave DEMO_IDENTITY_SERVER off.',
      );
    }
    throw error;
  }
}

interface DemoPhoneSystem {
  url: string;
  close(): Promise<void>;
}
type StartPhoneSystem = (options: { appUrl: string; secret: string; port: number }) => Promise<DemoPhoneSystem>;

/**
 * The demonstration phone system (DEMO_PHONE_SYSTEM=on, decision 075) is the test peers' local phone system: a
 * development dependency, loaded by name only when switched on, so the product's build neither needs nor carries it.
 */
async function loadDemoPhoneSystem(): Promise<StartPhoneSystem> {
  const name = '@cc/test-peers';
  try {
    return ((await import(name)) as { startPhoneSystem: StartPhoneSystem }).startPhoneSystem;
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_MODULE_NOT_FOUND') {
      throw new ConfigError(
        'DEMO_PHONE_SYSTEM=on needs the development dependencies (the test peers), which this install omits: ' +
          'install without --omit=dev, or leave DEMO_PHONE_SYSTEM off.',
      );
    }
    throw error;
  }
}

async function main(options: ServeOptions): Promise<void> {
  console.log(`Call centre starting on ${runtimeLine()}`);
  if (!isSupportedNode(process.version)) {
    throw new ConfigError(
      `Node.js ${process.version} is too old: the server needs ${MINIMUM_NODE} or later. ` +
        'npm start and the other npm scripts run the Node 24 that npm install brings (node_modules/.bin/node).',
    );
  }
  const config = loadConfig(process.env, { webDist: path.resolve(here, '../../web/dist') });
  const database = await openDatabase(config);
  // Not `isNew`: a first start killed during the load leaves an existing data directory with no demo data in it,
  // which must load again rather than answer 'ready' with no users (decision 016).
  if (database.kind === 'pglite' && config.seed === 'auto' && (await demoDataState(database.db)) === 'empty') {
    console.log('Embedded database without demo data: loading demo data…');
    // With a year of worked calls behind it, so every screen of every demo account has something to show (decision 061).
    await seedDemoData(database.db, { past: true });
  } else {
    await syncCallReferenceData(database.db);
  }
  const app = await buildApp(config, { db: database.db, ...(options.now ? { now: options.now } : {}) });
  // DEMO_IDENTITY_SERVER=on: the demonstration identity server, with this app as its one client (decision 038).
  let identityServer: DemoIdentityServer | undefined;
  if (config.demoIdentity && config.sso) {
    const { startDemoIdentityServer } = await loadDemoIdentityServer();
    identityServer = await startDemoIdentityServer({
      port: config.demoIdentity.port,
      issuer: config.sso.issuer,
      clients: [
        {
          clientId: config.sso.clientId,
          clientSecret: config.sso.clientSecret,
          redirectUris: [config.sso.redirectUrl],
          postLogoutRedirectUris: config.sso.postLogoutUrl ? [config.sso.postLogoutUrl] : [],
        },
      ],
    });
    console.log(`Demonstration identity server at ${identityServer.issuer} (the demo accounts and their password)`);
  }

  let phoneSystem: DemoPhoneSystem | undefined;
  const connections = trackConnections(app.server);
  // The HTTP server listens on a socket of its own, private to this process (so node runs its header and request
  // timeouts, which start with listening); the public port is a listener that hands it each connection
  // (ops/shutdown.ts, docs/decisions/080-shutdown-through-supported-calls.md).
  const privateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-http-'));
  const publicPort: { listener?: Awaited<ReturnType<typeof listenPublicly>> } = {};
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    const { drainSeconds, timeoutSeconds } = config.shutdown;
    app.log.info({ signal, openConnections: connections.size }, 'shutting down');
    // The bound on everything below: a request or a database that never finishes must not keep the process alive.
    setTimeout(() => {
      app.log.error({ timeoutSeconds }, 'shutdown did not finish in time: exiting with work unfinished');
      process.exit(1);
    }, timeoutSeconds * 1000).unref();
    app.lifecycle.draining = true;
    // No new connection from here on: a proxy's connect is refused and it sends the request to another process; a
    // connection accepted now would outlive the drain and be cut with its request unanswered (decision 057).
    if (publicPort.listener) stopAccepting(publicPort.listener);
    // Open streams would hold their connections for the whole drain: they end now, and the browsers reconnect to
    // another process (decision 035).
    app.floorHub.close();
    app.popHub.close();
    await connections.whenAllClosed(drainSeconds * 1000);
    // Normally every connection has ended by its own answer; one still open now is closed idle or answered below, and
    // a client may have been sending on an idle one at that instant (decision 057), hence the warning.
    if (connections.size > 0) app.log.warn({ openConnections: connections.size }, 'drain ended with connections open');
    endDrain(app.server);
    try {
      await app.close();
      await identityServer?.close();
      await phoneSystem?.close();
    } finally {
      fs.rmSync(privateDir, { recursive: true, force: true });
      await database.close();
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ path: path.join(privateDir, 'http.sock') });
  publicPort.listener = await listenPublicly(app.server, config.host, config.port);
  const where = database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL server';
  console.log(`Call centre ready at http://localhost:${config.port} (${where})`);
  // DEMO_PHONE_SYSTEM=on: a page that rings a signed-in CSR with a chosen number, through the signed events.
  if (config.demoPhone && config.telephony.secret) {
    const startPhoneSystem = await loadDemoPhoneSystem();
    phoneSystem = await startPhoneSystem({
      appUrl: `http://127.0.0.1:${config.port}`,
      secret: config.telephony.secret,
      port: config.demoPhone.port,
    });
    console.log(`Demonstration phone system at ${phoneSystem.url} (rings a signed-in CSR: screen pop)`);
  }
}

export interface ServeOptions {
  /**
   * The clock requests are answered by. A deployment leaves it to the system's; the journeys give one server a clock
   * moved to a fixed time of day, so that a rule of the clock (the calling hours) is shown on the path it must show.
   */
  now?: () => Date;
}

/** Start the server; a configuration the server cannot run with ends the process with its message. */
export function runServer(options: ServeOptions = {}): Promise<void> {
  return main(options).catch((error: unknown) => {
    if (error instanceof ConfigError || error instanceof DataDirLockedError) {
      console.error(error.message);
    } else {
      console.error(error);
    }
    process.exit(1);
  });
}
