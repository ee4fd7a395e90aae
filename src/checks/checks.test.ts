import { describe, expect, it } from 'vitest';
import { EXCHANGE_CHECKS } from './index.js';
import { parseRoutePattern } from '../descriptor/route-pattern.js';
import { CheckRegistry } from './registry.js';
import { fakeContext, fakeOperation, jsonExchange, recordedExchange, withResponse, wpError } from './testing/exchange-builders.js';
import type { CheckContext, ExchangeCheck } from './types.js';
import type { Exchange } from '../http/types.js';
import type { Mutation } from '../generate/types.js';

const registry = new CheckRegistry(EXCHANGE_CHECKS);
const check = (name: string): ExchangeCheck => registry.get(name)!;
/** True when the check reports a broken rule (a note is not one). */
const fires = (name: string, ctx: CheckContext, exchange: Exchange): boolean =>
  check(name)
    .judge({ context: ctx, exchange: exchange })
    .some((failure) => failure.note !== true);
const notes = (name: string, ctx: CheckContext, exchange: Exchange): string[] =>
  check(name)
    .judge({ context: ctx, exchange: exchange })
    .filter((failure) => failure.note === true)
    .map((failure) => failure.message);

const perPageMutation: Mutation = { param: 'per_page', location: 'query', rule: 'out_of_bounds', description: 'per_page = 101 (maximum 100)' };
const listOperation = fakeOperation('GET', '/community/v1/members', {
  per_page: { type: 'integer', default: 10, minimum: 1, maximum: 100, required: false },
});

describe('check registry', () => {
  it('rejects a duplicate name and an unknown name, and overrides severities', () => {
    expect(() => new CheckRegistry([EXCHANGE_CHECKS[0]!, EXCHANGE_CHECKS[0]!])).toThrow(/twice/);
    expect(() => registry.select(['no_such_check'])).toThrow(/unknown check "no_such_check"/);
    const [selected] = registry.select(['error_shape'], { error_shape: 'warning' });
    expect(selected!.severity).toBe('warning');
    expect(registry.select().map((c) => c.name)).toEqual(registry.names());
  });
});

