import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  BUDGETED_ROUTES,
  gzipSizeIn,
  initialFiles,
  MANIFEST,
  readBudgets,
  readManifest,
  routeWeights,
  SIGNED_IN_SHELL,
  WEB_DIST,
  type Manifest,
} from './initial-js.js';

/** A build of an entry, a chunk both it and a page share, a page with a chunk of its own and a dialog loaded later. */
const MANIFEST_OF_A_BUILD: Manifest = {
  'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_react.js'], dynamicImports: ['src/Page.tsx'] },
  '_react.js': { file: 'assets/react.js' },
  '_grid.js': { file: 'assets/grid.js', imports: ['_react.js'] },
  'src/features/x/pages/Page.tsx': {
    file: 'assets/Page.js',
    src: 'src/features/x/pages/Page.tsx',
    isDynamicEntry: true,
    imports: ['_grid.js', '_react.js'],
    dynamicImports: ['src/Dialog.tsx'],
  },
  'src/Dialog.tsx': { file: 'assets/Dialog.js', isDynamicEntry: true, imports: ['_react.js'] },
};

describe('initial JavaScript of a route', () => {
  it('counts the entry and the page with their static imports once each, not what the page loads later', () => {
    expect(initialFiles(MANIFEST_OF_A_BUILD, 'src/features/x/pages/Page.tsx', false).sort()).toEqual([
      'assets/Page.js',
      'assets/grid.js',
      'assets/index.js',
      'assets/react.js',
    ]);
  });

  it('weighs every page of the build in KB', () => {
    const sizes: Record<string, number> = {
      'assets/index.js': 1024,
      'assets/react.js': 2048,
      'assets/grid.js': 4096,
      'assets/Page.js': 1024,
      'assets/Dialog.js': 10_240,
      'assets/shell.js': 2048,
    };
    const manifest = { ...MANIFEST_OF_A_BUILD };
    for (const { page } of BUDGETED_ROUTES) manifest[page] = { file: 'assets/Page.js', isDynamicEntry: true };
    manifest[SIGNED_IN_SHELL] = { file: 'assets/shell.js', isDynamicEntry: true };
    const page = routeWeights(manifest, (file) => sizes[file] ?? 0).find((w) => w.route === 'x/pages/Page.tsx');
    // A signed-in page: the signed-in shell's chunk comes with it.
    expect(page).toEqual({ route: 'x/pages/Page.tsx', files: 5, gzipKb: 10 });
  });

  it('names a chunk the manifest lacks', () => {
    expect(() => initialFiles(MANIFEST_OF_A_BUILD, 'src/Missing.tsx', false)).toThrow(
      'the manifest has no chunk src/Missing.tsx',
    );
  });
});

/**
 * The budgets of bench/budgets.json over the last build of the web app: `npm test` builds first. Without a build
 * (a fresh checkout running the unit tests alone) there is nothing to weigh.
 */
describe.runIf(existsSync(MANIFEST))('the built web app', () => {
  const weights = routeWeights(readManifest(), gzipSizeIn(WEB_DIST));
  const { held } = readBudgets();
  it.each(weights.filter((weight) => weight.budget !== undefined))(
    '$route loads no more JavaScript at first than its budget',
    ({ budget, gzipKb }) => {
      const limit = held[budget ?? ''];
      expect(limit, `bench/budgets.json has no initial_js_gzip_kb.${budget}`).toBeDefined();
      expect(gzipKb).toBeLessThanOrEqual(limit ?? 0);
    },
  );
});
