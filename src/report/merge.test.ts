import { describe, expect, it } from 'vitest';
import type { Finding } from '../checks/types.js';
import { buildJsonReport, type JsonReport } from './json.js';
import { MergeError, mergeCoverage, mergeFindings, mergeReports, reportToRecord, type MergeInput } from './merge.js';
import { RunRecorder } from './run-record.js';
import { SYNTHETIC_ACCESS, SYNTHETIC_COVERAGE, SYNTHETIC_FINDINGS, syntheticRun } from './testing/synthetic-run.js';

/** The synthetic run's report, as shard `index` of `count`. */
function shardReport(index: number, count: number, change: Partial<JsonReport> = {}): JsonReport {
  const recorder = new RunRecorder();
  for (const event of syntheticRun()) recorder.onEvent(event);
  return { ...buildJsonReport(recorder.record()!), shard: { index, count }, ...change };
}

function inputs(...reports: JsonReport[]): MergeInput[] {
  return reports.map((report, i) => ({ source: `shard-${i + 1}.json`, report }));
}

function finding(change: Partial<Finding>): Finding {
  return { ...SYNTHETIC_FINDINGS[0]!, ...change };
}

describe('merging coverage', () => {
  it('sums requests and statuses of the same operation and joins their notes', () => {
    const [first, second] = [SYNTHETIC_COVERAGE[0]!, SYNTHETIC_COVERAGE[5]!];
    const merged = mergeCoverage([[first], [{ ...first, requests: 2, statuses: { '200': 1, '500': 1 }, notes: ['a note'] }, second]]);
    expect(merged).toHaveLength(2);
    const members = merged.find((entry) => entry.route === first.route)!;
    expect(members.requests).toBe(first.requests + 2);
    expect(members.statuses).toEqual({ '200': 31, '400': 10, '500': 1 });
    expect(members.notes).toEqual(['a note']);
    // The inputs are left as they were.
    expect(first.statuses).toEqual({ '200': 30, '400': 10 });
  });
});

describe('merging the access matrix', () => {
  it('joins the rows of every shard, in shard order (shards split by route, so rows never repeat)', () => {
    const [members, directory] = [SYNTHETIC_ACCESS[0]!, SYNTHETIC_ACCESS[1]!];
    const merged = mergeReports(inputs(shardReport(2, 2, { access: [directory] }), shardReport(1, 2, { access: [members] })));
    expect(merged.finished.access).toEqual([members, directory]);
    expect(buildJsonReport(merged).access).toEqual([members, directory]);
  });
});

describe('merging findings', () => {
  it('keeps one finding per fingerprint with the counts summed, and numbers them the same whatever the order', () => {
    const a = finding({ id: 'F7', fingerprint: 'aaaaaaaaaaaaaaaa', count: 2 });
    const b = finding({ id: 'F1', fingerprint: 'bbbbbbbbbbbbbbbb', check: 'not_a_server_error', message: 'answered 500', count: 1 });
    const warning = { ...SYNTHETIC_FINDINGS[1]!, fingerprint: 'cccccccccccccccc' };
    const forward = mergeFindings([
      [a, warning],
      [b, { ...a, id: 'F2', count: 3 }],
    ]);
    const backward = mergeFindings([
      [{ ...a, id: 'F2', count: 3 }, b],
      [warning, a],
    ]);
    expect(forward.map((f) => [f.id, f.fingerprint, f.count])).toEqual([
      ['F1', 'aaaaaaaaaaaaaaaa', 5],
      ['F2', 'bbbbbbbbbbbbbbbb', 1],
      ['F3', 'cccccccccccccccc', 1],
    ]);
    expect(backward.map((f) => [f.id, f.fingerprint, f.count])).toEqual(forward.map((f) => [f.id, f.fingerprint, f.count]));
  });

  it('falls back to check, operation and message for reports without fingerprints', () => {
    const plain = finding({ fingerprint: undefined, count: 1 });
    const merged = mergeFindings([[plain], [plain], [{ ...plain, message: 'another cause' }]]);
    expect(merged.map((f) => [f.message, f.count])).toEqual([
      ['another cause', 1],
      [plain.message, 2],
    ]);
  });
});