describe('built-in checks', () => {
  it('response_received fires on a transport error only', () => {
    expect(
      fires('response_received', fakeContext(), { ...jsonExchange(200, {}), response: undefined, error: { code: 'timeout', message: 'no answer in 10 s' } }),
    ).toBe(true);
    expect(fires('response_received', fakeContext(), jsonExchange(200, {}))).toBe(false);
  });

  it('not_a_server_error fires on 5xx', () => {
    expect(fires('not_a_server_error', fakeContext(), wpError(500, 'internal'))).toBe(true);
    expect(fires('not_a_server_error', fakeContext(), wpError(404, 'rest_no_route'))).toBe(false);
  });

  it('json_content_type wants JSON, allows XML only when asked for', () => {
    const html = withResponse({ status: 500, headers: { 'content-type': 'text/html' }, bodyText: '<h1>oops</h1>', truncated: false });
    expect(fires('json_content_type', fakeContext(), html)).toBe(true);
    const notJson = withResponse({ status: 200, headers: { 'content-type': 'application/json' }, bodyText: 'oops', truncated: false });
    expect(fires('json_content_type', fakeContext(), notJson)).toBe(true);
    const xml = withResponse({ status: 200, headers: { 'content-type': 'text/xml; charset=UTF-8' }, bodyText: '<oembed/>', truncated: false });
    expect(fires('json_content_type', fakeContext({ requestCase: { query: { format: 'xml' } } }), xml)).toBe(false);
    expect(fires('json_content_type', fakeContext(), xml)).toBe(true);
    expect(fires('json_content_type', fakeContext(), jsonExchange(200, []))).toBe(false);
  });

  it('error_shape wants {code, message, data.status} matching the HTTP status', () => {
    expect(fires('error_shape', fakeContext(), wpError(400, 'rest_invalid_param'))).toBe(false);
    expect(fires('error_shape', fakeContext(), jsonExchange(400, { code: 'x', message: 'y', data: { status: 500 } }))).toBe(true);
    expect(fires('error_shape', fakeContext(), jsonExchange(404, { error: 'not found' }))).toBe(true);
    expect(fires('error_shape', fakeContext(), jsonExchange(404, ['x']))).toBe(true);
    expect(fires('error_shape', fakeContext(), jsonExchange(200, { anything: 1 }))).toBe(false);
  });

  it('valid_accepted fires when a valid request is rejected by argument validation', () => {
    expect(fires('valid_accepted', fakeContext(), wpError(400, 'rest_invalid_param', { params: { per_page: 'bad' } }))).toBe(true);
    expect(fires('valid_accepted', fakeContext(), wpError(400, 'existing_user_login'))).toBe(false);
    expect(fires('valid_accepted', fakeContext(), jsonExchange(200, []))).toBe(false);
    const requiredLogin = fakeOperation('POST', '/community/v1/members', {
      user_login: { type: 'string', required: true },
      note: { type: 'string', required: false },
    });
    expect(fires('valid_accepted', fakeContext({ operation: requiredLogin }), wpError(400, 'rest_missing_callback_param', { params: ['user_login'] }))).toBe(
      true,
    );
    // A route's own cross-field rule (note required for category "other") is not a descriptor departure.
    expect(fires('valid_accepted', fakeContext({ operation: requiredLogin }), wpError(400, 'rest_missing_callback_param', { params: ['note'] }))).toBe(false);
    expect(
      fires(
        'valid_accepted',
        fakeContext({ requestCase: { kind: 'invalid', mutation: perPageMutation } }),
        wpError(400, 'rest_invalid_param', { params: { per_page: 'x' } }),
      ),
    ).toBe(false);
  });

  it('undeclared_required_argument names what a refusal says is missing: data.params, or a message keyed by field', () => {
    const signup = fakeOperation('POST', '/community/v1/signup', { user_email: { type: 'string', required: true } });
    const messages = (exchange: Exchange): string[] =>
      check('undeclared_required_argument')
        .judge({ context: fakeContext({ operation: signup }), exchange })
        .map((failure) => failure.message);
    expect(messages(wpError(400, 'rest_missing_callback_param', { params: ['field_1', 'user_email'] }))).toEqual([
      'POST /community/v1/signup needs "field_1", an argument the descriptor does not declare (400 rest_missing_callback_param naming it); extra-values in the configuration can give it a value',
    ]);
    // A product's registration form keys its refusal by field; declared fields (user_email) are not the descriptor's fault.
    const keyed = { code: 'bp_rest_register_errors', message: { field_3: 'This is a required field', user_email: 'Please check your e-mail address.' } };
    expect(messages(jsonExchange(400, keyed))).toEqual([
      'POST /community/v1/signup needs "field_3", an argument the descriptor does not declare (400 bp_rest_register_errors keying its message by it); extra-values in the configuration can give it a value',
    ]);
    // A message that is text, or an object of anything but texts, names nothing; nor does a refusal that is not a 400.
    expect(messages(jsonExchange(400, { code: 'bp_rest_register_errors', message: 'This is a required field' }))).toEqual([]);
    expect(messages(jsonExchange(400, { code: 'bp_rest_register_errors', message: { field_3: { required: true } } }))).toEqual([]);
    expect(messages(jsonExchange(500, keyed))).toEqual([]);
  });

  it('invalid_rejected wants 400 naming the mutated parameter', () => {
    const ctx = fakeContext({ operation: listOperation, requestCase: { kind: 'invalid', mutation: perPageMutation, query: { per_page: 101 } } });
    expect(fires('invalid_rejected', ctx, wpError(400, 'rest_invalid_param', { params: { per_page: 'out of range' } }))).toBe(false);
    expect(fires('invalid_rejected', ctx, jsonExchange(200, []))).toBe(true);
    expect(fires('invalid_rejected', ctx, wpError(400, 'rest_invalid_param', { params: { page: 'x' } }))).toBe(true);
    expect(fires('invalid_rejected', ctx, withResponse({ status: 400, headers: {}, bodyText: 'bad', truncated: false }))).toBe(true);
    expect(fires('invalid_rejected', ctx, wpError(500, 'boom'))).toBe(false);
    const missing = fakeContext({ requestCase: { kind: 'invalid', mutation: { ...perPageMutation, param: 'user_login', rule: 'missing_required' } } });
    expect(fires('invalid_rejected', missing, wpError(400, 'rest_missing_callback_param', { params: ['user_login'] }))).toBe(false);
  });

  it("invalid_rejected takes a real WordPress refusal in the route's own words as a refusal, not a failure", () => {
    // Recorded: reassign = 5.5 on a user delete is refused 400 rest_user_invalid_reassign, without naming it.
    const userDelete = fakeOperation('DELETE', String.raw`/wp/v2/users/(?<id>[\d]+)`, {
      reassign: { type: 'integer', required: true },
      force: { type: 'boolean', required: false },
    });
    const reassign: Mutation = { param: 'reassign', location: 'body', rule: 'wrong_type', description: 'reassign = 5.5 (type integer)' };
    const ctx = fakeContext({ operation: userDelete, requestCase: { kind: 'invalid', mutation: reassign } });
    expect(fires('invalid_rejected', ctx, recordedExchange('refusal-own-callback'))).toBe(false);
    expect(notes('invalid_rejected', ctx, recordedExchange('refusal-own-callback'))).toEqual([
      'an invalid "reassign" was refused with 400 rest_user_invalid_reassign, which does not name it',
    ]);
    // Recorded: an invalid content on a block that does not exist is answered 404 rest_post_invalid_id.
    const content: Mutation = { param: 'content', location: 'body', rule: 'wrong_type', description: 'content = " " (type object)' };
    const blockUpdate = fakeContext({
      operation: fakeOperation('PATCH', String.raw`/wp/v2/blocks/(?<id>[\d]+)`),
      requestCase: { kind: 'invalid', mutation: content },
    });
    expect(fires('invalid_rejected', blockUpdate, recordedExchange('refusal-unknown-item'))).toBe(false);
  });

  it('invalid_rejected still fails a real WordPress 401 before validation and a real 2xx for a declared-invalid value, per argument', () => {
    const meta: Mutation = {
      param: 'meta',
      location: 'body',
      rule: 'wrong_type',
      description: 'meta.persisted_preferences._modified = "x" (format date-time)',
    };
    const anonymous = fakeContext({ operation: fakeOperation('PUT', String.raw`/wp/v2/users/(?<id>[\d]+)`), requestCase: { kind: 'invalid', mutation: meta } });
    expect(fires('invalid_rejected', anonymous, recordedExchange('permission-before-validation'))).toBe(true);
    const title: Mutation = { param: 'title', location: 'body', rule: 'wrong_type', description: 'title = " " (type object)' };
    const postUpdate = fakeContext({
      operation: fakeOperation('POST', String.raw`/wp/v2/posts/(?<id>[\d]+)`),
      requestCase: { kind: 'invalid', mutation: title },
    });
    const [accepted] = check('invalid_rejected').judge({ context: postUpdate, exchange: recordedExchange('accepted-invalid') });
    expect(accepted).toMatchObject({ argument: 'title', cause: 'accepted' });
    // Another rule broken on the same argument is the same finding (counted), whatever the status of the success.
    const [again] = check('invalid_rejected').judge({
      context: fakeContext({ ...postUpdate, requestCase: { ...postUpdate.requestCase, mutation: { ...title, rule: 'out_of_bounds' } } }),
      exchange: jsonExchange(201, {}),
    });
    expect([again!.argument, again!.cause]).toEqual(['title', 'accepted']);
  });

  it('not_a_server_error takes a real 501 rest_trash_not_supported as a note, and another coded 501 on a declared method as a warning', () => {
    const userDelete = fakeContext({
      operation: fakeOperation('DELETE', String.raw`/wp/v2/users/(?<id>[\d]+)`),
      routeMethods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    });
    expect(fires('not_a_server_error', userDelete, recordedExchange('trash-not-supported-user'))).toBe(false);
    expect(notes('not_a_server_error', userDelete, recordedExchange('trash-not-supported-user'))).toHaveLength(1);
    const [unavailable] = check('not_a_server_error').judge({ context: userDelete, exchange: wpError(501, 'plugin_feature_not_available') });
    expect(unavailable).toMatchObject({ severity: 'warning' });
    // On a method the descriptor does not declare, a coded 501 only says "not implemented": a note.
    const probe = fakeContext({ operation: fakeOperation('PATCH', '/wp/v2/settings'), routeMethods: ['GET', 'POST'] });
    expect(check('not_a_server_error').judge({ context: probe, exchange: wpError(501, 'plugin_feature_not_available') })).toEqual([
      expect.objectContaining({ note: true }),
    ]);
    // A 501 without an error code, and any other 5xx, stay failures.
    expect(
      check('not_a_server_error').judge({
        context: userDelete,
        exchange: withResponse({ status: 501, headers: {}, bodyText: 'Not Implemented', truncated: false }),
      }),
    ).toEqual([expect.objectContaining({ cause: '501' })]);
    expect(fires('not_a_server_error', userDelete, wpError(503, 'busy'))).toBe(true);
  });

  it('unsupported_method wants 404 rest_no_route for an undeclared method', () => {
    const probe = fakeContext({ operation: fakeOperation('PATCH', '/community/v1/settings'), routeMethods: ['GET'] });
    expect(fires('unsupported_method', probe, wpError(404, 'rest_no_route'))).toBe(false);
    expect(fires('unsupported_method', probe, wpError(405, 'method_not_allowed'))).toBe(true);
    expect(fires('unsupported_method', probe, jsonExchange(200, {}))).toBe(true);
    expect(fires('unsupported_method', fakeContext(), jsonExchange(200, {}))).toBe(false);
  });

  it('no_sensitive_data finds a password field at any depth and the secret anywhere', () => {
    expect(fires('no_sensitive_data', fakeContext(), jsonExchange(200, [{ id: 1, meta: { password: 'hunter2' } }]))).toBe(true);
    expect(fires('no_sensitive_data', fakeContext(), jsonExchange(200, { id: 1, password: '' }))).toBe(false);
    // WordPress names the invalid password argument with a message: not a password.
    const invalidPassword = wpError(400, 'rest_invalid_param', {
      params: { password: 'password is not of type string.' },
      details: { password: { code: 'rest_invalid_type', message: 'password is not of type string.', data: null } },
    });
    expect(fires('no_sensitive_data', fakeContext(), invalidPassword)).toBe(false);
    expect(fires('no_sensitive_data', fakeContext(), jsonExchange(400, { code: 'x', message: 'm', data: { status: 400, password: 'hunter2' } }))).toBe(true);
    // A descriptor documents its password argument: a schema, not a password.
    expect(fires('no_sensitive_data', fakeContext(), jsonExchange(200, { args: { password: { type: 'string', required: true } } }))).toBe(false);
    expect(fires('no_sensitive_data', fakeContext({ secrets: ['abcd1234EFGH'] }), jsonExchange(200, { note: 'key abcd1234EFGH' }))).toBe(true);
    const message = check('no_sensitive_data').judge({
      context: fakeContext({ secrets: ['abcd1234EFGH'] }),
      exchange: jsonExchange(200, { note: 'abcd1234EFGH' }),
    })[0]!.message;
    expect(message).not.toContain('abcd1234EFGH');
  });

  it('pagination_bounds checks list length and the total headers', () => {
    const ctx = fakeContext({ operation: listOperation, requestCase: { query: { per_page: '2' } } });
    expect(fires('pagination_bounds', ctx, jsonExchange(200, [1, 2], { 'x-wp-total': '5', 'x-wp-totalpages': '3' }))).toBe(false);
    expect(fires('pagination_bounds', ctx, jsonExchange(200, [1, 2, 3]))).toBe(true);
    expect(fires('pagination_bounds', ctx, jsonExchange(200, [1], { 'x-wp-total': '5', 'x-wp-totalpages': '2' }))).toBe(true);
    expect(fires('pagination_bounds', ctx, jsonExchange(200, [1], { 'x-wp-total': 'many', 'x-wp-totalpages': '2' }))).toBe(true);
    // Default per_page (10) applies when none is sent.
    const byDefault = fakeContext({ operation: listOperation });
    expect(fires('pagination_bounds', byDefault, jsonExchange(200, new Array(11).fill(0)))).toBe(true);
  });
});

