/**
 * The HTML report's inline style sheet and script. They are constants (no run data in them), so the page's
 * Content-Security-Policy can allow exactly these two by hash and nothing else.
 */

export const HTML_REPORT_STYLE = `
:root {
  --bg: #f7f8fa; --panel: #ffffff; --fg: #1d2330; --muted: #5f6b7a; --border: #dde2e8; --code: #f1f3f6;
  --pass: #2f9e5b; --fail: #d4433a; --warn: #e0a021; --none: #b9c0c9; --accent: #3559c7;
}
@media (prefers-color-scheme: dark) {
  :root { --bg: #14171c; --panel: #1c2028; --fg: #e6e9ee; --muted: #9aa4b2; --border: #2e3440; --code: #232833; --accent: #8aa7ff; }
}
* { box-sizing: border-box; }
[hidden] { display: none !important; }
body { margin: 0; background: var(--bg); color: var(--fg); font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; }
main { max-width: 1280px; margin: 0 auto; padding: 24px; }
h1 { font-size: 1.6rem; margin: 0; letter-spacing: -0.01em; }
h2 { font-size: 1.2rem; margin: 32px 0 12px; }
h3 { font-size: 0.95rem; margin: 16px 0 6px; color: var(--muted); text-transform: uppercase; letter-spacing: 0.04em; }
code, pre, .mono { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace; font-size: 0.85rem; }
pre { background: var(--code); border: 1px solid var(--border); border-radius: 6px; padding: 10px 12px; margin: 0; white-space: pre-wrap; word-break: break-word; max-height: 420px; overflow: auto; }
.banner { display: flex; flex-wrap: wrap; align-items: center; justify-content: space-between; gap: 12px; padding-bottom: 16px; border-bottom: 1px solid var(--border); }
.verdict { font-weight: 600; padding: 6px 14px; border-radius: 999px; color: #fff; }
.verdict.passed { background: var(--pass); }
.verdict.failed { background: var(--fail); }
.notice { margin: 16px 0 0; padding: 10px 14px; border-radius: 6px; border: 1px solid var(--warn); background: color-mix(in srgb, var(--warn) 14%, var(--panel)); }
.notice.loud { border-color: var(--fail); background: color-mix(in srgb, var(--fail) 12%, var(--panel)); font-weight: 600; }
.cards { display: grid; grid-template-columns: repeat(auto-fit, minmax(150px, 1fr)); gap: 12px; margin-top: 20px; }
.card { background: var(--panel); border: 1px solid var(--border); border-radius: 8px; padding: 12px 16px; }
.card .value { font-size: 1.6rem; font-weight: 600; }
.card .label { color: var(--muted); font-size: 0.85rem; }
.card.bad .value { color: var(--fail); }
.card.warn .value { color: var(--warn); }
dl.details { display: grid; grid-template-columns: max-content 1fr; gap: 4px 16px; margin: 16px 0 0; }
dl.details dt { color: var(--muted); }
dl.details dd { margin: 0; }
table.plain { border-collapse: collapse; background: var(--panel); border: 1px solid var(--border); border-radius: 8px; }
table.plain th, table.plain td { padding: 6px 12px; border-bottom: 1px solid var(--border); text-align: right; }
table.plain th:first-child, table.plain td:first-child { text-align: left; }
table.plain thead th { color: var(--muted); font-weight: 600; font-size: 0.85rem; }
.table-wrap { max-width: 100%; overflow-x: auto; }
table.access td.access-ok { color: var(--pass); }
table.access td.access-refused { color: var(--muted); }
table.access td.access-fail { color: var(--fail); }
.findings-layout { display: grid; grid-template-columns: minmax(200px, 240px) 1fr; gap: 20px; align-items: start; }
@media (max-width: 800px) { .findings-layout { grid-template-columns: 1fr; } }
.findings-list { min-width: 0; }
.filters { position: sticky; top: 0; z-index: 5; display: flex; flex-direction: column; gap: 10px; align-items: stretch; padding: 10px 12px; background: var(--panel); border: 1px solid var(--border); border-radius: 8px; }
.filters label { display: flex; flex-direction: column; gap: 4px; color: var(--muted); }
.filters select, .filters button { font: inherit; padding: 4px 8px; border-radius: 6px; border: 1px solid var(--border); background: var(--panel); color: var(--fg); }
.legend { display: flex; flex-wrap: wrap; gap: 14px; margin: 0 0 10px; color: var(--muted); font-size: 0.85rem; }
.legend > span { display: inline-flex; align-items: center; gap: 6px; }
.matrix-wrap { max-height: 75vh; overflow: auto; border: 1px solid var(--border); border-radius: 8px; background: var(--panel); }
#matrix { border-collapse: separate; border-spacing: 0; width: 100%; }
#matrix th, #matrix td { padding: 3px 6px; border-bottom: 1px solid var(--border); white-space: nowrap; }
#matrix thead th { position: sticky; top: 0; z-index: 3; background: var(--panel); font-size: 0.8rem; color: var(--muted); height: 28px; }
#matrix thead tr + tr th { top: 28px; }
#matrix thead th.locale { border-left: 2px solid var(--border); text-align: center; }
#matrix th.route { position: sticky; left: 0; z-index: 1; background: var(--panel); text-align: left; font-weight: 500; max-width: 44ch; overflow: hidden; text-overflow: ellipsis; }
#matrix thead th.route { z-index: 4; }
#matrix tr.namespace-row th { text-align: left; background: var(--code); font-size: 0.85rem; position: sticky; left: 0; }
#matrix td.cell { text-align: center; width: 44px; }
#matrix td.first { border-left: 2px solid var(--border); }
.mark { display: inline-block; width: 22px; height: 22px; line-height: 22px; border-radius: 5px; color: #fff; font-size: 0.8rem; font-weight: 700; text-decoration: none; text-align: center; }
.r-passed .mark, .mark.r-passed { background: var(--pass); }
.r-failed .mark, .mark.r-failed { background: var(--fail); }
.r-warning .mark, .mark.r-warning { background: var(--warn); }
.r-uncovered .mark, .mark.r-uncovered { background: var(--none); }
a.mark:hover { outline: 2px solid var(--accent); }
.finding { scroll-margin-top: 60px; background: var(--panel); border: 1px solid var(--border); border-left: 5px solid var(--fail); border-radius: 8px; margin: 10px 0; }
.finding.warning { border-left-color: var(--warn); }
.finding.known { border-left-color: var(--none); }
.finding > summary .message { flex-basis: 100%; margin: 2px 0 0 18px; white-space: pre-wrap; word-break: break-word; }
.finding > summary .known-reason { flex-basis: 100%; margin-left: 18px; font-size: 0.85rem; }
.finding > summary { cursor: pointer; padding: 10px 14px; display: flex; flex-wrap: wrap; gap: 8px; align-items: baseline; list-style: none; }
.finding > summary::before { content: "\\25B8"; color: var(--muted); }
.finding[open] > summary::before { content: "\\25BE"; }
.finding .body { padding: 0 16px 16px; }
.cause { margin: 14px 0; }
.cause > .cause-line { display: flex; flex-wrap: wrap; gap: 8px; align-items: baseline; }
.cause-more > summary { cursor: pointer; color: var(--muted); margin-left: 14px; }
.chip { display: inline-block; padding: 1px 8px; border-radius: 999px; border: 1px solid var(--border); font-size: 0.8rem; color: var(--muted); }
.chip.failure { background: var(--fail); border-color: var(--fail); color: #fff; }
.chip.warning { background: var(--warn); border-color: var(--warn); color: #1d2330; }
.message { margin: 8px 0; white-space: pre-wrap; }
.curl-line { display: flex; gap: 8px; align-items: flex-start; margin-bottom: 6px; }
.curl-line pre { flex: 1; }
.race-block { margin-bottom: 10px; }
.race-block h4 { margin: 6px 0; font-size: 0.9rem; }
.race-block.race-race { border-left: 3px solid var(--warn); padding-left: 10px; }
.curl-line .answered { align-self: center; }
button.copy { font: inherit; font-size: 0.8rem; padding: 4px 10px; border-radius: 6px; border: 1px solid var(--border); background: var(--panel); color: var(--fg); cursor: pointer; }
.muted { color: var(--muted); }
.notice ul { margin: 6px 0 0; padding-left: 22px; }
.notice.fixed { border-color: var(--pass); background: color-mix(in srgb, var(--pass) 10%, var(--panel)); }
#security h2 { margin-top: 24px; }
#security.none p { margin: 0; }
.security-finding { background: var(--panel); border: 1px solid var(--border); border-left: 6px solid var(--fail); border-radius: 8px; padding: 12px 16px; margin: 12px 0; }
.security-finding.warning { border-left-color: var(--warn); }
.security-finding.known { border-left-color: var(--none); }
.security-title { display: flex; flex-wrap: wrap; gap: 8px; align-items: baseline; margin: 0 0 8px; font-size: 1rem; color: var(--fg); text-transform: none; letter-spacing: 0; }
.security-facts { display: grid; grid-template-columns: max-content minmax(0, 1fr); gap: 6px 16px; margin: 0; }
.security-facts dt { color: var(--muted); font-weight: 600; }
.security-facts dd { margin: 0; min-width: 0; }
.security-facts dd .curl-line { margin: 6px 0 0; }
.security-facts dd.identity { font-weight: 600; }
.security-finding p { margin: 8px 0 0; }
#checks-list summary { cursor: pointer; }
#checks-list p { margin: 6px 0 0; }
.charts { display: flex; flex-direction: column; gap: 16px; }
.chart-figure { margin: 0; background: var(--panel); border: 1px solid var(--border); border-radius: 8px; padding: 10px 14px; }
.chart-figure figcaption { font-weight: 600; margin-bottom: 6px; }
.chart-wrap { overflow-x: auto; }
.chart-more { margin: 4px 0 0; font-size: 0.85rem; }
svg.chart { display: block; max-width: none; font: 12px ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace; }
svg.chart .bar-label, svg.chart .bar-value { fill: var(--fg); }
svg.chart .bar { stroke-width: 1.5; }
svg.chart .bar.solid.fail { fill: var(--fail); }
svg.chart .bar.solid.warn { fill: var(--warn); }
svg.chart .bar.solid.time { fill: var(--accent); }
svg.chart .bar.hatched { fill: none; stroke: var(--warn); }
svg.chart .stripes.warn { fill: var(--warn); }
svg.chart .stripes.known { fill: var(--muted); }
svg.chart .bar.open, svg.chart .bar.backdrop { fill: none; stroke: var(--muted); }
svg.chart .bar.backdrop { stroke-dasharray: 4 3; }
footer { margin: 40px 0 0; color: var(--muted); font-size: 0.85rem; }
`;

