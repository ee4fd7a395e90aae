import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildJsonReport, type JsonReport } from '../report/json.js';
import { RunRecorder } from '../report/run-record.js';
import { TextSink } from '../report/testing/text-sink.js';
import { syntheticRun } from '../report/testing/synthetic-run.js';
import { UsageError } from './errors.js';
import { mergeJob } from './merge-job.js';
import { readJsonReport } from './read-report.js';

const folder = mkdtempSync(join(tmpdir(), 'restconform-merge-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** Writes the synthetic run's report as shard `index` of `count`, with or without its findings. */
function writeShard(name: string, index: number, count: number, withFindings: boolean): string {
  const recorder = new RunRecorder();
  for (const event of syntheticRun()) recorder.onEvent(event);
  const report: JsonReport = { ...buildJsonReport(recorder.record()!), shard: { index, count } };
  if (!withFindings) Object.assign(report, { findings: [], summary: { ...report.summary, failures: 0, warnings: 0, byCheck: {} } });
  const path = join(folder, name);
  writeFileSync(path, JSON.stringify(report));
  return path;
}

describe('restconform merge', () => {
  it('writes the merged JSON, JUnit and HTML reports and exits 1 when a shard found a failure', async () => {
    const reports = [writeShard('a1.json', 1, 2, false), writeShard('a2.json', 2, 2, true)];
    const out = new TextSink();
    const paths = { json: join(folder, 'a.json'), junit: join(folder, 'a.xml'), html: join(folder, 'a.html') };
    expect(await mergeJob({ reports, ...paths, console: out })).toBe(1);
    const merged = await readJsonReport(paths.json);
    expect(merged.shards!.map((shard) => `${shard.index}/${shard.count}`)).toEqual(['1/2', '2/2']);
    expect(merged.summary.failures).toBe(1);
    expect(readFileSync(paths.junit, 'utf8')).toContain('<failure');
    expect(readFileSync(paths.html, 'utf8')).toContain('2 merged: 1/2');
    expect(out.text).toMatch(/restconform: \d+ passed, \d+ failed/);
  });

  it('exits 0 when no shard found a failure', async () => {
    const reports = [writeShard('b1.json', 1, 2, false), writeShard('b2.json', 2, 2, false)];
    expect(await mergeJob({ reports, console: false })).toBe(0);
  });

  it('refuses, as a usage error (exit 2), a set with a shard missing', async () => {
    const reports = [writeShard('c1.json', 1, 3, false), writeShard('c3.json', 3, 3, false)];
    const error = await mergeJob({ reports, console: false }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UsageError);
    expect((error as Error).message).toBe('shard 2/3 is missing (given: 1/3, 3/3)');
  });

  it('names a file that is not a report, in one line', async () => {
    const damaged = join(folder, 'damaged.json');
    writeFileSync(damaged, JSON.stringify({ tool: 'restconform', findings: 'none' }));
    await expect(readJsonReport(damaged)).rejects.toThrow(/damaged\.json is not a restconform JSON report: .*required property/);
    writeFileSync(damaged, '{');
    await expect(readJsonReport(damaged)).rejects.toThrow(/damaged\.json is not JSON/);
    await expect(readJsonReport(join(folder, 'absent.json'))).rejects.toThrow(/cannot read report .*absent\.json: ENOENT/);
  });
});
