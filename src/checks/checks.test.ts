import { describe, expect, it } from 'vitest';
import { BUILTIN_CHECKS } from './builtin/index.js';
import { CheckRegistry } from './registry.js';
import { fakeContext, fakeOperation, jsonExchange, withResponse, wpError } from './testing/exchange-builders.js';
import type { Check, CheckContext } from './types.js';
import type { Exchange } from '../http/types.js';
import type { Mutation } from '../generate/types.js';

const registry = new CheckRegistry(BUILTIN_CHECKS);
const check = (name: string): Check => registry.get(name)!;
const fires = (name: string, ctx: CheckContext, exchange: Exchange): boolean => check(name).run(ctx, exchange).length > 0;

const perPageMutation: Mutation = { param: 'per_page', location: 'query', rule: 'out_of_bounds', description: 'per_page = 101 (maximum 100)' };
const listOperation = fakeOperation('GET', '/community/v1/members', {
  per_page: { type: 'integer', default: 10, minimum: 1, maximum: 100, required: false },
});

describe('check registry', () => {
  it('rejects a duplicate name and an unknown name, and overrides severities', () => {
    expect(() => new CheckRegistry([BUILTIN_CHECKS[0]!, BUILTIN_CHECKS[0]!])).toThrow(/twice/);
    expect(() => registry.select(['no_such_check'])).toThrow(/unknown check "no_such_check"/);
    const [selected] = registry.select(['error_shape'], { error_shape: 'warning' });
    expect(selected!.severity).toBe('warning');
    expect(registry.select().map((c) => c.name)).toEqual(registry.names());
  });
});

describe('built-in checks', () => {
  it('response_received fires on a transport error only', () => {
    expect(fires('response_received', fakeContext(), { ...jsonExchange(200, {}), response: undefined, error: { code: 'timeout', message: 'no answer in 10 s' } })).toBe(true);
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
    const requiredLogin = fakeOperation('POST', '/community/v1/members', { user_login: { type: 'string', required: true }, note: { type: 'string', required: false } });
    expect(fires('valid_accepted', fakeContext({ operation: requiredLogin }), wpError(400, 'rest_missing_callback_param', { params: ['user_login'] }))).toBe(true);
    // A route's own cross-field rule (note required for category "other") is not a descriptor departure.
    expect(fires('valid_accepted', fakeContext({ operation: requiredLogin }), wpError(400, 'rest_missing_callback_param', { params: ['note'] }))).toBe(false);
    expect(fires('valid_accepted', fakeContext({ requestCase: { kind: 'invalid', mutation: perPageMutation } }), wpError(400, 'rest_invalid_param', { params: { per_page: 'x' } }))).toBe(false);
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

  it('unsupported_method wants 404 rest_no_route for an undeclared method', () => {
    const probe = fakeContext({ operation: fakeOperation('PATCH', '/community/v1/settings'), routeMethods: ['GET'] });
    expect(fires('unsupported_method', probe, wpError(404, 'rest_no_route'))).toBe(false);
    expect(fires('unsupported_method', probe, wpError(405, 'method_not_allowed'))).toBe(true);
    expect(fires('unsupported_method', probe, jsonExchange(200, {}))).toBe(true);
    expect(fires('unsupported_method', fakeContext(), jsonExchange(200, {}))).toBe(false);
  });

  it('no_password_leak finds a password field at any depth and the secret anywhere', () => {
    expect(fires('no_password_leak', fakeContext(), jsonExchange(200, [{ id: 1, meta: { password: 'hunter2' } }]))).toBe(true);
    expect(fires('no_password_leak', fakeContext(), jsonExchange(200, { id: 1, password: '' }))).toBe(false);
    // WordPress names the invalid password argument with a message: not a password.
    const invalidPassword = wpError(400, 'rest_invalid_param', { params: { password: 'password is not of type string.' }, details: { password: { code: 'rest_invalid_type', message: 'password is not of type string.', data: null } } });
    expect(fires('no_password_leak', fakeContext(), invalidPassword)).toBe(false);
    expect(fires('no_password_leak', fakeContext(), jsonExchange(400, { code: 'x', message: 'm', data: { status: 400, password: 'hunter2' } }))).toBe(true);
    // A descriptor documents its password argument: a schema, not a password.
    expect(fires('no_password_leak', fakeContext(), jsonExchange(200, { args: { password: { type: 'string', required: true } } }))).toBe(false);
    expect(fires('no_password_leak', fakeContext({ secrets: ['abcd1234EFGH'] }), jsonExchange(200, { note: 'key abcd1234EFGH' }))).toBe(true);
    const message = check('no_password_leak').run(fakeContext({ secrets: ['abcd1234EFGH'] }), jsonExchange(200, { note: 'abcd1234EFGH' }))[0]!.message;
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
