/**
 * The HTML report (`--html FILE`): one self-contained page (inline style and script, nothing fetched) with the
 * summary, a route × locale × method matrix coloured by result, every finding with its request, response and
 * curl line, and filters by check and namespace. Every piece of run data is escaped: response bodies come
 * from servers that may be hostile, and the Content-Security-Policy admits only the page's own style and script.
 */
import { createHash } from 'node:crypto';
import { parseRoutePattern } from '../descriptor/route-pattern.js';
import { HTTP_METHODS } from '../descriptor/types.js';
import type { Finding } from '../checks/types.js';
import { HTML_REPORT_SCRIPT, HTML_REPORT_STYLE } from './html-assets.js';
import {
  checksOf,
  localeLabel,
  namespaceLabel,
  namespaceResolver,
  operationOutcomes,
  operationResult,
  sortedNamespaces,
  tallyOutcomes,
  verdictLine,
  type OperationOutcome,
} from './outcomes.js';
import { RunFileReporter } from './run-file-reporter.js';
import type { RunRecord } from './run-record.js';
import { describeBudgetSplit, describeRate } from '../engine/budget.js';
import { findingGroupLabel } from './finding-group.js';

/** Bodies longer than this are cut in the page (the JSON report keeps what the engine kept). */
const MAX_BODY_CHARS = 100_000;

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for HTML element content and double- or single-quoted attribute values. */
export function escapeHtml(value: unknown): string {
  return String(value).replace(/[&<>"']/g, (char) => ESCAPES[char]!);
}

const esc = escapeHtml;

function sha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('base64');
}

const RESULT_MARK = { passed: '✓', failed: '✗', warning: '!', uncovered: '–' } as const;
const RESULT_TEXT = { passed: 'passed', failed: 'failure', warning: 'warning only', uncovered: 'not covered' } as const;

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

/** Pretty-prints JSON bodies; other text is shown as it came. */
function showBody(body: string): string {
  const cut = body.length > MAX_BODY_CHARS ? `${body.slice(0, MAX_BODY_CHARS)}\n… (${body.length - MAX_BODY_CHARS} more characters)` : body;
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return cut;
  }
}

function showHeaders(headers: Record<string, string>): string {
  return Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}`)
    .join('\n');
}

/**
 * How a route reads in the matrix: its template (`/seo/v1/notification/{name}`) rather than the raw regex,
 * whose alternations can be thousands of pixels wide; the regex stays in the cell's title.
 */
function routeLabel(route: string): string {
  try {
    return parseRoutePattern(route).template;
  } catch {
    return route;
  }
}

function operationKey(o: { locale: string | null; method: string; route: string }): string {
  return `${o.locale ?? '-'} ${o.method} ${o.route}`;
}

/** Methods in the usual order, then any others alphabetically. */
function orderedMethods(methods: Iterable<string>): string[] {
  const known = HTTP_METHODS as readonly string[];
  return [...new Set(methods)].sort((a, b) => {
    const ia = known.indexOf(a);
    const ib = known.indexOf(b);
    return (ia === -1 ? known.length : ia) - (ib === -1 ? known.length : ib) || a.localeCompare(b);
  });
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
    ['Phases', started.phases.join(', ')],
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

function renderMatrix(run: RunRecord, operations: OperationOutcome[]): string {
  const locales = [...new Set([...run.started.locales, ...operations.map((o) => o.locale)])];
  const methods = orderedMethods(operations.map((o) => o.method));
  const byKey = new Map(operations.map((o) => [operationKey(o), o]));
  const header1 = locales.map((locale) => `<th class="locale" colspan="${methods.length}">${esc(localeLabel(locale))}</th>`).join('');
  const header2 = locales.map(() => methods.map((method, i) => `<th class="${i === 0 ? 'locale' : ''}">${esc(method)}</th>`).join('')).join('');
  const body: string[] = [];
  for (const namespace of sortedNamespaces(operations)) {
    body.push(
      `<tr class="namespace-row" data-namespace="${esc(namespace)}"><th class="route" colspan="${1 + locales.length * methods.length}">${esc(namespaceLabel(namespace))}</th></tr>`,
    );
    const routes = [...new Set(operations.filter((o) => o.namespace === namespace).map((o) => o.route))].sort();
    for (const route of routes) {
      const rowChecks = new Set<string>();
      const cells: string[] = [];
      for (const locale of locales) {
        methods.forEach((method, i) => {
          const first = i === 0 ? ' first' : '';
          const operation = byKey.get(operationKey({ locale, method, route }));
          if (!operation) {
            cells.push(`<td class="cell absent${first}"></td>`);
            return;
          }
          const result = operationResult(operation);
          const found = operation.checks.flatMap((c) => c.findings);
          for (const finding of found) rowChecks.add(finding.check);
          const statuses = Object.entries(operation.statuses)
            .map(([status, n]) => `${status}×${n}`)
            .join(', ');
          const title = [
            `${localeLabel(locale)} ${method} ${route}`,
            `${RESULT_TEXT[result]}: ${plural(operation.requests, 'request')}${statuses ? ` (${statuses})` : ''}`,
            ...found.map((f) => `${f.id} ${f.severity} ${f.check}`),
            ...operation.notes,
          ].join('\n');
          const mark =
            found.length > 0
              ? `<a class="mark" href="#finding-${esc(found[0]!.id)}">${RESULT_MARK[result]}</a>`
              : `<span class="mark">${RESULT_MARK[result]}</span>`;
          cells.push(`<td class="cell r-${result}${first}" data-result="${result}" title="${esc(title)}">${mark}</td>`);
        });
      }
      body.push(
        `<tr class="route-row" data-namespace="${esc(namespace)}" data-checks="${esc([...rowChecks].sort().join(' '))}"><th class="route mono" title="${esc(route)}">${esc(routeLabel(route))}</th>${cells.join('')}</tr>`,
      );
    }
  }
  const legend = (['passed', 'failed', 'warning', 'uncovered'] as const)
    .map((result) => `<span><span class="mark r-${result}">${RESULT_MARK[result]}</span>${esc(RESULT_TEXT[result])}</span>`)
    .join('');
  return `
