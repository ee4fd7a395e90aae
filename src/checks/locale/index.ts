/** The locale phase's checks: the locales' descriptors and answers side by side. */
import { localeMismatch } from './locale-mismatch.js';
import { localeMissingDescription } from './locale-missing-description.js';
import { localeUntranslated } from './locale-untranslated.js';
import { localeResponseMismatch } from './locale-response-mismatch.js';
import type { AnyEvidenceCheck } from '../types.js';

export const LOCALE_CHECKS: readonly AnyEvidenceCheck[] = [localeMismatch, localeMissingDescription, localeUntranslated, localeResponseMismatch];
