import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { HttpMethod } from '../../descriptor/types.js';
import type { Exchange } from '../../http/types.js';
import { fakeContext, jsonExchange, withResponse, wpError } from '../testing/exchange-builders.js';
import { noSensitiveData } from './no-sensitive-data.js';

describe('no_sensitive_data and WordPress error bodies', () => {
  it('does not read the messages an error keys by parameter name as a password', () => {
    // Real WordPress 6.1, POST /wp/v2/users with an empty password.
    const exchange = wpError(400, 'rest_invalid_param', {
      params: { password: 'Passwords cannot be empty.' },
      details: { password: { code: 'rest_user_invalid_password', message: 'Passwords cannot be empty.', data: { status: 400 } } },
    });
    expect(noSensitiveData.judge({ context: fakeContext(), exchange: exchange })).toEqual([]);
  });

  it('still finds a password elsewhere in an error body, and in any other body', () => {
    const leakingError = wpError(409, 'existing_user', { member: { user_login: 'x', password: 'hunter22' } });
    expect(noSensitiveData.judge({ context: fakeContext(), exchange: leakingError }).map((failure) => failure.cause)).toEqual(['field:$.data.member.password']);
    const params = jsonExchange(200, { params: { password: 'hunter22' } });
    expect(noSensitiveData.judge({ context: fakeContext(), exchange: params }).map((failure) => failure.cause)).toEqual(['field:$.params.password']);
  });
});

/** An exchange with the request as given (method, URL, logged in or not) and a JSON or raw answer. */
function answered(request: { method?: HttpMethod; url?: string; loggedIn?: boolean; body?: string }, status: number, body: unknown, raw?: string): Exchange {
  const exchange =
    raw === undefined
      ? jsonExchange(status, body)
      : withResponse({ status, headers: { 'content-type': 'application/json; charset=UTF-8' }, bodyText: raw, truncated: false });
  const headers: Record<string, string> = request.loggedIn ? { authorization: 'Basic YWRtaW46eA==' } : {};
  return { ...exchange, request: { method: request.method ?? 'GET', url: request.url ?? 'http://127.0.0.1/wp-json/wp/v2/posts', headers, body: request.body } };
}

const causes = (exchange: Exchange): Array<string | undefined> =>
  noSensitiveData.judge({ context: fakeContext(), exchange: exchange }).map((failure) => failure.cause);

describe('no_sensitive_data: passwords that belong there (issue 21)', () => {
  const post = { id: 7, slug: 'p', status: 'publish', type: 'wp_block', title: { raw: 't' }, content: { raw: 'c' }, password: 'open sesame' };

  it("allows a post's own access password in edit context to a logged-in caller, in reads and in write answers", () => {
    expect(causes(answered({ loggedIn: true, url: 'http://h/wp-json/wp/v2/blocks/7?context=edit' }, 200, post))).toEqual([]);
    expect(causes(answered({ loggedIn: true, url: 'http://h/wp-json/wp/v2/blocks?context=edit&per_page=5' }, 200, [post]))).toEqual([]);
    expect(causes(answered({ loggedIn: true, method: 'POST', url: 'http://h/wp-json/wp/v2/blocks' }, 201, post))).toEqual([]);
    expect(
      causes(answered({ loggedIn: true, method: 'DELETE', url: 'http://h/wp-json/wp/v2/blocks/7?force=true' }, 200, { deleted: true, previous: post })),
    ).toEqual([]);
  });

  it("still reports a post's password in view context, to an anonymous caller, and any password that is not a post's", () => {
    expect(causes(answered({ loggedIn: true, url: 'http://h/wp-json/wp/v2/blocks/7' }, 200, post))).toEqual(['field:$.password']);
    expect(causes(answered({ url: 'http://h/wp-json/wp/v2/blocks/7?context=edit' }, 200, post))).toEqual(['field:$.password']);
    const member = { id: 3, user_login: 'someone', name: 'Someone', password: 'hunter22' };
    expect(causes(answered({ loggedIn: true, method: 'POST', url: 'http://h/wp-json/community/v1/members' }, 201, member))).toEqual(['field:$.password']);
  });

  it('allows a new application password in the answer that creates it, and nowhere else', () => {
    const created = {
      uuid: '0b5f3c2e-1111-4222-8333-944445555666',
      app_id: '',
      name: 'ci',
      created: '2026-11-24T05:00:00',
      last_used: null,
      last_ip: null,
      password: 'abcdEFGHijklMNOPqrstUVWX',
    };
    const url = 'http://h/wp-json/wp/v2/users/me/application-passwords';
    expect(causes(answered({ loggedIn: true, method: 'POST', url }, 201, created))).toEqual([]);
    expect(causes(answered({ loggedIn: true, url }, 200, [created]))).toEqual(['field:$[].password']);
    expect(causes(answered({ method: 'POST', url }, 201, created))).toEqual(['field:$.password']);
  });
});

