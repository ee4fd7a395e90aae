/**
 * The HTML report (`--html FILE`): one self-contained page (inline style and script, nothing fetched) with the
 * summary, a route × locale × method matrix coloured by result, every finding with its request, response and
 * curl line, and filters by check and namespace. Every piece of run data is escaped: response bodies come
 * from servers that may be hostile, and the Content-Security-Policy admits only the page's own style and script.
 * This module lays out the page and its run-level sections; the findings are `html-findings.ts`, the route and
 * access matrices `html-matrix.ts`.
 */
import { createHash } from 'node:crypto';
import { describeBudgetSplit, describeRate } from '../engine/budget.js';
import { HTML_REPORT_SCRIPT, HTML_REPORT_STYLE } from './html-assets.js';
import { renderFindings } from './html-findings.js';
import { renderAccess, renderMatrix } from './html-matrix.js';
import { escapeHtml as esc, plural, routeLabel } from './html-text.js';
import { checksOf, localeLabel, operationOutcomes, tallyOutcomes, verdictLine, type OperationOutcome } from './outcomes.js';
import { RunFileReporter } from './run-file-reporter.js';
import type { RunRecord } from './run-record.js';

function sha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('base64');
}

function renderSummary(run: RunRecord, operations: OperationOutcome[]): string {
  const { started, finished } = run;
  const tally = tallyOutcomes(operations);
  const covered = operations.filter((o) => o.covered).length;
  const notices: string[] = [];
  if (started.safeMethodsOnly) {
    notices.push(
      '<p class="notice loud">Safe methods only: the target is not on loopback, so only GET, HEAD and OPTIONS were sent. POST, PUT, PATCH and DELETE were not tested (run with --allow-destructive to test them).</p>',
    );
  }
  if (finished.stoppedEarly !== undefined) notices.push(`<p class="notice">Stopped early: ${esc(finished.stoppedEarly)}. Results cover what ran before.</p>`);
  for (const reason of finished.incomplete ?? []) notices.push(`<p class="notice">Incomplete: ${esc(reason)}.</p>`);
  for (const entry of finished.baseline?.fixed ?? [])
    notices.push(
      `<p class="notice">Fixed since the baseline: ${esc(`${entry.check} ${entry.method} ${entry.route}`)} (listed because: ${esc(entry.reason)}).</p>`,
    );
  const card = (value: string | number, label: string, tone = ''): string =>
    `<div class="card ${tone}"><div class="value">${esc(value)}</div><div class="label">${esc(label)}</div></div>`;
  const duration = `${(finished.durationMs / 1000).toFixed(1)} s`;
  const details: Array<[string, string]> = [
    ['Target', started.target],
    ['Seed', `${started.seed} (--seed ${started.seed} repeats this run)`],
    ['Locales', started.locales.map(localeLabel).join(', ')],
    // The phases that ran; those skipped (no credentials, one locale…) apart, with the reason.
    ['Phases', started.phases.filter((phase) => !run.skippedPhases.some((skipped) => skipped.phase === phase)).join(', ') || 'none'],
    ...(run.skippedPhases.length > 0
      ? [['Skipped phases', run.skippedPhases.map(({ phase, reason }) => `${phase} (${reason})`).join('; ')] as [string, string]]
      : []),
    ['Checks', checksOf(finished).join(', ')],
    ['Started', started.startedAt],
    ['Tool', `${started.tool} ${started.version}`],
    ...(finished.rate ? [['Pace', describeRate(finished.rate)] as [string, string]] : []),
    ...(finished.budget ? [['Budget', describeBudgetSplit(finished.budget)] as [string, string]] : []),
  ];
  if (started.shard) details.push(['Shard', `${started.shard.index}/${started.shard.count}`]);
  if (finished.shards) {
    const each = finished.shards.map(
      (shard) =>
        `${shard.index}/${shard.count} (${(shard.durationMs / 1000).toFixed(1)} s, ${shard.requests} requests${shard.stoppedEarly ? `, stopped early: ${shard.stoppedEarly}` : ''})`,
    );
    details.push(['Shards', `${finished.shards.length} merged: ${each.join('; ')}`]);
  }
  return `
<header class="banner">
  <div><h1>restconform report</h1><div class="muted mono">${esc(started.target)}</div></div>
  <div class="verdict ${tally.failed > 0 ? 'failed' : 'passed'}" id="verdict">${esc(verdictLine(run.finished, operations))}</div>
</header>
${notices.join('\n')}
<section id="summary">
  <div class="cards">
    ${card(finished.summary.requests, 'requests')}
    ${card(`${covered} / ${operations.length}`, 'operations covered')}
    ${card(finished.summary.failures, 'failures', finished.summary.failures > 0 ? 'bad' : '')}
    ${card(finished.summary.warnings, 'warnings', finished.summary.warnings > 0 ? 'warn' : '')}
    ${card(duration, 'duration')}
  </div>
  <dl class="details">${details.map(([term, value]) => `<dt>${esc(term)}</dt><dd>${esc(value)}</dd>`).join('')}</dl>
</section>`;
}

