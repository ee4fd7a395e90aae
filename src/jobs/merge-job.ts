/**
 * `restconform merge REPORT.json…`: reads the JSON reports of every shard of one split run, merges them
 * (`report/merge.ts`) and writes the merged run with the ordinary reporters. Its exit code is the one a single
 * unsharded run would have given.
 */
import type { RunEvent } from '../engine/events.js';
import { createReporters } from '../report/index.js';
import { MergeError, mergeReports, type MergeInput } from '../report/merge.js';
import { UsageError } from './errors.js';
import { exitCodeOf } from './run-job.js';
import { readJsonReport } from './read-report.js';

export interface MergeOptions {
  reports: readonly string[];
  json?: string;
  junit?: string;
  html?: string;
  /** Where the merged summary goes; `false` for nowhere. Default: `process.stdout`. */
  console?: NodeJS.WritableStream | false;
}

/** Merges the reports, writes the asked-for outputs and returns the exit code of the merged run. */
export async function mergeJob(options: MergeOptions): Promise<number> {
  const inputs: MergeInput[] = [];
  for (const source of options.reports) inputs.push({ source, report: await readJsonReport(source) });
  let record;
  try {
    record = mergeReports(inputs);
  } catch (error) {
    if (error instanceof MergeError) throw new UsageError(error.message);
    throw error;
  }
  const reporters = createReporters({
    console: options.console ?? process.stdout,
    progress: false,
    json: options.json,
    junit: options.junit,
    html: options.html,
  });
  // The reporters read a run from its events: the merged run is told to them as one.
  const events: RunEvent[] = [record.started, record.finished];
  for (const event of events) for (const reporter of reporters) reporter.onEvent(event);
  await Promise.all(reporters.map((reporter) => reporter.close()));
  return exitCodeOf(record.finished);
}
