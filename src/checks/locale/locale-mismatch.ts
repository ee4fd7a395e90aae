/** The descriptors of all locales agree on everything but human text. */
import type { EvidenceCheck } from '../types.js';
import type { DescriptorDifference } from './evidence.js';
import { isDescriptionDifference } from './locale-missing-description.js';

export const localeMismatch: EvidenceCheck<DescriptorDifference> = {
  name: 'locale_mismatch',
  evidence: 'locale',
  severity: 'failure',
  judges: 'descriptor',
  description:
    'The descriptors of all locales agree on namespaces, routes, methods, parameter names, types, formats, enums, defaults, bounds and required flags.',
  judge(difference) {
    if (isDescriptionDifference(difference)) return [];
    return [{ message: difference.message, severity: difference.severity }];
  },
};
