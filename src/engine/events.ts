/**
 * The engine's typed event stream. The engine emits; reporters only consume (console, JSON, NDJSON, JUnit,
 * HTML). A reporter never changes a result.
 */
import type { Finding } from '../checks/types.js';
import type { CaseKind } from '../generate/types.js';
import type { BudgetSplit, TargetRate } from './budget.js';
import type { BaselineOutcome } from './baseline.js';

export interface OperationRef {
  id: string;
  locale: string | null;
  method: string;
  route: string;
  namespace: string;
}

/** One slice of a run split over several processes: `--shard 2/4` is `{ index: 2, count: 4 }` (1-based). */
export interface ShardRef {
  index: number;
  count: number;
}

/** One shard's run as a merged report keeps it: which slice, its seed, target and timing, its own totals. */
export interface ShardRun extends ShardRef {
  seed: number;
  target: string;
  startedAt: string;
  durationMs: number;
  requests: number;
  failures: number;
  warnings: number;
  stoppedEarly?: string;
}

/** Coverage of one operation: how many requests, and the statuses seen (`"0"` = no response). */
export interface CoverageEntry {
  locale: string | null;
  method: string;
  route: string;
  namespace: string;
  requests: number;
  statuses: Record<string, number>;
  /** Notes such as "valid requests answered 401: needs credentials". */
  notes: string[];
  /**
   * The checks that had something to judge on this operation: the stateless checks that applied to one of its
   * exchanges, the checks of the phases that sent it requests, and the descriptor comparisons. Reports count the
   * other enabled checks as not applicable. Absent in reports written before it existed: every check applied.
   */
  applied?: string[];
  /**
   * True in a shard's report for an operation of another shard that this shard's whole-run work (a sequence, a
   * probe) reached: its requests count toward a merge, but the shard's tallies count only its own operations.
   */
  otherShard?: boolean;
}

/**
 * A run's choice of operations (`--include`, `--exclude`): its patterns, and the route families (`routeFamily`) its
 * chosen operations needed requests to outside it (a parent's create, a life cycle's delete), which coverage does not list.
 */
export interface ChoiceReport {
  include: string[];
  exclude: string[];
  reachedOutside: string[];
}

/** What one identity got in the access matrix. */
export interface AccessCell {
  /** `anonymous` or the account's login. */
  identity: string;
  /** The identity's declared role (`anonymous`, `member`, … `administrator`). */
  role: string;
  /** `null` when no response arrived. */
  status: number | null;
  /** The WordPress error code of the answer, if any. */
  code?: string;
  /** The answer's `Allow` header, if any. */
  allow?: string;
}

/** One operation of the access matrix: the same request sent as each identity, least privileged first. */
export interface AccessRow {
  operationId: string;
  locale: string | null;
  method: string;
  route: string;
  /** The concrete path inside the REST root the request went to. */
  path: string;
  cells: AccessCell[];
}

export interface RunSummary {
  requests: number;
  operations: number;
  /** De-duplicated findings of severity failure that no baseline lists: they fail the run. */
  failures: number;
  /** De-duplicated findings of severity warning that no baseline lists. */
  warnings: number;
  /** Findings a baseline lists (either severity): reported, but they fail nothing. */
  known: number;
  /** Requests cut off unanswered by the end of the run (an interrupt). */
  unanswered: number;
  /**
   * Answers to requests sent as the run's own identity (its `--user`, or anonymous without one), and how many of
   * them refused access (401/403): most refused means the run lacked the credentials its target needs. Requests a
   * phase sends as another identity on purpose (the access matrix, wrong credentials) are not counted.
   */
  answeredAsRun: number;
  refusedAsRun: number;
  /** Findings per check name that no baseline lists, counting each de-duplicated finding once. */
  byCheck: Record<string, { failures: number; warnings: number }>;
}

/** One step of a sequence, as the report shows it. */
export interface SequenceStep {
  step: string;
  outcome: 'ok' | 'failed' | 'warned' | 'skipped';
  detail?: string;
}

