/**
 * The layering ARCHITECTURE.md promises, read from the imports: one folder per stage, each importing only the stages
 * before it (`descriptor → schema → generate → resources → request → http → checks → engine → report → jobs`), and
 * only the entry points (`cli/`, the library API `library/` and its `vitest/` entry) wiring all, none of them
 * importing another. The reference server is a package of its own (`packages/server/`): `packages/boundaries.test.ts`
 * keeps it apart.
 * Inside a folder too, imports point one way: no import cycle among production files.
 */
import { describe, expect, it } from 'vitest';
import { importCycles, importsOf, isTestCode, layeringViolations, sourceFiles, type ImportEdge } from './testing/import-graph.js';

const edge = (from: string, to: string, typeOnly = false): ImportEdge => ({ from, to, typeOnly, isPackage: false });

describe('the layering of src/', () => {
  const files = sourceFiles();
  const edges = files.flatMap(importsOf);

  it('reads the whole tree', () => {
    expect(files).toEqual(expect.arrayContaining(['contract/diff.ts', 'schema/to-json-schema.ts', 'cli/main.ts', 'jobs/run-job.ts']));
    expect(edges.some((e) => e.from === 'engine/engine.ts' && e.to === 'engine/execution/execution.ts')).toBe(true);
  });

  it('has every import pointing one way', () => {
    expect(layeringViolations(edges)).toEqual([]);
  });

  it('has no import cycle among production files', () => {
    const production = edges.filter((e) => !isTestCode(e.from) && !isTestCode(e.to));
    expect(importCycles(production)).toEqual([]);
  });
});

describe('the layering rule', () => {
  it('refuses a stage importing a later one, and allows an earlier one', () => {
    expect(layeringViolations([edge('schema/a.ts', 'engine/b.ts')])).toEqual(['schema/a.ts -> engine/b.ts']);
    expect(layeringViolations([edge('report/a.ts', 'cli/main.ts')])).toEqual(['report/a.ts -> cli/main.ts']);
    expect(layeringViolations([edge('engine/a.ts', 'descriptor/b.ts'), edge('cli/a.ts', 'report/b.ts')])).toEqual([]);
  });

  it('has the entry points run through jobs/, never through each other', () => {
    expect(
      layeringViolations([edge('library/index.ts', 'jobs/run-job.ts'), edge('vitest/plan.ts', 'jobs/run-job.ts'), edge('cli/main.ts', 'jobs/version.ts')]),
    ).toEqual([]);
    expect(layeringViolations([edge('library/index.ts', 'cli/run-job.ts'), edge('vitest/plan.ts', 'cli/target.ts', true)])).toEqual([
      'library/index.ts -> cli/run-job.ts',
      'vitest/plan.ts -> cli/target.ts (types)',
    ]);
    expect(layeringViolations([edge('cli/main.ts', 'library/index.ts')])).toEqual(['cli/main.ts -> library/index.ts']);
  });

  it('lets a run wire the stages and the settings, but not the command line', () => {
    expect(
      layeringViolations([edge('jobs/run-job.ts', 'engine/engine.ts'), edge('jobs/run-job.ts', 'report/index.ts'), edge('jobs/run-job.ts', 'config/index.ts')]),
    ).toEqual([]);
    expect(layeringViolations([edge('jobs/run-job.ts', 'cli/errors.ts'), edge('engine/engine.ts', 'jobs/run-job.ts')])).toEqual([
      'jobs/run-job.ts -> cli/errors.ts',
      'engine/engine.ts -> jobs/run-job.ts',
    ]);
  });

  it('allows only the listed type-only exceptions', () => {
    expect(layeringViolations([edge('descriptor/fetch.ts', 'http/types.ts', true)])).toEqual([]);
    expect(layeringViolations([edge('descriptor/fetch.ts', 'http/transport.ts')])).toEqual(['descriptor/fetch.ts -> http/transport.ts']);
  });
});

describe('the cycle finder', () => {
  it('finds a cycle, as the files tied by it', () => {
    const edges = [edge('a/x.ts', 'a/y.ts'), edge('a/y.ts', 'a/z.ts'), edge('a/z.ts', 'a/x.ts'), edge('a/z.ts', 'b/w.ts'), edge('b/w.ts', 'c/v.ts')];
    expect(importCycles(edges)).toEqual([['a/x.ts', 'a/y.ts', 'a/z.ts']]);
  });

  it('finds a cycle made of type-only imports, and one of a file importing itself', () => {
    expect(importCycles([edge('a/types.ts', 'a/index.ts', true), edge('a/index.ts', 'a/types.ts')])).toEqual([['a/index.ts', 'a/types.ts']]);
    expect(importCycles([edge('a/self.ts', 'a/self.ts', true)])).toEqual([['a/self.ts']]);
  });

  it('reports each cycle once, in order, and nothing for an acyclic graph or for packages', () => {
    const two = [edge('b/p.ts', 'b/q.ts'), edge('b/q.ts', 'b/p.ts'), edge('a/r.ts', 'a/s.ts'), edge('a/s.ts', 'a/r.ts'), edge('a/r.ts', 'b/p.ts')];
    expect(importCycles(two)).toEqual([
      ['a/r.ts', 'a/s.ts'],
      ['b/p.ts', 'b/q.ts'],
    ]);
    const diamond = [edge('a/top.ts', 'a/left.ts'), edge('a/top.ts', 'a/right.ts'), edge('a/left.ts', 'a/base.ts'), edge('a/right.ts', 'a/base.ts', true)];
    expect(importCycles(diamond)).toEqual([]);
    expect(importCycles([{ from: 'a/x.ts', to: 'a/x.ts', typeOnly: false, isPackage: true }])).toEqual([]);
  });
});
