/** Every phase, in the order a run executes them. Later issues add contract, locale, stateful, batch, auth. */
import { examplesPhase } from './examples.js';
import { fuzzPhase } from './fuzz.js';
import type { Phase } from './phase.js';

export const PHASES: readonly Phase[] = [examplesPhase, fuzzPhase];

export const PHASE_NAMES: readonly string[] = PHASES.map((phase) => phase.name);
