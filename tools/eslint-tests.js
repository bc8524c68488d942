// Rules for tests (Vitest and Playwright), so that a test cannot pass without proving anything
// (docs/decisions/072-tests-that-prove-their-claim.md):
// - `assertion`: every test asserts, through `expect`/`assert` directly or through a helper that does: a function or
//   method whose name starts with `expect` or `assert` (fc.assert, expectAxeClean), or one declared in the same file
//   (or exported by a relative module) whose body asserts;
// - `no-conditional-expect`: no assertion of a test inside a bare `if` (one without a final `else`, so that no branch
//   may run) or a `catch`, where it runs only when the condition happens to hold and the test passes without it
//   otherwise. Assert the condition, or restructure so that the assertion always runs. A helper's optional checks
//   (an expected message given or not) are its callers' choice, and not looked at.
import fs from 'node:fs';
import path from 'node:path';

const TEST_ROOTS = new Set(['it', 'test']);
/** Members of `it`/`test` that are not tests themselves (hooks, groups, steps, settings). */
const NOT_A_TEST = new Set([
  'describe',
  'step',
  'use',
  'setTimeout',
  'slow',
  'extend',
  'info',
  'beforeAll',
  'beforeEach',
  'afterAll',
  'afterEach',
  'configure',
]);

/** The root identifier of a callee (`expect.poll(x).toBe` → expect, `it.each(rows)` → it) and the members on the way. */
function calleeChain(node) {
  const members = [];
  let n = node;
  for (;;) {
    if (n.type === 'CallExpression') n = n.callee;
    else if (n.type === 'MemberExpression') {
      if (n.property.type === 'Identifier') members.unshift(n.property.name);
      n = n.object;
    } else if (n.type === 'TSNonNullExpression' || n.type === 'AwaitExpression') n = n.expression ?? n.argument;
    else break;
  }
  return { root: n.type === 'Identifier' ? n.name : null, members };
}

/** A call `it(...)`, `test.skip(...)`, `it.each(rows)(...)`, `it.skipIf(c)(...)`: the test's function, if it is one. */
function testFunction(node) {
  const { root, members } = calleeChain(node.callee);
  if (!root || !TEST_ROOTS.has(root)) return null;
  if (members.some((m) => NOT_A_TEST.has(m))) return null;
  // `test.skip()` inside a test (Playwright's conditional skip) has no function.
  const fn = [...node.arguments]
    .reverse()
    .find((a) => a.type === 'ArrowFunctionExpression' || a.type === 'FunctionExpression');
  return fn ?? null;
}

const isAssertName = (name) => /^(expect|assert)/.test(name);

function isFunction(node) {
  return (
    node.type === 'ArrowFunctionExpression' || node.type === 'FunctionExpression' || node.type === 'FunctionDeclaration'
  );
}

/** Every node below `node` (own fields only). */
function* walk(node) {
  if (!node || typeof node.type !== 'string') return;
  yield node;
  for (const key of Object.keys(node)) {
    if (key === 'parent') continue;
    const value = node[key];
    if (Array.isArray(value)) for (const v of value) yield* walk(v);
    else if (value && typeof value.type === 'string') yield* walk(value);
  }
}

