// Import boundaries of the architecture (docs/architecture.md), checked on every import:
// - domain <- contract <- api and web; api and web never import each other;
// - packages/domain is pure: no Node built-ins, no I/O packages;
// - a feature imports another feature only through that feature's index;
// - code that is built never imports a test, test support or fixtures (they are not in the build output).
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

function areaOf(file) {
  const rel = path.relative(root, file).split(path.sep).join('/');
  const m = /^(packages\/domain|packages\/contract|apps\/api|apps\/web|e2e|bench)(\/|$)/.exec(rel);
  return m ? m[1] : null;
}

function featureOf(file) {
  const rel = path.relative(root, file).split(path.sep).join('/');
  const m = /^apps\/(api|web)\/src\/features\/([^/]+)\/(.*)$/.exec(rel);
  return m ? { app: m[1], name: m[2], rest: m[3] } : null;
}

const PACKAGE_AREAS = {
  '@cc/domain': 'packages/domain',
  '@cc/contract': 'packages/contract',
  '@cc/api': 'apps/api',
  '@cc/web': 'apps/web',
};

const ALLOWED = {
  'packages/domain': [],
  'packages/contract': ['packages/domain'],
  'apps/api': ['packages/domain', 'packages/contract'],
  'apps/web': ['packages/domain', 'packages/contract'],
  e2e: ['packages/domain', 'packages/contract'],
  // The benchmark measures the API and runs the very same SQL directly, so it may import apps/api.
  bench: ['packages/domain', 'packages/contract', 'apps/api'],
};

/** Tests and what only they use: excluded from every build (tsconfig.build.json), so never imported by built code. */
const TEST_ONLY = /(\.test\.[jt]sx?$|\/src\/test\/|[/-]test-support\.[jt]sx?$|\/fixtures\/)/;
const isTestOnly = (file) => TEST_ONLY.test(file.split(path.sep).join('/'));

const IMPURE = /^(node:|fs$|path$|http$|https$|net$|child_process$|pg$|drizzle-orm|@electric-sql\/|fastify|react)/;

export default {
  rules: {
    imports: {
      meta: { type: 'problem', schema: [], messages: { bad: '{{why}}' } },
      create(context) {
        const file = context.filename;
        const from = areaOf(file);
        if (!from) return {};
        const fromFeature = featureOf(file);
        function check(node, source) {
          if (typeof source !== 'string') return;
          const report = (why) => context.report({ node, messageId: 'bad', data: { why } });
          let target = null;
          let targetFile = null;
          const pkg = Object.keys(PACKAGE_AREAS).find((p) => source === p || source.startsWith(p + '/'));
          if (pkg) target = PACKAGE_AREAS[pkg];
          else if (source.startsWith('.')) {
            targetFile = path.resolve(path.dirname(file), source);
            target = areaOf(targetFile);
          } else if (from === 'packages/domain' && IMPURE.test(source)) {
            return report(`packages/domain is pure: it may not import '${source}'.`);
          }
          if (targetFile && !isTestOnly(file) && from !== 'e2e' && isTestOnly(targetFile)) {
            return report(`Built code may not import test-only '${source}': it is not in the build output.`);
          }
          // The journeys run the built server as a process; one of theirs starts it through its entry point with a
          // clock of the journey's choosing, which is the same as running server.js, not a use of its inside.
          const startsBuiltServer =
            from === 'e2e' && targetFile?.split(path.sep).join('/').endsWith('/apps/api/dist/main.js');
          if (target && target !== from && !ALLOWED[from].includes(target) && !startsBuiltServer) {
            return report(`${from} may not depend on ${target}.`);
          }
          if (targetFile && fromFeature) {
            const to = featureOf(targetFile);
            if (
              to &&
              to.app === fromFeature.app &&
              to.name !== fromFeature.name &&
              !/^index(\.[jt]sx?)?$/.test(to.rest)
            ) {
              return report(`Import feature '${to.name}' through its index, not '${source}'.`);
            }
          }
        }
        return {
          ImportDeclaration: (node) => check(node, node.source.value),
          ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
          ExportAllDeclaration: (node) => check(node, node.source.value),
          ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
        };
      },
    },
  },
};
