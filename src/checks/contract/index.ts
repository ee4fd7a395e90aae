/** The contract phase's checks: the descriptors against the contract. */
import { contractDrift } from './contract-drift.js';
import { contractUndocumentedRoute } from './contract-undocumented-route.js';
import type { AnyEvidenceCheck } from '../types.js';

export const CONTRACT_CHECKS: readonly AnyEvidenceCheck[] = [contractDrift, contractUndocumentedRoute];
