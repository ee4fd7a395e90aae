/**
 * What every command loads before it does anything: the static imports reachable from the command line's entry
 * point. The reference server (faker, every namespace module), the TypeScript export (json-schema-to-typescript,
 * which brings prettier) and the JUnit builder load only where they are used; a static import would put them back on the
 * start-up path of `restconform run` against any server, which the benchmark's start-to-first-request measures.
 */
import { describe, expect, it } from 'vitest';
import { staticImportClosure } from './testing/import-graph.js';

describe('start-up imports of the command line', () => {
  const { files, packages } = staticImportClosure('cli/main.ts');

  it('reach the harness stages', () => {
    // The walk itself works: the run command's own stages are on the path.
    expect([...files]).toEqual(expect.arrayContaining(['jobs/run-job.ts', 'engine/engine.ts', 'http/transport.ts', 'generate/index.ts']));
    expect([...packages]).toEqual(expect.arrayContaining(['commander', 'undici', 'fast-check']));
  });

  it('leave out the reference server, the TypeScript export and the JUnit builder', () => {
    expect([...packages]).not.toContain('@restconform/server');
    expect([...packages]).not.toContain('json-schema-to-typescript');
    expect([...packages]).not.toContain('junit-report-builder');
  });

  it('leave out faker: the harness reads its text pools as data', () => {
    expect([...packages]).not.toContain('@faker-js/faker');
  });
});
