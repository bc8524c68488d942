// Import cycles among the project's own source files (apps/*/src, packages/*/src), checked by `npm run lint`.
// A cycle of imports that run makes a module's exports depend on the order its importers happen to load in: a value
// read while the other module is still loading is undefined. Only imports that remain in the emitted JavaScript count:
// `import type` and `export type ... from` are erased; `import { type A } from` is not (verbatimModuleSyntax keeps it as
// `import {} from`, which still loads the module), so it counts, and lint's no-import-type-side-effects asks for
// `import type` there. `import()` loads when called, not while the module loads, and is left out.
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';

const SOURCE = /\.(ts|tsx|mts)$/;
const DECLARATION = /\.d\.(ts|mts)$/;

/** Every TypeScript source file under `dir`, skipping node_modules and build output. */
export function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist') continue;
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) out.push(...sourceFiles(full));
    else if (SOURCE.test(name) && !DECLARATION.test(name)) out.push(full);
  }
  return out;
}

/** The specifiers of a file's imports and re-exports that stay in the emitted JavaScript. */
export function runtimeSpecifiers(fileName: string, text: string): string[] {
  const file = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false);
  const out: string[] = [];
  for (const statement of file.statements) {
    if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
      if (statement.importClause?.isTypeOnly) continue;
      out.push(statement.moduleSpecifier.text);
    } else if (
      ts.isExportDeclaration(statement) &&
      statement.moduleSpecifier &&
      ts.isStringLiteral(statement.moduleSpecifier)
    ) {
      if (statement.isTypeOnly) continue;
      out.push(statement.moduleSpecifier.text);
    }
  }
  return out;
}

const RESOLUTION: ts.CompilerOptions = {
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  allowJs: false,
  jsx: ts.JsxEmit.ReactJSX,
};

/** The runtime import graph among `files`: each file's edges to the files of the same set it imports. */
export function importGraph(files: string[], read = (file: string) => ts.sys.readFile(file) ?? '') {
  const known = new Set(files.map((f) => path.resolve(f)));
  const cache = ts.createModuleResolutionCache(process.cwd(), (name) => name, RESOLUTION);
  const graph = new Map<string, string[]>();
  for (const file of known) {
    const edges = new Set<string>();
    for (const specifier of runtimeSpecifiers(file, read(file))) {
      const resolved = ts.resolveModuleName(specifier, file, RESOLUTION, ts.sys, cache).resolvedModule
        ?.resolvedFileName;
      if (resolved && known.has(path.resolve(resolved))) edges.add(path.resolve(resolved));
    }
    graph.set(file, [...edges]);
  }
  return graph;
}

/**
 * The graph's cycles: each strongly connected component of more than one file, or a file that imports itself
 * (Tarjan's algorithm, iterative so a deep chain of imports cannot overflow the stack). Files sorted in each.
 */
export function cycles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const found: string[][] = [];
  let next = 0;
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work: { node: string; edge: number }[] = [{ node: start, edge: 0 }];
    index.set(start, next);
    low.set(start, next++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const edges = graph.get(frame.node) ?? [];
      if (frame.edge < edges.length) {
        const to = edges[frame.edge++]!;
        if (!index.has(to)) {
          index.set(to, next);
          low.set(to, next++);
          stack.push(to);
          onStack.add(to);
          work.push({ node: to, edge: 0 });
        } else if (onStack.has(to)) {
          low.set(frame.node, Math.min(low.get(frame.node)!, index.get(to)!));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!));
      if (low.get(frame.node) !== index.get(frame.node)) continue;
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== frame.node);
      if (component.length > 1 || edges.includes(frame.node)) found.push(component.sort());
    }
  }
  return found.sort((a, b) => a[0]!.localeCompare(b[0]!));
}

/** The source directories the check covers: every app's and package's `src`. */
export function projectSourceDirs(root: string): string[] {
  return ['apps', 'packages'].flatMap((group) =>
    readdirSync(path.join(root, group))
      .map((name) => path.join(root, group, name, 'src'))
      .filter((dir) => statSync(dir, { throwIfNoEntry: false })?.isDirectory()),
  );
}

/** Prints each cycle's files relative to `root`; the number of cycles found. */
export function checkImportCycles(root: string, log: (line: string) => void = console.error): number {
  const files = projectSourceDirs(root).flatMap(sourceFiles);
  const found = cycles(importGraph(files));
  for (const cycle of found) {
    log(`Import cycle among ${cycle.length} files:`);
    for (const file of cycle) log(`  ${path.relative(root, file)}`);
  }
  return found.length;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const count = checkImportCycles(path.resolve(import.meta.dirname, '..'));
  if (count > 0) {
    console.error(`${count} import cycle(s): move what both sides need into a module that imports neither.`);
    process.exit(1);
  }
}