/** A sequence of a phase (a family's life cycle, a relation): what it did and how it ended, or why it did not run. */
export interface SequenceReport {
  phase: string;
  locale: string | null;
  name: string;
  /** The resource family whose life cycle it is. */
  family?: string;
  outcome: 'passed' | 'failed' | 'stopped' | 'skipped';
  reason?: string;
  steps: SequenceStep[];
  /** What its cleanup could not remove. */
  leftovers: string[];
}

/** A resource the run made and left on the target: enough to find it again and delete it as the run would. */
export interface LeftResource {
  /** The resource family (`posts`, `pages`, `blocks`…). */
  kind: string;
  locale: string | null;
  /** The REST root URL it lives under. */
  restUrl: string;
  /** Its item route (the descriptor's route key) and that route's path values. */
  route: string;
  path: Record<string, string>;
  id: string;
  /** The login it was made with (it may be the only one who can delete it). */
  maker?: string;
  /** Why it is still there: the delete's answer, no delete route, kept (--no-cleanup), or the clean-up was stopped. */
  reason: string;
}

export type RunEvent =
  | {
      type: 'run_started';
      tool: string;
      version: string;
      seed: number;
      target: string;
      locales: Array<string | null>;
      phases: string[];
      startedAt: string;
      /** True when only GET/HEAD/OPTIONS will be sent (non-loopback target without --allow-destructive). */
      safeMethodsOnly: boolean;
      /** The slice of the run this process does (`--shard I/N`); absent or null for a whole run. */
      shard?: ShardRef | null;
      /** True when the target is the bundled reference server the run started itself (its URL changes each run). */
      bundledServer?: boolean;
    }
  | { type: 'descriptor_loaded'; locale: string | null; source: string; routes: number; operations: number; warnings: string[] }
  | { type: 'phase_started'; phase: string; operations: number }
  | { type: 'phase_skipped'; phase: string; reason: string }
  | { type: 'phase_finished'; phase: string; requests: number; durationMs: number; sequences?: number; sequencesPerSecond?: number }
  | { type: 'exchange'; phase: string; operation: OperationRef; caseKind: CaseKind | 'sequence'; status: number | null; durationMs: number }
  | { type: 'finding'; finding: Finding }
  /** The target's pace, measured before the phases start: part of the run's header. */
  | { type: 'target_measured'; rate: TargetRate }
  | { type: 'warning'; message: string }
  | { type: 'sequence'; sequence: SequenceReport }
  /**
   * The end-of-run clean-up on a target that is not the bundled server: what it removed, kept (--no-cleanup) or could
   * not remove (`leftovers` as lines, `resources` as records `restconform cleanup` can delete later), and, when it was
   * stopped before it tried everything (a second Ctrl-C, its cap after an interrupt), why.
   */
  | { type: 'cleanup'; removed: number; kept: number; leftovers: string[]; resources?: LeftResource[]; cutShort?: string }
  | {
      type: 'run_finished';
      durationMs: number;
      summary: RunSummary;
      coverage: CoverageEntry[];
      /** De-duplicated, with counts. */
      findings: Finding[];
      /** Set when the run stopped early: `interrupted` (SIGINT), `time budget`, or the reason it aborted. */
      stoppedEarly?: string;
      /** Names of the checks that were enabled: reporters count (operation, check) pairs from it. */
      checks?: string[];
      /** Set by `restconform merge`: the shards whose runs make up this one, in shard order. */
      shards?: ShardRun[];
      /** The access matrix of the auth phase, when it ran. */
      access?: AccessRow[];
      /** The target's median latency and the rate reached over the whole run. */
      rate?: TargetRate;
      /** With a time budget: each phase's share and how it was spent. */
      budget?: BudgetSplit;
      /** Why the run did not test everything it was asked to, one reason a line; empty when it did. */
      incomplete?: string[];
      /** What the baseline (`--baseline`) said: known findings, fixed and unchecked entries. */
      baseline?: BaselineOutcome;
      /** The run's choice of operations, when it had one (`--include`, `--exclude`). */
      choice?: ChoiceReport;
    };

/** A reporter consumes events; `close` flushes files. */
export interface Reporter {
  onEvent(event: RunEvent): void;
  close(): Promise<void>;
}
