/**
 * `--baseline FILE`: known findings, from a previous JSON report (each of its findings) or from a JSON list of
 * `{check, method, route, reason}` with an optional `locale` and `intermittent` (the format of
 * suites/wordpress/expectations.json).
 */
import type { Baseline, BaselineEntry } from '../engine/baseline.js';
import { UsageError } from './errors.js';
import { looksLikeReport, readJsonFile, validatedReport } from './read-report.js';

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
export async function readBaseline(path: string): Promise<Baseline> {
  const value = await readJsonFile(path, 'baseline');
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
