/**
 * One rule, one file: every check of the registry is declared in exactly one production file under `src/checks/`,
 * the file named for the check, in a folder named for what it judges; no production file under `src/engine/`
 * declares a rule (phases gather evidence, checks judge it); every phase's checks are in the registry.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHECK_ALIASES } from '../checks/aliases.js';
import { CHECKS } from '../checks/index.js';
import { PHASES } from '../engine/phases/index.js';
import { knownCheckNames } from '../jobs/index.js';
import { SRC, sourceFiles } from './testing/import-graph.js';

const production = sourceFiles().filter((file) => !file.endsWith('.test.ts') && !file.includes('/testing/'));
const text = new Map(production.map((file) => [file, readFileSync(join(SRC, file), 'utf8')]));
/** A rule's declaration: `name: 'some_check',` alone on its line. */
const DECLARATION = /^\s*name: '([a-z_]+)',\s*$/gm;
const declaredIn = (name: string): string[] => production.filter((file) => [...text.get(file)!.matchAll(DECLARATION)].some((match) => match[1] === name));

describe('one rule, one file', () => {
  it('declares every check in exactly one file under src/checks/, named for it, in the folder of its evidence tag', () => {
    expect(CHECKS.length).toBeGreaterThan(45);
    for (const check of CHECKS) {
      const kebab = check.name.replaceAll('_', '-');
      // `answer/` for a check over one exchange, else the folder named for the phase that gathers its evidence.
      const folder = check.evidence === 'exchange' ? 'answer' : check.evidence;
      expect(declaredIn(check.name), check.name).toHaveLength(1);
      expect(declaredIn(check.name)[0]).toBe(`checks/${folder}/${kebab}.ts`);
    }
  });

  it('has one registry: check names are unique, aliases name checks that exist', () => {
    const names = CHECKS.map((check) => check.name);
    expect(new Set(names).size).toBe(names.length);
    for (const [former, current] of Object.entries(CHECK_ALIASES)) {
      expect(names).not.toContain(former);
      expect(names).toContain(current);
    }
  });

  it("knows, and so lists in `run --help`, exactly the registry's checks and the former names", () => {
    expect(knownCheckNames()).toEqual([...CHECKS.map((check) => check.name), ...Object.keys(CHECK_ALIASES)]);
  });

  it('leaves no rule declared under src/engine/', () => {
    const declaring = production.filter((file) => file.startsWith('engine/') && new RegExp(DECLARATION.source, 'm').test(text.get(file)!));
    expect(declaring).toEqual([]);
  });

  it("lists every phase's checks in the registry, and every check in at most one phase", () => {
    const phaseChecks = PHASES.flatMap((phase) => phase.checks);
    for (const check of phaseChecks) expect(CHECKS).toContain(check);
    expect(new Set(phaseChecks).size).toBe(phaseChecks.length);
  });
});
