/**
 * The result of each (operation, check) pair, derived from a finished run: failed when the check reported a
 * failure on the operation, warning when it reported only warnings, passed otherwise. Console, JUnit and HTML
 * count and show the same pairs.
 */
import type { Finding } from '../checks/types.js';
import type { CoverageEntry } from '../engine/events.js';
import type { RunFinishedEvent } from './run-record.js';

export type OutcomeResult = 'passed' | 'failed' | 'warning';

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
  /** (operation, check) pairs without a failure (warnings included). */
  passed: number;
  /** (operation, check) pairs with at least one failure. */
  failed: number;
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

/** Finds a finding's namespace from the coverage entry of its operation, else of its route, else its path. */
export function namespaceResolver(coverage: readonly CoverageEntry[]): (finding: Pick<Finding, 'locale' | 'method' | 'route'>) => string {
  const byOperation = new Map(coverage.map((entry) => [operationKey(entry.locale, entry.method, entry.route), entry.namespace]));
  const byRoute = new Map(coverage.map((entry) => [entry.route, entry.namespace]));
  return (finding) =>
    byOperation.get(operationKey(finding.locale, finding.method, finding.route)) ?? byRoute.get(finding.route) ?? namespaceOfRoute(finding.route);
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
    if (!operation.covered) continue;
    const found = findingsByOperation.get(key) ?? [];
    operation.checks = checks.map((check) => {
      const mine = found.filter((finding) => finding.check === check);
      const result: OutcomeResult = mine.some((f) => f.severity === 'failure') ? 'failed' : mine.length > 0 ? 'warning' : 'passed';
      return { check, result, findings: mine };
    });
  }
  return [...operations.values()];
}

/** The overall result of one operation: its worst check outcome, or `uncovered`. */
export function operationResult(operation: OperationOutcome): OutcomeResult | 'uncovered' {
  if (!operation.covered) return 'uncovered';
  if (operation.checks.some((c) => c.result === 'failed')) return 'failed';
  if (operation.checks.some((c) => c.result === 'warning')) return 'warning';
  return 'passed';
}

/** Counts (operation, check) pairs over covered operations. */
export function tallyOutcomes(operations: readonly OperationOutcome[]): OutcomeTally {
  let passed = 0;
  let failed = 0;
  for (const operation of operations) {
    for (const outcome of operation.checks) {
      if (outcome.result === 'failed') failed++;
      else passed++;
    }
  }
  return { passed, failed };
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
