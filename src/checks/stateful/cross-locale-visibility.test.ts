import { describe, expect, it } from 'vitest';
import { jsonExchange, wpError } from '../testing/exchange-builders.js';
import { crossLocaleVisibility } from './cross-locale-visibility.js';
import { answerOf } from './step-answer.js';

describe('cross_locale_visibility', () => {
  const what = 'read the posts created through en_gb through el';

  it('fires when another locale does not read the resource', () => {
    expect(crossLocaleVisibility.judge({ step: 'status', what, expected: 'success', answer: answerOf(wpError(404, 'rest_post_invalid_id')) })).toEqual([
      { message: `${what}: expected a 2xx answer, got 404 rest_post_invalid_id` },
    ]);
  });

  it('passes a read that succeeds', () => {
    expect(crossLocaleVisibility.judge({ step: 'status', what, expected: 'success', answer: answerOf(jsonExchange(200, { id: 1 })) })).toEqual([]);
  });
});
