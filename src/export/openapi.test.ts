import { beforeAll, describe, expect, it } from 'vitest';
import type { LoadedDescriptor } from '../descriptor/types.js';
import { buildOpenApiDocument, type OpenApiDocument } from './openapi.js';
import { referenceDescriptor, wordpressDescriptor } from './testing/descriptors.js';
import { openApi31Errors } from './testing/openapi-validator.js';

type PathItem = Record<string, Record<string, unknown>>;
type Parameter = { name: string; in: string; required: boolean; style?: string; explode?: boolean; schema: Record<string, unknown> };

let reference: LoadedDescriptor;
let referenceDocument: OpenApiDocument;

beforeAll(async () => {
  reference = await referenceDescriptor();
  referenceDocument = buildOpenApiDocument(reference, { serverUrl: 'http://127.0.0.1:8080/en_gb/wp-json', source: 'reference' }).document;
});

const paths = (document: OpenApiDocument): Record<string, PathItem> => document.paths as Record<string, PathItem>;
const operationAt = (document: OpenApiDocument, path: string, method: string): Record<string, unknown> => {
  const operation = paths(document)[path]?.[method];
  if (!operation) throw new Error(`no ${method} ${path} in the document`);
  return operation;
};
const parametersOf = (operation: Record<string, unknown>): Parameter[] => (operation.parameters ?? []) as Parameter[];

describe('OpenAPI export of the reference descriptor', () => {
  it('validates as OpenAPI 3.1 against the official schema', () => {
    expect(referenceDocument.openapi).toBe('3.1.0');
    expect(openApi31Errors(referenceDocument)).toEqual([]);
  });

  it('is rejected by the same validator when a path parameter is made optional (the validator is not a rubber stamp)', () => {
    const broken = structuredClone(referenceDocument);
    const parameter = parametersOf(operationAt(broken, '/community/v1/members/{id}', 'get')).find((p) => p.in === 'path')!;
    parameter.required = false;
    expect(openApi31Errors(broken).join('\n')).toMatch(/parameters\/0/);
  });

  it('has every operation of the descriptor, each with its raw route regex as x-wordpress-route', () => {
    const found = new Set<string>();
    for (const item of Object.values(paths(referenceDocument))) {
      for (const [method, operation] of Object.entries(item)) found.add(`${method.toUpperCase()} ${String(operation['x-wordpress-route'])}`);
    }
    const expected = new Set(reference.operations.map((operation) => `${operation.method} ${operation.route}`));
    expect(found).toEqual(expected);
    expect(operationAt(referenceDocument, '/community/v1/members/{id}', 'delete')['x-wordpress-route']).toBe('/community/v1/members/(?P<id>[\\d]+)');
  });

  it('gives a route with an optional segment one path without it and one with it', () => {
    expect(paths(referenceDocument)['/analytics/v1/terms']).toBeDefined();
    const withSlug = parametersOf(operationAt(referenceDocument, '/analytics/v1/terms/{slug}', 'get'));
    expect(withSlug.find((p) => p.name === 'slug')).toMatchObject({ in: 'path', required: true, schema: { type: 'string' } });
    expect(parametersOf(operationAt(referenceDocument, '/analytics/v1/terms', 'get')).some((p) => p.name === 'slug')).toBe(false);
  });

  it('serialises GET parameters the way WordPress reads them: arrays as comma lists, objects as key[sub]=value', () => {
    const members = parametersOf(operationAt(referenceDocument, '/community/v1/members', 'get'));
    expect(members.find((p) => p.name === 'include')).toMatchObject({
      in: 'query',
      style: 'form',
      explode: false,
      schema: { type: 'array', items: { type: 'integer' } },
    });
    expect(members.find((p) => p.name === 'bp_ps_search')).toMatchObject({ in: 'query', style: 'deepObject', explode: true });
    expect(members.find((p) => p.name === 'per_page')).toMatchObject({
      in: 'query',
      required: false,
      schema: { type: 'integer', minimum: 1, maximum: 100, default: 10 },
    });
    expect(members.find((p) => p.name === 'page')?.style).toBeUndefined();
  });

  it('sends the parameters of other methods as a JSON body with its required members', () => {
    const create = operationAt(referenceDocument, '/community/v1/members', 'post');
    expect(create.parameters).toBeUndefined();
    const body = create.requestBody as { required: boolean; content: Record<string, { schema: { required: string[]; properties: Record<string, unknown> } }> };
    expect(body.required).toBe(true);
    expect(body.content['application/json']!.schema.required.sort()).toEqual(['email', 'password', 'user_login']);
    expect(body.content['application/json']!.schema.properties.email).toMatchObject({ type: 'string', format: 'email' });
  });

  it('answers every operation with a generic 200 and a WordPress error {code, message, data: {status}} for 4XX and by default', () => {
    const responses = operationAt(referenceDocument, '/seo/v1/ping', 'get').responses as Record<string, unknown>;
    expect(Object.keys(responses).sort()).toEqual(['200', '4XX', 'default']);
    expect(responses['4XX']).toEqual({ $ref: '#/components/responses/WP_Error' });
    expect(responses.default).toEqual({ $ref: '#/components/responses/WP_Error' });
    const error = (referenceDocument.components as { schemas: Record<string, { required: string[]; properties: { data: { required: string[] } } }> }).schemas
      .WP_Error!;
    expect(error.required).toEqual(['code', 'message', 'data']);
    expect(error.properties.data.required).toEqual(['status']);
  });

  it('names the server, the source and HTTP Basic application passwords', () => {
    expect(referenceDocument.servers).toEqual([{ url: 'http://127.0.0.1:8080/en_gb/wp-json', description: 'REST root of locale en_gb' }]);
    expect(referenceDocument['x-restconform-source']).toBe('reference');
    expect(referenceDocument.security).toEqual([{}, { applicationPassword: [] }]);
  });

  it('titles every operation with a summary: its method and path', () => {
    expect(operationAt(referenceDocument, '/community/v1/members/{id}', 'patch').summary).toBe('PATCH /community/v1/members/{id}');
    expect(operationAt(referenceDocument, '/analytics/v1/terms', 'get').summary).toBe('GET /analytics/v1/terms');
  });

  it('gives every operation a unique operationId', () => {
    const ids = Object.values(paths(referenceDocument)).flatMap((item) => Object.values(item).map((operation) => operation.operationId));
    expect(new Set(ids).size).toBe(ids.length);
    expect(operationAt(referenceDocument, '/community/v1/members/{id}', 'get').operationId).toBe('get_community_v1_members_id');
  });
});

