/**
 * The workspace's package boundaries, read from the imports. A package under `packages/` imports only its own files,
 * Node's modules and the packages its package.json names (its tests and `testing/` helpers also its
 * devDependencies): so the reference server reaches the interface package and never the harness, and the interface
 * package reaches nothing. The harness (`src/`, `suites/`, `scripts/`, `bench/`, `examples/`) reaches a package only by
 * its name, as any user of it does, never by a path into its folder.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const PACKAGES = join(ROOT, 'packages');

/** Static imports, re-exports, side-effect imports and dynamic imports with a literal specifier. */
const SPECIFIER = /^\s*(?:import|export)\s[^;]*?\sfrom\s+'([^']+)'|^\s*import\s+'([^']+)'|\bimport\(\s*'([^']+)'\s*\)/gm;

interface PackageManifest {
  name: string;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

/** One import: the importing file (relative to the repository) and what it names, verbatim. */
interface Import {
  file: string;
  specifier: string;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return ['node_modules', 'dist'].includes(entry.name) ? [] : sourceFiles(path);
    return /\.(ts|js|mjs)$/.test(entry.name) ? [path] : [];
  });
}

function importsUnder(dir: string): Import[] {
  return sourceFiles(dir).flatMap((path) =>
    [...readFileSync(path, 'utf8').matchAll(SPECIFIER)].map((match) => ({ file: relative(ROOT, path), specifier: (match[1] ?? match[2] ?? match[3])! })),
  );
}

function isTestCode(file: string): boolean {
  return file.endsWith('.test.ts') || file.split('/').includes('testing');
}

function packageName(specifier: string): string {
  return specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');
}

/** The imports of a package's files (`packages/<folder>/…`) that leave it, as `file -> specifier` lines. */
function packageViolations(folder: string, manifest: PackageManifest, imports: readonly Import[]): string[] {
  const own = join(ROOT, 'packages', folder) + sep;
  return imports
    .filter(({ file, specifier }) => {
      if (specifier.startsWith('node:')) return false;
      if (specifier.startsWith('.')) return !resolve(ROOT, dirname(file), specifier).startsWith(own);
      const allowed = { ...manifest.dependencies, ...(isTestCode(file) ? manifest.devDependencies : {}) };
      return !(packageName(specifier) in allowed);
    })
    .map(({ file, specifier }) => `${file} -> ${specifier}`);
}

/** The imports of files outside `packages/` that reach into it by path, as `file -> specifier` lines. */
function pathsIntoPackages(imports: readonly Import[]): string[] {
  return imports
    .filter(({ file, specifier }) => specifier.startsWith('.') && resolve(ROOT, dirname(file), specifier).startsWith(PACKAGES + sep))
    .map(({ file, specifier }) => `${file} -> ${specifier}`);
}

const FOLDERS = readdirSync(PACKAGES, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const manifestOf = (folder: string): PackageManifest => JSON.parse(readFileSync(join(PACKAGES, folder, 'package.json'), 'utf8')) as PackageManifest;

describe('the packages of the workspace', () => {
  it('are the interface and the reference server, the server depending on the interface', () => {
    expect(FOLDERS.map((folder) => manifestOf(folder).name)).toEqual(['@restconform/interface', '@restconform/server']);
    expect(Object.keys(manifestOf('server').dependencies ?? {})).toContain('@restconform/interface');
    expect(manifestOf('interface').dependencies).toBeUndefined();
  });

  it.each(FOLDERS)('%s imports only its own files and the packages its package.json names', (folder) => {
    const imports = importsUnder(join(PACKAGES, folder, 'src'));
    expect(imports.length).toBeGreaterThan(20);
    expect(packageViolations(folder, manifestOf(folder), imports)).toEqual([]);
  });

  it('are reached from the harness by name only, never by a path into their folders', () => {
    const imports = ['src', 'suites', 'scripts', 'bench', 'examples'].flatMap((dir) => importsUnder(join(ROOT, dir)));
    expect(imports.some(({ specifier }) => specifier === '@restconform/server')).toBe(true);
    expect(pathsIntoPackages(imports)).toEqual([]);
  });
});

describe('the boundary rule', () => {
  const server: PackageManifest = { name: '@restconform/server', dependencies: { '@restconform/interface': '0.1.0' }, devDependencies: { vitest: '4' } };

  it('refuses the server reaching into the harness, by path or by name, in its code and in its tests', () => {
    const imports = [
      { file: 'packages/server/src/app.ts', specifier: '../../../src/engine/engine.js' },
      { file: 'packages/server/src/a.test.ts', specifier: '../../../src/testing/test-depth.js' },
      { file: 'packages/server/src/app.ts', specifier: 'restconform' },
      { file: 'packages/server/src/app.ts', specifier: '../../interface/src/descriptor.js' },
    ];
    expect(packageViolations('server', server, imports)).toEqual(imports.map(({ file, specifier }) => `${file} -> ${specifier}`));
  });

  it('allows its own files, Node, its dependencies, and its devDependencies in tests only', () => {
    const allowed = [
      { file: 'packages/server/src/namespaces/seo.ts', specifier: '../types.js' },
      { file: 'packages/server/src/app.ts', specifier: 'node:http' },
      { file: 'packages/server/src/app.ts', specifier: '@restconform/interface' },
      { file: 'packages/server/src/testing/fixture.ts', specifier: 'vitest' },
    ];
    expect(packageViolations('server', server, allowed)).toEqual([]);
    expect(packageViolations('server', server, [{ file: 'packages/server/src/app.ts', specifier: 'vitest' }])).toEqual([
      'packages/server/src/app.ts -> vitest',
    ]);
  });

  it('refuses a harness file importing a package by path', () => {
    const imports = [
      { file: 'src/run/target.ts', specifier: '../../packages/server/src/index.js' },
      { file: 'src/run/target.ts', specifier: '@restconform/server' },
    ];
    expect(pathsIntoPackages(imports)).toEqual(['src/run/target.ts -> ../../packages/server/src/index.js']);
  });
});
