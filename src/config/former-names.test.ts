/**
 * Renamed settings keep their former names (`examples` for `fuzz-examples`, `concurrency` for `connections`) as a
 * file key, a command-line option and a library key: each still sets its setting, with one deprecation line on
 * stderr per loading, and the name as now spelt wins where both are given.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FORMER_NAMES } from './former-names.js';
import { loadConfig } from './load.js';

const PHASES = ['examples', 'fuzz'];

/** The lines written to stderr while `load` runs, and what it returned. */
function loading<T>(load: () => T): { result: T; lines: string[] } {
  const lines: string[] = [];
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
    lines.push(String(chunk));
    return true;
  });
  return { result: load(), lines };
}

describe('former setting names', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('are the two renamed settings', () => {
    expect(FORMER_NAMES.map(({ former, file }) => `${former} -> ${file}`)).toEqual(['examples -> fuzz-examples', 'concurrency -> connections']);
  });

  it('set their setting from a configuration file, with one deprecation line each', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'restconform-former-')), 'old.yaml');
    writeFileSync(file, 'examples: 3\nconcurrency: 2\n');
    const { result, lines } = loading(() => loadConfig({ file, knownPhases: PHASES }));
    expect([result.fuzzExamples, result.connections]).toEqual([3, 2]);
    expect(lines).toEqual([
      'restconform: the setting "examples" (--examples) is now "fuzz-examples" (--fuzz-examples); the old name still works but is deprecated\n',
      'restconform: the setting "concurrency" (--concurrency) is now "connections" (--connections); the old name still works but is deprecated\n',
    ]);
  });

  it("set their setting as the library's (and the command line's) options, said once however many layers use them", () => {
    const file = join(mkdtempSync(join(tmpdir(), 'restconform-former-')), 'old.yaml');
    writeFileSync(file, 'examples: 3\n');
    const { result, lines } = loading(() => loadConfig({ file, knownPhases: PHASES, overrides: { examples: 7 } }));
    expect(result.fuzzExamples).toBe(7);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('"examples"');
  });

  it('give way to the name as now spelt, and are silent when unused', () => {
    expect(loading(() => loadConfig({ knownPhases: PHASES, overrides: { concurrency: 2, connections: 5 } })).result.connections).toBe(5);
    const { result, lines } = loading(() => loadConfig({ knownPhases: PHASES, overrides: { connections: 5, fuzzExamples: 4 } }));
    expect([result.connections, result.fuzzExamples, lines]).toEqual([5, 4, []]);
  });

  it('are refused with the same rules as the name now', () => {
    expect(() => loading(() => loadConfig({ knownPhases: PHASES, overrides: { concurrency: 0 } }))).toThrow(/must be >= 1/);
  });
});
