/** Counting de-duplicated findings by severity and check: a run's summary, and a merged run's. */
import type { Finding } from '../checks/types.js';
import type { RunSummary } from './events.js';

/**
 * Failures and warnings, in all and per check, each finding counted once; findings a baseline lists (`known`)
 * are counted apart, since they fail nothing.
 */
export function tallyFindings(
  findings: Iterable<Pick<Finding, 'check' | 'severity' | 'known'>>,
): Pick<RunSummary, 'failures' | 'warnings' | 'known' | 'byCheck'> {
  const byCheck: RunSummary['byCheck'] = {};
  let failures = 0;
  let warnings = 0;
  let known = 0;
  for (const finding of findings) {
    if (finding.known !== undefined) {
      known += 1;
      continue;
    }
    const counts = (byCheck[finding.check] ??= { failures: 0, warnings: 0 });
    if (finding.severity === 'failure') {
      failures += 1;
      counts.failures += 1;
    } else {
      warnings += 1;
      counts.warnings += 1;
    }
  }
  return { failures, warnings, known, byCheck };
}
