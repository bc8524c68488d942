import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { buildPath, routes } from '@cc/contract';
import { browserRouteTable } from './src/lib/route-table';

const ROUTE_TABLE = fileURLToPath(new URL('./src/lib/route-table.ts', import.meta.url));

/**
 * The browser's route table holds each route's method, path and whether it needs the session: the contract's own table
 * carries the zod schemas and access rules of every route, which would put zod and the whole contract in the first
 * download of every page
 * (src/lib/route-table.ts; docs/decisions/095-initial-javascript-per-route.md).
 */
function routeTable(): Plugin {
  const paths = browserRouteTable(routes);
  return {
    name: 'cc-route-table',
    enforce: 'pre',
    load(id) {
      if (id.split('?')[0] !== ROUTE_TABLE) return null;
      const code = `export const routePaths = ${JSON.stringify(paths)};\nexport ${buildPath.toString()}\n`;
      return { code, moduleSideEffects: false };
    },
  };
}

/**
 * The shared packages and the app's own TypeScript are plain modules (schemas, rules, components, hooks) that do
 * nothing on loading that another module relies on without importing something from them, so a chunk keeps only the
 * modules whose exports it uses: imported through an index (a feature's, a package's), the others would all come
 * along. A module kept for its exports keeps its top-level statements. Style sheets and the libraries keep their own
 * declarations (docs/decisions/095-initial-javascript-per-route.md). The contract's zod.js is the exception: it only
 * passes zod's own export on, so no chunk would keep it for that, and what it does on loading (zod built without
 * generated code, which the content security policy refuses) every schema relies on.
 */
const pureModule =
  /\/packages\/(contract|domain)\/dist\/(?!zod\.js$).*\.js$|\/apps\/web\/src\/(features\/[^/]+\/index\.ts|components\/.*\.tsx?)$/;

/**
 * Every script, style sheet and page is written compressed beside itself (brotli and gzip), and the server sends the
 * form the browser accepts (apps/api/src/app.ts): what a page downloads is what tools/initial-js.ts counts, with no
 * compression spent per request (docs/decisions/105-compressed-assets.md).
 */
const compressed = () =>
  compression({
    algorithms: [
      defineAlgorithm('brotliCompress', { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
      defineAlgorithm('gzip', { level: 9 }),
    ],
    threshold: 1024,
    logLevel: 'silent',
  });

export default defineConfig({
  plugins: [routeTable(), react(), compressed()],
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    // Which chunks each route loads at first (tools/initial-js.ts reads it after the build; decision 095).
    manifest: true,
    chunkSizeWarningLimit: 1500,
    rollupOptions: {
      treeshake: {
        moduleSideEffects: (id: string) => !pureModule.test(id),
      },
    },
  },
});
