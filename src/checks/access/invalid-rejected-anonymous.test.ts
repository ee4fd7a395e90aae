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

  it("fails a refusal when the same input with credentials meets WordPress's validation, notes one when it does not", () => {
    const refused = { status: 401, code: 'rest_forbidden' };
    expect(invalidRejectedAnonymous.judge({ brokenRule: 'x', answer: refused, withCredentials: { status: 400, code: 'rest_invalid_param' } })).toHaveLength(1);
    const [note, ...rest] = invalidRejectedAnonymous.judge({ brokenRule: 'x', answer: refused, withCredentials: { status: 200, code: undefined } });
    expect(rest).toEqual([]);
    expect(note).toMatchObject({ note: true, message: expect.stringContaining('with credentials the route did not refuse it as WordPress') });
  });

  it('passes a 400 and says nothing without an answer', () => {
    expect(invalidRejectedAnonymous.judge({ brokenRule: undefined, answer: { status: 400, code: 'rest_invalid_param' } })).toEqual([]);
    expect(invalidRejectedAnonymous.judge({ brokenRule: undefined, answer: { status: undefined, code: undefined, error: 'timeout' } })).toEqual([]);
  });
});
