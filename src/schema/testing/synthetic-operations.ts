/**
 * Hand-built operations for the generator's tests, covering the argument shapes the harness meets: bounded
 * integers, string enums, booleans, arrays with maxItems, closed objects, type lists, oneOf, formats,
 * patterns, untyped enums, path variables; each in the query (GET) and in a JSON body (POST).
 */
import { parseRoutePattern } from '../../descriptor/route-pattern.js';
import type { ArgDescriptor, HttpMethod, Operation } from '../../descriptor/types.js';

export function syntheticOperation(method: HttpMethod, route: string, args: Record<string, ArgDescriptor>): Operation {
  return { id: `en_gb ${method} ${route}`, locale: 'en_gb', method, route, namespace: 'test/v1', pattern: parseRoutePattern(route), args, allowBatch: false };
}

/** Arguments of every shape the brief names, all optional. */
export const SHAPED_ARGS: Record<string, ArgDescriptor> = {
  per_page: { type: 'integer', minimum: 1, maximum: 100, default: 10, required: false },
  order: { type: 'string', enum: ['asc', 'desc'], default: 'desc', required: false },
  reporters: { type: 'boolean', default: false, required: false },
  include: { type: 'array', items: { type: 'integer' }, maxItems: 5, default: [], required: false },
  filter: {
    type: 'object',
    properties: { status: { type: 'string', enum: ['active', 'inactive'] }, count: { type: 'integer', minimum: 0 } },
    additionalProperties: false,
    required: false,
  },
  published: { type: ['string', 'null'], format: 'date-time', required: false },
  title: { type: ['object', 'string'], properties: { raw: { type: 'string' } }, required: false },
  target: {
    oneOf: [
      { type: 'integer', minimum: 1 },
      { type: 'string', enum: ['me'] },
    ],
    required: false,
  },
  typed_target: {
    type: ['integer', 'string'],
    oneOf: [
      { type: 'integer', minimum: 1 },
      { type: 'string', pattern: '^[a-z]+$' },
    ],
    required: false,
  },
  contact: { type: 'string', format: 'email', required: false },
  homepage: { type: 'string', format: 'uri', required: false },
  slug: { type: 'string', pattern: '^[a-z0-9]+(?:-[a-z0-9]+)*$', maxLength: 20, required: false },
  tags: { type: 'array', items: { type: 'string', enum: ['a', 'b', 'c'] }, uniqueItems: true, required: false },
  untyped_format: { enum: ['json', 'xml'], required: false },
  ratio: { type: 'number', minimum: 0, maximum: 1, exclusiveMaximum: true, required: false },
  step: { type: 'integer', multipleOf: 5, minimum: 0, maximum: 50, required: false },
  nickname: { type: 'string', minLength: 2, maxLength: 8, required: false },
};

/** Required arguments in a body, as on a create route. */
export const REQUIRED_ARGS: Record<string, ArgDescriptor> = {
  user_login: { type: 'string', pattern: '^[A-Za-z0-9_]+$', required: true },
  email: { type: 'string', format: 'email', required: true },
  password: { type: 'string', required: true },
  types: { type: 'string', enum: ['coach', 'teacher-coach', 'scientist', 'teacher'], required: false },
  item_id: { type: 'integer', required: true },
  type: { type: 'string', enum: ['user'], default: 'user', required: true },
};

/** A batch-like argument: a bounded list of closed objects with a required member. */
export const BATCH_ARGS: Record<string, ArgDescriptor> = {
  validation: { type: 'string', enum: ['require-all-validate', 'normal'], default: 'normal', required: false },
  requests: {
    type: 'array',
    maxItems: 25,
    required: true,
    items: {
      type: 'object',
      properties: {
        method: { type: 'string', enum: ['POST', 'PUT', 'PATCH', 'DELETE'], default: 'POST' },
        path: { type: 'string', required: true },
        body: { type: 'object', properties: {}, additionalProperties: true },
        headers: { type: 'object', properties: {}, additionalProperties: { type: ['string', 'array'], items: { type: 'string' } } },
      },
      additionalProperties: false,
    },
  },
};

export const SYNTHETIC_OPERATIONS: Operation[] = [
  syntheticOperation('GET', '/test/v1/things', SHAPED_ARGS),
  syntheticOperation('POST', '/test/v1/things', SHAPED_ARGS),
  syntheticOperation('POST', '/test/v1/members', REQUIRED_ARGS),
  syntheticOperation('GET', '/test/v1/members', { ...REQUIRED_ARGS, type: { type: 'string', enum: ['user'], required: true } }),
  syntheticOperation('POST', '/batch/v1', BATCH_ARGS),
  syntheticOperation('GET', '/test/v1/members/(?P<id>[\\d]+)', {
    id: { type: 'integer', required: true },
    context: { type: 'string', enum: ['view', 'embed', 'edit'], default: 'view', required: false },
  }),
  syntheticOperation('DELETE', '/test/v1/signup/(?P<id>[\\w-]+)', {
    id: { type: 'string', required: true },
    context: { type: 'string', enum: ['view', 'edit'], default: 'edit', required: false },
  }),
  syntheticOperation('GET', '/test/v1/terms(?:/(?P<slug>[a-zA-Z0-9-_]+))?', {}),
  syntheticOperation('POST', '/test/v1/ping', {}),
];
