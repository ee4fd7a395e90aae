/**
 * Hands a difference between two descriptors (or a descriptor and the contract) to the checks that judge such
 * differences. A difference is about a route and method of a descriptor, which need not be an operation the run
 * tests (a route the contract has and the descriptor lacks), so what the checks find is reported at that route.
 */
import type { DescriptorDifference } from '../checks/contract/evidence.js';
import type { EvidenceCheck } from '../checks/types.js';
import type { Exchange } from '../http/types.js';
import type { Execution } from './execution/execution.js';

export function judgeDifference(
  execution: Execution,
  checks: readonly EvidenceCheck<DescriptorDifference>[],
  difference: DescriptorDifference,
  where: { locale: string | null; phase: string; exchanges: Exchange[] },
): void {
  const operation = { locale: where.locale, method: difference.method ?? '*', route: difference.subjectRoute ?? difference.route };
  for (const check of checks) {
    for (const failure of execution.verdictOf(check, difference)) {
      execution.report({
        check: check.name,
        severity: failure.severity ?? check.severity,
        operation,
        message: failure.message,
        cause: failure.cause,
        argument: failure.argument,
        phase: where.phase,
        exchanges: where.exchanges,
      });
    }
  }
}
