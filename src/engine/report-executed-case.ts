/**
 * What a phase does with one case it sent (examples, collections and fuzz alike): a valid case's answer that says
 * something about state or rights becomes a coverage note, and every broken rule is reported, except the verdicts
 * that depend on the case's label when the rule book no longer labels the case so.
 */
import type { Operation } from '../descriptor/types.js';
import type { RequestCase } from '../generate/types.js';
import type { ExecutedCase } from './execution/execution.js';
import { LABEL_DEPENDENT_CHECKS, labelStillHolds } from './labels.js';
import type { PhaseContext } from './phases/phase.js';

/** Statuses a valid request may get without it being a fault: they say something about state or rights. */
const NOTED_STATUSES: Record<number, string> = {
  401: 'valid requests answered 401: needs credentials',
  403: 'valid requests answered 403: the user lacks the right',
  404: 'valid requests answered 404: resource not found for the values tried',
  // The transport has already retried within its bounds: the operation went untested, and the report must say so.
  429: 'valid requests answered 429 even after retries: rate limited, not tested',
};

/** Records coverage notes for valid cases and reports every broken rule. */
export function reportExecuted(ctx: PhaseContext, op: Operation, requestCase: RequestCase, executed: ExecutedCase, phase: string): void {
  const status = executed.exchange.response?.status;
  if (!requestCase.mutation && status !== undefined && NOTED_STATUSES[status]) {
    ctx.execution.note(op, NOTED_STATUSES[status]!);
  }
  let outcomes = executed.outcomes;
  if (outcomes.some((o) => LABEL_DEPENDENT_CHECKS.has(o.check)) && !labelStillHolds(op, requestCase, ctx.generators(op).rejectedDefaults)) {
    ctx.execution.emit({
      type: 'warning',
      message: `harness: a ${requestCase.kind} case for ${op.id} is not labelled so by the rule book; its verdict is not reported`,
    });
    outcomes = outcomes.filter((o) => !LABEL_DEPENDENT_CHECKS.has(o.check));
  }
  ctx.execution.reportOutcomes(op, requestCase, executed, phase, outcomes);
}
