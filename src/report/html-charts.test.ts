import { describe, expect, it } from 'vitest';
import type { Finding } from '../checks/types.js';
import { barChart, findingRows, MAX_CHART_ROWS, phaseTimeRows, renderChart, seconds, type BarRow } from './html-charts.js';
import { SYNTHETIC_FINDINGS } from './testing/synthetic-run.js';

/** The width of each `<rect class="bar …">` of a chart, in drawing order. */
const barWidths = (svg: string): number[] => [...svg.matchAll(/<rect class="bar [^"]*"[^>]* width="([\d.]+)"/g)].map((match) => Number(match[1]));

const finding = (check: string, severity: Finding['severity'], known?: string): Finding => ({
  ...SYNTHETIC_FINDINGS[0]!,
  check,
  severity,
  ...(known === undefined ? {} : { known }),
});

describe('bar charts', () => {
  it('draw each row with its label, bars in proportion, and its numbers as text', () => {
    const rows: BarRow[] = [
      { label: 'a', segments: [{ value: 10, fill: 'solid', tone: 'fail' }], text: '10 failures' },
      { label: 'b', segments: [{ value: 5, fill: 'solid', tone: 'fail' }], text: '5 failures' },
    ];
    const svg = barChart('c', 'Findings', rows);
    expect(svg).toMatch(/^<svg class="chart" id="c" role="img" aria-label="Findings"/);
    expect(svg).toContain('>a</text>');
    expect(svg).toContain('>10 failures</text>');
    expect(svg).toContain('>5 failures</text>');
    const [first, second] = barWidths(svg);
    expect(first).toBeCloseTo(2 * second!, 5);
  });

  it('tell warnings from failures without colour: stripes, drawn without url() or a pattern', () => {
    const svg = barChart('c', 'x', [
      {
        label: 'ns',
        segments: [
          { value: 2, fill: 'solid', tone: 'fail' },
          { value: 2, fill: 'hatched', tone: 'warn' },
        ],
        text: '2 failures, 2 warnings',
      },
    ]);
    expect(svg).toMatch(/<path class="stripes warn" d="M[\d.]+ /);
    expect(svg).not.toContain('url(');
    expect(svg).not.toContain('<pattern');
  });

  it('escape labels and texts, and cut a long label, keeping it whole in the row’s title', () => {
    const label = `<b>${'x'.repeat(40)}</b>`;
    const svg = barChart('c', 'x', [{ label, segments: [{ value: 1, fill: 'solid', tone: 'fail' }], text: '1 <failure>' }]);
    expect(svg).not.toContain('<b>');
    expect(svg).toContain('&lt;b&gt;xxxx');
    expect(svg).toContain('…</text>');
    expect(svg).toContain(`<title>&lt;b&gt;${'x'.repeat(40)}&lt;/b&gt;: 1 &lt;failure&gt;</title>`);
  });

  it('draw nothing for no rows, and sum up the rows past the limit in a line', () => {
    expect(renderChart('c', 'x', [], () => '')).toBe('');
    const rows: BarRow[] = Array.from({ length: MAX_CHART_ROWS + 3 }, (_, index) => ({
      label: `check_${index}`,
      segments: [{ value: 20 - index, fill: 'solid', tone: 'fail' }],
      text: `${20 - index} failures`,
    }));
    const html = renderChart('c', 'Findings per check', rows, (hidden) => `${hidden.length} more checks`);
    expect(html.match(/<g class="bar-row"/g)).toHaveLength(MAX_CHART_ROWS);
    expect(html).toContain('<p class="muted chart-more">3 more checks</p>');
    expect(html).toContain('<figcaption>Findings per check</figcaption>');
  });
});

describe('the time per phase', () => {
  it('shows each phase against its share of the budget, the share drawn only where it ran out', () => {
    const rows = phaseTimeRows(
      {
        budgetMs: 60_000,
        phases: [
          { phase: 'examples', allowedMs: 20_000, spentMs: 20_400, requests: 900, cutShort: true },
          { phase: 'auth', allowedMs: 40_000, spentMs: 1_500, requests: 1, cutShort: false },
        ],
      },
      [{ phase: 'ignored', durationMs: 1, requests: 1 }],
    );
    expect(rows.map((row) => [row.label, row.text])).toEqual([
      ['examples', '20 s of 20 s, 900 requests, cut short'],
      ['auth', '1.5 s of 40 s, 1 request'],
    ]);
    expect(rows[0]!.segments.map((segment) => segment.fill)).toEqual(['backdrop', 'solid']);
    expect(rows[1]!.segments.map((segment) => segment.fill)).toEqual(['solid']);
  });

  it('shows the time each phase took when the run had no budget, and nothing without either', () => {
    expect(phaseTimeRows(undefined, [{ phase: 'fuzz', durationMs: 400, requests: 12 }])).toEqual([
      { label: 'fuzz', segments: [{ value: 400, fill: 'solid', tone: 'time' }], text: '0.4 s, 12 requests' },
    ]);
    expect(phaseTimeRows(undefined, undefined)).toEqual([]);
    expect(seconds(12_345)).toBe('12 s');
  });
});

describe('findings per key', () => {
  it('counts failures, warnings and known findings, most failures first, with a mark for the key', () => {
    const rows = findingRows(
      [
        finding('a_check', 'warning'),
        finding('b_check', 'failure'),
        finding('b_check', 'failure'),
        finding('a_check', 'failure'),
        finding('a_check', 'failure', 'listed'),
        finding('c_check', 'warning'),
      ],
      (entry) => entry.check,
      (check) => (check === 'b_check' ? ' (security)' : ''),
    );
    expect(rows.map((row) => [row.label, row.text])).toEqual([
      ['b_check', '2 failures (security)'],
      ['a_check', '1 failure, 1 warning, 1 known'],
      ['c_check', '1 warning'],
    ]);
    expect(rows[1]!.segments).toEqual([
      { value: 1, fill: 'solid', tone: 'fail' },
      { value: 1, fill: 'hatched', tone: 'warn' },
      { value: 1, fill: 'open', tone: 'known' },
    ]);
  });
});
