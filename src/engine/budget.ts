/**
 * The time budget split between phases. Without a split the first phases (examples, fuzz) spend the whole budget
 * against a slow server and the short but decisive ones (stateful, batch, auth) never run. Each phase that will
 * run reserves a share of the budget; a phase may use the time left minus what the phases after it reserve, so
 * time a phase does not use passes on, and fuzz, the last open-ended phase, takes whatever the others leave.
 */

/** How one phase used its share: reported in `run_finished`, so a report says how the budget was spent. */
export interface PhaseBudget {
  phase: string;
  /** The time the phase was allowed when it started (ms). */
  allowedMs: number;
  /** The time it took (ms). */
  spentMs: number;
  requests: number;
  /** True when the phase stopped because its time was up, not because it was done. */
  cutShort: boolean;
  /** For a phase of sequences: how many ran, and how many a second (its pace, as requests are the others'). */
  sequences?: number;
  sequencesPerSecond?: number;
}

/** What a phase did beyond its requests, told the engine when it ends: the sequences it ran, for its pace. */
export interface PhaseFigures {
  sequences: number;
}

/** A phase's figures with their pace over `spentMs`, for its budget entry and its `phase_finished` event. */
export function phaseFiguresWithPace(figures: PhaseFigures | void, spentMs: number): Pick<PhaseBudget, 'sequences' | 'sequencesPerSecond'> {
  if (figures === undefined) return {};
  return { sequences: figures.sequences, sequencesPerSecond: spentMs > 0 ? Math.round((figures.sequences * 10_000) / spentMs) / 10 : 0 };
}

/** The budget and how each phase that ran used it. */
export interface BudgetSplit {
  budgetMs: number;
  phases: PhaseBudget[];
}

/** A phase's name and its share of the time budget, relative to the other phases' (`Phase.budgetShare`). */
export interface BudgetShare {
  name: string;
  budgetShare: number;
}

/** Splits one time budget over the phases that will run, in their order, by their shares. */
export class BudgetPlan {
  readonly #deadline: number;
  readonly #reserveMs: ReadonlyMap<string, number>;
  readonly #phases: readonly string[];
  readonly #spent: PhaseBudget[] = [];
  readonly budgetMs: number;

  /** `phases`: the phases that will run, in order, each with its share; `deadline`: the run's end (epoch ms). */
  constructor(budgetMs: number, deadline: number, phases: readonly BudgetShare[]) {
    this.budgetMs = budgetMs;
    this.#deadline = deadline;
    this.#phases = phases.map((phase) => phase.name);
    const total = phases.reduce((sum, phase) => sum + phase.budgetShare, 0);
    this.#reserveMs = new Map(phases.map((phase) => [phase.name, total > 0 ? (budgetMs * phase.budgetShare) / total : 0]));
  }

  /**
   * The deadline of `phase` if it starts at `now`: the time left minus the reserves of the phases after it, but
   * never less than its proportional part of the time left (when earlier phases ran long, all shrink alike).
   */
  deadlineFor(phase: string, now: number): number {
    const remaining = Math.max(0, this.#deadline - now);
    const later = this.#phases.slice(this.#phases.indexOf(phase) + 1);
    const laterReserve = later.reduce((sum, name) => sum + (this.#reserveMs.get(name) ?? 0), 0);
    const own = this.#reserveMs.get(phase) ?? 0;
    const proportional = own + laterReserve > 0 ? (remaining * own) / (own + laterReserve) : remaining;
    return now + Math.max(remaining - laterReserve, proportional);
  }

  /** Records how a phase used its time. */
  record(spent: PhaseBudget): void {
    this.#spent.push(spent);
  }

  split(): BudgetSplit {
    return { budgetMs: this.budgetMs, phases: [...this.#spent] };
  }
}

/** `contract 0.1 s, examples 70 s of 75 s, fuzz 90 s of 90 s (cut short), …`: one line for the reports. */
export function describeBudgetSplit(split: BudgetSplit): string {
  const seconds = (ms: number): string => `${ms >= 10_000 ? Math.round(ms / 1000) : (ms / 1000).toFixed(1)} s`;
  const phases = split.phases.map(
    (entry) =>
      `${entry.phase} ${seconds(entry.spentMs)} of ${seconds(entry.allowedMs)}${entry.cutShort ? ' (cut short)' : ''}, ${entry.requests} requests${entry.sequences === undefined ? '' : `, ${entry.sequences} sequences (${entry.sequencesPerSecond}/s)`}`,
  );
  return `budget ${seconds(split.budgetMs)}: ${phases.join('; ')}`;
}

/** The target's pace: its median latency and the rate the run reaches at its concurrency. */
export interface TargetRate {
  medianLatencyMs: number;
  requestsPerSecond: number;
  /** How many requests the figures are drawn from. */
  requests: number;
}

/** The median of `values` (0 for none). */
export function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** About how many requests each phase sends, given the run's operations and settings. */
export interface PhaseWorkload {
  phase: string;
  requests: number;
}

/**
 * Whether the budget covers the phases at the measured rate: undefined when it does, else the warning to show,
 * naming the budget (whole seconds, rounded up to ten) that would.
 */
export function budgetShortfall(budgetSeconds: number, rate: TargetRate, workload: readonly PhaseWorkload[]): string | undefined {
  if (rate.requestsPerSecond <= 0) return undefined;
  const needed = workload.reduce((sum, entry) => sum + entry.requests, 0);
  const neededSeconds = needed / rate.requestsPerSecond;
  if (neededSeconds <= budgetSeconds) return undefined;
  const covered = Math.floor(budgetSeconds * rate.requestsPerSecond);
  const wanted = Math.ceil(neededSeconds / 10) * 10;
  const parts = workload.map((entry) => `${entry.phase} ~${entry.requests}`).join(', ');
  return `at the target's rate (${rate.requestsPerSecond.toFixed(1)} requests/s, median latency ${Math.round(rate.medianLatencyMs)} ms) the selected phases need about ${needed} requests (${parts}), some ${Math.ceil(neededSeconds)} s; the time budget of ${budgetSeconds} s covers about ${covered}: each phase gets a share and stops when it is spent, and --time-budget ${wanted} would cover them all`;
}

/** Times to an answer in 0.1 ms buckets: a median over a long run without keeping every request's time. */
export class LatencyHistogram {
  readonly #buckets = new Map<number, number>();
  #count = 0;

  add(ms: number): void {
    const bucket = Math.round(ms * 10);
    this.#buckets.set(bucket, (this.#buckets.get(bucket) ?? 0) + 1);
    this.#count += 1;
  }

  get count(): number {
    return this.#count;
  }

  /** The median (lower middle for an even count) in ms; 0 when empty. */
  median(): number {
    if (this.#count === 0) return 0;
    const target = Math.ceil(this.#count / 2);
    let seen = 0;
    for (const bucket of [...this.#buckets.keys()].sort((a, b) => a - b)) {
      seen += this.#buckets.get(bucket)!;
      if (seen >= target) return bucket / 10;
    }
    return 0;
  }
}

/** `median latency 62 ms, 16.0 requests/s (over 8 requests)`. */
export function describeRate(rate: TargetRate): string {
  const latency = rate.medianLatencyMs >= 10 ? Math.round(rate.medianLatencyMs) : rate.medianLatencyMs.toFixed(1);
  return `median latency ${latency} ms, ${rate.requestsPerSecond.toFixed(1)} requests/s (over ${rate.requests} requests)`;
}
