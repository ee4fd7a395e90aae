/**
 * The JSON report (`--json FILE`): the whole run in one document, the input of `restconform replay`.
 * Shape: shared design `architecture.md`; its JSON Schema is `report.schema.json` (see `report-schema.ts`).
 */
import type { Finding } from '../checks/types.js';
import type { CoverageEntry, RunSummary } from '../engine/events.js';
import { RunFileReporter } from './run-file-reporter.js';
import type { RunRecord } from './run-record.js';

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
  findings: Finding[];
  /** Present when the run stopped early (interrupted, time budget, or an abort reason). */
  stoppedEarly?: string;
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
    findings: finished.findings,
    ...(finished.stoppedEarly !== undefined ? { stoppedEarly: finished.stoppedEarly } : {}),
  };
}

/** Writes the JSON report to `path` on close, once the run has finished. */
export class JsonReporter extends RunFileReporter {
  constructor(path: string) {
    super(path, (run) => `${JSON.stringify(buildJsonReport(run), null, 2)}\n`);
  }
}
