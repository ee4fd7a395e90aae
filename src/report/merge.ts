/**
 * One report from the JSON reports of a run split over several processes (`--shard I/N`): coverage summed,
 * findings de-duplicated by fingerprint and numbered in a stable order, each shard's seed, slice and timing
 * kept. The merged report is a `RunRecord`, so the ordinary reporters (JSON, JUnit, HTML) write it.
 */
import type { Finding } from '../checks/types.js';
import type { CoverageEntry, ShardRun } from '../engine/events.js';
import { tallyFindings } from '../engine/finding-tally.js';
import { INTERRUPTED, isInterrupted, isTimeBudget, stopText, TIME_BUDGET } from '../engine/execution/control.js';
import type { JsonReport } from './json.js';
import type { RunRecord } from './run-record.js';

/** A report given to merge and where it came from (a path), so refusals can name it. */
export interface MergeInput {
  source: string;
  report: JsonReport;
}

/** Why reports cannot be merged: different runs, a shard missing or given twice. */
export class MergeError extends Error {
  override name = 'MergeError';
}

function slice(report: JsonReport): string {
  return report.shard ? `${report.shard.index}/${report.shard.count}` : 'the whole run';
}

/** The first input whose `field` differs from the first input's, as a refusal. */
function refuseDifferent(inputs: readonly MergeInput[], what: string, field: (report: JsonReport) => unknown): void {
  const [first, ...rest] = inputs;
  const expected = JSON.stringify(field(first!.report));
  const other = rest.find((input) => JSON.stringify(field(input.report)) !== expected);
  if (other) {
    throw new MergeError(
      `${other.source} (shard ${slice(other.report)}) has ${what} ${JSON.stringify(field(other.report))}, ${first!.source} has ${expected}: these are not shards of one run`,
    );
  }
}

/** Checks that the inputs are every shard of one run, once each. */
function checkShards(inputs: readonly MergeInput[]): void {
  if (inputs.length === 0) throw new MergeError('no reports to merge');
  refuseDifferent(inputs, 'tool', (report) => report.tool);
  refuseDifferent(inputs, 'version', (report) => report.version);
  refuseDifferent(inputs, 'seed', (report) => report.seed);
  // The bundled reference server listens on a new port in every run: its shards share a seed, not a URL.
  refuseDifferent(inputs, 'target', (report) => (report.bundledServer ? 'the bundled reference server' : report.target));
  refuseDifferent(inputs, 'locales', (report) => report.locales);
  refuseDifferent(inputs, 'phases', (report) => report.phases ?? null);
  refuseDifferent(inputs, 'safe methods only', (report) => report.safeMethodsOnly ?? null);
  refuseDifferent(inputs, 'the choice of operations', (report) => (report.choice ? { include: report.choice.include, exclude: report.choice.exclude } : null));
  const whole = inputs.find((input) => !input.report.shard);
  if (whole) {
    if (inputs.length > 1) throw new MergeError(`${whole.source} is a whole run, not a shard: merge takes the reports of one split run`);
    return;
  }
  refuseDifferent(inputs, 'shard count', (report) => report.shard!.count);
  const count = inputs[0]!.report.shard!.count;
  const seen = new Map<number, string>();
  for (const input of inputs) {
    const index = input.report.shard!.index;
    const before = seen.get(index);
    if (before !== undefined) throw new MergeError(`shard ${index}/${count} is given twice: ${before} and ${input.source}`);
    seen.set(index, input.source);
  }
  const missing = Array.from({ length: count }, (_, i) => i + 1).filter((index) => !seen.has(index));
  if (missing.length > 0) {
    const names = missing.map((index) => `${index}/${count}`);
    throw new MergeError(
      `shard${missing.length === 1 ? '' : 's'} ${names.join(', ')} ${missing.length === 1 ? 'is' : 'are'} missing (given: ${[...seen.keys()]
        .sort((a, b) => a - b)
        .map((index) => `${index}/${count}`)
        .join(', ')})`,
    );
  }
}

function coverageKey(entry: Pick<CoverageEntry, 'locale' | 'method' | 'route'>): string {
  return `${entry.locale ?? '-'} ${entry.method} ${entry.route}`;
}

