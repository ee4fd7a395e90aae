/**
 * The run's recorder: what was sent where and what came back, told once after each send. It keeps the coverage
 * (requests and statuses per operation, notes, the checks that applied, the phases that sent), the access
 * matrix, the target's pace, and the counts of the summary.
 */
import type { Operation } from '../../descriptor/types.js';
import type { Exchange } from '../../http/types.js';
import { LatencyHistogram, type TargetRate } from '../budget.js';
import type { AccessRow, CoverageEntry, RunSummary } from '../events.js';
import type { Sending } from './write-guards/layer.js';

export interface RunRecorderOptions {
  /** Told the target's pace once, when `after` requests have been answered (the run's first ones, no extra). */
  pace?: { after: number; measured(rate: TargetRate): void };
  /** The Authorization header of the run's own identity (undefined: anonymous). */
  runAuthorization?: string;
}

export class RunRecorder {
  readonly #options: RunRecorderOptions;
  #requests = 0;
  /** Every request's time to an answer, for the median latency of the summary. */
  readonly #latencies = new LatencyHistogram();
  #firstSentAt: number | undefined;
  /** Requests cut off by the end of the run (an interrupt): unanswered, but no fault of the server. */
  #cutOff = 0;
  /** Answers to requests sent as the run's own identity, and those that refused access (401/403). */
  #answeredAsRun = 0;
  #refusedAsRun = 0;
  readonly #coverage = new Map<string, CoverageEntry>();
  /** Per operation id: the stateless checks that had something to judge in at least one of its exchanges. */
  readonly #applied = new Map<string, Set<string>>();
  /** Per operation id: the phases that sent it requests. */
  readonly #phasesOf = new Map<string, Set<string>>();
  readonly #access: AccessRow[] = [];

  constructor(options: RunRecorderOptions = {}) {
    this.#options = options;
  }

  /** Requests sent so far (probes included). */
  get requests(): number {
    return this.#requests;
  }

  /** Requests cut off by the end of the run, unanswered. */
  get cutOff(): number {
    return this.#cutOff;
  }

  /** Registers a declared operation in coverage even if no request reaches it (so gaps show). */
  cover(op: Operation): CoverageEntry {
    let entry = this.#coverage.get(op.id);
    if (!entry) {
      entry = { locale: op.locale, method: op.method, route: op.route, namespace: op.namespace, requests: 0, statuses: {}, notes: [] };
      this.#coverage.set(op.id, entry);
    }
    return entry;
  }

  /**
   * Adds a note to a declared operation's coverage entry (e.g. "valid requests answered 401"). Probes of
   * undeclared methods are not operations: a note about one is dropped rather than listing it as covered.
   */
  note(op: Operation, note: string): void {
    const entry = this.#coverage.get(op.id);
    if (entry && !entry.notes.includes(note)) entry.notes.push(note);
  }

  /** A stateless check had something to judge in one of `op`'s exchanges. */
  applied(op: Operation, check: string): void {
    mark(this.#applied, op.id, check);
  }

  /** Adds a row to the access matrix. */
  recordAccess(row: AccessRow): void {
    this.#access.push(row);
  }

  /** The access matrix, in a stable order (operation id), whatever order concurrent requests finished in. */
  access(): AccessRow[] {
    return [...this.#access].sort((a, b) => (a.operationId < b.operationId ? -1 : a.operationId > b.operationId ? 1 : 0));
  }

  /** A request is about to go: the pace is measured from the first. */
  sending(): void {
    this.#firstSentAt ??= Date.now();
  }

  /**
   * Records one exchange, `sending.sent` as the request that went: every request counts toward the pace; a
   * declared operation's (not a probe's) also toward its coverage and the run's own identity's answers.
   * `cutOff`: the run itself aborted it.
   */
  onExchange(sending: Sending, exchange: Exchange, cutOff: boolean): void {
    this.#requests += 1;
    this.#latencies.add(exchange.durationMs);
    if (this.#requests === this.#options.pace?.after) this.#options.pace.measured(this.pace());
    if (sending.probe) return;
    const { op } = sending;
    const status = exchange.response?.status ?? null;
    const entry = this.cover(op);
    entry.requests += 1;
    const key = String(status ?? 0);
    entry.statuses[key] = (entry.statuses[key] ?? 0) + 1;
    if (status !== null && sending.sent.headers.authorization === this.#options.runAuthorization) {
      this.#answeredAsRun += 1;
      if (status === 401 || status === 403) this.#refusedAsRun += 1;
    }
    mark(this.#phasesOf, op.id, sending.phase);
    if (cutOff) {
      this.#cutOff += 1;
      this.note(op, 'requests cut off unanswered by the end of the run');
    }
  }

  /** The target's pace so far: the median time to an answer and the requests per second since the first was sent. */
  pace(): TargetRate {
    const elapsedMs = this.#firstSentAt === undefined ? 0 : Date.now() - this.#firstSentAt;
    const requests = this.#requests;
    return { medianLatencyMs: this.#latencies.median(), requestsPerSecond: elapsedMs > 0 ? (requests * 1000) / elapsedMs : 0, requests };
  }

  /**
   * Coverage of every operation, each with the checks that applied to it: the stateless checks that had something
   * to judge in one of its exchanges, and `phaseChecks` of the phases that sent it requests.
   */
  coverage(phaseChecks: (phases: ReadonlySet<string>) => readonly string[] = () => []): CoverageEntry[] {
    return [...this.#coverage].map(([id, entry]) => ({
      ...entry,
      applied: [...(this.#applied.get(id) ?? []), ...phaseChecks(this.#phasesOf.get(id) ?? new Set())],
    }));
  }

  /** The run's summary, with the findings' `tally`. */
  summary(tally: Pick<RunSummary, 'failures' | 'warnings' | 'known' | 'byCheck'>): RunSummary {
    return {
      requests: this.#requests,
      operations: this.#coverage.size,
      ...tally,
      unanswered: this.#cutOff,
      answeredAsRun: this.#answeredAsRun,
      refusedAsRun: this.#refusedAsRun,
    };
  }
}

function mark(map: Map<string, Set<string>>, key: string, value: string): void {
  const set = map.get(key);
  if (set) set.add(value);
  else map.set(key, new Set([value]));
}
