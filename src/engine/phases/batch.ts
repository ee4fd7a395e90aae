/**
 * Phase `batch`: `POST /batch/v1` semantics, per locale: the size limit, per-item answers in request order, and
 * the two validation modes, with read-backs proving what ran and what did not.
 */
import { BATCH_CHECKS } from '../sequences/batch-checks.js';
import { BATCH_ROUTE, planBatch } from '../sequences/batch-plan.js';
import { itemsInOrder, largestBatchAccepted, oversizedBatchRejected, requireAllValidate } from '../sequences/batch-sequences.js';
import { RouteBook } from '../sequences/route-book.js';
import { runSequence } from '../sequences/sequence.js';
import { sequenceToken } from '../sequences/token.js';
import type { Phase } from './phase.js';

export { BATCH_CHECKS };

const PHASE = 'batch';

export const batchPhase: Phase = {
  name: PHASE,
  description: 'Batch requests: 25 items accepted and 26 rejected before anything runs; items answered in order with their own statuses; require-all-validate runs nothing when one item is invalid, normal runs the valid ones.',
  skipReason(ctx) {
    if (ctx.safeMethodsOnly) return 'only GET, HEAD and OPTIONS may be sent to this target (--allow-destructive allows writes)';
    const served = ctx.descriptors.some((descriptor) => new RouteBook(descriptor).operation(BATCH_ROUTE, 'POST') !== undefined);
    return served ? undefined : `the descriptor has no POST ${BATCH_ROUTE}`;
  },
  async run(ctx) {
    const selected = new Set(ctx.operations.map((op) => op.id));
    let counter = 0;
    for (const descriptor of ctx.descriptors) {
      const plan = planBatch(new RouteBook(descriptor), ctx.operations);
      if (plan === undefined || !selected.has(plan.batch.id)) continue;
      const where = `(${descriptor.locale ?? 'no locale'})`;
      const token = () => sequenceToken(ctx.run.seed, 'b', (counter += 1));
      await runSequence(ctx, PHASE, `batch of ${plan.maxItems} ${where}`, (sequence) => largestBatchAccepted(sequence, plan));
      const oversized = token();
      await runSequence(ctx, PHASE, `batch of ${plan.maxItems + 1} ${where}`, (sequence) => oversizedBatchRejected(sequence, plan, oversized));
      if (plan.batchable === undefined) {
        ctx.run.note(plan.batch, `${PHASE}: no route whose create allows batching; item order and validation modes not tested`);
        continue;
      }
      const mixed = token();
      await runSequence(ctx, PHASE, `normal batch of mixed items ${where}`, (sequence) => itemsInOrder(sequence, plan, mixed));
      const validated = token();
      await runSequence(ctx, PHASE, `require-all-validate batch ${where}`, (sequence) => requireAllValidate(sequence, plan, validated));
    }
  },
};