describe('OpenAPI export of a real WordPress 6.1 descriptor', () => {
  it('handles type lists, oneOf, titles and nested objects and still validates as OpenAPI 3.1', async () => {
    const wordpress = await wordpressDescriptor();
    const { document, notes } = buildOpenApiDocument(wordpress);
    expect(openApi31Errors(document)).toEqual([]);
    expect(notes).toEqual([]);
    const categories = parametersOf(operationAt(document, '/wp/v2/posts', 'get')).find((p) => p.name === 'categories')!;
    expect(categories.style).toBe('deepObject');
    expect((categories.schema.oneOf as unknown[]).length).toBe(2);
    expect(document.servers).toBeUndefined();
  });

  it('leaves out, with a note, a second route that reads the same as an earlier one', () => {
    const original = reference.operations.find((operation) => operation.route === '/community/v1/moderation/(?P<id>[\\d]+)')!;
    const twin = reference.operations.find((operation) => operation.route === '/community/v1/members/(?P<id>[\\d]+)' && operation.method === 'GET')!;
    const clash = {
      ...twin,
      id: 'en_gb GET /community/v1/moderation/(?P<item>[\\d]+)',
      route: '/community/v1/moderation/(?P<item>[\\d]+)',
      pattern: {
        ...original.pattern,
        template: '/community/v1/moderation/{item}',
        variables: [{ ...original.pattern.variables[0]!, name: 'item' }],
        build: (values: Record<string, string>) => `/community/v1/moderation/${values.item}`,
      },
    };
    const descriptor: LoadedDescriptor = { ...reference, operations: [...reference.operations, clash] };
    const { document, notes } = buildOpenApiDocument(descriptor);
    expect(notes).toEqual([expect.stringContaining('path /community/v1/moderation/{item} left out, it reads like /community/v1/moderation/{id}')]);
    expect(document['x-restconform-notes']).toEqual(notes);
    expect(openApi31Errors(document)).toEqual([]);
  });
});
