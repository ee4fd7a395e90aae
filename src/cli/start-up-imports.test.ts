/**
 * What every command loads before it does anything: the static imports reachable from the command line's entry
 * point. The reference server (faker, every namespace module), the TypeScript export (json-schema-to-typescript,
 * which brings prettier) and the JUnit builder load only where they are used; a static import would put them back on the
 * start-up path of `restconform run` against any server, which the benchmark's start-to-first-request measures.
 */
import { readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = join(dirname(fileURLToPath(import.meta.url)), '..');
/** `import … from '…'` and `export … from '…'`, but not `import type` / `export type`, which vanish when compiled. */
const STATIC_IMPORT = /^(?:import|export)\s+(?!type\s)[^;]*?\sfrom\s+'([^']+)'|^import\s+'([^']+)'/gm;

/** Every module reachable by static imports from `entry` (paths under src/, and package names). */
function staticImportClosure(entry: string): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const pending = [entry];
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (files.has(file)) continue;
    files.add(file);
    for (const match of readFileSync(join(SRC, file), 'utf8').matchAll(STATIC_IMPORT)) {
      const specifier = (match[1] ?? match[2])!;
      if (specifier.startsWith('.')) pending.push(relative(SRC, join(SRC, dirname(file), specifier.replace(/\.js$/, '.ts'))));
      else if (!specifier.startsWith('node:')) packages.add(specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0]!);
    }
  }
  return { files, packages };
}

describe('start-up imports of the command line', () => {
  const { files, packages } = staticImportClosure('cli/main.ts');

  it('reach the harness stages', () => {
    // The walk itself works: the run command's own stages are on the path.
    expect([...files]).toEqual(expect.arrayContaining(['cli/run-job.ts', 'engine/engine.ts', 'http/transport.ts', 'generate/index.ts']));
    expect([...packages]).toEqual(expect.arrayContaining(['commander', 'undici', 'fast-check']));
  });

  it('leave out the reference server, the TypeScript export and the JUnit builder', () => {
    expect([...files].filter((file) => file.startsWith('server/'))).toEqual([]);
    expect([...packages]).not.toContain('json-schema-to-typescript');
    expect([...packages]).not.toContain('junit-report-builder');
  });

  it('leave out faker: the harness reads its text pools as data', () => {
    expect([...packages]).not.toContain('@faker-js/faker');
  });
});
