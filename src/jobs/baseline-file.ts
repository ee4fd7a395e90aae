/**
 * `--baseline FILE`: known findings, from a previous JSON report (each of its findings) or from a JSON list of
 * `{check, method, route, reason}` with an optional `locale` and `intermittent` (the format of
 * suites/wordpress/expectations.json). `--baseline NAME` names a list shipped inside the package.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from '../config/package-root.js';
import type { Baseline, BaselineEntry } from '../engine/baseline.js';
import { UsageError } from './errors.js';
import { looksLikeReport, readJsonFile, validatedReport } from './read-report.js';

/**
 * Baselines shipped in the package, by name, each a path inside it (package.json `files` lists each). The file
 * stays where `npm run test:wordpress` reads and maintains it: the name resolves to it, nothing is copied.
 */
export const NAMED_BASELINES: Readonly<Record<string, string>> = {
  'wordpress-6.1': 'suites/wordpress/expectations.json',
};

/** The shipped baseline of WordPress core's own behaviour, which findings on WordPress routes of any site are read against. */
export const WORDPRESS_BASELINE = 'wordpress-6.1';

/**
 * The file a `--baseline` setting names: a path as given; a name of `NAMED_BASELINES` (no folder in it, no file
 * of that name here) is the shipped file.
 */
export function baselinePath(setting: string): string {
  const shipped = NAMED_BASELINES[setting];
  if (shipped === undefined || existsSync(setting)) return setting;
  return join(packageRoot(import.meta.url), shipped);
}

const FIELDS = ['check', 'method', 'route', 'reason'] as const;

function entryKey(entry: Pick<BaselineEntry, 'check' | 'method' | 'route' | 'locale'>): string {
  return `${entry.check} ${entry.method} ${entry.route}${entry.locale === undefined ? '' : ` in ${entry.locale ?? '(none)'}`}`;
}

/** Checks a list of entries: each field a non-empty string, the locale a string or null, intermittent a boolean, no entry twice. */
export function baselineEntries(value: unknown, source: string): BaselineEntry[] {
  if (!Array.isArray(value)) throw new UsageError(`${source}: expected a restconform JSON report or a JSON list of {check, method, route, reason}`);
  const seen = new Set<string>();
  return value.map((item: unknown, index) => {
    const entry = item as Record<string, unknown> | null;
    for (const field of FIELDS) {
      if (typeof entry?.[field] !== 'string' || (entry[field] as string).trim() === '') throw new UsageError(`${source}: entry ${index} has no "${field}"`);
    }
    if (entry!.locale !== undefined && entry!.locale !== null && typeof entry!.locale !== 'string')
      throw new UsageError(`${source}: entry ${index} has a "locale" that is not a string or null`);
    const parsed: BaselineEntry = {
      check: entry!.check as string,
      method: entry!.method as string,
      route: entry!.route as string,
      reason: entry!.reason as string,
    };
    if (entry!.locale !== undefined) parsed.locale = entry!.locale as string | null;
    if (entry!.intermittent !== undefined && typeof entry!.intermittent !== 'boolean')
      throw new UsageError(`${source}: entry ${index} has an "intermittent" that is not true or false`);
    if (entry!.intermittent === true) parsed.intermittent = true;
    if (seen.has(entryKey(parsed))) throw new UsageError(`${source}: entry ${index} repeats ${entryKey(parsed)}`);
    seen.add(entryKey(parsed));
    return parsed;
  });
}

/** Reads a baseline file: a previous report's findings, or a list of entries. */
export async function readBaseline(setting: string): Promise<Baseline> {
  const path = baselinePath(setting);
  const value = await readJsonFile(path, 'baseline').catch((error: unknown) => {
    // A bare word that is no file may be a misspelt name: say which names there are.
    if (path !== setting || /[\\/]/.test(setting) || !(error instanceof UsageError) || !error.message.startsWith('cannot read')) throw error;
    throw new UsageError(`${error.message} (named baselines: ${Object.keys(NAMED_BASELINES).join(', ')})`);
  });
  if (path !== setting) return { source: setting, entries: baselineEntries(value, setting) };
  if (!looksLikeReport(value)) return { source: path, entries: baselineEntries(value, path) };
  const report = validatedReport(value, path);
  const entries = new Map<string, BaselineEntry>();
  for (const finding of report.findings) {
    const entry: BaselineEntry = {
      check: finding.check,
      method: finding.method,
      route: finding.route,
      locale: finding.locale,
      reason: finding.known ?? `found as ${finding.id} by the run of ${report.startedAt}: ${finding.message}`,
    };
    if (!entries.has(entryKey(entry))) entries.set(entryKey(entry), entry);
  }
  return { source: path, entries: [...entries.values()] };
}