function renderCheckTable(run: RunRecord, operations: OperationOutcome[]): string {
  const rows = checksOf(run.finished).map((check) => {
    const outcomes = operations.flatMap((o) => o.checks.filter((c) => c.check === check));
    const count = (result: string): number => outcomes.filter((c) => c.result === result).length;
    const findings = run.finished.summary.byCheck[check] ?? { failures: 0, warnings: 0 };
    return `<tr><td class="mono">${esc(check)}</td><td>${count('passed')}</td><td>${count('warning')}</td><td>${count('failed')}</td><td>${count('known')}</td><td>${count('not applicable')}</td><td>${findings.failures}</td><td>${findings.warnings}</td></tr>`;
  });
  // The same (operation, check) results the closing line counts; findings a baseline lists are neither column of findings.
  return `
<section id="checks">
  <h2>Checks</h2>
  <table class="plain">
    <thead><tr><th>check</th><th>operations passed</th><th>with warnings</th><th>failed</th><th>known</th><th>not applicable</th><th>new failure findings</th><th>new warning findings</th></tr></thead>
    <tbody>${rows.join('')}</tbody>
  </table>
</section>`;
}

function renderNotes(run: RunRecord, operations: OperationOutcome[]): string {
  const items: string[] = [];
  const coverageNotes: string[] = [];
  for (const { phase, reason } of run.skippedPhases) items.push(`<li>Phase <strong>${esc(phase)}</strong> skipped: ${esc(reason)}</li>`);
  for (const descriptor of run.descriptors) {
    for (const warning of descriptor.warnings) items.push(`<li>Descriptor ${esc(localeLabel(descriptor.locale))}: ${esc(warning)}</li>`);
  }
  for (const warning of run.warnings) items.push(`<li>${esc(warning)}</li>`);
  for (const operation of operations) {
    for (const note of operation.notes) {
      coverageNotes.push(
        `<li><span class="mono">${esc(`${localeLabel(operation.locale)} ${operation.method} ${routeLabel(operation.route)}`)}</span>: ${esc(note)}</li>`,
      );
    }
  }
  if (items.length === 0 && coverageNotes.length === 0) return '';
  // Coverage notes (401/403/404 to valid requests) are many and rarely the point: folded away, counted.
  const folded = coverageNotes.length
    ? `<details id="coverage-notes"><summary>${coverageNotes.length} coverage notes (answers to valid requests that say something about rights or state)</summary><ul>${coverageNotes.join('')}</ul></details>`
    : '';
  return `<section id="notes"><h2>Notes</h2><ul>${items.join('')}</ul>${folded}</section>`;
}

/** The phases' sequences (each family's life cycle, each relation), with their steps, and the clean-up. */
function renderSequences(run: RunRecord): string {
  if (run.sequences.length === 0 && run.cleanup === undefined) return '';
  const rows = run.sequences.map((sequence) => {
    const steps = sequence.steps
      .map((step) => `<li>${esc(step.step)}: ${esc(step.outcome)}${step.detail === undefined ? '' : ` (${esc(step.detail)})`}</li>`)
      .join('');
    const leftovers = sequence.leftovers.length === 0 ? '' : `<p>Not removed: ${sequence.leftovers.map(esc).join('; ')}</p>`;
    const shown =
      steps === ''
        ? esc(sequence.reason ?? '')
        : `<details><summary>${plural(sequence.steps.length, 'step')}${sequence.reason === undefined ? '' : `: ${esc(sequence.reason)}`}</summary><ul>${steps}</ul></details>`;
    return `<tr><td>${esc(sequence.phase)}</td><td>${esc(localeLabel(sequence.locale))}</td><td>${esc(sequence.name)}</td><td>${esc(sequence.outcome)}</td><td>${shown}${leftovers}</td></tr>`;
  });
  const cleanup =
    run.cleanup === undefined
      ? ''
      : `<p>Clean-up: ${plural(run.cleanup.removed, 'resource')} the run made removed${run.cleanup.kept > 0 ? `, ${run.cleanup.kept} kept (--no-cleanup)` : ''}${run.cleanup.leftovers.length > 0 ? `; not removed: ${run.cleanup.leftovers.map(esc).join('; ')}` : ''}.</p>`;
  return `<section id="sequences"><h2>Sequences</h2>${cleanup}<table><thead><tr><th>phase</th><th>locale</th><th>sequence</th><th>outcome</th><th>steps</th></tr></thead><tbody>${rows.join('')}</tbody></table></section>`;
}

/** Renders a finished run as one self-contained HTML page. */
export function renderHtmlReport(run: RunRecord): string {
  const operations = operationOutcomes(run.finished);
  const csp = `default-src 'none'; style-src 'sha256-${sha256(HTML_REPORT_STYLE)}'; script-src 'sha256-${sha256(HTML_REPORT_SCRIPT)}'; img-src data:; base-uri 'none'; form-action 'none'`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="${esc(csp)}">
<meta name="generator" content="${esc(`${run.started.tool} ${run.started.version}`)}">
<title>restconform report: ${esc(run.started.target)}</title>
<style>${HTML_REPORT_STYLE}</style>
</head>
<body>
<main>
${renderSummary(run, operations)}
${renderFindings(run, operations)}
${renderCheckTable(run, operations)}
${renderMatrix(run, operations)}
${renderAccess(run)}
${renderSequences(run)}
${renderNotes(run, operations)}
<footer>Generated by ${esc(run.started.tool)} ${esc(run.started.version)} from a run started ${esc(run.started.startedAt)}.</footer>
</main>
<script>${HTML_REPORT_SCRIPT}</script>
</body>
</html>
`;
}

/** Writes the HTML report to `path` on close, once the run has finished. */
export class HtmlReporter extends RunFileReporter {
  constructor(path: string) {
    super(path, renderHtmlReport);
  }
}
