/**
 * The two matrices of the HTML report: routes × locales × methods coloured by result, and the access matrix of
 * operations tried as every identity.
 */
import { HTTP_METHODS } from '../descriptor/types.js';
import { escapeHtml as esc, plural, routeLabel } from './html-text.js';
import { localeLabel, namespaceLabel, operationResult, sortedNamespaces, type OperationOutcome } from './outcomes.js';
import type { RunRecord } from './run-record.js';

const RESULT_MARK = { passed: '✓', failed: '✗', warning: '!', uncovered: '–' } as const;
const RESULT_TEXT = { passed: 'passed', failed: 'failure', warning: 'warning only', uncovered: 'not covered' } as const;

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

/** The route matrix: one row per route, grouped by namespace; one column per locale and method. */
export function renderMatrix(run: RunRecord, operations: OperationOutcome[]): string {
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
export function renderAccess(run: RunRecord): string {
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
  <div class="table-wrap"><table class="plain access">
    <thead><tr><th>operation (path sent)</th>${head}</tr></thead>
    <tbody>${body.join('')}</tbody>
  </table></div>
</section>`;
}
