/** What the descriptor serves in a documented namespace is documented: a route or method the contract lacks is a warning. */
import type { EvidenceCheck } from '../types.js';
import type { DescriptorDifference } from './evidence.js';

/** A route or method the descriptor serves and the contract does not document (every other difference is drift). */
export function isUndocumented(difference: DescriptorDifference): boolean {
  return difference.kind === 'added_route' || difference.kind === 'added_method';
}

export const contractUndocumentedRoute: EvidenceCheck<DescriptorDifference> = {
  name: 'contract_undocumented_route',
  evidence: 'contract',
  severity: 'warning',
  judges: 'descriptor',
  description: 'Every route and method the descriptor serves in a namespace the contract documents is in the contract.',
  judge(difference) {
    if (!isUndocumented(difference)) return [];
    return [{ message: difference.message, severity: difference.severity }];
  },
};