/** Coverage of all shards: one entry per operation, requests and statuses summed, notes joined. */
export function mergeCoverage(lists: ReadonlyArray<readonly CoverageEntry[]>): CoverageEntry[] {
  const merged = new Map<string, CoverageEntry>();
  for (const list of lists) {
    for (const entry of list) {
      const key = coverageKey(entry);
      const seen = merged.get(key);
      if (!seen) {
        // The merged run is whole: no operation in it belongs to another shard.
        const { otherShard: _whole, ...own } = entry;
        merged.set(key, {
          ...own,
          statuses: { ...entry.statuses },
          notes: [...(entry.notes ?? [])],
          ...(entry.applied ? { applied: [...entry.applied] } : {}),
        });
        continue;
      }
      seen.requests += entry.requests;
      for (const [status, count] of Object.entries(entry.statuses)) seen.statuses[status] = (seen.statuses[status] ?? 0) + count;
      for (const note of entry.notes ?? []) if (!seen.notes.includes(note)) seen.notes.push(note);
      // A check applied when it applied in any shard; an entry without the list (an older report) means all applied.
      if (seen.applied === undefined || entry.applied === undefined) delete seen.applied;
      else for (const check of entry.applied) if (!seen.applied.includes(check)) seen.applied.push(check);
    }
  }
  return [...merged.values()].sort((a, b) => compareText(coverageKey(a), coverageKey(b)));
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** What makes findings the same: the fingerprint, or (reports without one) check, operation and message. */
function findingKey(finding: Finding): string {
  return finding.fingerprint ?? `${finding.check}\u0000${finding.replay.operationId}\u0000${finding.message}`;
}

/**
 * Findings of all shards, each once (counts summed; the first shard's instance kept), in a stable order
 * (failures first, then by check, operation and fingerprint) and numbered F1, F2, … in that order, so the same
 * findings get the same ids whichever shard found them and whenever.
 */
export function mergeFindings(lists: ReadonlyArray<readonly Finding[]>): Finding[] {
  const merged = new Map<string, Finding>();
  for (const list of lists) {
    for (const finding of list) {
      const key = findingKey(finding);
      const seen = merged.get(key);
      if (seen) seen.count += finding.count;
      else merged.set(key, { ...finding });
    }
  }
  const order = (finding: Finding): string =>
    [finding.severity === 'failure' ? '0' : '1', finding.check, finding.locale ?? '-', finding.route, finding.method, findingKey(finding)].join('\u0000');
  return [...merged.values()].sort((a, b) => compareText(order(a), order(b))).map((finding, index) => ({ ...finding, id: `F${index + 1}` }));
}

/**
 * Why the merged run stopped early, as one unsharded run would say it: `interrupted` when any shard was,
 * else the first abort reason (named by its shard), else `time budget` when any shard ran out of time.
 */
function mergedStop(shards: readonly ShardRun[]): string | undefined {
  const stops = shards.filter((shard) => shard.stoppedEarly !== undefined);
  if (stops.some((shard) => isInterrupted(shard.stoppedEarly))) return stopText(INTERRUPTED);
  const aborted = stops.find((shard) => !isTimeBudget(shard.stoppedEarly));
  if (aborted) return `shard ${aborted.index}/${aborted.count}: ${aborted.stoppedEarly}`;
  return stops.length > 0 ? stopText(TIME_BUDGET) : undefined;
}

function shardRun(report: JsonReport): ShardRun {
  return {
    index: report.shard?.index ?? 1,
    count: report.shard?.count ?? 1,
    seed: report.seed,
    target: report.target,
    startedAt: report.startedAt,
    durationMs: report.durationMs,
    requests: report.summary.requests,
    failures: report.summary.failures,
    warnings: report.summary.warnings,
    ...(report.stoppedEarly !== undefined ? { stoppedEarly: report.stoppedEarly } : {}),
  };
}

/** A report read back as the run it describes, so the file reporters can write it again. */
export function reportToRecord(report: JsonReport): RunRecord {
  return {
    started: {
      type: 'run_started',
      tool: report.tool,
      version: report.version,
      seed: report.seed,
      target: report.target,
      locales: report.locales,
      phases: report.phases ?? [],
      startedAt: report.startedAt,
      safeMethodsOnly: report.safeMethodsOnly ?? false,
      ...(report.shard ? { shard: report.shard } : {}),
      ...(report.bundledServer ? { bundledServer: true } : {}),
    },
    finished: {
      type: 'run_finished',
      durationMs: report.durationMs,
      summary: report.summary,
      coverage: report.coverage,
      findings: report.findings,
      ...(report.access !== undefined ? { access: report.access } : {}),
      ...(report.stoppedEarly !== undefined ? { stoppedEarly: report.stoppedEarly } : {}),
      ...(report.checks !== undefined ? { checks: report.checks } : {}),
      ...(report.shards ? { shards: report.shards } : {}),
      ...(report.incomplete !== undefined ? { incomplete: report.incomplete } : {}),
      ...(report.baseline !== undefined ? { baseline: report.baseline } : {}),
      ...(report.choice !== undefined ? { choice: report.choice } : {}),
    },
    descriptors: [],
    skippedPhases: report.skippedPhases ?? [],
    warnings: [],
    sequences: report.sequences ?? [],
    ...(report.cleanup === undefined ? {} : { cleanup: { type: 'cleanup' as const, ...report.cleanup } }),
  };
}

/**
 * Merges the reports of every shard of one run into the run one process would have reported. Throws
 * `MergeError` when they are not all the shards of one run (another target, seed, version; a shard missing or
 * given twice).
 */
export function mergeReports(inputs: readonly MergeInput[]): RunRecord {
  checkShards(inputs);
  const reports = [...inputs].map((input) => input.report).sort((a, b) => (a.shard?.index ?? 1) - (b.shard?.index ?? 1));
  const first = reports[0]!;
  const shards = reports.map(shardRun);
  const coverage = mergeCoverage(reports.map((report) => report.coverage));
  const findings = mergeFindings(reports.map((report) => report.findings));
  const starts = reports.map((report) => Date.parse(report.startedAt));
  const start = Math.min(...starts);
  const end = Math.max(...reports.map((report, i) => starts[i]! + report.durationMs));
  const checks = reports.some((report) => report.checks !== undefined) ? [...new Set(reports.flatMap((report) => report.checks ?? []))] : undefined;
  const stoppedEarly = mergedStop(shards);
  // Shards split the operations by route: their access matrices are disjoint parts of one.
  const access = reports.some((report) => report.access !== undefined) ? reports.flatMap((report) => report.access ?? []) : undefined;
  // Each shard's reasons, named by shard, but operations without a request counted again over the merged coverage.
  const unreached = coverage.filter((entry) => entry.requests === 0).length;
  const incomplete = [
    ...reports.flatMap((report) =>
      (report.incomplete ?? [])
        .filter((reason) => !/operations got no request$/.test(reason))
        .map((reason) => `shard ${report.shard?.index ?? 1}/${report.shard?.count ?? 1}: ${reason}`),
    ),
    ...(unreached > 0 ? [`${unreached} of ${coverage.length} operations got no request`] : []),
  ];
  // A phase one shard skipped may have run in another (it had no work there): skipped only when every shard skipped it.
  const skippedPhases = (first.skippedPhases ?? []).filter(({ phase }) =>
    reports.every((report) => (report.skippedPhases ?? []).some((skipped) => skipped.phase === phase)),
  );
  const merged: JsonReport = {
    tool: first.tool,
    version: first.version,
    seed: first.seed,
    target: first.target,
    locales: first.locales,
    startedAt: new Date(start).toISOString(),
    durationMs: end - start,
    summary: {
      requests: reports.reduce((sum, report) => sum + report.summary.requests, 0),
      operations: coverage.length,
      ...tallyFindings(findings),
      unanswered: reports.reduce((sum, report) => sum + (report.summary.unanswered ?? 0), 0),
      answeredAsRun: reports.reduce((sum, report) => sum + (report.summary.answeredAsRun ?? 0), 0),
      refusedAsRun: reports.reduce((sum, report) => sum + (report.summary.refusedAsRun ?? 0), 0),
    },
    coverage,
    findings,
    ...(access ? { access } : {}),
    ...(stoppedEarly !== undefined ? { stoppedEarly } : {}),
    ...(first.phases ? { phases: first.phases } : {}),
    ...(first.safeMethodsOnly !== undefined ? { safeMethodsOnly: first.safeMethodsOnly } : {}),
    ...(checks ? { checks } : {}),
    ...(first.bundledServer ? { bundledServer: true } : {}),
    shards,
    incomplete,
    skippedPhases,
    // Each shard names the families its own work reached outside the choice; the run reached them all.
    ...(first.choice
      ? { choice: { ...first.choice, reachedOutside: [...new Set(reports.flatMap((report) => report.choice?.reachedOutside ?? []))].sort() } }
      : {}),
  };
  return reportToRecord(merged);
}
