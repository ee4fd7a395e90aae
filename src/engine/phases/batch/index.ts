/**
 * Phase `batch`: `POST /batch/v1` semantics, per locale: the size limit, per-item answers in request order, and
 * the two validation modes, with read-backs proving what ran and what did not.
 */
import { BATCH_ROUTE, planBatch } from '../../steps/batch-plan.js';
import { itemsInOrder, largestBatchAccepted, oversizedBatchRejected, requireAllValidate } from './batch-scripts.js';
import { RouteBook } from '../../steps/route-book.js';
import { runStepScript } from '../../steps/step-script.js';
import { seededToken } from '../../steps/token.js';
import type { LoadedDescriptor } from '../../../descriptor/types.js';
import { SEQUENTIAL_WEIGHT } from '../../shard-plan.js';
import { writingPhaseSkipReason, type Phase } from '../phase.js';
import { BATCH_CHECKS } from '../../../checks/batch/index.js';

const PHASE = 'batch';

/** Requests the batch sequences of one locale send, one after another, about. */
const BATCH_SEQUENCE_STEPS = 12;
/** Names a locale's batch sequences use at most (three today). */
const TOKENS_PER_LOCALE = 10;

function servesBatch(descriptor: LoadedDescriptor): boolean {
  return new RouteBook(descriptor).operation(BATCH_ROUTE, 'POST') !== undefined;
}

/** One locale's batch sequences: a split run gives them to one shard. */
function batchUnit(descriptor: LoadedDescriptor): string {
  return `${PHASE} (${descriptor.locale ?? 'no locale'})`;
}

/** The batches this phase sends: the largest, one too many, items, validation modes (the workload estimate). */
const BATCH_REQUESTS = 8;

export const batchPhase: Phase = {
  name: PHASE,
  description:
    'Batch requests: 25 items accepted and 26 rejected before anything runs; items answered in order with their own statuses; require-all-validate runs nothing when one item is invalid, normal runs the valid ones.',
  checks: BATCH_CHECKS,
  budgetShare: 0.05,
  workload: () => BATCH_REQUESTS,
  skipReason(ctx) {
    if (ctx.safeMethodsOnly) return writingPhaseSkipReason(ctx);
    return ctx.descriptors.some(servesBatch) ? undefined : `the descriptor has no POST ${BATCH_ROUTE}`;
  },
  units: (ctx) =>
    ctx.safeMethodsOnly
      ? []
      : ctx.descriptors.filter(servesBatch).map((descriptor) => ({ name: batchUnit(descriptor), cost: BATCH_SEQUENCE_STEPS * SEQUENTIAL_WEIGHT })),
  async gather(ctx) {
    for (const [index, descriptor] of ctx.descriptors.entries()) {
      if (!ctx.shard.owns(batchUnit(descriptor))) continue;
      // Planned on the whole run's operations, so a split run picks the same items as a whole one.
      const plan = planBatch(descriptor, ctx.allOperations, ctx.resourceHints);
      if (plan === undefined) continue;
      const where = `(${descriptor.locale ?? 'no locale'})`;
      // Each locale's names start at its own place: the same in a whole run and in the shard that runs it.
      let counter = index * TOKENS_PER_LOCALE;
      const token = () => seededToken(ctx.execution.seed, 'b', (counter += 1));
      await runStepScript(ctx, PHASE, `batch of ${plan.maxItems} ${where}`, (script) => largestBatchAccepted(script, plan));
      const oversized = token();
      await runStepScript(ctx, PHASE, `batch of ${plan.maxItems + 1} ${where}`, (script) => oversizedBatchRejected(script, plan, oversized));
      if (plan.batchable === undefined) {
        ctx.execution.note(plan.batch, `${PHASE}: no route whose create allows batching; item order and validation modes not tested`);
        continue;
      }
      const mixed = token();
      await runStepScript(ctx, PHASE, `normal batch of mixed items ${where}`, (script) => itemsInOrder(script, plan, mixed));
      const validated = token();
      await runStepScript(ctx, PHASE, `require-all-validate batch ${where}`, (script) => requireAllValidate(script, plan, validated));
    }
  },
};
