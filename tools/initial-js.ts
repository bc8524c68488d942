// The JavaScript each route of the web app loads before its first paint, in gzip KB, from the Vite manifest of the
// last build (apps/web/dist/.vite/manifest.json). `npm run build` prints it (the web app's build runs this file), and
// initial-js.test.ts holds the budgets of bench/budgets.json (`initial_js_gzip_kb`) over the same figures
// (docs/decisions/095-initial-javascript-per-route.md).
//
// What a route loads at first: the entry chunk and every chunk it imports statically (the browser fetches them before
// the entry runs), then the route's lazy page chunk and its own static imports, fetched when the router renders the
// route; for a signed-in screen also the header's signed-in parts, which the app shell loads at once after the
// sign-in (SIGNED_IN_SHELL). A chunk the page imports dynamically (a dialog, a chart, the map, a grid behind a tab) loads when it is
// shown, not before the first paint, and is left out. Each chunk counts once.
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';

export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/**
 * The app shell's parts for a signed-in user (the header's menus, the idle watch), which the shell loads as soon as
 * someone is signed in (src/app/Layout.tsx): they come with the first paint of every signed-in screen.
 */
export const SIGNED_IN_SHELL = 'src/app/signed-in-shell.ts';

/** Pages shown signed out, without the signed-in header. */
const SIGNED_OUT_PAGES = new Set([
  'src/features/auth/pages/PublicHomePage.tsx',
  'src/features/auth/pages/AuthDialogPage.tsx',
  'src/features/auth/pages/PortalSigninPage.tsx',
  'src/features/auth/pages/SsoCallbackPage.tsx',
]);

/** The routes with a budget: the key names the budget in bench/budgets.json, the page is the route's lazy module. */
export const BUDGETED_ROUTES = [
  { route: '/', budget: 'signin', page: 'src/features/auth/pages/PublicHomePage.tsx' },
  { route: '/signin', budget: 'signin', page: 'src/features/auth/pages/AuthDialogPage.tsx' },
  {
    route: '/call-center/current-call/:sqldbid/:customerNo/:callType',
    budget: 'call',
    page: 'src/features/current-call/pages/CurrentCallPage.tsx',
  },
] as const;

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const WEB_DIST = path.join(ROOT, 'apps/web/dist');
export const MANIFEST = path.join(WEB_DIST, '.vite/manifest.json');

