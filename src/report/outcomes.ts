/**
 * The result of each (operation, check) pair, derived from a finished run: failed when the check reported a new
 * failure on the operation, warning when it reported only new warnings, known when everything it reported is in
 * the baseline, passed when it judged the operation and found nothing, not applicable when it had nothing there
 * to judge (a batch check on `GET /`). Console, JUnit and HTML count and show the same pairs.
 */
import type { Finding } from '../checks/types.js';
import type { CoverageEntry } from '../engine/events.js';
import { UNKNOWN_ROUTE } from '../engine/synthetic-operation.js';
import type { RunFinishedEvent } from './run-record.js';

export type OutcomeResult = 'passed' | 'failed' | 'warning' | 'known' | 'not applicable';

export interface CheckOutcome {
  check: string;
  result: OutcomeResult;
  /** The findings of this check on this operation (empty when passed). */
  findings: Finding[];
}

/** One operation with its coverage and the outcome of every check on it. */
export interface OperationOutcome extends CoverageEntry {
  /** False when no request reached it and nothing was found: its checks did not run. */
  covered: boolean;
  /** One per check, in check order; empty when not covered. */
  checks: CheckOutcome[];
}

export interface OutcomeTally {
  /** (operation, check) pairs the check judged and found nothing. */
  passed: number;
  /** (operation, check) pairs with at least one new failure. */
  failed: number;
  /** (operation, check) pairs with new warnings only. */
  warned: number;
  /** (operation, check) pairs whose findings the baseline lists. */
  known: number;
  /** (operation, check) pairs the check had nothing to judge in. */
  notApplicable: number;
}

function operationKey(locale: string | null, method: string, route: string): string {
  return `${locale ?? '-'} ${method} ${route}`;
}

/**
 * A route's namespace when no coverage entry names it: the first path segment, plus the second when it is a
 * version (`community/v1`, `oembed/1.0`, `badges`); `''` for the root.
 */
export function namespaceOfRoute(route: string): string {
  const [first, second] = route.replace(/^\/+/, '').split('/');
  if (!first) return '';
  return second !== undefined && /^v?\d+(?:\.\d+)*$/.test(second) ? `${first}/${second}` : first;
}

/** The enabled checks: those `run_finished` names, plus any that reported a finding. */
export function checksOf(finished: RunFinishedEvent): string[] {
  const names = [...(finished.checks ?? [])];
  const extra = new Set<string>([...Object.keys(finished.summary.byCheck), ...finished.findings.map((f) => f.check)]);
  for (const name of [...extra].sort()) if (!names.includes(name)) names.push(name);
  return names;
}

/**
 * Finds a finding's namespace from the coverage entry of its operation, else of its route, else its path; the
 * unknown route the run probes (`/restconform/no-such-route`) is in no namespace, so under the root.
 */
export function namespaceResolver(coverage: readonly CoverageEntry[]): (finding: Pick<Finding, 'locale' | 'method' | 'route'>) => string {
  const byOperation = new Map(coverage.map((entry) => [operationKey(entry.locale, entry.method, entry.route), entry.namespace]));
  const byRoute = new Map(coverage.map((entry) => [entry.route, entry.namespace]));
  return (finding) =>
    byOperation.get(operationKey(finding.locale, finding.method, finding.route)) ??
    byRoute.get(finding.route) ??
    (finding.route === UNKNOWN_ROUTE ? '' : namespaceOfRoute(finding.route));
}

