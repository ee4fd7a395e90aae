/**
 * The HTML report (`--html FILE`): one self-contained page (inline style and script, nothing fetched) that opens
 * with what a person acts on first: one banner when the run is incomplete, the security findings (who did what,
 * the request, what it exposed), then the summary with small charts (time per phase, findings per namespace and
 * per check), every finding with its request, response and curl line and filters by check and namespace, and a
 * route × locale × method matrix coloured by result. Every piece of run data is escaped: response bodies come
 * from servers that may be hostile, and the Content-Security-Policy admits only the page's own style and script.
 * This module lays out the page and its run-level sections; the banner is `html-banner.ts`, the security section
 * `html-security.ts`, the charts `html-charts.ts`, the findings `html-findings.ts`, the route and access
 * matrices `html-matrix.ts`.
 */
import { createHash } from 'node:crypto';
import { describeRate } from '../engine/budget.js';
import { HTML_REPORT_SCRIPT, HTML_REPORT_STYLE } from './html-assets.js';
import { renderIncompleteBanner } from './html-banner.js';
import { findingRows, phaseTimeRows, renderChart, seconds } from './html-charts.js';
import { renderFindings } from './html-findings.js';
import { renderAccess, renderMatrix } from './html-matrix.js';
import { renderSecurity } from './html-security.js';
import { escapeHtml as esc, plural, routeLabel } from './html-text.js';
import { checksOf, localeLabel, namespaceLabel, namespaceResolver, operationOutcomes, tallyOutcomes, verdictLine, type OperationOutcome } from './outcomes.js';
import { RunFileReporter } from './run-file-reporter.js';
import type { RunRecord } from './run-record.js';
import { concernOf } from './security.js';

function sha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('base64');
}

/** The page's header: what was tested and the verdict, the one banner of an incomplete run under it. */
function renderHeader(run: RunRecord, operations: OperationOutcome[]): string {
  const tally = tallyOutcomes(operations);
  return `
<header class="banner">
  <div><h1>restconform report</h1><div class="muted mono">${esc(run.started.target)}</div></div>
  <div class="verdict ${tally.failed > 0 ? 'failed' : 'passed'}" id="verdict">${esc(verdictLine(run.finished, operations))}</div>
</header>
${renderIncompleteBanner(run)}`;
}

/** Good news, in one notice: what the baseline listed and this run no longer found. */
function renderFixed(run: RunRecord): string {
  const fixed = run.finished.baseline?.fixed ?? [];
  if (fixed.length === 0) return '';
  const items = fixed.map(
    (entry) => `<li><span class="mono">${esc(`${entry.check} ${entry.method} ${entry.route}`)}</span> (listed because: ${esc(entry.reason)})</li>`,
  );
  return `<div class="notice fixed" id="fixed"><strong>Fixed since the baseline: ${plural(fixed.length, 'entry')} no longer found.</strong><ul>${items.join('')}</ul></div>`;
}

function renderSummary(run: RunRecord, operations: OperationOutcome[]): string {
  const { started, finished } = run;
  const covered = operations.filter((o) => o.covered).length;
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
    ['Started', started.startedAt],
    ['Tool', `${started.tool} ${started.version}`],
    ...(finished.rate ? [['Pace', describeRate(finished.rate)] as [string, string]] : []),
    ...(finished.budget ? [['Time budget', `${seconds(finished.budget.budgetMs)}, shared by the phases (see the time per phase)`] as [string, string]] : []),
  ];
  if (started.shard) details.push(['Shard', `${started.shard.index}/${started.shard.count}`]);
  if (finished.shards) {
    const each = finished.shards.map(
      (shard) =>
        `${shard.index}/${shard.count} (${(shard.durationMs / 1000).toFixed(1)} s, ${shard.requests} requests${shard.stoppedEarly ? `, stopped early: ${shard.stoppedEarly}` : ''})`,
    );
    details.push(['Shards', `${finished.shards.length} merged: ${each.join('; ')}`]);
  }
  // Fifty names are a reference, not a summary: folded, counted.
  const checks = checksOf(finished);
  const checkList = `<dt>Checks</dt><dd><details id="checks-list"><summary>${plural(checks.length, 'check')} enabled</summary><p class="mono">${checks.map(esc).join(', ')}</p></details></dd>`;
  return `
<section id="summary">
  <div class="cards">
    ${card(finished.summary.requests, 'requests')}
    ${card(`${covered} / ${operations.length}`, 'operations covered')}
    ${card(finished.summary.failures, 'failures', finished.summary.failures > 0 ? 'bad' : '')}
    ${card(finished.summary.warnings, 'warnings', finished.summary.warnings > 0 ? 'warn' : '')}
    ${card(duration, 'duration')}
  </div>
  <dl class="details">${details.map(([term, value]) => `<dt>${esc(term)}</dt><dd>${esc(value)}</dd>`).join('')}${checkList}</dl>
</section>`;
}

/** The time per phase and the findings per namespace and per check, as small charts with their numbers. */
function renderCharts(run: RunRecord): string {
  const { finished } = run;
  const namespaceOf = namespaceResolver(finished.coverage);
  const charts = [
    renderChart(
      'chart-phases',
      finished.budget === undefined ? 'Time per phase' : `Time per phase, against its share of the ${seconds(finished.budget.budgetMs)} budget`,
      phaseTimeRows(finished.budget, run.phaseTimes),
      (hidden) => plural(hidden.length, 'more phase'),
    ),
    renderChart(
      'chart-namespaces',
      'Findings per namespace',
      findingRows(finished.findings, (finding) => namespaceLabel(namespaceOf(finding))),
      (hidden) => `${plural(hidden.length, 'more namespace')} with findings`,
    ),
    renderChart(
      'chart-checks',
      'Findings per check',
      findingRows(
        finished.findings,
        (finding) => finding.check,
        (check) => (concernOf(check) === 'security' ? ' (security)' : ''),
      ),
      (hidden) => `${plural(hidden.length, 'more check')} with findings (see the findings below)`,
    ),
  ].filter((chart) => chart !== '');
  if (charts.length === 0) return '';
  return `<section id="charts"><h2>At a glance</h2><div class="charts">${charts.join('')}</div></section>`;
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
${renderHeader(run, operations)}
${renderSecurity(run)}
${renderSummary(run, operations)}
${renderCharts(run)}
${renderFixed(run)}
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
