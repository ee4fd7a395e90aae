/**
 * What the locale checks judge: a difference between the first locale's descriptor and another's (as
 * `diffDescriptors` finds it), or the answers to one request sent through two locales.
 */
import type { CaseKind } from '../../generate/types.js';
import type { Exchange } from '../../http/types.js';

export type { DescriptorDifference } from '../contract/evidence.js';

/** One locale's answer to the request. */
export interface LocaleAnswer {
  locale: string | null;
  exchange: Exchange;
}

/** The same request (a valid or an invalid case) sent through the first locale and through another. */
export interface LocaleAnswers {
  kind: CaseKind;
  first: LocaleAnswer;
  other: LocaleAnswer;
}