<section id="coverage">
  <h2>Routes</h2>
  <div class="legend">${legend}<span>blank: the route has no such method</span></div>
  <div class="matrix-wrap">
    <table id="matrix">
      <thead><tr><th class="route" rowspan="2">route</th>${header1}</tr><tr>${header2}</tr></thead>
      <tbody>${body.join('\n')}</tbody>
    </table>
  </div>
</section>`;
}

/**
 * The access matrix: one row per operation tried as every identity, one column per identity (least privileged
 * first), each cell the status and error code that identity got, with its Allow header as a tooltip.
 */
function renderAccess(run: RunRecord): string {
  const rows = run.finished.access ?? [];
  if (rows.length === 0) return '';
  const identities: Array<{ identity: string; role: string }> = [];
  for (const row of rows) {
    for (const cell of row.cells)
      if (!identities.some((known) => known.identity === cell.identity)) identities.push({ identity: cell.identity, role: cell.role });
  }
  const head = identities
    .map((known) => `<th title="${esc(known.role)}">${esc(known.identity)}<br><span class="muted">${esc(known.role)}</span></th>`)
    .join('');
  const body = rows.map((row) => {
    const cells = identities.map((known) => {
      const cell = row.cells.find((candidate) => candidate.identity === known.identity);
      if (cell === undefined) return '<td class="muted">–</td>';
      const kind = cell.status === null ? 'fail' : cell.status < 300 ? 'ok' : cell.status === 401 || cell.status === 403 ? 'refused' : 'other';
      const title = cell.allow === undefined ? '' : ` title="${esc(`Allow: ${cell.allow}`)}"`;
      return `<td class="access-${kind}"${title}>${esc(cell.status ?? 'no answer')}${cell.code ? ` <span class="mono">${esc(cell.code)}</span>` : ''}</td>`;
    });
    return `<tr><td class="mono">${esc(row.locale ?? '')} ${esc(row.method)} ${esc(row.path)}</td>${cells.join('')}</tr>`;
  });
  return `
<section id="access">
  <h2>Access matrix</h2>
  <p class="muted">The same request sent as each identity, least privileged first; each cell is the status and error code that identity got (hover for its Allow header).</p>
  <table class="plain access">
    <thead><tr><th>operation (path sent)</th>${head}</tr></thead>
    <tbody>${body.join('')}</tbody>
  </table>
</section>`;
}

function renderFinding(finding: Finding, namespace: string): string {
  const request = [
    `${finding.request.method} ${finding.request.url}`,
    showHeaders(finding.request.headers),
    finding.request.body === undefined ? '' : `\n${showBody(finding.request.body)}`,
  ]
    .filter((part) => part !== '')
    .join('\n');
  const response = finding.response
    ? `<h3>Response</h3><pre>${esc(`HTTP ${finding.response.status}\n${showHeaders(finding.response.headers)}\n\n${showBody(finding.response.body)}`)}</pre>`
    : '<h3>Response</h3><p class="muted">No response.</p>';
  const curls = finding.curl
    .map((curl, i) => {
      const id = `curl-${finding.id}-${i}`;
      return `<div class="curl-line"><pre id="${esc(id)}">${esc(curl)}</pre><button type="button" class="copy" data-copy="${esc(id)}">Copy</button></div>`;
    })
    .join('');
  const replay = `restconform replay REPORT.json ${finding.id}   (seed ${finding.replay.seed}, phase ${finding.replay.phase}, operation ${finding.replay.operationId})`;
  // The message is part of the summary line: a collapsed finding still says what is wrong.
  const known = finding.known !== undefined;
  const standing = known ? 'known' : finding.severity;
  return `