describe('no_sensitive_data: the scan of the text before the walk', () => {
  /** An answer whose text is exactly `raw` and whose parsed body is what JSON.parse makes of it, as the transport gives. */
  const rawAnswer = (raw: string, loggedIn = false): Exchange => {
    const exchange = withResponse({
      status: 200,
      headers: { 'content-type': 'application/json; charset=UTF-8' },
      bodyText: raw,
      truncated: false,
      json: JSON.parse(raw) as unknown,
    });
    return { ...exchange, request: { ...exchange.request, headers: loggedIn ? { authorization: 'Basic YWRtaW46eA==' } : {} } };
  };

  it('still finds what JSON escapes spell: a key, a hash, a file name written with \\u escapes', () => {
    expect(causes(rawAnswer('{"passw\\u006frd":"hunter22"}'))).toEqual(['field:$.password']);
    expect(causes(rawAnswer('[{"user_pass":"\\u0024P\\u0024BtEMxPWcFBDbZ0ClK2TrBXBr1MOZ2X/"}]', true))).toEqual(['hash:$[].user_pass']);
    expect(causes(rawAnswer('{"E\\u002dMail":"ana@example.org"}'))).toEqual(['email:$.E-Mail']);
  });

  it('finds keys and text in any letter case, and leaves an answer with none of them alone', () => {
    expect(causes(rawAnswer('{"PASSWORD":"hunter22"}'))).toEqual(['field:$.PASSWORD']);
    expect(causes(rawAnswer('{"Activation_Key":"abc123"}'))).toEqual(['activation-key:$.Activation_Key']);
    expect(causes(rawAnswer('{"code":"rest_invalid_param","message":"Invalid parameter(s): per_page","data":{"status":400}}'))).toEqual([]);
  });
});

describe('no_sensitive_data: hashes, keys and addresses', () => {
  it('finds password hashes of every kind WordPress and PHP make, for any caller', () => {
    const hashes = [
      '$P$BtEMxPWcFBDbZ0ClK2TrBXBr1MOZ2X/',
      '$wp$2y$10$' + 'a'.repeat(53),
      '$2y$10$' + 'b'.repeat(53),
      '$argon2id$v=19$m=65536,t=4,p=1$c2FsdA$aGFzaA',
    ];
    for (const hash of hashes) expect(causes(answered({ loggedIn: true }, 200, [{ id: 1, user_pass: hash }]))).toEqual(['hash:$[].user_pass']);
    expect(causes(answered({}, 200, { price: '$20', note: 'costs $P$ little' }))).toEqual([]);
  });

  it("reports an account's e-mail address to an anonymous caller only, unless the request carried it", () => {
    const members = [{ id: 1, user_login: 'ana', email: 'ana@example.org' }];
    expect(causes(answered({ url: 'http://h/wp-json/community/v1/members' }, 200, members))).toEqual(['email:$[].email']);
    expect(causes(answered({ loggedIn: true, url: 'http://h/wp-json/community/v1/members' }, 200, members))).toEqual([]);
    const signup = { id: 4, user_login: 'bo', user_email: 'bo@example.org' };
    expect(causes(answered({ method: 'POST', url: 'http://h/wp-json/community/v1/signup', body: '{"signup_email":"bo@example.org"}' }, 201, signup))).toEqual(
      [],
    );
    expect(causes(answered({ url: 'http://h/wp-json/community/v1/members?search=bo%40example.org' }, 200, [signup]))).toEqual([]);
    // A value under an e-mail key that is no address (a setting, a validation message) is not one.
    expect(causes(answered({}, 200, { email_notifications: 'yes' }))).toEqual([]);
  });

  it('reports an activation key to an anonymous caller, and the account column to anyone', () => {
    expect(causes(answered({ method: 'POST' }, 200, { id: 4, activation_key: 'k3y' }))).toEqual(['activation-key:$.activation_key']);
    expect(causes(answered({ method: 'POST', loggedIn: true }, 200, { id: 4, activation_key: 'k3y' }))).toEqual([]);
    expect(causes(answered({ loggedIn: true }, 200, [{ id: 4, user_activation_key: '1700000000:$P$x' }]))).toEqual(['activation-key:$[].user_activation_key']);
    // Activating by key: the key in the path comes back.
    expect(causes(answered({ method: 'POST', url: 'http://h/wp-json/community/v1/signup/activate/k3y' }, 200, { activation_key: 'k3y' }))).toEqual([]);
  });
});

