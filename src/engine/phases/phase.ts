/** A phase of a run: a named step that sends requests through the shared RunContext. */
import type { Contract } from '../../contract/types.js';
import type { LoadedDescriptor, Operation } from '../../descriptor/types.js';
import type { OperationGenerators } from '../generators.js';
import type { RunContext } from '../run-context.js';

export interface PhaseContext {
  run: RunContext;
  /** Every loaded descriptor, one per locale (or one for `--locales none`). */
  descriptors: readonly LoadedDescriptor[];
  /** The operations this run tests: safety-filtered and sharded, in a stable order. */
  operations: readonly Operation[];
  /** Generators, built once per operation and shared by the phases. */
  generators(op: Operation): OperationGenerators;
  /** Per operation and phase: how many generated cases to try. */
  examples: number;
  concurrency: number;
  /** True when only GET/HEAD/OPTIONS may be sent (a non-loopback target without --allow-destructive). */
  safeMethodsOnly: boolean;
  /** The contract to compare with, when `--contract` is not `none`. */
  contract?: Contract;
  /** Treat write routes that succeed anonymously as failures, not warnings. */
  strictAuth: boolean;
}

export interface Phase {
  name: string;
  description: string;
  /** A reason to skip the phase in this run, or undefined to run it. */
  skipReason(ctx: PhaseContext): string | undefined;
  run(ctx: PhaseContext): Promise<void>;
}