/** Names of the functions a relative module exports whose text calls expect/assert (read once per file). */
const moduleCache = new Map();
function assertingExports(file) {
  if (moduleCache.has(file)) return moduleCache.get(file);
  const names = new Set();
  moduleCache.set(file, names);
  const candidates = [
    file,
    file.replace(/\.js$/, '.ts'),
    file.replace(/\.js$/, '.tsx'),
    `${file}.ts`,
    `${file}/index.ts`,
  ];
  const found = candidates.find((f) => fs.existsSync(f) && fs.statSync(f).isFile());
  if (!found) return names;
  const text = fs.readFileSync(found, 'utf8');
  // A top-level function or const arrow, to the next top-level declaration: crude, but helpers are small and flat.
  const starts = [...text.matchAll(/^export (?:async )?(?:function\*? |const )([A-Za-z_$][\w$]*)/gm)];
  for (let i = 0; i < starts.length; i++) {
    const from = starts[i].index;
    const rest = text.slice(from + starts[i][0].length);
    const next = rest.search(/^(export |function |const |async function |class |interface |type )/m);
    const body = next < 0 ? rest : rest.slice(0, next);
    if (/\b(expect|assert)(\.\w+)*\s*\(/.test(body)) names.add(starts[i][1]);
  }
  return names;
}

/** An `if … else if … else`: one branch always runs. Without the last `else`, none may. */
function endsWithElse(node) {
  let n = node;
  while (n.type === 'IfStatement') {
    if (!n.alternate) return false;
    n = n.alternate;
  }
  return true;
}

export default {
  rules: {
    assertion: {
      meta: {
        type: 'problem',
        schema: [],
        messages: { none: 'This test asserts nothing: it passes whatever the code does. Add an expect.' },
      },
      create(context) {
        /** Functions of this file by name, and whether each asserts (directly or through another). */
        const local = new Map();
        const imported = new Map();
        const asserting = new Map();

        function assertsIn(fnNode, seen) {
          for (const n of walk(fnNode.body)) {
            if (n.type !== 'CallExpression') continue;
            const { root, members } = calleeChain(n.callee);
            if (!root) continue;
            // expect(…), assert(…), and a method that says it asserts: fc.assert, api.expectExact.
            if (isAssertName(root) || members.some(isAssertName)) return true;
            const callee = n.callee.type === 'Identifier' ? n.callee.name : root;
            if (localAsserts(callee, seen)) return true;
            if (imported.has(callee) && assertingExports(imported.get(callee).file).has(imported.get(callee).name)) {
              return true;
            }
          }
          return false;
        }
        function localAsserts(name, seen = new Set()) {
          if (asserting.has(name)) return asserting.get(name);
          const fns = local.get(name);
          if (!fns || seen.has(name)) return false;
          seen.add(name);
          const result = fns.some((f) => assertsIn(f, seen));
          asserting.set(name, result);
          return result;
        }
        const tests = [];
        return {
          ImportDeclaration(node) {
            if (typeof node.source.value !== 'string' || !node.source.value.startsWith('.')) return;
            const file = path.resolve(path.dirname(context.filename), node.source.value);
            for (const s of node.specifiers) {
              if (s.type === 'ImportSpecifier') {
                imported.set(s.local.name, { file, name: s.imported.name ?? s.imported.value });
              }
            }
          },
          FunctionDeclaration(node) {
            if (node.id) local.set(node.id.name, [...(local.get(node.id.name) ?? []), node]);
          },
          VariableDeclarator(node) {
            if (node.id.type === 'Identifier' && node.init && isFunction(node.init)) {
              local.set(node.id.name, [...(local.get(node.id.name) ?? []), node.init]);
            }
          },
          CallExpression(node) {
            const fn = testFunction(node);
            if (fn) tests.push({ node, fn });
          },
          'Program:exit'() {
            for (const { node, fn } of tests) {
              if (!assertsIn(fn, new Set())) context.report({ node: node.callee, messageId: 'none' });
            }
          },
        };
      },
    },
    'no-conditional-expect': {
      meta: {
        type: 'problem',
        schema: [],
        messages: {
          conditional:
            'An assertion under {{what}} runs only when the condition holds, and the test passes without it otherwise: assert the condition, or restructure so that it always runs.',
        },
      },
      create(context) {
        return {
          CallExpression(node) {
            if (node.callee.type !== 'Identifier' || node.callee.name !== 'expect') return;
            let child = node;
            let what = null;
            for (let p = node.parent; p; child = p, p = p.parent) {
              // A callback (forEach, map, a property of fast-check) runs where it is written: look further out, up
              // to the test. A helper's own conditions (an optional part of what it checks) are its callers' choice.
              if (isFunction(p)) {
                if (!(p.parent?.type === 'CallExpression' && p.parent.arguments.includes(p))) return;
                if (testFunction(p.parent) === p) {
                  if (what) context.report({ node, messageId: 'conditional', data: { what } });
                  return;
                }
              }
              if (!what && p.type === 'IfStatement' && child !== p.test && !endsWithElse(p))
                what = 'an if without else';
              else if (!what && p.type === 'CatchClause') what = 'a catch';
            }
          },
        };
      },
    },
  },
};