describe("no_sensitive_data: PHP's own output", () => {
  it('quotes a notice printed before JSON that is otherwise fine', () => {
    const raw =
      '<br />\n<b>Notice</b>:  Undefined index: page in <b>/var/www/html/wp-content/plugins/community/members.php</b> on line <b>42</b><br />\n[{"id":1}]';
    const [failure, ...more] = noSensitiveData.judge({ context: fakeContext(), exchange: answered({}, 200, undefined, raw) });
    expect(more).toEqual([]);
    expect(failure?.cause).toBe('php:Notice');
    expect(failure?.message).toBe(
      `response shows PHP's Notice: "Notice: Undefined index: page in /var/www/html/wp-content/plugins/community/members.php on line 42"`,
    );
  });

  it('finds plain-text warnings, fatal errors and stack traces, in raw bodies and inside JSON strings', () => {
    const plain = 'Warning: Cannot modify header information in /srv/app/api.php on line 7\n{"ok":true}';
    expect(causes(answered({}, 200, undefined, plain))).toEqual(['php:Warning']);
    const fatal = {
      code: 'internal_server_error',
      message: 'There has been a critical error.',
      data: {
        status: 500,
        error: {
          message: 'Uncaught TypeError: x in /var/www/html/wp-includes/user.php:12\nStack trace:\n#0 {main}',
          file: '/var/www/html/wp-includes/user.php',
          line: 12,
        },
      },
    };
    expect(causes(answered({}, 500, fatal)).sort()).toEqual(['php:server file path:$.data.error.file', 'php:stack trace:$.data.error.message']);
  });

  it('leaves ordinary text alone: words like "Warning:" inside JSON, links to .php pages', () => {
    const post = {
      id: 1,
      title: { rendered: 'Warning: slippery floor' },
      link: 'http://h/index.php?p=1',
      guid: { rendered: 'http://h/?p=1' },
      note: 'see wp-login.php on line two',
    };
    expect(causes(answered({}, 200, [post]))).toEqual([]);
    expect(causes(answered({}, 200, undefined, 'Warning: this is not JSON'))).toEqual([]);
  });
});

describe('no_sensitive_data on the recorded WordPress 6.1 answers of issue 21', () => {
  interface Recorded {
    method: HttpMethod;
    url: string;
    status: number;
    body: unknown;
  }
  const recorded = (JSON.parse(readFileSync(new URL('../../../fixtures/wordpress-6.1-passwords.json', import.meta.url), 'utf8')) as { answers: Recorded[] })
    .answers;

  it('holds the four answers: three block writes and an application password create', () => {
    expect(recorded.map((answer) => `${answer.method} ${answer.status}`)).toEqual(['POST 201', 'POST 201', 'PUT 200', 'POST 200']);
  });

  it.each(recorded.map((answer) => [`${answer.method} ${new URL(answer.url).pathname}`, answer] as const))(
    'is quiet on %s to its administrator',
    (_name, answer) => {
      expect(causes(answered({ method: answer.method, url: answer.url, loggedIn: true }, answer.status, answer.body))).toEqual([]);
    },
  );

  it.each(recorded.map((answer) => [`${answer.method} ${new URL(answer.url).pathname}`, answer] as const))(
    'reports %s sent to an anonymous caller',
    (_name, answer) => {
      expect(causes(answered({ method: answer.method, url: answer.url }, answer.status, answer.body))).toEqual(['field:$.password']);
    },
  );
});
