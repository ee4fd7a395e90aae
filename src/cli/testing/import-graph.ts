/**
 * The static import graph of `src/`, read from the source text: what the start-up test and the layering test
 * walk. Type-only imports are told apart, since they vanish when compiled but still tie one stage to another.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The `src/` folder. */
export const SRC = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** `import … from '…'`, `export … from '…'` and `import '…'`; group 1 is `type ` for a type-only import. */
const IMPORT = /^(?:import|export)\s+(type\s)?[^;]*?\sfrom\s+'([^']+)'|^import\s+'([^']+)'/gm;

/** One import of one file: the file (relative to src/) or package it names. */
export interface ImportEdge {
  from: string;
  /** A path under src/ (`.ts`), or a package name. */
  to: string;
  typeOnly: boolean;
  isPackage: boolean;
}

/** The imports of one file under src/ (a path relative to src/). */
export function importsOf(file: string): ImportEdge[] {
  const edges: ImportEdge[] = [];
  for (const match of readFileSync(join(SRC, file), 'utf8').matchAll(IMPORT)) {
    const specifier = (match[2] ?? match[3])!;
    const typeOnly = match[1] !== undefined;
    if (specifier.startsWith('.')) {
      edges.push({ from: file, to: relative(SRC, join(SRC, dirname(file), specifier.replace(/\.js$/, '.ts'))), typeOnly, isPackage: false });
    } else if (!specifier.startsWith('node:')) {
      const name = specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0]!;
      edges.push({ from: file, to: name, typeOnly, isPackage: true });
    }
  }
  return edges;
}

/** Every module reachable from `entry` by imports that survive compilation (paths under src/, and package names). */
export function staticImportClosure(entry: string): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const pending = [entry];
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (files.has(file)) continue;
    files.add(file);
    for (const edge of importsOf(file)) {
      if (edge.typeOnly) continue;
      if (edge.isPackage) packages.add(edge.to);
      else pending.push(edge.to);
    }
  }
  return { files, packages };
}

/** Every `.ts` file under src/, relative to it. */
export function sourceFiles(dir = ''): string[] {
  return readdirSync(join(SRC, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = dir === '' ? entry.name : `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/**
 * The harness's stages in the order data flows through them: each may import only the stages before it. The last,
 * `jobs`, holds each command end to end (open the target, run the engine or the replay, write the reports).
 */
export const FLOW = ['descriptor', 'schema', 'generate', 'resources', 'request', 'http', 'checks', 'engine', 'report', 'jobs'] as const;

/** What each folder may import besides itself: the stages before it in the flow, plus the folders listed here. */
export const EXTRA_IMPORTS: Readonly<Record<string, readonly string[]>> = {
  // What the harness does with the interface document (compare, read, write): in the descriptor's terms.
  contract: ['descriptor'],
  // The contract checks judge its differences from a descriptor: data written in the descriptor's terms.
  checks: ['contract'],
  // Check names and severities; the identities a run logs in as.
  config: ['checks', 'request'],
  // The contract phase compares descriptors with the contract; the engine reads the resolved settings whole.
  engine: ['contract', 'config'],
  export: ['contract', 'descriptor', 'schema'],
  // A job loads its settings and contract, starts the bundled reference server (a package: @restconform/server) when no target is named, and the
  // export job writes the export's documents.
  jobs: ['config', 'contract', 'export'],
};

/** Type-only imports that go against the flow, each with its reason. */
export const TYPE_ONLY_EXCEPTIONS: Readonly<Record<string, readonly string[]>> = {
  // The descriptor fetch is handed a transport (its interface and exchange types), not the transport's code.
  descriptor: ['http', 'request'],
};

/** The folder under src/ a file belongs to (`cli` for `cli/commands/run.ts`). */
export function folderOf(file: string): string {
  return file.split('/')[0]!;
}

/**
 * The entry points: the command line, the library API and its vitest entry. Each may import every stage (a run
 * through `jobs/`), but not another entry point: the library is not the command line.
 */
export const ENTRY_POINTS: readonly string[] = ['cli', 'library', 'vitest'];

function allowedFolders(folder: string): readonly string[] | 'any but entry points' {
  if (ENTRY_POINTS.includes(folder)) return 'any but entry points';
  const index = (FLOW as readonly string[]).indexOf(folder);
  const before = index === -1 ? [] : FLOW.slice(0, index);
  return [...before, ...(EXTRA_IMPORTS[folder] ?? [])];
}

/** Whether a file is a test or a test helper: those wire stages together on purpose. */
export function isTestCode(file: string): boolean {
  return file.endsWith('.test.ts') || file.split('/').includes('testing');
}

/** The imports among `edges` that break the layering, as `from -> to` lines. */
export function layeringViolations(edges: readonly ImportEdge[]): string[] {
  const violations: string[] = [];
  for (const edge of edges) {
    if (edge.isPackage) continue;
    const from = folderOf(edge.from);
    const to = folderOf(edge.to);
    if (from === to || !edge.to.includes('/')) continue;
    if (isTestCode(edge.from)) continue;
    const allowed = allowedFolders(from);
    if (allowed === 'any but entry points' ? !ENTRY_POINTS.includes(to) : allowed.includes(to)) continue;
    if (edge.typeOnly && TYPE_ONLY_EXCEPTIONS[from]?.includes(to)) continue;
    violations.push(`${edge.from} -> ${edge.to}${edge.typeOnly ? ' (types)' : ''}`);
  }
  return violations;
}

/**
 * The import cycles among `edges`, each as the files tied together by it: every set of files that reach one another
 * through imports (a strongly connected component of more than one file, or a file importing itself), its files
 * sorted, the sets sorted by their first file. Type-only imports count: they tie one module to another as much as
 * value imports do, even if the tie vanishes when compiled. Package imports are ignored.
 */
export function importCycles(edges: readonly ImportEdge[]): string[][] {
  const targets = new Map<string, Set<string>>();
  for (const edge of edges) {
    if (edge.isPackage) continue;
    if (!targets.has(edge.to)) targets.set(edge.to, new Set());
    const next = targets.get(edge.from) ?? new Set<string>();
    next.add(edge.to);
    targets.set(edge.from, next);
  }
  // Tarjan's algorithm: each file gets a visiting order and the lowest order it reaches back to on the stack.
  const order = new Map<string, number>();
  const lowest = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (file: string): void => {
    order.set(file, order.size);
    lowest.set(file, order.get(file)!);
    stack.push(file);
    onStack.add(file);
    for (const next of targets.get(file)!) {
      if (!order.has(next)) {
        visit(next);
        lowest.set(file, Math.min(lowest.get(file)!, lowest.get(next)!));
      } else if (onStack.has(next)) {
        lowest.set(file, Math.min(lowest.get(file)!, order.get(next)!));
      }
    }
    if (lowest.get(file) !== order.get(file)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || targets.get(file)!.has(file)) cycles.push(component.sort());
  };
  for (const file of [...targets.keys()].sort()) if (!order.has(file)) visit(file);
  return cycles.sort((a, b) => a[0]!.localeCompare(b[0]!));
}
