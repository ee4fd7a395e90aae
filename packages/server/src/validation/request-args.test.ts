import { describe, expect, it } from 'vitest';
import type { ArgDescriptor } from '@restconform/interface';
import { WpError } from '../types.js';
import { processRequestArgs, type ProcessedArgs, type RequestArgsInput } from './request-args.js';

const arg = (schema: Partial<ArgDescriptor>): ArgDescriptor => ({ required: false, ...schema });

function run(args: Record<string, ArgDescriptor>, input: Partial<RequestArgsInput>): ProcessedArgs | WpError {
  return processRequestArgs(args, { captures: {}, query: {}, body: undefined, ...input });
}

function expectParams(result: ProcessedArgs | WpError): ProcessedArgs {
  if (result instanceof WpError) throw new Error(`expected params, got ${result.code}: ${result.message}`);
  return result;
}

function expectError(result: ProcessedArgs | WpError): WpError {
  if (!(result instanceof WpError)) throw new Error(`expected an error, got ${JSON.stringify(result.params)}`);
  return result;
}

const moderationArgs: Record<string, ArgDescriptor> = {
  context: arg({ type: 'string', enum: ['view', 'edit'], default: 'view' }),
  page: arg({ type: 'integer', default: 1, minimum: 1 }),
  per_page: arg({ type: 'integer', default: 10, minimum: 1, maximum: 100 }),
  exclude: arg({ type: 'array', items: { type: 'integer' }, default: [] }),
  reporters: arg({ type: 'boolean', default: false }),
};

describe('processRequestArgs: required', () => {
  it('reports missing parameters before invalid ones, in declaration order', () => {
    const args = { a: arg({ type: 'integer', required: true }), b: arg({ type: 'integer' }), c: arg({ required: true }) };
    const error = expectError(run(args, { body: { b: 'not a number' } }));
    expect(error.code).toBe('rest_missing_callback_param');
    expect(error.message).toBe('Missing parameter(s): a, c');
    expect(error.toBody()).toEqual({
      code: 'rest_missing_callback_param',
      message: 'Missing parameter(s): a, c',
      data: { status: 400, params: ['a', 'c'] },
    });
  });

  it('counts a JSON null as missing', () => {
    const error = expectError(run({ name: arg({ type: 'string', required: true }) }, { body: { name: null } }));
    expect(error.code).toBe('rest_missing_callback_param');
    expect(error.data).toEqual({ params: ['name'] });
  });

  it('treats only required === true as required, and a default as present', () => {
    const args = {
      loose: arg({ type: 'string', required: 'true' as unknown as boolean }),
      defaulted: arg({ type: 'string', required: true, default: 'x' }),
    };
    expect(expectParams(run(args, {})).params).toEqual({ defaulted: 'x' });
  });

  it('finds a required value in any source', () => {
    const args = { id: arg({ type: 'integer', required: true }) };
    expect(expectParams(run(args, { captures: { id: '7' } })).params).toEqual({ id: 7 });
    expect(expectParams(run(args, { query: { id: '8' } })).params).toEqual({ id: 8 });
  });
});