/** The manifest keys of `start` and of every chunk it imports statically, directly or through another. */
export function staticClosure(manifest: Manifest, start: string): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the manifest has no chunk ${key}`);
    seen.add(key);
    for (const next of chunk.imports ?? []) visit(next);
  };
  visit(start);
  return [...seen];
}

/** The entry's key (index.html for the app). */
export function entryKey(manifest: Manifest): string {
  const entries = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  if (entries.length !== 1) throw new Error(`expected one entry in the manifest, found ${entries.length}`);
  return entries[0] as string;
}

/**
 * The JS files (paths inside dist) a route loads before its first paint: the entry's closure and its page's, and for a
 * signed-in page the signed-in header's.
 */
export function initialFiles(manifest: Manifest, page: string, signedIn = !SIGNED_OUT_PAGES.has(page)): string[] {
  const starts = [entryKey(manifest), page, ...(signedIn ? [SIGNED_IN_SHELL] : [])];
  const keys = new Set(starts.flatMap((start) => staticClosure(manifest, start)));
  return [...keys].map((key) => (manifest[key] as ManifestChunk).file).filter((file) => file.endsWith('.js'));
}

/** Gzip bytes of a built file, as a server that compresses would send it. */
export type SizeOf = (file: string) => number;
export const gzipSizeIn =
  (dist: string): SizeOf =>
  (file) =>
    gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;

/**
 * Brotli bytes of a built file: the copy the build wrote beside it, which the server sends to a browser that accepts
 * brotli (docs/decisions/105-compressed-assets.md).
 */
export const brotliSizeIn =
  (dist: string): SizeOf =>
  (file) => {
    const copy = path.join(dist, `${file}.br`);
    return existsSync(copy) ? statSync(copy).size : brotliCompressSync(readFileSync(path.join(dist, file))).length;
  };

export interface RouteWeight {
  /** The route's path, or the page module for a route without a budget. */
  route: string;
  files: number;
  gzipKb: number;
  /** The same files as brotli, when asked for. */
  brotliKb?: number;
  budget?: string;
}

const kb = (bytes: number) => Math.round(bytes / 102.4) / 10;

/**
 * Every page's initial JS: the budgeted routes first, then every other lazily loaded page of the manifest; gzip, and
 * brotli beside it when `brotliOf` is given.
 */
export function routeWeights(manifest: Manifest, sizeOf: SizeOf, brotliOf?: SizeOf): RouteWeight[] {
  const weigh = (page: string) => {
    const files = initialFiles(manifest, page);
    const total = (size: SizeOf) => files.reduce((sum, file) => sum + size(file), 0);
    return {
      files: files.length,
      gzipKb: kb(total(sizeOf)),
      ...(brotliOf ? { brotliKb: kb(total(brotliOf)) } : {}),
    };
  };
  const budgeted: RouteWeight[] = BUDGETED_ROUTES.map(({ route, budget, page }) => ({ route, budget, ...weigh(page) }));
  const pages = Object.keys(manifest)
    .filter((key) => manifest[key]?.isDynamicEntry && /\/pages\//.test(key))
    .filter((key) => !BUDGETED_ROUTES.some((route) => route.page === key))
    .sort();
  return [...budgeted, ...pages.map((page) => ({ route: page.replace(/^src\/features\//, ''), ...weigh(page) }))];
}

export function readManifest(file = MANIFEST): Manifest {
  if (!existsSync(file)) throw new Error(`${file} is missing: run npm run build first`);
  return JSON.parse(readFileSync(file, 'utf8')) as Manifest;
}

export interface Budgets {
  /** The ceilings held (initial-js.test.ts fails above them): today's weights, so that none grows unseen. */
  held: Record<string, number>;
  /** Where the routes are to come down to, reported beside them; not yet met, so not enforced. */
  target: Record<string, number>;
}

/** The budgets of bench/budgets.json, in gzip KB by budget name. */
export function readBudgets(): Budgets {
  const budgets = JSON.parse(readFileSync(path.join(ROOT, 'bench/budgets.json'), 'utf8')) as {
    initial_js_gzip_kb: Record<string, number>;
    initial_js_gzip_kb_target: Record<string, number>;
  };
  return { held: budgets.initial_js_gzip_kb, target: budgets.initial_js_gzip_kb_target };
}

/** The report the build prints: one line per page, budgets beside the routes that have one. */
export function report(weights: RouteWeight[], budgets: Budgets): string[] {
  const width = Math.max(...weights.map((weight) => weight.route.length));
  const lines = [
    'Initial JavaScript per route, gzip (and brotli, as sent over HTTPS): the entry, the page, the signed-in header for a signed-in page, with their static imports:',
  ];
  for (const weight of weights) {
    const limit = weight.budget === undefined ? undefined : budgets.held[weight.budget];
    const target = weight.budget === undefined ? undefined : budgets.target[weight.budget];
    const verdict =
      limit === undefined
        ? ''
        : `  held at ${limit} KB: ${weight.gzipKb <= limit ? 'ok' : 'OVER'}` +
          (target === undefined ? '' : `; target ${target} KB: ${weight.gzipKb <= target ? 'met' : 'not met'}`);
    const brotli = weight.brotliKb === undefined ? '' : ` (br ${weight.brotliKb.toFixed(1).padStart(5)})`;
    lines.push(
      `  ${weight.route.padEnd(width)}  ${weight.gzipKb.toFixed(1).padStart(6)} KB${brotli} in ${String(weight.files).padStart(2)} files${verdict}`,
    );
  }
  return lines;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const weights = routeWeights(readManifest(), gzipSizeIn(WEB_DIST), brotliSizeIn(WEB_DIST));
  for (const line of report(weights, readBudgets())) console.log(line);
}
