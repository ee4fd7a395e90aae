/** A phase of a run: a named step that sends requests through the shared Execution. */
import type { Contract } from '@restconform/interface';
import type { LoadedDescriptor, Operation } from '../../descriptor/types.js';
import type { OperationGenerators } from '../generators.js';
import type { ResourceHints } from '../../resources/index.js';
import type { AnyEvidenceCheck } from '../../checks/types.js';
import type { CallbackRefusals } from '../callback-refusals.js';
import type { Execution } from '../execution/execution.js';
import type { ShardPlan, WorkUnit } from '../shard-plan.js';
import type { PhaseFigures } from '../budget.js';
import type { RunSettings } from '../../config/index.js';

export interface PhaseContext {
  /** The run's execution: its control, transmitter, findings book and clean-up, shared by every phase. */
  execution: Execution;
  /** Every loaded descriptor, one per locale (or one for `--locales none`). */
  descriptors: readonly LoadedDescriptor[];
  /** The operations this run tests: safety-filtered and sharded, in a stable order. */
  operations: readonly Operation[];
  /**
   * Every operation of the whole run, safety-filtered but not sharded. Work chosen from a sample of the
   * operations (the first N, every Kth) is chosen from these, then kept when `shard` says it is this process's,
   * so that a split run samples what one whole run samples.
   */
  allOperations: readonly Operation[];
  /** Which operations and whole-run pieces of work are this process's (everything in a run that is not split). */
  shard: ShardPlan;
  /** Generators, built once per operation and shared by the phases. */
  generators(op: Operation): OperationGenerators;
  /** The run's settings, resolved and whole (`settings.fuzzExamples`, `settings.connections`, `settings.strictAuth`…). */
  settings: RunSettings;
  /** True when only GET/HEAD/OPTIONS may be sent (a non-loopback target without --allow-destructive). */
  safeMethodsOnly: boolean;
  /** The contract to compare with, when `--contract` is not `none`. */
  contract?: Contract;
  /** Hints about resources the descriptor cannot give (configuration `resources.hints`), over the built-in ones. */
  resourceHints?: ResourceHints;
  /**
   * Optional arguments the routes' own callbacks refused in valid requests, learnt by the examples and fuzz phases
   * and used by the fuzz phase (`callback-refusals.ts`): one per run.
   */
  refusals: CallbackRefusals;
}

/** What a phase may look at to name its whole-run pieces of work, before the run is split. */
export type PlanningContext = Pick<PhaseContext, 'descriptors' | 'allOperations' | 'safeMethodsOnly'> & {
  /** Per operation and phase: how many generated cases the fuzz phase tries (`settings.fuzzExamples`). */
  fuzzExamples: number;
  /** Whether the run has credentials (the auth phase needs them). */
  hasCredentials: boolean;
  /** Whether the run compares the descriptors with a contract. */
  hasContract: boolean;
};

export interface Phase {
  name: string;
  description: string;
  /** The checks that judge the evidence this phase gathers (not those over single exchanges, which every phase feeds). */
  checks: readonly AnyEvidenceCheck[];
  /**
   * Its share of a time budget, weighed against the shares of the other phases that run: each reserves that part,
   * so the short but decisive phases after an open-ended one still get their time (see `budget.ts`).
   */
  budgetShare: number;
  /** About how many requests it sends in this run: what the budget check compares with the target's measured rate. */
  workload(ctx: PhaseContext): number;
  /**
   * The pieces of work this phase does once per run rather than per operation (a comparison, a sequence), each
   * with an estimated cost: a split run gives each to exactly one shard (`ctx.shard.owns(name)`).
   */
  units?(ctx: PlanningContext): WorkUnit[];
  /** A reason to skip the phase in this run, or undefined to run it. */
  skipReason(ctx: PhaseContext): string | undefined;
  /**
   * Gathers the phase's evidence: sends its requests and hands what it saw to its checks. A phase of sequences
   * tells how many ran (its pace in the reports).
   */
  gather(ctx: PhaseContext): Promise<void | PhaseFigures>;
}

/** Why a phase that writes cannot run here: writes are not allowed, or there is no descriptor to write through. */
export function writingPhaseSkipReason(ctx: Pick<PhaseContext, 'safeMethodsOnly' | 'descriptors'>): string | undefined {
  if (ctx.safeMethodsOnly) return 'only GET, HEAD and OPTIONS may be sent to this target (--allow-destructive allows writes)';
  return ctx.descriptors.length === 0 ? 'no descriptor loaded' : undefined;
}