describe('declared_route_served', () => {
  const route = String.raw`/community/v1/members/(?P<id>[\d]+)`;
  const item = { ...fakeOperation('GET', '/community/v1/members'), route, pattern: parseRoutePattern(route) };

  it('fires when a declared route and method answers rest_no_route on a path its pattern matches', () => {
    const [failure] = check('declared_route_served').judge({
      context: fakeContext({ operation: item, requestCase: { path: { id: '12' } } }),
      exchange: wpError(404, 'rest_no_route'),
    });
    expect(failure?.message).toBe(
      'GET /community/v1/members/12 answered 404 rest_no_route, but the en_gb descriptor declares GET /community/v1/members/(?P<id>[\\d]+)',
    );
  });

  it('stays quiet on other 404s, on probes of undeclared methods, and on paths the pattern does not match', () => {
    expect(
      fires('declared_route_served', fakeContext({ operation: item, requestCase: { path: { id: '12' } } }), wpError(404, 'bp_rest_member_invalid_id')),
    ).toBe(false);
    const probe = fakeContext({ operation: { ...item, method: 'PATCH' }, routeMethods: ['GET'], requestCase: { path: { id: '12' } } });
    expect(fires('declared_route_served', probe, wpError(404, 'rest_no_route'))).toBe(false);
    expect(fires('declared_route_served', fakeContext({ operation: item, requestCase: { path: { id: 'x' } } }), wpError(404, 'rest_no_route'))).toBe(false);
    expect(fires('declared_route_served', fakeContext({ operation: item, requestCase: { path: { id: '12' } } }), jsonExchange(200, {}))).toBe(false);
  });
});

describe('former check names', () => {
  it('select the check that took over the rule, severity overrides included', () => {
    const [selected] = registry.select(['no_password_leak'], { no_password_leak: 'warning' });
    expect([selected?.name, selected?.severity]).toEqual(['no_sensitive_data', 'warning']);
  });
});
