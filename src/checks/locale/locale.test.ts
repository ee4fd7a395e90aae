import { describe, expect, it } from 'vitest';
import { jsonExchange, withResponse, wpError } from '../testing/exchange-builders.js';
import type { DescriptorDifference, LocaleAnswers } from './evidence.js';
import { LOCALE_CHECKS, LOCALE_DESCRIPTOR_CHECKS } from './index.js';
import { localeMismatch } from './locale-mismatch.js';
import { localeMissingDescription } from './locale-missing-description.js';
import { localeResponseMismatch } from './locale-response-mismatch.js';
import { localeUntranslated } from './locale-untranslated.js';

const difference = (kind: DescriptorDifference['kind'], severity: DescriptorDifference['severity'] = 'failure'): DescriptorDifference => ({
  kind,
  severity,
  namespace: 'community/v1',
  route: '/community/v1/members',
  message: `${kind} in el`,
});

describe('locale checks over descriptor differences', () => {
  it('are the locale checks that judge the descriptors, the ones the phase hands each difference to', () => {
    expect(LOCALE_DESCRIPTOR_CHECKS).toEqual(LOCALE_CHECKS.filter((check) => check.judges === 'descriptor'));
    expect(LOCALE_DESCRIPTOR_CHECKS).toEqual([localeMismatch, localeMissingDescription, localeUntranslated]);
  });

  it('give each difference to exactly one check, keeping its message and severity', () => {
    const judged = (d: DescriptorDifference) => LOCALE_DESCRIPTOR_CHECKS.filter((check) => check.judge(d).length > 0).map((check) => check.name);
    expect(judged(difference('changed_param'))).toEqual(['locale_mismatch']);
    expect(judged(difference('missing_description'))).toEqual(['locale_missing_description']);
    expect(judged(difference('untranslated_description', 'warning'))).toEqual(['locale_untranslated']);
    expect(localeUntranslated.judge(difference('untranslated_description', 'warning'))).toEqual([
      { message: 'untranslated_description in el', severity: 'warning' },
    ]);
  });
});

describe('locale_response_mismatch', () => {
  const answers = (first: LocaleAnswers['first']['exchange'], other: LocaleAnswers['other']['exchange']): LocaleAnswers => ({
    kind: 'invalid',
    first: { locale: 'en_gb', exchange: first },
    other: { locale: 'el', exchange: other },
  });

  it('fires when the status or the error code differs', () => {
    expect(localeResponseMismatch.judge(answers(wpError(400, 'rest_invalid_param'), jsonExchange(200, [])))).toEqual([
      { message: 'the same invalid request answers 400 rest_invalid_param through en_gb but 200 through el', cause: 'invalid 400 rest_invalid_param vs 200' },
    ]);
    expect(localeResponseMismatch.judge(answers(wpError(400, 'rest_invalid_param'), wpError(400, 'rest_missing_callback_param')))).toHaveLength(1);
  });

  it('stays quiet on the same status and code (other words), and when one got no answer', () => {
    const greek = jsonExchange(400, { code: 'rest_invalid_param', message: 'Μη έγκυρη παράμετρος', data: { status: 400 } });
    expect(localeResponseMismatch.judge(answers(wpError(400, 'rest_invalid_param'), greek))).toEqual([]);
    const none = { ...withResponse({ status: 200, headers: {}, bodyText: '', truncated: false }), response: undefined };
    expect(localeResponseMismatch.judge(answers(wpError(400, 'rest_invalid_param'), none))).toEqual([]);
  });
});