describe('merging the reports of a split run', () => {
  it('gives one report with every shard kept, totals recounted and the widest span of time', () => {
    const one = shardReport(1, 2, { findings: [finding({ fingerprint: 'aaaaaaaaaaaaaaaa' })] });
    const two = shardReport(2, 2, {
      startedAt: '2025-01-02T03:04:06.000Z',
      durationMs: 2000,
      stoppedEarly: 'time budget',
      findings: [finding({ fingerprint: 'aaaaaaaaaaaaaaaa' }), { ...SYNTHETIC_FINDINGS[1]!, fingerprint: 'cccccccccccccccc' }],
    });
    const record = mergeReports(inputs(two, one));
    const report = buildJsonReport(record);
    expect(report.shard).toBeUndefined();
    expect(report.shards!.map((shard) => [shard.index, shard.count, shard.seed, shard.durationMs, shard.stoppedEarly])).toEqual([
      [1, 2, 42, 1234, undefined],
      [2, 2, 42, 2000, 'time budget'],
    ]);
    expect(report.startedAt).toBe('2025-01-02T03:04:05.000Z');
    expect(report.durationMs).toBe(3000);
    expect(report.stoppedEarly).toBe('time budget');
    expect(report.summary).toMatchObject({ requests: 240, operations: SYNTHETIC_COVERAGE.length, failures: 1, warnings: 1 });
    expect(report.findings.map((f) => [f.id, f.count])).toEqual([
      ['F1', 6],
      ['F2', 1],
    ]);
    expect(report.coverage.find((entry) => entry.locale === 'en_gb' && entry.method === 'GET')!.requests).toBe(80);
    expect(report.checks).toEqual(one.checks);
  });

  it('says which shards are missing, and which is given twice', () => {
    expect(() => mergeReports(inputs(shardReport(1, 4), shardReport(3, 4)))).toThrow(new MergeError('shards 2/4, 4/4 are missing (given: 1/4, 3/4)'));
    expect(() => mergeReports(inputs(shardReport(1, 2), shardReport(1, 2)))).toThrow(/shard 1\/2 is given twice: shard-1\.json and shard-2\.json/);
  });

  it('refuses reports of different targets, seeds, tool versions or shard counts', () => {
    expect(() => mergeReports(inputs(shardReport(1, 2), shardReport(2, 2, { target: 'http://127.0.0.1:9999' })))).toThrow(
      /shard-2\.json \(shard 2\/2\) has target "http:\/\/127\.0\.0\.1:9999"/,
    );
    expect(() => mergeReports(inputs(shardReport(1, 2), shardReport(2, 2, { seed: 43 })))).toThrow(/has seed 43, shard-1\.json has 42/);
    expect(() => mergeReports(inputs(shardReport(1, 2), shardReport(2, 2, { version: '9.9.9' })))).toThrow(/has version "9\.9\.9"/);
    expect(() => mergeReports(inputs(shardReport(1, 2), shardReport(2, 3)))).toThrow(/has shard count 3/);
    expect(() => mergeReports(inputs(shardReport(1, 2), { ...shardReport(2, 2), shard: undefined }))).toThrow(/is a whole run, not a shard/);
    expect(() => mergeReports([])).toThrow(/no reports/);
  });

  it('takes the shards of the bundled reference server, whose URL changes each run, as one target', () => {
    const record = mergeReports(
      inputs(shardReport(1, 2, { bundledServer: true }), shardReport(2, 2, { bundledServer: true, target: 'http://127.0.0.1:9999' })),
    );
    expect(record.started.bundledServer).toBe(true);
    expect(record.finished.shards!.map((shard) => shard.target)).toEqual(['http://127.0.0.1:8080', 'http://127.0.0.1:9999']);
  });

  it('says interrupted when any shard was, and names the shard of an aborted one', () => {
    const interrupted = mergeReports(
      inputs(shardReport(1, 2, { stoppedEarly: 'target stopped answering' }), shardReport(2, 2, { stoppedEarly: 'interrupted' })),
    );
    expect(interrupted.finished.stoppedEarly).toBe('interrupted');
    const aborted = mergeReports(inputs(shardReport(1, 2, { stoppedEarly: 'time budget' }), shardReport(2, 2, { stoppedEarly: 'target stopped answering' })));
    expect(aborted.finished.stoppedEarly).toBe('shard 2/2: target stopped answering');
  });

  it('reads a report back as the run that wrote it', () => {
    const report = shardReport(2, 3, { bundledServer: true });
    expect(buildJsonReport(reportToRecord(report))).toEqual(report);
  });
});
