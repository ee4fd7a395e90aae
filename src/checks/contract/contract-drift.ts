/** The descriptor serves what the contract documents, as the contract documents it. */
import type { EvidenceCheck } from '../types.js';
import type { DescriptorDifference } from './evidence.js';
import { isUndocumented } from './contract-undocumented-route.js';

export const contractDrift: EvidenceCheck<DescriptorDifference> = {
  name: 'contract_drift',
  evidence: 'contract',
  severity: 'failure',
  judges: 'descriptor',
  description:
    'The descriptor serves every namespace, route, method and parameter of the contract, with the same type, format, enum, default, bounds, maxItems, required flag and batch permission.',
  judge(difference) {
    if (isUndocumented(difference)) return [];
    return [{ message: difference.message, severity: difference.severity }];
  },
};
