/** The locale phase's checks: the locales' descriptors and answers side by side. */
import { localeMismatch } from './locale-mismatch.js';
import { localeMissingDescription } from './locale-missing-description.js';
import { localeUntranslated } from './locale-untranslated.js';
import { localeResponseMismatch } from './locale-response-mismatch.js';
import type { DescriptorDifference } from './evidence.js';
import type { AnyEvidenceCheck, EvidenceCheck } from '../types.js';

/** The checks that judge each difference between the first locale's descriptor and another's (`judges: 'descriptor'`). */
export const LOCALE_DESCRIPTOR_CHECKS: readonly EvidenceCheck<DescriptorDifference>[] = [localeMismatch, localeMissingDescription, localeUntranslated];

export const LOCALE_CHECKS: readonly AnyEvidenceCheck[] = [...LOCALE_DESCRIPTOR_CHECKS, localeResponseMismatch];
