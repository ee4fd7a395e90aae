/** A parameter described in one locale is described in every locale. */
import type { EvidenceCheck } from '../types.js';
import type { DescriptorDifference } from './evidence.js';

/** A difference in human text (a description missing or left untranslated), which the other locale checks judge. */
export function isDescriptionDifference(difference: DescriptorDifference): boolean {
  return difference.kind === 'missing_description' || difference.kind === 'untranslated_description' || difference.kind === 'untranslated_locale';
}

export const localeMissingDescription: EvidenceCheck<DescriptorDifference> = {
  name: 'locale_missing_description',
  evidence: 'locale',
  severity: 'failure',
  judges: 'descriptor',
  description: 'Every parameter that one locale describes has a description in every locale.',
  judge(difference) {
    if (difference.kind !== 'missing_description') return [];
    return [{ message: difference.message, severity: difference.severity }];
  },
};