<details class="finding ${esc(finding.severity)}${known ? ' known' : ''}" id="finding-${esc(finding.id)}" data-check="${esc(finding.check)}" data-namespace="${esc(namespace)}" data-severity="${esc(standing)}">
  <summary>
    <span class="chip ${esc(finding.severity)}">${esc(known ? `known ${finding.severity}` : finding.severity)}</span>
    <span class="mono">${esc(finding.id)}</span>
    <strong class="mono">${esc(finding.check)}</strong>
    <span class="mono">${esc(localeLabel(finding.locale))} ${esc(finding.method)} ${esc(finding.route)}</span>
    ${findingGroupLabel(finding) === '' ? '' : `<span class="chip">${esc(findingGroupLabel(finding))}</span>`}
    <span class="message">${esc(finding.message)}</span>
    ${known ? `<span class="known-reason muted">known: ${esc(finding.known)}</span>` : ''}
  </summary>
  <div class="body">
    <h3>Request</h3><pre>${esc(request)}</pre>
    ${response}
    <h3>Reproduce</h3>${curls}
    <p class="muted mono">${esc(replay)}</p>
  </div>
</details>`;
}

/** The filters, beside the findings they select (and the matrix rows): check, severity, namespace. */
function renderFilters(run: RunRecord, operations: OperationOutcome[]): string {
  const checkCounts = new Map<string, number>();
  for (const finding of run.finished.findings) checkCounts.set(finding.check, (checkCounts.get(finding.check) ?? 0) + 1);
  const checkOptions = [...checkCounts]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([check, count]) => `<option value="${esc(check)}">${esc(check)} (${count})</option>`)
    .join('');
  const namespaceOptions = sortedNamespaces(operations)
    .map((namespace) => `<option value="${esc(namespace)}">${esc(namespaceLabel(namespace))}</option>`)
    .join('');
  const standings = new Map<string, number>();
  for (const finding of run.finished.findings) {
    const standing = finding.known !== undefined ? 'known' : finding.severity;
    standings.set(standing, (standings.get(standing) ?? 0) + 1);
  }
  const severityOptions = ['failure', 'warning', 'known']
    .filter((standing) => standings.has(standing))
    .map((standing) => `<option value="${standing}">${standing} (${standings.get(standing)})</option>`)
    .join('');
  return `
<aside class="filters" aria-label="Filters">
  <label>Check <select id="filter-check"><option value="">all checks</option>${checkOptions}</select></label>
  <label>Severity <select id="filter-severity"><option value="">all</option>${severityOptions}</select></label>
  <label>Namespace <select id="filter-namespace"><option value="">all namespaces</option>${namespaceOptions}</select></label>
  <span id="filter-count" class="muted"></span>
  <button type="button" id="expand-all">Expand all</button>
  <button type="button" id="collapse-all">Collapse all</button>
</aside>`;
}

/** The findings, first after the summary, with the filters beside them. */
function renderFindings(run: RunRecord, operations: OperationOutcome[]): string {
  const namespaceOf = namespaceResolver(run.finished.coverage);
  // New failures first, then new warnings, then what the baseline already knew.
  const severityOrder = (f: Finding): number => (f.known !== undefined ? 2 : f.severity === 'failure' ? 0 : 1);
  const findings = [...run.finished.findings].sort(
    (a, b) =>
      severityOrder(a) - severityOrder(b) ||
      a.check.localeCompare(b.check) ||
      a.route.localeCompare(b.route) ||
      a.id.localeCompare(b.id, undefined, { numeric: true }),
  );
  return `
<section id="findings">
  <h2>Findings</h2>
  <div class="findings-layout">
    ${renderFilters(run, operations)}
    <div class="findings-list">
      <p id="no-findings" class="muted" hidden>No findings${findings.length > 0 ? ' match the filters' : ''}.</p>
      ${findings.map((finding) => renderFinding(finding, namespaceOf(finding))).join('\n')}
    </div>
  </div>
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
