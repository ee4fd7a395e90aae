/**
 * The HTML report's small charts, as inline SVG (the page is one file and fetches nothing): the time each phase took
 * (against its share of the time budget, when there was one), and the findings per namespace and per check. Every
 * bar carries its numbers as text and the kinds of bar differ in fill (solid, hatched, outlined), so a chart reads
 * without colour. Colours come from the page's style sheet (classes only: the Content-Security-Policy admits no
 * inline style).
 */
import type { Finding } from '../checks/types.js';
import type { BudgetSplit } from '../engine/budget.js';
import { standingOf } from './finding-order.js';
import { escapeHtml as esc, plural } from './html-text.js';
import type { PhaseTime } from './run-record.js';

/**
 * One part of a bar: `solid` (failures, time spent), `hatched` (warnings), `open` (known findings: an outline in
 * line with the others), `backdrop` (the time allowed: an outline from the bar's start, behind the others).
 */
export interface BarSegment {
  value: number;
  fill: 'solid' | 'hatched' | 'open' | 'backdrop';
  /** The colour class: `fail`, `warn`, `known`, `time`. */
  tone: string;
}

export interface BarRow {
  label: string;
  /** Drawn one after the other from the left, except `backdrop` segments, drawn from the left behind the others. */
  segments: BarSegment[];
  /** The numbers, in words, written after the bar. */
  text: string;
}

/** Rows beyond this are summed up in one line under the chart. */
export const MAX_CHART_ROWS = 12;

const LABEL_WIDTH = 240;
const BAR_WIDTH = 380;
const TEXT_WIDTH = 340;
const ROW_HEIGHT = 24;
const BAR_HEIGHT = 14;
const MAX_LABEL_CHARS = 32;

/** Stripes of a hatched bar: this wide, this far apart (drawn as one path: a pattern would need `url()`). */
const STRIPE = 2;
const STRIPE_STEP = 4;

/** Vertical stripes filling the box, as one path. */
function stripes(x: number, y: number, width: number, height: number): string {
  const parts: string[] = [];
  for (let at = x; at < x + width; at += STRIPE_STEP)
    parts.push(`M${at.toFixed(1)} ${y}h${Math.min(STRIPE, x + width - at).toFixed(1)}v${height}h-${Math.min(STRIPE, x + width - at).toFixed(1)}z`);
  return parts.join('');
}

const cutLabel = (label: string): string => (label.length > MAX_LABEL_CHARS ? `${label.slice(0, MAX_LABEL_CHARS - 1)}…` : label);

/** The length a row takes on the scale: its backdrop or its other segments end to end, whichever is longer. */
function rowExtent(row: BarRow): number {
  const drawn = row.segments.filter((segment) => segment.fill !== 'backdrop').reduce((sum, segment) => sum + segment.value, 0);
  const backdrop = Math.max(0, ...row.segments.filter((segment) => segment.fill === 'backdrop').map((segment) => segment.value));
  return Math.max(drawn, backdrop);
}

/** A horizontal bar chart: one labelled row per entry, its bar, and its numbers as text. */
export function barChart(id: string, title: string, rows: readonly BarRow[]): string {
  const scale = Math.max(0, ...rows.map(rowExtent));
  const width = LABEL_WIDTH + BAR_WIDTH + TEXT_WIDTH;
  const height = rows.length * ROW_HEIGHT + 4;
  const length = (value: number): number => (scale === 0 ? 0 : (value / scale) * BAR_WIDTH);
  const body = rows.map((row, index) => {
    const top = index * ROW_HEIGHT + 2;
    const barTop = top + (ROW_HEIGHT - BAR_HEIGHT) / 2;
    const middle = top + ROW_HEIGHT / 2;
    const rect = (x: number, w: number, segment: BarSegment): string => {
      const box = `<rect class="bar ${segment.fill} ${esc(segment.tone)}" x="${(LABEL_WIDTH + x).toFixed(1)}" y="${barTop}" width="${Math.max(w, 1).toFixed(1)}" height="${BAR_HEIGHT}"/>`;
      return segment.fill === 'hatched'
        ? `${box}<path class="stripes ${esc(segment.tone)}" d="${stripes(LABEL_WIDTH + x, barTop, Math.max(w, 1), BAR_HEIGHT)}"/>`
        : box;
    };
    const backdrops = row.segments
      .filter((segment) => segment.fill === 'backdrop' && segment.value > 0)
      .map((segment) => rect(0, length(segment.value), segment));
    let x = 0;
    const drawn = row.segments
      .filter((segment) => segment.fill !== 'backdrop' && segment.value > 0)
      .map((segment) => {
        const w = length(segment.value);
        const shape = rect(x, w, segment);
        x += w;
        return shape;
      });
    const textX = LABEL_WIDTH + length(rowExtent(row)) + 8;
    return `<g class="bar-row" data-label="${esc(row.label)}"><title>${esc(`${row.label}: ${row.text}`)}</title><text class="bar-label" x="${LABEL_WIDTH - 8}" y="${middle}" text-anchor="end" dominant-baseline="central">${esc(cutLabel(row.label))}</text>${backdrops.join('')}${drawn.join('')}<text class="bar-value" x="${textX.toFixed(1)}" y="${middle}" dominant-baseline="central">${esc(row.text)}</text></g>`;
  });
  return `<svg class="chart" id="${esc(id)}" role="img" aria-label="${esc(title)}" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" xmlns="http://www.w3.org/2000/svg"><title>${esc(title)}</title>${body.join('')}</svg>`;
}

