import { describe, expect, it } from 'vitest';
import { invalidRejectedAnonymous, needsCredentialedComparison } from './invalid-rejected-anonymous.js';

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

  // WordPress 6.1: PUT /wp/v2/comments/80752 with content {"raw":"x","rendered":null} answers 404 rest_comment_invalid_id
  // with credentials or without, since content has validate_callback null and update_item_permissions_check looks the
  // id up first. The content is never validated (invalid_rejected's matter); the order of validation is not shown.
  it("asks with credentials after the route's own 4xx too, and notes it when they do not meet WordPress's validation", () => {
    const missing = { status: 404, code: 'rest_comment_invalid_id' };
    expect(needsCredentialedComparison(missing)).toBe(true);
    expect(needsCredentialedComparison({ status: 403, code: 'rest_forbidden' })).toBe(true);
    for (const status of [200, 201, 400, 500, undefined]) expect(needsCredentialedComparison({ status, code: undefined })).toBe(false);
    const [note, ...rest] = invalidRejectedAnonymous.judge({ brokenRule: 'content[rendered]: type string', answer: missing, withCredentials: missing });
    expect(rest).toEqual([]);
    expect(note).toEqual({
      message:
        "invalid input without credentials was refused (404 rest_comment_invalid_id), and with credentials the route did not refuse it as WordPress's validation does (404 rest_comment_invalid_id): the argument is not validated before the permission check, so the refusal judges nothing",
      note: true,
    });
    // The validation's 400 once the caller may call: validation came after the route's own check.
    expect(invalidRejectedAnonymous.judge({ brokenRule: 'x', answer: missing, withCredentials: { status: 400, code: 'rest_invalid_param' } })).toEqual([
      {
        message:
          'invalid input (x) without credentials answered 404 rest_comment_invalid_id; expected 400, since WordPress validates before it checks permissions',
        cause: '404',
      },
    ]);
  });

  // WordPress 6.1: PATCH /wp/v2/posts/{id} with "excerpt": "x" (validate_callback null, as title and content) answers
  // anonymous 401 rest_cannot_edit, and with credentials 400 naming only a `template` check_template refuses.
  it('notes a credentialed 400 that names other arguments only: the broken one is never validated', () => {
    const refused = { status: 401, code: 'rest_cannot_edit' };
    const withCredentials = { status: 400, code: 'rest_invalid_param' };
    const [note, ...rest] = invalidRejectedAnonymous.judge({
      brokenRule: 'excerpt: type object',
      argument: 'excerpt',
      answer: refused,
      withCredentials,
      namedWithCredentials: ['template'],
    });
    expect(rest).toEqual([]);
    expect(note).toMatchObject({ note: true });
    const named = { brokenRule: 'excerpt: type object', argument: 'excerpt', answer: refused, withCredentials, namedWithCredentials: ['excerpt', 'template'] };
    expect(invalidRejectedAnonymous.judge(named)).toEqual([expect.objectContaining({ cause: '401' })]);
  });

  it('passes a 400 and says nothing without an answer', () => {
    expect(invalidRejectedAnonymous.judge({ brokenRule: undefined, answer: { status: 400, code: 'rest_invalid_param' } })).toEqual([]);
    expect(invalidRejectedAnonymous.judge({ brokenRule: undefined, answer: { status: undefined, code: undefined, error: 'timeout' } })).toEqual([]);
  });
});
