// The verdict of `npm run test:wordpress` on one run: restconform's report held to the expectations file, to full
// coverage, to an intact account and to a site left as it was found.

/** One line per (check, method, route) of the new failures, the first seen with its reproduction. */
function newFailures(findings) {
  const seen = new Set();
  const lines = [];
  for (const finding of findings) {
    const key = `${finding.check} ${finding.method} ${finding.route}`;
    if (finding.severity !== 'failure' || finding.known !== undefined || seen.has(key)) continue;
    seen.add(key);
    lines.push(`+ new finding  ${key} (failure)`, `    ${finding.message}`);
    if (finding.curl?.length) lines.push(`    $ ${finding.curl.at(-1)}`);
  }
  return lines;
}

/**
 * Holds the run to its baseline (no new failure: restconform's own verdict; every listed finding seen again: none
 * fixed or left unchecked), to full coverage, to an intact account and to a site holding what it held before the
 * run (its REST lists and the row count of every table of its database). `listed`: the expectations file's entries.
 * Returns the exit code, the lines to log and the problems that fail it.
 */
export function judge({ report, exitCode, seconds, accountProblem, siteChanges, listed, reportPath }) {
  const lines = [];
  const log = (line) => lines.push(line);
  const { summary } = report;
  const baseline = report.baseline ?? { known: 0, fixed: [], unchecked: [] };
  const untested = report.coverage.filter((entry) => entry.requests === 0);
  log(
    `${summary.requests} requests sent, ${summary.operations} operations, ${report.findings.length} findings (${summary.failures} new failures, ${summary.warnings} new warnings, ${summary.known} known) in ${seconds} s; restconform exited ${exitCode}`,
  );
  // An intermittent entry (reached only when a request meets an id that exists for part of the run) may go unseen.
  const unseen = baseline.unchecked.filter((entry) => entry.intermittent === true);
  const gone = [...baseline.fixed, ...baseline.unchecked.filter((entry) => !unseen.includes(entry))];
  log(
    `${listed.length - gone.length - unseen.length} of ${listed.length} expected findings seen${unseen.length ? ` (${unseen.length} intermittent not seen)` : ''}; report: ${reportPath}`,
  );
  const warnings = Object.entries(summary.byCheck).filter(([, counts]) => counts.warnings > 0);
  if (warnings.length)
    log(`warnings: ${warnings.map(([check, counts]) => `${check} ${counts.warnings}`).join(', ')} (an unlisted warning does not fail the test)`);
  const problems = newFailures(report.findings);
  for (const entry of gone)
    problems.push(
      `- vanished     ${entry.check} ${entry.method} ${entry.route}${baseline.unchecked.includes(entry) ? ' (not checked by this run)' : ''}`,
      `    expected because: ${entry.reason}`,
    );
  for (const entry of untested)
    problems.push(`! untested     ${entry.method} ${entry.route}: no request reached it${entry.notes.length ? ` (${entry.notes.join('; ')})` : ''}`);
  if (report.stoppedEarly) problems.push(`! the run stopped early: ${report.stoppedEarly}`);
  for (const reason of report.incomplete ?? []) if (!/^stopped early|operations got no request$/.test(reason)) problems.push(`! incomplete: ${reason}`);
  if (accountProblem) problems.push(`! the run changed the account it logs in as: users/me answers ${accountProblem}`);
  for (const change of siteChanges) problems.push(`! site         ${change}`);
  const lifeCycles = (report.sequences ?? []).filter((sequence) => sequence.family !== undefined);
  const whole = lifeCycles.filter((sequence) => sequence.outcome === 'passed' || sequence.outcome === 'failed');
  log(
    `life cycles: ${whole.length} of ${lifeCycles.length} families ran to the end (${lifeCycles.filter((sequence) => sequence.outcome === 'passed').length} without a finding); clean-up left ${report.cleanup?.leftovers?.length ?? 0}`,
  );
  // restconform's own verdict (--profile ci: new failures and an incomplete run fail) must agree with the above.
  if (problems.length === 0 && exitCode !== 0) problems.push(`! restconform exited ${exitCode}: see its summary above`);
  if (problems.length === 0) {
    log('PASS: every failure is expected, every operation was tested, the account is intact, the site holds what it held');
    return { code: 0, log: lines, problems };
  }
  log('FAIL: the run departs from suites/wordpress/expectations.json or from the site it found');
  return { code: 1, log: lines, problems };
}