export const HTML_REPORT_SCRIPT = `
(() => {
  'use strict';
  const checkSelect = document.getElementById('filter-check');
  const severitySelect = document.getElementById('filter-severity');
  const namespaceSelect = document.getElementById('filter-namespace');
  const counter = document.getElementById('filter-count');
  const empty = document.getElementById('no-findings');
  const findings = Array.from(document.querySelectorAll('.finding'));
  const rows = Array.from(document.querySelectorAll('#matrix tbody tr'));
  const causes = Array.from(document.querySelectorAll('.cause'));

  function apply() {
    const check = checkSelect.value;
    const namespace = namespaceSelect.value;
    const severity = severitySelect.value;
    let shown = 0;
    for (const finding of findings) {
      const visible = (!check || finding.dataset.check === check) && (!namespace || finding.dataset.namespace === namespace) && (!severity || finding.dataset.severity === severity);
      finding.hidden = !visible;
      if (visible) shown += 1;
    }
    // A cause seen on several operations shows while any of its findings does.
    for (const cause of causes) cause.hidden = !Array.from(cause.querySelectorAll('.finding')).some((finding) => !finding.hidden);
    let heading = null;
    let headingHasRows = false;
    const closeHeading = () => { if (heading) heading.hidden = !headingHasRows; };
    for (const row of rows) {
      if (row.classList.contains('namespace-row')) {
        closeHeading();
        heading = row;
        headingHasRows = false;
        continue;
      }
      const checks = (row.dataset.checks || '').split(' ');
      const visible = (!namespace || row.dataset.namespace === namespace) && (!check || checks.includes(check));
      row.hidden = !visible;
      if (visible) headingHasRows = true;
    }
    closeHeading();
    counter.textContent = shown === findings.length ? findings.length + ' findings' : shown + ' of ' + findings.length + ' findings';
    empty.hidden = shown !== 0;
  }

  function openFromHash() {
    const target = location.hash ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null;
    // A finding folded into its cause's list opens with the list around it.
    for (let details = target && target.closest('details'); details; details = details.parentElement && details.parentElement.closest('details')) details.open = true;
  }

  checkSelect.addEventListener('change', apply);
  namespaceSelect.addEventListener('change', apply);
  severitySelect.addEventListener('change', apply);
  window.addEventListener('hashchange', openFromHash);
  document.getElementById('expand-all').addEventListener('click', () => findings.forEach((f) => { if (!f.hidden) f.open = true; }));
  document.getElementById('collapse-all').addEventListener('click', () => findings.forEach((f) => { f.open = false; }));
  document.addEventListener('click', (event) => {
    const button = event.target.closest('button.copy');
    if (!button) return;
    const text = document.getElementById(button.dataset.copy).textContent;
    const done = () => { button.textContent = 'Copied'; setTimeout(() => { button.textContent = 'Copy'; }, 1500); };
    if (navigator.clipboard) navigator.clipboard.writeText(text).then(done, () => undefined);
  });
  apply();
  openFromHash();
})();
`;
