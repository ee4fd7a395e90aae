/**
 * The findings section of the HTML report: each finding with its request, response, curl lines and replay command,
 * new failures first and the causes that touch the most operations first (see `finding-order.ts`; one seen on
 * several operations shows its first finding and folds the others under it), each with its answer's error code,
 * and the filters (check, severity, namespace) beside them.
 */
import type { Finding } from '../checks/types.js';
import { findingGroupLabel } from './finding-group.js';
import { answerCode, causeGroups, standingOf, type CauseGroup } from './finding-order.js';
import { curlLine, renderRace } from './html-race.js';
import { escapeHtml as esc } from './html-text.js';
import { localeLabel, namespaceLabel, namespaceResolver, sortedNamespaces, type OperationOutcome } from './outcomes.js';
import { reproduceCommand } from './replay-command.js';
import type { RunRecord } from './run-record.js';

/** Bodies longer than this are cut in the page (the JSON report keeps what the engine kept). */
const MAX_BODY_CHARS = 100_000;

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

function renderFinding(finding: Finding, namespace: string, started: RunRecord['started']): string {
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
  // A race shows as one group: its requests sent together, between its set-up and the reads after it.
  const race = finding.replay.race;
  const curls =
    race !== undefined && race.steps.length === finding.curl.length ? renderRace(finding, race) : finding.curl.map((_, i) => curlLine(finding, i)).join('');
  const replay = `${reproduceCommand(finding, started)}   (seed ${finding.replay.seed}, phase ${finding.replay.phase}, operation ${finding.replay.operationId})`;
  // The message is part of the summary line: a collapsed finding still says what is wrong.
  const known = finding.known !== undefined;
  const standing = standingOf(finding);
  const code = answerCode(finding);
  return `
<details class="finding ${esc(finding.severity)}${known ? ' known' : ''}" id="finding-${esc(finding.id)}" data-check="${esc(finding.check)}" data-namespace="${esc(namespace)}" data-severity="${esc(standing)}">
  <summary>
    <span class="chip ${esc(finding.severity)}">${esc(known ? `known ${finding.severity}` : finding.severity)}</span>
    <span class="mono">${esc(finding.id)}</span>
    <strong class="mono">${esc(finding.check)}</strong>
    <span class="mono">${esc(localeLabel(finding.locale))} ${esc(finding.method)} ${esc(finding.route)}</span>
    ${findingGroupLabel(finding) === '' ? '' : `<span class="chip">${esc(findingGroupLabel(finding))}</span>`}
    ${code === undefined ? '' : `<span class="chip mono code" title="the code of the answer's error body">${esc(code)}</span>`}
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
export function renderFindings(run: RunRecord, operations: OperationOutcome[]): string {
  const namespaceOf = namespaceResolver(run.finished.coverage);
  // New failures first, then new warnings, then what the baseline already knew.
  const findings = run.finished.findings;
  const renderCause = (group: CauseGroup): string => {
    const [first, ...others] = group.findings as [Finding, ...Finding[]];
    if (others.length === 0) return renderFinding(first, namespaceOf(first), run.started);
    const code = group.code === undefined ? '' : ` <span class="chip mono code">${esc(group.code)}</span>`;
    return `
<div class="cause" data-check="${esc(group.check)}" data-severity="${esc(group.standing)}">
  <div class="cause-line"><strong class="mono">${esc(group.check)}</strong>${code} <span>the same cause on ${group.operations} operations (the first shown)</span></div>
  ${renderFinding(first, namespaceOf(first), run.started)}
  <details class="cause-more"><summary>${others.length} more operation${others.length === 1 ? '' : 's'} with this cause</summary>
  ${others.map((finding) => renderFinding(finding, namespaceOf(finding), run.started)).join('\n')}
  </details>
</div>`;
  };
  return `
<section id="findings">
  <h2>Findings</h2>
  <div class="findings-layout">
    ${renderFilters(run, operations)}
    <div class="findings-list">
      <p id="no-findings" class="muted" hidden>No findings${findings.length > 0 ? ' match the filters' : ''}.</p>
      ${causeGroups(findings).map(renderCause).join('\n')}
    </div>
  </div>
</section>`;
}