/** `0.4 s`, `12 s`: as the budget line writes seconds. */
export function seconds(ms: number): string {
  return `${ms >= 10_000 ? Math.round(ms / 1000) : (ms / 1000).toFixed(1)} s`;
}

/**
 * The time each phase took, with its requests; with a time budget, the share it was allowed too, and `cut short`
 * when its share ran out before its work did. Only a cut-short phase draws its share (a dashed outline): a phase
 * that finished in time was allowed what the others left, often minutes, which would shrink every bar to nothing.
 */
export function phaseTimeRows(budget: BudgetSplit | undefined, phaseTimes: readonly PhaseTime[] | undefined): BarRow[] {
  if (budget !== undefined && budget.phases.length > 0) {
    return budget.phases.map((entry) => ({
      label: entry.phase,
      segments: [
        ...(entry.cutShort ? [{ value: entry.allowedMs, fill: 'backdrop' as const, tone: 'time' }] : []),
        { value: entry.spentMs, fill: 'solid', tone: entry.cutShort ? 'warn' : 'time' },
      ],
      text: `${seconds(entry.spentMs)} of ${seconds(entry.allowedMs)}, ${plural(entry.requests, 'request')}${entry.cutShort ? ', cut short' : ''}`,
    }));
  }
  return (phaseTimes ?? []).map((entry) => ({
    label: entry.phase,
    segments: [{ value: entry.durationMs, fill: 'solid', tone: 'time' }],
    text: `${seconds(entry.durationMs)}, ${plural(entry.requests, 'request')}`,
  }));
}

interface Tally {
  failure: number;
  warning: number;
  known: number;
}

/** `3 failures, 1 warning, 2 known`: the parts that are not zero. */
function tallyText(tally: Tally): string {
  const parts = [
    ...(tally.failure > 0 ? [plural(tally.failure, 'failure')] : []),
    ...(tally.warning > 0 ? [plural(tally.warning, 'warning')] : []),
    ...(tally.known > 0 ? [`${tally.known} known`] : []),
  ];
  return parts.join(', ');
}

/** Findings counted by `keyOf` (failures solid, warnings hatched, known open after them), most failures first. */
export function findingRows(findings: readonly Finding[], keyOf: (finding: Finding) => string, mark: (key: string) => string = () => ''): BarRow[] {
  const tallies = new Map<string, Tally>();
  for (const finding of findings) {
    const key = keyOf(finding);
    const tally = tallies.get(key) ?? { failure: 0, warning: 0, known: 0 };
    tally[standingOf(finding)] += 1;
    tallies.set(key, tally);
  }
  const total = (tally: Tally): number => tally.failure + tally.warning + tally.known;
  return [...tallies]
    .sort(([a, x], [b, y]) => y.failure - x.failure || y.warning - x.warning || total(y) - total(x) || a.localeCompare(b))
    .map(([key, tally]) => ({
      label: key,
      segments: [
        { value: tally.failure, fill: 'solid', tone: 'fail' },
        { value: tally.warning, fill: 'hatched', tone: 'warn' },
        // Known findings after the new ones, an outline: they lengthen the bar without looking like what is new.
        { value: tally.known, fill: 'open', tone: 'known' },
      ],
      text: `${tallyText(tally)}${mark(key)}`,
    }));
}

/** The chart with its heading, the rows past `MAX_CHART_ROWS` summed up in a line under it. */
export function renderChart(id: string, heading: string, rows: readonly BarRow[], more: (hidden: readonly BarRow[]) => string): string {
  if (rows.length === 0) return '';
  const shown = rows.slice(0, MAX_CHART_ROWS);
  const hidden = rows.slice(MAX_CHART_ROWS);
  return `<figure class="chart-figure"><figcaption>${esc(heading)}</figcaption><div class="chart-wrap">${barChart(id, heading, shown)}</div>${
    hidden.length === 0 ? '' : `<p class="muted chart-more">${esc(more(hidden))}</p>`
  }</figure>`;
}
