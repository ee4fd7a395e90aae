/**
 * The OpenAPI export's response schemas against the bundled server's real answers over HTTP: every answer below
 * must meet the schema the document declares for its operation and status (success answers typed with the
 * published item schemas, 201 for creates, 207 for the batch, errors as WP_Error with `data.params` an object or a
 * list). A tool that reads the export judges the server the same way.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchDescriptor, fetchItemSchemas } from '../descriptor/index.js';
import { createTransport } from '../http/index.js';
import { startReferenceServer, type ReferenceServer } from '@restconform/server';
import { buildOpenApiDocument, type OpenApiDocument } from './openapi.js';
import { openApi31Errors } from './testing/openapi-validator.js';

type Responses = Record<string, { content?: Record<string, { schema: Record<string, unknown> }>; $ref?: string }>;

let server: ReferenceServer;
let document: OpenApiDocument;
const transport = createTransport({ connections: 2 });
const ajv = new Ajv2020({ strict: false, allErrors: false });

beforeAll(async () => {
  server = await startReferenceServer({ port: 0, seed: 9 });
  const descriptor = await fetchDescriptor({ baseUrl: server.url, restRoot: 'wp-json', locale: 'en_gb', transport });
  const { schemas } = await fetchItemSchemas({ baseUrl: server.url, restRoot: 'wp-json', descriptor, transport });
  document = buildOpenApiDocument(descriptor, { schemas }).document;
});

afterAll(async () => {
  await transport.close();
  await server?.close();
});

/** Sends a request as the administrator and returns its status and parsed body. */
async function call(method: string, path: string, body?: unknown): Promise<{ status: number; json: unknown }> {
  const { user, password } = server.credentials.admin;
  const headers: Record<string, string> = { authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}` };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${server.restUrl('en_gb')}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: response.status, json: await response.json() };
}

/** The schema the document declares for an answer of `method` on the OpenAPI path `template` with `status`. */
function declaredSchema(template: string, method: string, status: number): Record<string, unknown> {
  const operation = (document.paths as Record<string, Record<string, { responses: Responses }>>)[template]?.[method.toLowerCase()];
  if (operation === undefined) throw new Error(`no ${method} ${template} in the export`);
  const response = operation.responses[String(status)] ?? operation.responses.default!;
  if (response.$ref !== undefined) return (document.components as { schemas: Record<string, Record<string, unknown>> }).schemas.WP_Error!;
  return response.content!['application/json']!.schema;
}

/** Sends the request and returns the answer's disagreements with the export (empty when it meets its schema). */
async function judged(method: string, template: string, path: string, body?: unknown): Promise<{ status: number; json: unknown; errors: string[] }> {
  const answer = await call(method, path, body);
  const validate = ajv.compile(declaredSchema(template, method, answer.status));
  const errors = validate(answer.json)
    ? []
    : (validate.errors ?? []).map((error) => `${method} ${path} ${answer.status}: ${error.instancePath} ${error.message}`);
  return { ...answer, errors };
}

describe('OpenAPI export with published schemas, against the bundled server', () => {
  it('is a valid OpenAPI 3.1 document, typing success answers and declaring 201 and 207 where they occur', () => {
    expect(openApi31Errors(document)).toEqual([]);
    // An item is an object, or [] where PHP encodes an empty one: two single-type branches, no type list.
    const emptyAsList = { type: 'array', maxItems: 0 };
    expect(declaredSchema('/community/v1/members/{id}', 'GET', 200)).toMatchObject({
      anyOf: [{ type: 'object', properties: { id: { type: 'integer' } } }, emptyAsList],
    });
    expect(declaredSchema('/community/v1/members', 'POST', 201)).toMatchObject({ anyOf: [{ properties: { email: { type: 'string' } } }, emptyAsList] });
    const batch = (document.paths as Record<string, Record<string, { responses: Responses }>>)['/batch/v1']!.post!.responses;
    expect(Object.keys(batch)).toEqual(['207', '4XX', 'default']);
  });

  it('meets the schemas of real answers: lists, items, creates, updates, deletes, the batch and errors', async () => {
    const results = [
      await judged('GET', '/community/v1/members', '/community/v1/members'),
      await judged('GET', '/community/v1/members/{id}', '/community/v1/members/2?context=edit'),
      await judged('GET', '/community/v1/profile/groups', '/community/v1/profile/groups?fetch_fields=true'),
      await judged('GET', '/community/v1/profile/fields/{id}', '/community/v1/profile/fields/1?user_id=1'),
      await judged('GET', '/community/v1/settings', '/community/v1/settings'),
      await judged('GET', '/community/v1/components', '/community/v1/components'),
      await judged('GET', '/community/v1/moderation', '/community/v1/moderation'),
      await judged('GET', '/community/v1/signup', '/community/v1/signup'),
    ];
    const member = await judged('POST', '/community/v1/members', '/community/v1/members', {
      user_login: 'openapiuser',
      email: 'openapi@example.org',
      password: 'pw-openapi',
    });
    const signup = await judged('POST', '/community/v1/signup', '/community/v1/signup', { signup_email: 'openapi.signup@example.org', signup_password: 'pw' });
    const id = (member.json as { id: number }).id;
    results.push(
      member,
      signup,
      await judged('PATCH', '/community/v1/members/{id}', `/community/v1/members/${id}`, { name: 'Open API' }),
      await judged('DELETE', '/community/v1/members/{id}', `/community/v1/members/${id}`, { force: true, reassign: 1 }),
      await judged('POST', '/batch/v1', '/batch/v1', {
        requests: [{ method: 'POST', path: '/community/v1/components', body: { name: 'members', action: 'activate' } }],
      }),
    );
    // Errors: an invalid parameter (data.params an object) and a missing one (data.params a list of names).
    const invalid = await judged('GET', '/community/v1/members', '/community/v1/members?per_page=1000');
    const missing = await judged('POST', '/community/v1/members', '/community/v1/members', {});
    results.push(invalid, missing);

    expect(results.map((result) => result.status)).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 201, 201, 200, 200, 207, 400, 400]);
    expect((missing.json as { data: { params: unknown } }).data.params).toEqual(expect.any(Array));
    expect((invalid.json as { data: { params: unknown } }).data.params).toEqual(expect.objectContaining({ per_page: expect.any(String) }));
    expect(results.flatMap((result) => result.errors)).toEqual([]);
  });

  it('catches an answer that breaks its schema (the test can fail)', () => {
    const validate = ajv.compile(declaredSchema('/community/v1/members/{id}', 'GET', 200));
    expect(validate({ id: 'two', name: 'x' })).toBe(false);
    const error = ajv.compile(declaredSchema('/community/v1/members', 'POST', 400));
    expect(error({ code: 'x', message: 'y', data: { status: 400, params: 5 } })).toBe(false);
  });
});
