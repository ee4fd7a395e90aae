/**
 * The console reporter. On `out`: a header before the run and, at the end, a summary per namespace, the
 * findings grouped by check, and the closing line `restconform: N passed, M failed` that CI systems read.
 * On `progress` (stderr by default): phase and descriptor lines, warnings, and a progress bar on a terminal,
 * or a short progress line every few seconds elsewhere, so CI logs stay readable.
 */
import cliProgress from 'cli-progress';
import type { Finding } from '../checks/types.js';
import type { Reporter, RunEvent } from '../engine/events.js';
import { localeLabel, namespaceLabel, operationOutcomes, sortedNamespaces, verdictLine, type OperationOutcome } from './outcomes.js';
import type { RunFinishedEvent, RunStartedEvent } from './run-record.js';
import { describeBudgetSplit, describeRate } from '../engine/budget.js';
import { findingGroupLabel } from './finding-group.js';
import { causeGroups, standingOf, type CauseGroup } from './finding-order.js';
import { actingRequest, describeIdentity, isSecurityFinding } from './security.js';

export interface ConsoleReporterOptions {
  /** Header and summary. */
  out: NodeJS.WritableStream;
  /** Live progress; `false` for none. Default: `process.stderr`. A progress bar is drawn when it is a TTY. */
  progress?: NodeJS.WritableStream | false;
  /** ANSI colours on `out`; default: when `out` is a TTY and `NO_COLOR` is unset. */
  color?: boolean;
  /** Milliseconds between progress lines when `progress` is not a TTY; default 5000. */
  progressIntervalMs?: number;
  /** The clock (tests pin it). */
  now?: () => number;
  /** The report files the run writes, listed after the summary. */
  reportFiles?: readonly string[];
  /** The JSON report, when one is written: `restconform cleanup` reads what the run left from it. */
  jsonReport?: string;
}

/** Resources left on the target listed one per line; the rest are counted (the JSON report lists them all). */
const LEFT_LINES = 20;

type Paint = (text: string) => string;

function isTty(stream: NodeJS.WritableStream): boolean {
  return (stream as { isTTY?: boolean }).isTTY === true;
}

function palette(enabled: boolean): Record<'bold' | 'dim' | 'red' | 'green' | 'yellow', Paint> {
  const sgr = (open: number, close: number): Paint => (enabled ? (text) => `\x1b[${open}m${text}\x1b[${close}m` : (text) => text);
  return { bold: sgr(1, 22), dim: sgr(2, 22), red: sgr(31, 39), green: sgr(32, 39), yellow: sgr(33, 39) };
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

/** Left-aligns the first column and right-aligns the others. */
function table(rows: string[][]): string[] {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows.map((row) =>
    row
      .map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!)))
      .join('  ')
      .trimEnd(),
  );
}

export class ConsoleReporter implements Reporter {
  readonly #out: NodeJS.WritableStream;
  readonly #progress: NodeJS.WritableStream | undefined;
  readonly #paint: ReturnType<typeof palette>;
  readonly #interval: number;
  readonly #now: () => number;
  readonly #reportFiles: readonly string[];
  #startedAt = 0;
  #requests = 0;
  #findings = 0;
  #phase = '';
  #phaseOperations = 0;
  readonly #phaseSeen = new Set<string>();
  readonly #skippedPhases: Array<{ phase: string; reason: string }> = [];
  readonly #phasesRun: string[] = [];
  readonly #jsonReport: string | undefined;
  #cleanUp: Extract<RunEvent, { type: 'cleanup' }> | undefined;
  #lastProgressLine = 0;
  #multibar: cliProgress.MultiBar | undefined;
  #bar: cliProgress.SingleBar | undefined;

  constructor(options: ConsoleReporterOptions) {
    this.#out = options.out;
    this.#progress = options.progress === false ? undefined : (options.progress ?? process.stderr);
    this.#paint = palette(options.color ?? (isTty(options.out) && !process.env.NO_COLOR));
    this.#interval = options.progressIntervalMs ?? 5000;
    this.#now = options.now ?? Date.now;
    this.#reportFiles = options.reportFiles ?? [];
    this.#jsonReport = options.jsonReport;
  }