describe('processRequestArgs: validation', () => {
  it('answers WordPress’s rest_invalid_param body for an out-of-range per_page', () => {
    const error = expectError(run(moderationArgs, { query: { per_page: '1000' } }));
    expect(error.status).toBe(400);
    expect(error.toBody()).toEqual({
      code: 'rest_invalid_param',
      message: 'Invalid parameter(s): per_page',
      data: {
        status: 400,
        params: { per_page: 'per_page must be between 1 (inclusive) and 100 (inclusive)' },
        details: {
          per_page: {
            code: 'rest_out_of_bounds',
            message: 'per_page must be between 1 (inclusive) and 100 (inclusive)',
            data: null,
          },
        },
      },
    });
  });

  it('names every invalid parameter, body before query, with type errors carrying their param', () => {
    const error = expectError(run(moderationArgs, { body: { reporters: 'yes' }, query: { page: '0', context: 'embed' } }));
    expect(error.message).toBe('Invalid parameter(s): reporters, page, context');
    const details = error.data.details as Record<string, { code: string; data: unknown }>;
    expect(details.reporters).toEqual({ code: 'rest_invalid_type', message: 'reporters is not of type boolean.', data: { param: 'reporters' } });
    expect(details.page?.code).toBe('rest_out_of_bounds');
    expect(details.context?.code).toBe('rest_not_in_enum');
    expect((error.data.params as Record<string, string>).context).toBe('context is not one of view and edit.');
  });

  it('validates the declared defaults too', () => {
    const args = { mode: arg({ type: 'string', enum: ['a', 'b'], default: 'c' }) };
    const error = expectError(run(args, { query: { mode: 'a' } }));
    expect(error.data.params).toEqual({ mode: 'mode is not one of a and b.' });
  });

  it('validates a value a higher source shadows, as WordPress’s sanitize_params does', () => {
    const error = expectError(run({ page: arg({ type: 'integer' }) }, { body: { page: 2 }, query: { page: 'two' } }));
    expect(error.data.params).toEqual({ page: 'page is not of type integer.' });
  });

  it('never validates args without a type: a bare enum or oneOf accepts anything', () => {
    const args = {
      mode: arg({ enum: ['a', 'b'] }),
      shape: arg({ oneOf: [{ type: 'integer' }, { type: 'boolean' }] }),
    };
    const result = expectParams(run(args, { query: { mode: 'c', shape: ['x'] } }));
    expect(result.params).toEqual({ mode: 'c', shape: ['x'] });
  });

  it('rejects a JSON null for a typed arg that does not allow null', () => {
    const error = expectError(run({ name: arg({ type: 'string' }) }, { body: { name: null } }));
    expect(error.data.params).toEqual({ name: 'name is not of type string.' });
  });

  it('keeps unknown parameters as sent and never rejects them', () => {
    const result = expectParams(run(moderationArgs, { query: { anything: ['x'], _fields: 'id' } }));
    expect(result.params.anything).toEqual(['x']);
    expect(result.params._fields).toBe('id');
    expect([...result.sent].sort()).toEqual(['_fields', 'anything']);
  });
});

describe('processRequestArgs: merging and sanitising', () => {
  it('fills and sanitises defaults, which are not "sent"', () => {
    const result = expectParams(run(moderationArgs, { query: { page: '3', reporters: 'FALSE', exclude: '4,5' } }));
    expect(result.params).toEqual({ context: 'view', page: 3, per_page: 10, exclude: [4, 5], reporters: false });
    expect([...result.sent].sort()).toEqual(['exclude', 'page', 'reporters']);
  });

  it('takes the body over the query over the URL captures over the defaults', () => {
    const args = { id: arg({ type: 'integer', default: 1 }) };
    expect(expectParams(run(args, { body: { id: 4 }, query: { id: '3' }, captures: { id: '2' } })).params.id).toBe(4);
    expect(expectParams(run(args, { query: { id: '3' }, captures: { id: '2' } })).params.id).toBe(3);
    expect(expectParams(run(args, { captures: { id: '2' } })).params.id).toBe(2);
    expect(expectParams(run(args, {})).params.id).toBe(1);
  });

  it('lets a lower source show through a null above it (PHP isset)', () => {
    const args = { note: arg({}), when: arg({ type: ['string', 'null'], default: 'never' }) };
    const result = expectParams(run(args, { body: { note: null, when: null }, query: { note: 'from query' } }));
    expect(result.params).toEqual({ note: 'from query', when: 'never' });
    expect(result.sent.has('when')).toBe(true);
  });

  it('hands each request its own copy of a list or object default', () => {
    const first = expectParams(run(moderationArgs, {}));
    (first.params.exclude as number[]).push(99);
    const second = expectParams(run(moderationArgs, {}));
    expect(second.params.exclude).toEqual([]);
  });

  it('accepts an endpoint that declares no args ([]), keeping every parameter', () => {
    const result = processRequestArgs([], { captures: { slug: 'a' }, query: { x: '1' }, body: undefined });
    expect(expectParams(result).params).toEqual({ slug: 'a', x: '1' });
  });

  it('keeps a __proto__ parameter as data, never as a prototype', () => {
    const body = JSON.parse('{"__proto__": {"polluted": true}, "name": "a"}') as Record<string, unknown>;
    const result = expectParams(run({ name: arg({ type: 'string' }) }, { body }));
    expect(Object.getPrototypeOf(result.params)).toBe(Object.prototype);
    expect(Object.hasOwn(result.params, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('does not modify the caller’s body', () => {
    const body = { tags: 'a,b', meta: { keep: '1', drop: '2' } };
    const args = {
      tags: arg({ type: 'array', items: { type: 'string' } }),
      meta: arg({ type: 'object', properties: { keep: { type: 'integer' } }, additionalProperties: { type: 'integer' } }),
    };
    const result = expectParams(run(args, { body }));
    expect(result.params).toEqual({ tags: ['a', 'b'], meta: { keep: 1, drop: 2 } });
    expect(body).toEqual({ tags: 'a,b', meta: { keep: '1', drop: '2' } });
  });
});
