/**
 * The report stage: reporters that consume the engine's events (console, JSON, NDJSON, JUnit XML, HTML).
 * `createReporters` builds the set a run asks for; `fanOut` puts them behind one `Reporter`.
 */
import { join } from 'node:path';
import type { Reporter } from '../engine/events.js';
import { ConsoleReporter } from './console.js';
import { HtmlReporter } from './html.js';
import { JsonReporter } from './json.js';
import { JunitReporter } from './junit.js';
import { NdjsonReporter } from './ndjson.js';

export interface ReporterOptions {
  /** Header and summary stream; `false` for none. Default: `process.stdout`. */
  console?: NodeJS.WritableStream | false;
  /** Live progress stream of the console reporter; `false` for none. Default: `process.stderr`. */
  progress?: NodeJS.WritableStream | false;
  json?: string | null;
  /** A path, or `true` for `<reportDir>/events.ndjson`. */
  ndjson?: string | true | null;
  /** A path, or `true` for `<reportDir>/junit.xml`. */
  junit?: string | true | null;
  html?: string | null;
  /** When set, `json` and `html` default to `<reportDir>/report.json` and `<reportDir>/report.html`. */
  reportDir?: string | null;
}

/** The folder `true` report paths go to when no report folder is set. */
const DEFAULT_REPORT_DIR = 'reports';

/** The report files a run writes: the one place report paths are resolved against the report folder. */
export function reportPaths(options: ReporterOptions): { json?: string; ndjson?: string; junit?: string; html?: string } {
  const dir = options.reportDir ?? undefined;
  const inDir = (value: string | true | null | undefined, name: string): string | undefined =>
    value === true ? join(dir ?? DEFAULT_REPORT_DIR, name) : (value ?? undefined);
  return {
    json: options.json ?? (dir === undefined ? undefined : join(dir, 'report.json')),
    html: options.html ?? (dir === undefined ? undefined : join(dir, 'report.html')),
    junit: inDir(options.junit, 'junit.xml'),
    ndjson: inDir(options.ndjson, 'events.ndjson'),
  };
}

/** Builds the reporters a run asks for, console first. */
export function createReporters(options: ReporterOptions = {}): Reporter[] {
  const reporters: Reporter[] = [];
  const paths = reportPaths(options);
  if (options.console !== false) {
    const reportFiles = [paths.json, paths.html, paths.junit, paths.ndjson].filter((path): path is string => path !== undefined);
    reporters.push(new ConsoleReporter({ out: options.console ?? process.stdout, progress: options.progress, reportFiles, jsonReport: paths.json }));
  }
  if (paths.ndjson) reporters.push(new NdjsonReporter(paths.ndjson));
  if (paths.json) reporters.push(new JsonReporter(paths.json));
  if (paths.junit) reporters.push(new JunitReporter(paths.junit));
  if (paths.html) reporters.push(new HtmlReporter(paths.html));
  return reporters;
}

export { fanOut } from './fan-out.js';
export { ConsoleReporter, type ConsoleReporterOptions } from './console.js';
export { JsonReporter, buildJsonReport, type JsonReport } from './json.js';
export { NdjsonReporter, ndjsonLine } from './ndjson.js';
export { JunitReporter, buildJunitXml } from './junit.js';
export { HtmlReporter, renderHtmlReport } from './html.js';
export { escapeHtml } from './html-text.js';
export { RunRecorder, type RunRecord } from './run-record.js';
export { operationOutcomes, tallyOutcomes, type OperationOutcome, type OutcomeTally } from './outcomes.js';
export { writeFileAtomic } from './atomic-write.js';
