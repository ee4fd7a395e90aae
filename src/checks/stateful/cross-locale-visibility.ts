/** cross_locale_visibility: a resource created through one locale reads through every other locale. */
import type { CheckFailure, EvidenceCheck } from '../types.js';
import type { OtherLocaleRead } from './evidence.js';
import { unmetStatus } from './step-status.js';

export const crossLocaleVisibility: EvidenceCheck<OtherLocaleRead> = {
  name: 'cross_locale_visibility',
  severity: 'failure',
  description: 'A resource created through one locale can be read through every other locale.',
  evidence: 'stateful',
  judge(read): CheckFailure[] {
    const message = unmetStatus(read);
    return message === undefined ? [] : [{ message }];
  },
};
