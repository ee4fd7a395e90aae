/**
 * The JSON report (`--json FILE`): the whole run in one document, the input of `restconform replay`.
 * Shape: `docs/exit-codes.md#the-json-report`; its JSON Schema is `report.schema.json` (see `report-schema.ts`).
 */
import type { Concern, Finding } from '../checks/types.js';
import type { BudgetSplit, TargetRate } from '../engine/budget.js';
import type { BaselineOutcome } from '../engine/baseline.js';
import type { AccessRow, ChoiceReport, CoverageEntry, LeftResource, RunSummary, SequenceReport, ShardRef, ShardRun } from '../engine/events.js';
import { operationOutcomes, tallyOutcomes, type OutcomeTally } from './outcomes.js';
import { RunFileReporter } from './run-file-reporter.js';
import type { CleanupEvent, RunRecord } from './run-record.js';
import { concernOf } from './security.js';

export type { ShardRun };

/** A finding as the JSON report writes it: with its check's concern, so any reader can put security findings first. */
export type ReportedFinding = Finding & { concern?: Concern };

function withConcern(finding: Finding): ReportedFinding {
  const concern = concernOf(finding.check);
  return concern === undefined ? finding : { ...finding, concern };
}

/** The JSON report document. */
export interface JsonReport {
  tool: string;
  version: string;
  seed: number;
  target: string;
  locales: Array<string | null>;
  startedAt: string;
  durationMs: number;
  summary: RunSummary;
  coverage: CoverageEntry[];
  findings: ReportedFinding[];
  /** The access matrix: per operation, what each identity got. Present when the auth phase ran. */
  access?: AccessRow[];
  /** The phases' sequences (each resource family's life cycle, each relation): steps and outcome, or why skipped. */
  sequences?: SequenceReport[];
  /** What the end-of-run clean-up removed, kept (--no-cleanup) or could not remove, on a target that is not the bundled server. */
  cleanup?: { removed: number; kept: number; leftovers: string[]; resources?: LeftResource[]; cutShort?: string };
  /** Present when the run stopped early (interrupted, time budget, or an abort reason). */
  stoppedEarly?: string;
  /** The phases the run was asked for. */
  phases?: string[];
  /** True when only GET, HEAD and OPTIONS were sent. */
  safeMethodsOnly?: boolean;
  /** The checks that were enabled, so a report read back (merge) counts the same (operation, check) pairs. */
  checks?: string[];
  /** Present when the run was one slice of a split run (`--shard I/N`). */
  shard?: ShardRef;
  /** Present (true) when the target was the bundled reference server the run started itself. */
  bundledServer?: boolean;
  /** Present in a merged report (`restconform merge`): each shard's own run, in shard order. */
  shards?: ShardRun[];
  /** The target's median latency and the rate reached over the run. */
  rate?: TargetRate;
  /** With a time budget: each phase's share and how it was spent. */
  budget?: BudgetSplit;
  /** (operation, check) pairs by result: passed, failed, warned, known, not applicable (always written). */
  outcomes?: OutcomeTally;
  /** Why the run did not test everything it was asked to; empty when it did (always written). */
  incomplete?: string[];
  /** Phases that did not run, with the reason (always written). */
  skippedPhases?: Array<{ phase: string; reason: string }>;
  /** What the baseline said, when one was given. */
  baseline?: BaselineOutcome;
  /** The run's choice of operations (`--include`, `--exclude`), when it had one: coverage lists only the chosen. */
  choice?: ChoiceReport;
}

/** The clean-up as the report keeps it: the event without its type. */
function cleanUpOf({ type: _type, ...cleanUp }: CleanupEvent): NonNullable<JsonReport['cleanup']> {
  return cleanUp;
}

/** Builds the report document from a finished run. */
export function buildJsonReport(run: RunRecord): JsonReport {
  const { started, finished } = run;
  return {
    tool: started.tool,
    version: started.version,
    seed: started.seed,
    target: started.target,
    locales: started.locales,
    startedAt: started.startedAt,
    durationMs: finished.durationMs,
    summary: finished.summary,
    coverage: finished.coverage,
    findings: finished.findings.map(withConcern),
    ...(finished.access !== undefined ? { access: finished.access } : {}),
    ...(run.sequences.length > 0 ? { sequences: run.sequences } : {}),
    ...(run.cleanup === undefined ? {} : { cleanup: cleanUpOf(run.cleanup) }),
    ...(finished.stoppedEarly !== undefined ? { stoppedEarly: finished.stoppedEarly } : {}),
    phases: started.phases,
    safeMethodsOnly: started.safeMethodsOnly,
    ...(finished.checks !== undefined ? { checks: finished.checks } : {}),
    ...(started.shard ? { shard: started.shard } : {}),
    ...(started.bundledServer ? { bundledServer: true } : {}),
    ...(finished.shards ? { shards: finished.shards } : {}),
    ...(finished.rate !== undefined ? { rate: finished.rate } : {}),
    ...(finished.budget !== undefined ? { budget: finished.budget } : {}),
    outcomes: tallyOutcomes(operationOutcomes(finished)),
    incomplete: finished.incomplete ?? [],
    skippedPhases: run.skippedPhases,
    ...(finished.baseline ? { baseline: finished.baseline } : {}),
    ...(finished.choice ? { choice: finished.choice } : {}),
  };
}

/** Writes the JSON report to `path` on close, once the run has finished. */
export class JsonReporter extends RunFileReporter {
  constructor(path: string) {
    super(path, (run) => `${JSON.stringify(buildJsonReport(run), null, 2)}\n`);
  }
}
