/**
 * A baseline: findings a team already knows about (behaviour of its server it cannot change), each with its
 * reason. A finding that matches an entry is reported as known and does not fail the run; one that matches none
 * is new; an entry no finding matched, on an operation and check this run did test, is fixed.
 */
import type { Finding } from '../checks/types.js';

/** One known finding: matched by check, method and route (and locale, when given), whatever the message. */
export interface BaselineEntry {
  check: string;
  method: string;
  route: string;
  /** Absent: any locale. */
  locale?: string | null;
  /** Why it is known and accepted. */
  reason: string;
  /**
   * Seen only in some runs: its request needs a resource that exists for part of the run only (an id another
   * request made, reached in an order the requests in flight decide). A run that does not see it leaves it
   * unchecked, never fixed.
   */
  intermittent?: boolean;
}

/** A baseline as the engine uses it: its entries and where they came from (a file name, for the report). */
export interface Baseline {
  source: string;
  entries: readonly BaselineEntry[];
}

/** What the baseline reads of a coverage entry: the events' `CoverageEntry` (which names the outcome below) has it. */
interface CoverageReached {
  locale: string | null;
  route: string;
  requests: number;
}

/** What the baseline said about a finished run. */
export interface BaselineOutcome {
  source: string;
  /** Findings that matched an entry. */
  known: number;
  /** Entries no finding matched, on an operation and check the run tested: the server no longer does it. */
  fixed: BaselineEntry[];
  /** Entries this run could not judge: their check did not run, their operation got no request, or they are intermittent and were not seen. */
  unchecked: BaselineEntry[];
}

function sameOperation(entry: Pick<BaselineEntry, 'method' | 'route' | 'locale'>, finding: Pick<Finding, 'method' | 'route' | 'locale'>): boolean {
  return entry.method === finding.method && entry.route === finding.route && (entry.locale === undefined || entry.locale === finding.locale);
}

/** The entry of `baseline` a finding matches, if any. */
export function knownEntry(baseline: Baseline | undefined, finding: Pick<Finding, 'check' | 'method' | 'route' | 'locale'>): BaselineEntry | undefined {
  return baseline?.entries.find((entry) => entry.check === finding.check && sameOperation(entry, finding));
}

/**
 * Judges the baseline against a finished run: `checks` are the checks that ran, `coverage` the operations and
 * how many requests each got. An entry counts as tested when its check ran and its route got a request (another
 * shard's routes, or routes a time budget left unreached, stay unchecked); a descriptor-level one (method `*`)
 * when its check ran. An intermittent entry is never fixed: one run not seeing it says nothing; nor is any entry of a
 * run that stopped before its end.
 */
export function judgeBaseline(
  baseline: Baseline,
  findings: readonly Finding[],
  checks: readonly string[],
  /** The run's coverage (`CoverageEntry`): which routes got requests. */
  coverage: readonly CoverageReached[],
  /**
   * False when the run stopped before its end (interrupted, out of time, the target silent): a phase that would have
   * found an entry may not have run, so no entry it did not see is called fixed.
   */
  ranToTheEnd = true,
): BaselineOutcome {
  const fixed: BaselineEntry[] = [];
  const unchecked: BaselineEntry[] = [];
  for (const entry of baseline.entries) {
    if (findings.some((finding) => finding.check === entry.check && sameOperation(entry, finding))) continue;
    // By route: a finding on an undeclared method (a probe) belongs to its route's operations.
    const reached = coverage.some((op) => op.route === entry.route && (entry.locale === undefined || op.locale === entry.locale) && op.requests > 0);
    const tested = ranToTheEnd && checks.includes(entry.check) && (reached || entry.method === '*') && entry.intermittent !== true;
    (tested ? fixed : unchecked).push(entry);
  }
  return { source: baseline.source, known: findings.filter((finding) => finding.known !== undefined).length, fixed, unchecked };
}
