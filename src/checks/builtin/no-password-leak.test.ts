import { describe, expect, it } from 'vitest';
import { fakeContext, jsonExchange, wpError } from '../testing/exchange-builders.js';
import { noPasswordLeak } from './no-password-leak.js';

describe('no_password_leak and WordPress error bodies', () => {
  it('does not read the messages an error keys by parameter name as a password', () => {
    // Real WordPress 6.1, POST /wp/v2/users with an empty password.
    const exchange = wpError(400, 'rest_invalid_param', {
      params: { password: 'Passwords cannot be empty.' },
      details: { password: { code: 'rest_user_invalid_password', message: 'Passwords cannot be empty.', data: { status: 400 } } },
    });
    expect(noPasswordLeak.run(fakeContext(), exchange)).toEqual([]);
  });

  it('still finds a password elsewhere in an error body, and in any other body', () => {
    const leakingError = wpError(409, 'existing_user', { member: { user_login: 'x', password: 'hunter22' } });
    expect(noPasswordLeak.run(fakeContext(), leakingError).map((failure) => failure.cause)).toEqual(['field:$.data.member.password']);
    const params = jsonExchange(200, { params: { password: 'hunter22' } });
    expect(noPasswordLeak.run(fakeContext(), params).map((failure) => failure.cause)).toEqual(['field:$.params.password']);
  });
});
