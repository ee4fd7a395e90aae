/** Every phase, in the order a run executes them, and the checks the phases report under their own names. */
import type { Severity } from '../../checks/types.js';
import { examplesPhase } from './examples.js';
import { fuzzPhase } from './fuzz.js';
import type { Phase } from './phase.js';

export const PHASES: readonly Phase[] = [examplesPhase, fuzzPhase];

export const PHASE_NAMES: readonly string[] = PHASES.map((phase) => phase.name);

/** A check that a phase reports itself (not run per exchange): name, default severity, what it means. */
export interface PhaseCheck {
  name: string;
  severity: Severity;
  description: string;
  phase: string;
}

export const PHASE_CHECKS: readonly PhaseCheck[] = [];
