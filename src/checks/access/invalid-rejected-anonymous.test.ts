import { describe, expect, it } from 'vitest';
import { invalidRejectedAnonymous } from './invalid-rejected-anonymous.js';

describe('invalid_rejected_anonymous', () => {
  it('fails a refusal of invalid input that should have been a 400', () => {
    expect(invalidRejectedAnonymous.judge({ brokenRule: 'per_page above its maximum', answer: { status: 401, code: 'rest_forbidden' } })).toEqual([
      {
        message:
          'invalid input (per_page above its maximum) without credentials answered 401 rest_forbidden; expected 400, since WordPress validates before it checks permissions',
        cause: '401',
      },
    ]);
  });

  it('passes a 400 and says nothing without an answer', () => {
    expect(invalidRejectedAnonymous.judge({ brokenRule: undefined, answer: { status: 400, code: 'rest_invalid_param' } })).toEqual([]);
    expect(invalidRejectedAnonymous.judge({ brokenRule: undefined, answer: { status: undefined, code: undefined, error: 'timeout' } })).toEqual([]);
  });
});
