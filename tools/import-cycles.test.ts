import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkImportCycles, runtimeSpecifiers } from './import-cycles.js';

/** A tiny project tree (apps/<app>/src, packages/<pkg>/src) written to a temporary directory. */
function tree(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(tmpdir(), 'import-cycles-'));
  roots.push(root);
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    writeFileSync(path.join(root, name), text);
  }
  mkdirSync(path.join(root, 'apps'), { recursive: true });
  mkdirSync(path.join(root, 'packages'), { recursive: true });
  return root;
}
const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

function check(root: string) {
  const lines: string[] = [];
  const count = checkImportCycles(root, (line) => lines.push(line));
  return { count, lines };
}

describe('import cycle check', () => {
  it('passes a tree whose imports run one way', () => {
    const root = tree({
      'apps/api/src/a.ts': "import { b } from './b.js';\nexport const a = b;\n",
      'apps/api/src/b.ts': "import { c } from './lib/index.js';\nexport const b = c;\n",
      'apps/api/src/lib/index.ts': 'export const c = 1;\n',
      'packages/domain/src/x.ts': "export { c } from './y.js';\n",
      'packages/domain/src/y.ts': 'export const c = 1;\n',
    });
    expect(check(root)).toEqual({ count: 0, lines: [] });
  });

  it('names every file of a cycle, through an index and a re-export', () => {
    const root = tree({
      'apps/api/src/features/auth/index.ts': "export { signout } from './routes.js';\n",
      'apps/api/src/features/auth/routes.ts':
        "import { logoutUrl } from '../sso/index.js';\nexport const signout = () => logoutUrl();\n",
      'apps/api/src/features/sso/index.ts': "export * from './logins.js';\n",
      'apps/api/src/features/sso/logins.ts':
        "import { signout } from '../auth/index.js';\nexport const logoutUrl = () => typeof signout;\n",
      'apps/web/src/app.tsx': "import { A } from './b';\nexport const B = A;\n",
      'apps/web/src/b.tsx': "import { B } from './app';\nexport const A = () => B;\n",
    });
    const { count, lines } = check(root);
    expect(count).toBe(2);
    expect(lines).toEqual([
      'Import cycle among 4 files:',
      '  apps/api/src/features/auth/index.ts',
      '  apps/api/src/features/auth/routes.ts',
      '  apps/api/src/features/sso/index.ts',
      '  apps/api/src/features/sso/logins.ts',
      'Import cycle among 2 files:',
      '  apps/web/src/app.tsx',
      '  apps/web/src/b.tsx',
    ]);
  });

  it('leaves out imports erased from the JavaScript, and dynamic ones', () => {
    const root = tree({
      'apps/api/src/a.ts': "import type { B } from './b.js';\nexport const a = (b: B) => b;\n",
      'apps/api/src/b.ts': "import { a } from './a.js';\nexport type B = typeof a;\nexport type { C } from './c.js';\n",
      'apps/api/src/c.ts': "export type C = 1;\nexport const load = () => import('./b.js');\n",
    });
    expect(check(root).count).toBe(0);
  });

  it('counts an import of types alone without `import type`: it still loads the module', () => {
    expect(runtimeSpecifiers('a.ts', "import { type B } from './b.js';")).toEqual(['./b.js']);
    expect(runtimeSpecifiers('a.ts', "import type { B } from './b.js';")).toEqual([]);
    expect(runtimeSpecifiers('a.ts', "import './side-effect.js';")).toEqual(['./side-effect.js']);
  });
});
