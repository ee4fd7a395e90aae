/**
 * About how many requests each phase sends, from the run's operations and settings: what the budget check
 * compares with the target's rate. An estimate (sequences stop early, fuzz stops at the first failure), on the
 * high side where the phase's own loop is open-ended.
 */
import type { PhaseWorkload } from './budget.js';
import { LOCALE_RESPONSE_OPERATIONS } from './phases/locale.js';
import { probeOperations } from './phases/examples.js';
import type { PhaseContext } from './phases/phase.js';

/** Requests of one create → read → update → read → delete → read sequence and its list checks. */
const REQUESTS_PER_SEQUENCE = 12;
/** The batch phase's batches (largest, one too many, items, validation modes). */
const BATCH_REQUESTS = 8;
/** The auth phase per operation: a wrong password, an unknown user, a write without credentials. */
const AUTH_REQUESTS_PER_OPERATION = 3;

export function estimateWorkload(ctx: PhaseContext, phases: readonly string[]): PhaseWorkload[] {
  const ops = ctx.operations;
  const estimates: Record<string, () => number> = {
    contract: () => 2 * ctx.descriptors.length,
    locale: () => {
      const first = ops.filter((op) => op.locale === ctx.descriptors[0]?.locale).slice(0, LOCALE_RESPONSE_OPERATIONS);
      return first.length * 2 * 2 * Math.max(0, ctx.descriptors.length - 1);
    },
    examples: () => ops.reduce((sum, op) => sum + ctx.generators(op).boundary().length, 0) + probeOperations(ops, ctx.safeMethodsOnly).length,
    fuzz: () => ops.length * 2 * ctx.examples,
    stateful: () => ops.filter((op) => op.method === 'POST' && op.pattern.variables.length === 0).length * REQUESTS_PER_SEQUENCE,
    batch: () => BATCH_REQUESTS,
    auth: () => ops.length * AUTH_REQUESTS_PER_OPERATION,
  };
  return phases.map((phase) => ({ phase, requests: estimates[phase]?.() ?? 0 }));
}