  onEvent(event: RunEvent): void {
    switch (event.type) {
      case 'run_started':
        this.#startedAt = this.#now();
        this.#lastProgressLine = this.#startedAt;
        this.#write(this.#header(event));
        break;
      case 'descriptor_loaded':
        this.#live(`descriptor ${localeLabel(event.locale)}: ${plural(event.routes, 'route')}, ${plural(event.operations, 'operation')} from ${event.source}`);
        for (const warning of event.warnings) this.#live(`  warning: ${warning}`);
        break;
      case 'phase_started':
        this.#phase = event.phase;
        this.#phaseOperations = event.operations;
        this.#phaseSeen.clear();
        this.#phasesRun.push(event.phase);
        this.#live(`phase ${event.phase}: ${plural(event.operations, 'operation')}`);
        this.#startBar();
        break;
      case 'phase_skipped':
        this.#skippedPhases.push({ phase: event.phase, reason: event.reason });
        this.#live(`phase ${event.phase}: skipped (${event.reason})`);
        break;
      case 'phase_finished':
        this.#updateBar(this.#phaseOperations);
        this.#live(
          `phase ${event.phase}: done, ${plural(event.requests, 'request')}${event.sequences === undefined ? '' : `, ${plural(event.sequences, 'sequence')} (${event.sequencesPerSecond}/s)`} in ${seconds(event.durationMs)}`,
        );
        break;
      case 'exchange':
        this.#requests++;
        this.#phaseSeen.add(event.operation.id);
        this.#tick();
        break;
      case 'finding':
        this.#findings++;
        break;
      case 'warning':
        this.#live(`warning: ${event.message}`);
        break;
      case 'cleanup':
        this.#cleanUp = event;
        break;
      case 'target_measured':
        this.#write([`  pace     ${describeRate(event.rate)}`, '']);
        break;
      case 'run_finished':
        this.#stopBar();
        this.#write(this.#summary(event));
        break;
    }
  }

  async close(): Promise<void> {
    this.#stopBar();
  }

  #write(lines: string[]): void {
    this.#out.write(`${lines.join('\n')}\n`);
  }

  /** A live line: above the bar on a terminal, plain otherwise. */
  #live(line: string): void {
    if (!this.#progress) return;
    if (this.#multibar) this.#multibar.log(`${line}\n`);
    else this.#progress.write(`${line}\n`);
  }

  #header(event: RunStartedEvent): string[] {
    const { bold, red } = this.#paint;
    const lines = [
      bold(`${event.tool} ${event.version}`),
      `  target   ${event.target}`,
      `  seed     ${event.seed}  (--seed ${event.seed} repeats this run)`,
      `  locales  ${event.locales.map(localeLabel).join(', ')}`,
      // Asked for: which of them run is known only once the run has looked at its target (the summary says).
      `  phases   asked for: ${event.phases.join(', ')}`,
      `  started  ${event.startedAt}`,
    ];
    if (event.shard) lines.push(`  shard    ${event.shard.index}/${event.shard.count}  (restconform merge joins the shards' JSON reports)`);
    if (event.safeMethodsOnly) {
      lines.push(
        '',
        red(bold('!!! SAFE METHODS ONLY: the target is not on loopback, so only GET, HEAD and OPTIONS will be sent.')),
        red(bold('!!! POST, PUT, PATCH and DELETE are not tested; pass --allow-destructive to test them.')),
      );
    }
    lines.push('');
    return lines;
  }

  #rate(): string {
    const elapsed = (this.#now() - this.#startedAt) / 1000;
    return elapsed > 0 ? (this.#requests / elapsed).toFixed(1) : '0.0';
  }

  #payload(): Record<string, string | number> {
    return { phase: this.#phase, requests: this.#requests, rate: this.#rate(), findings: this.#findings };
  }

  #startBar(): void {
    if (!this.#progress || !isTty(this.#progress)) return;
    if (!this.#multibar) {
      this.#multibar = new cliProgress.MultiBar(
        {
          stream: this.#progress,
          format: '{phase} [{bar}] {value}/{total} operations | {requests} requests | {rate} req/s | {findings} findings',
          hideCursor: true,
          clearOnComplete: true,
          barsize: 24,
        },
        cliProgress.Presets.shades_classic,
      );
      this.#bar = this.#multibar.create(this.#phaseOperations, 0, this.#payload());
    } else {
      this.#bar!.setTotal(this.#phaseOperations);
      this.#bar!.update(0, this.#payload());
    }
  }

  #updateBar(value: number): void {
    this.#bar?.update(Math.min(value, this.#phaseOperations), this.#payload());
  }

  #stopBar(): void {
    // A last redraw flushes lines logged since the previous timer tick; stop() alone would drop them.
    this.#multibar?.update();
    this.#multibar?.stop();
    this.#multibar = undefined;
    this.#bar = undefined;
  }

  #tick(): void {
    if (this.#bar) {
      this.#updateBar(this.#phaseSeen.size);
      return;
    }
    if (!this.#progress || this.#now() - this.#lastProgressLine < this.#interval) return;
    this.#lastProgressLine = this.#now();
    this.#progress.write(
      `progress: ${this.#phase} ${Math.min(this.#phaseSeen.size, this.#phaseOperations)}/${this.#phaseOperations} operations, ` +
        `${plural(this.#requests, 'request')}, ${this.#rate()} req/s, ${plural(this.#findings, 'finding')}\n`,
    );
  }

  #summary(event: RunFinishedEvent): string[] {
    const { bold, dim, yellow } = this.#paint;
    const operations = operationOutcomes(event);
    const lines = ['', bold(`Summary (${seconds(event.durationMs)}, ${plural(event.summary.requests, 'request')})`)];
    if (event.rate) lines.push(`  pace: ${describeRate(event.rate)}`);
    if (event.budget) lines.push(`  ${describeBudgetSplit(event.budget)}`);
    lines.push(...table(this.#namespaceRows(operations, event.findings)).map((line, i) => `  ${i === 0 ? dim(line) : line}`));

    if (event.findings.length > 0) {
      const order = 'new failures first, then the causes that touch the most operations';
      const security = event.findings.some(isSecurityFinding);
      lines.push('', `${bold('Findings')} ${dim(`(${security ? `security findings first; within each part, ${order}` : order})`)}`);
      lines.push(...this.#findingLines(event.findings));
    }

    // The phases that ran, as the HTML report lists them; those skipped apart, each with its reason.
    lines.push('', `${bold('Phases run')}: ${this.#phasesRun.join(', ') || 'none'}`);
    if (this.#skippedPhases.length > 0) {
      lines.push(bold('Skipped phases'));
      lines.push(...this.#skippedPhases.map(({ phase, reason }) => `  ${phase}: ${reason}`));
    }

    if (event.baseline) {
      const { known, fixed, unchecked } = event.baseline;
      lines.push('', bold(`Baseline ${event.baseline.source}`), `  ${plural(known, 'known finding')} (they fail nothing)`);
      for (const entry of fixed) lines.push(`  fixed: ${entry.check} ${entry.method} ${entry.route} (listed because: ${entry.reason})`);
      const unseen = unchecked.filter((entry) => entry.intermittent === true).length;
      if (unchecked.length > 0)
        lines.push(
          `  ${unchecked.length} ${unchecked.length === 1 ? 'entry' : 'entries'} not checked by this run${unseen > 0 ? ` (${unseen} of them intermittent and not seen)` : ''}`,
        );
    }

    lines.push(...this.#leftLines());
    lines.push('');
    if (this.#reportFiles.length > 0) lines.push(`reports: ${this.#reportFiles.join(', ')}`);
    // The stop is said on its own line, just before the verdict; the other reasons a run is incomplete before it.
    const incomplete = (event.incomplete ?? []).filter((reason) => !reason.startsWith('stopped early'));
    if (incomplete.length > 0) lines.push(yellow(`incomplete: ${incomplete.join('; ')}`));
    if (event.stoppedEarly !== undefined) lines.push(yellow(`stopped early: ${event.stoppedEarly}`));
    lines.push(verdictLine(event, operations));
    return lines;
  }

  /**
   * What the run made and left on the target (kind, id, route, why), and how to finish the clean-up later; the
   * line the user acts on when a second Ctrl-C skipped it.
   */
  #leftLines(): string[] {
    const cleanUp = this.#cleanUp;
    if (cleanUp === undefined) return [];
    const { bold, yellow } = this.#paint;
    const left = cleanUp.resources ?? [];
    const count = Math.max(left.length, cleanUp.leftovers.length, cleanUp.kept);
    const lines = ['', `Clean-up: ${plural(cleanUp.removed, 'resource')} the run made removed, ${count} left`];
    if (count === 0) return lines;
    lines.push(bold(`Left on the target (${plural(count, 'resource')} the run made)`));
    if (left.length > 0) {
      lines.push(...left.slice(0, LEFT_LINES).map((resource) => `  ${resource.kind} ${resource.id}  ${resource.route}  (${resource.reason})`));
    } else {
      lines.push(...cleanUp.leftovers.slice(0, LEFT_LINES).map((line) => `  ${line}`));
    }
    if (count > LEFT_LINES) lines.push(`  … and ${count - LEFT_LINES} more (the JSON report lists them all)`);
    const later =
      this.#jsonReport === undefined ? 'run with --json FILE to keep the list for restconform cleanup FILE' : `restconform cleanup ${this.#jsonReport}`;
    if (cleanUp.cutShort !== undefined) lines.push(yellow(`${cleanUp.cutShort}, ${plural(count, 'resource')} left; finish it later with: ${later}`));
    else lines.push(yellow(`finish the clean-up with: ${later}`));
    return lines;
  }

  /**
   * The findings by cause, those of the security checks first under a count line of their own (what a person acts
   * on first, as the HTML report's security section), then the others under theirs. Without security findings the
   * list is as it always was: no heading of either kind.
   */
  #findingLines(findings: readonly Finding[]): string[] {
    const { bold, red } = this.#paint;
    const security = findings.filter(isSecurityFinding);
    if (security.length === 0) return causeGroups(findings).flatMap((group) => this.#causeLines(group, false));
    const others = findings.filter((finding) => !isSecurityFinding(finding));
    const failures = security.filter((finding) => standingOf(finding) === 'failure').length;
    const newFailures = failures > 0 && failures < security.length ? ` (${failures} new ${failures === 1 ? 'failure' : 'failures'})` : '';
    const lines = [
      `${red(bold(plural(security.length, 'security finding')))}${newFailures}: accounts, roles, rights or private data`,
      ...causeGroups(security).flatMap((group) => this.#causeLines(group, true)),
    ];
    if (others.length > 0) lines.push(bold(plural(others.length, 'other finding')), ...causeGroups(others).flatMap((group) => this.#causeLines(group, false)));
    return lines;
  }

  /**
   * One cause: its first finding in full (message, curl lines), the check and the answer's error code on its line.
   * A cause seen on several operations gets a line of its own, and the other operations one line each.
   */
  #causeLines(group: CauseGroup, security: boolean): string[] {
    const { bold, dim, red, yellow } = this.#paint;
    const mark = security ? `${red('security')}  ` : '';
    const [first, ...others] = group.findings as [Finding, ...Finding[]];
    const code = group.code === undefined ? '' : `  code ${group.code}`;
    const indent = others.length > 0 ? '    ' : '  ';
    const line = (finding: Finding, named: boolean): string => {
      const standing = finding.known !== undefined ? dim(`known ${finding.severity}`) : finding.severity === 'failure' ? red('failure') : yellow('warning');
      const label = findingGroupLabel(finding);
      const check = named ? `${bold(finding.check)}  ` : '';
      return `${indent}${finding.id} ${standing}  ${mark}${check}${localeLabel(finding.locale)} ${finding.method} ${finding.route}${label === '' ? '' : `  (${label})`}${named ? code : ''}`;
    };
    const lines = others.length > 0 ? [`  ${mark}${bold(group.check)}${code}: the same cause on ${group.operations} operations (the first shown)`] : [];
    lines.push(line(first, others.length === 0));
    lines.push(...first.message.split('\n').map((text) => `${indent}     ${text}`));
    // Who did it, as the HTML report's card says: the curl lines name the account only by the variable of its password.
    const acting = security ? actingRequest(first) : undefined;
    if (acting !== undefined)
      lines.push(`${indent}     acted as ${describeIdentity(acting.identity)}: request ${acting.index + 1} of ${first.curl.length} below`);
    if (first.known !== undefined) lines.push(`${indent}     ${dim(`known: ${first.known}`)}`);
    lines.push(...first.curl.map((curl) => `${indent}     ${dim('$')} ${curl}`));
    for (const finding of others) lines.push(line(finding, false));
    return lines;
  }

  /** Per namespace: operations, requests, and new failures and warnings (as the closing line counts them); known findings apart. */
  #namespaceRows(operations: OperationOutcome[], findings: Finding[]): string[][] {
    const withKnown = findings.some((f) => f.known !== undefined);
    const rows = [['namespace', 'operations', 'requests', 'failures', 'warnings', ...(withKnown ? ['known'] : [])]];
    const namespaceOfOperation = new Map(operations.map((o) => [`${o.locale} ${o.method} ${o.route}`, o.namespace]));
    const totals = withKnown ? [0, 0, 0, 0, 0] : [0, 0, 0, 0];
    for (const namespace of sortedNamespaces(operations)) {
      const mine = operations.filter((o) => o.namespace === namespace);
      const found = findings.filter((f) => namespaceOfOperation.get(`${f.locale} ${f.method} ${f.route}`) === namespace);
      const values = [
        mine.length,
        mine.reduce((sum, o) => sum + o.requests, 0),
        found.filter((f) => f.known === undefined && f.severity === 'failure').length,
        found.filter((f) => f.known === undefined && f.severity === 'warning').length,
        ...(withKnown ? [found.filter((f) => f.known !== undefined).length] : []),
      ];
      values.forEach((value, i) => (totals[i]! += value));
      rows.push([namespaceLabel(namespace), ...values.map(String)]);
    }
    rows.push(['total', ...totals.map(String)]);
    return rows;
  }
}
