import { readFileSync } from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

/**
 * Every installed package must accept the oldest Node the project supports (the root package's engines: those
 * who bring their own Node instead of the one the project installs), so nothing breaks at run time on it.
 */
interface Manifest {
  engines?: { node?: string };
}
const read = <T>(path: string): T => JSON.parse(readFileSync(new URL(`../${path}`, import.meta.url), 'utf8')) as T;

describe('package engines', () => {
  it('every locked package accepts the oldest supported Node', () => {
    const range = read<Manifest>('package.json').engines?.node ?? '';
    const supported = semver.minVersion(range)?.version ?? '';
    expect(supported).not.toBe('');
    const { packages } = read<{ packages: Record<string, Manifest> }>('package-lock.json');
    const refusing = Object.entries(packages).flatMap(([name, pkg]) => {
      const wanted = pkg.engines?.node;
      return wanted && !semver.satisfies(supported, wanted, { includePrerelease: true })
        ? [`${name} (node ${wanted})`]
        : [];
    });
    expect(refusing).toEqual([]);
  });
});
