/**
 * The harness's own verdict on a generated case, asked again before a finding that depends on the case's
 * label (valid / invalid) is reported. A case the rule book no longer labels as generated is a harness bug,
 * never a server fault: reporting it would be a false alarm.
 */
import type { Operation } from '../descriptor/types.js';
import { classifyRequestCase } from '../generate/index.js';
import type { RequestCase } from '../generate/types.js';

/** Checks whose verdict rests on the case's label. */
export const LABEL_DEPENDENT_CHECKS: ReadonlySet<string> = new Set(['valid_accepted', 'invalid_rejected']);

/**
 * True when the rule book still gives the case the label it was generated with. `rejectedDefaults` are args
 * whose own default WordPress rejects: every request that leaves them out is refused, which is the server's
 * departure to report, not a reason to doubt the case.
 */
export function labelStillHolds(op: Operation, requestCase: RequestCase, rejectedDefaults: readonly string[] = []): boolean {
  const rejected = classifyRequestCase(op, requestCase);
  if (requestCase.mutation) return rejected.has(requestCase.mutation.param);
  return [...rejected].every((name) => rejectedDefaults.includes(name));
}
