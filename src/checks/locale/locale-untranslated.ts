/**
 * A description in another locale is a translation, not the first locale's text left as it was. A locale with no
 * translation at all is one warning for the locale (`untranslated_locale`), not one per parameter.
 */
import type { EvidenceCheck } from '../types.js';
import type { DescriptorDifference } from './evidence.js';

export const localeUntranslated: EvidenceCheck<DescriptorDifference> = {
  name: 'locale_untranslated',
  evidence: 'locale',
  severity: 'warning',
  judges: 'descriptor',
  description:
    "A parameter's description in another locale differs from the first locale's (an identical one was left untranslated); a locale with no description translated at all is one warning for the locale.",
  judge(difference) {
    if (difference.kind !== 'untranslated_description' && difference.kind !== 'untranslated_locale') return [];
    return [{ message: difference.message, severity: difference.severity }];
  },
};