/** Every operation of the run (coverage entries, then operations known only from findings) with its outcomes. */
export function operationOutcomes(finished: RunFinishedEvent): OperationOutcome[] {
  const checks = checksOf(finished);
  const namespaceOf = namespaceResolver(finished.coverage);
  const operations = new Map<string, OperationOutcome>();
  for (const entry of finished.coverage) {
    operations.set(operationKey(entry.locale, entry.method, entry.route), { ...entry, covered: entry.requests > 0, checks: [] });
  }
  const findingsByOperation = new Map<string, Finding[]>();
  for (const finding of finished.findings) {
    const key = operationKey(finding.locale, finding.method, finding.route);
    if (!operations.has(key)) {
      operations.set(key, {
        locale: finding.locale,
        method: finding.method,
        route: finding.route,
        namespace: namespaceOf(finding),
        requests: 0,
        statuses: {},
        notes: [],
        covered: true,
        checks: [],
      });
    }
    operations.get(key)!.covered = true;
    findingsByOperation.set(key, [...(findingsByOperation.get(key) ?? []), finding]);
  }
  for (const [key, operation] of operations) {
    const found = findingsByOperation.get(key) ?? [];
    // Another shard's operation that this shard's whole-run work reached is that shard's to count: here it shows
    // only with the findings this shard made on it.
    if (operation.otherShard === true && found.length === 0) {
      operations.delete(key);
      continue;
    }
    if (!operation.covered) continue;
    const judged = operation.otherShard === true ? checks.filter((check) => found.some((finding) => finding.check === check)) : checks;
    operation.checks = judged.map((check) => {
      const mine = found.filter((finding) => finding.check === check);
      return { check, result: resultOf(mine, operation.applied === undefined || operation.applied.includes(check)), findings: mine };
    });
  }
  return [...operations.values()];
}

/** The result of one check on one operation from its findings, and whether it had anything to judge there. */
function resultOf(findings: readonly Finding[], applied: boolean): OutcomeResult {
  const fresh = findings.filter((finding) => finding.known === undefined);
  if (fresh.some((finding) => finding.severity === 'failure')) return 'failed';
  if (fresh.length > 0) return 'warning';
  if (findings.length > 0) return 'known';
  return applied ? 'passed' : 'not applicable';
}

/** The overall result of one operation: its worst check outcome, or `uncovered`. */
export function operationResult(operation: OperationOutcome): 'passed' | 'failed' | 'warning' | 'uncovered' {
  if (!operation.covered) return 'uncovered';
  if (operation.checks.some((c) => c.result === 'failed')) return 'failed';
  if (operation.checks.some((c) => c.result === 'warning')) return 'warning';
  return 'passed';
}

/** Counts (operation, check) pairs over covered operations. */
export function tallyOutcomes(operations: readonly OperationOutcome[]): OutcomeTally {
  const tally: OutcomeTally = { passed: 0, failed: 0, warned: 0, known: 0, notApplicable: 0 };
  const field: Record<OutcomeResult, keyof OutcomeTally> = {
    passed: 'passed',
    failed: 'failed',
    warning: 'warned',
    known: 'known',
    'not applicable': 'notApplicable',
  };
  for (const operation of operations) {
    for (const outcome of operation.checks) tally[field[outcome.result]] += 1;
  }
  return tally;
}

/** Namespaces in a stable order, the root (`''`) first. */
export function sortedNamespaces(operations: readonly { namespace: string }[]): string[] {
  return [...new Set(operations.map((o) => o.namespace))].sort((a, b) => a.localeCompare(b));
}

/** How a namespace is shown: `(root)` for the root and batch routes. */
export function namespaceLabel(namespace: string): string {
  return namespace === '' ? '(root)' : namespace;
}

/** How a locale is shown: `(none)` for plain WordPress. */
export function localeLabel(locale: string | null): string {
  return locale ?? '(none)';
}

/**
 * The closing line CI logs are read by: the (operation, check) tally, then what a gate should not miss: the
 * operations that got no request, and how many answers to the run's own requests refused access (401/403: a run
 * without the credentials its target needs "passes" checks that never saw a real answer).
 */
export function verdictLine(finished: RunFinishedEvent, operations: readonly OperationOutcome[]): string {
  const tally = tallyOutcomes(operations);
  const parts = [`${tally.passed} passed`, `${tally.failed} failed`, `${tally.warned} warned`, `${tally.notApplicable} not applicable`];
  if (tally.known > 0) parts.push(`${tally.known} known`);
  const notes: string[] = [];
  const own = finished.coverage.filter((entry) => entry.otherShard !== true);
  const unreached = own.filter((entry) => entry.requests === 0).length;
  if (unreached > 0) notes.push(`${unreached} of ${own.length} operations got no request`);
  const { refusedAsRun = 0, answeredAsRun = 0 } = finished.summary;
  if (refusedAsRun > 0) notes.push(`${refusedAsRun} of ${answeredAsRun} answers refused access (401/403)`);
  return `restconform: ${parts.join(', ')}${notes.length > 0 ? `; ${notes.join('; ')}` : ''}`;
}
