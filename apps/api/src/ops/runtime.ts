/**
 * The Node.js the server runs on. The project brings its own Node 24 (a registry package whose binary npm scripts
 * find first on PATH; docs/decisions/073-node-24-runtime.md); someone who starts dist/server.js with another Node
 * must have one the dependencies support, so an older one stops the start with a message instead of failing later
 * in a library.
 */
export const MINIMUM_NODE = '22.13.0';

function parts(version: string): number[] {
  return version
    .replace(/^v/, '')
    .split('.')
    .slice(0, 3)
    .map((part) => Number.parseInt(part, 10) || 0);
}

/** Whether `version` (as process.version gives it) is at least MINIMUM_NODE. */
export function isSupportedNode(version: string): boolean {
  const have = parts(version);
  const need = parts(MINIMUM_NODE);
  for (let i = 0; i < need.length; i += 1) {
    const a = have[i] ?? 0;
    const b = need[i] ?? 0;
    if (a !== b) return a > b;
  }
  return true;
}

/** The line the server logs at start: which Node, from where. */
export function runtimeLine(version = process.version, execPath = process.execPath): string {
  return `Node.js ${version} (${execPath})`;
}
