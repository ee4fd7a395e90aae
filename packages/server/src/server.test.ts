/** The server core over HTTP, on the small test interface of `testing/fixture.ts`. */
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer, type ReferenceServer } from './index.js';
import { OPTIONAL_ROUTE, TEST_CONTRACT, TEST_TEXTS, THING_ROUTE, THINGS_MODULE, THINGS_ROUTE, type Thing } from './testing/fixture.js';
import type { Locale } from './types.js';

let server: ReferenceServer;
const unexpectedErrors: unknown[] = [];

beforeAll(async () => {
  server = await startReferenceServer({
    contract: TEST_CONTRACT,
    modules: [THINGS_MODULE],
    texts: TEST_TEXTS,
    onUnexpectedError: (error) => unexpectedErrors.push(error),
  });
});

afterAll(async () => {
  await server.close();
});

function rest(path: string, locale: Locale = 'en_gb'): string {
  return `${server.restUrl(locale)}${path}`;
}

function basic(user: string, password: string): string {
  return `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
}

function asAdmin(): Record<string, string> {
  return { Authorization: basic(server.credentials.admin.user, server.credentials.admin.password) };
}

function asMember(): Record<string, string> {
  return { Authorization: basic(server.credentials.member.user, server.credentials.member.password) };
}

async function postJson(url: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });
}

async function expectError(response: Response, status: number, code: string): Promise<Record<string, unknown>> {
  expect(response.status).toBe(status);
  const body = (await response.json()) as { code: string; message: string; data: { status: number } };
  expect(body.code).toBe(code);
  expect(typeof body.message).toBe('string');
  expect(body.data.status).toBe(status);
  return body as unknown as Record<string, unknown>;
}

/** Sends a raw request with node:http, for what fetch cannot do (streaming a body, reading HEAD answers). */
function rawRequest(
  url: string,
  options: { method: string; headers?: Record<string, string | number>; chunks?: Buffer[] },
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: options.method, headers: options.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks).toString() }));
    });
    // The server may answer and close before the whole body is sent.
    req.on('error', (error: NodeJS.ErrnoException) => (error.code === 'EPIPE' || error.code === 'ECONNRESET' ? undefined : reject(error)));
    for (const chunk of options.chunks ?? []) req.write(chunk);
    req.end();
  });
}

describe('routing', () => {
  it('serves a route in both locales from one store', async () => {
    const created = await postJson(rest(THINGS_ROUTE), { name: 'shared' }, asAdmin());
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as Thing;
    const inGreek = await fetch(rest(`/test/v1/things/${id}`, 'el'));
    expect(inGreek.status).toBe(200);
    expect(await inGreek.json()).toEqual({ id, name: 'shared' });
  });

  it('matches route keys case-insensitively and ignores trailing slashes', async () => {
    expect((await fetch(rest('/TEST/V1/Things'))).status).toBe(200);
    expect((await fetch(rest('/test/v1/things/'))).status).toBe(200);
  });

  it('matches the raw path, as WordPress 6.1 does: a percent-encoded digit is no digit', async () => {
    expect((await fetch(rest('/test/v1/things/1'))).status).toBe(200);
    await expectError(await fetch(rest('/test/v1/things/%31')), 404, 'rest_no_route');
  });

  it('passes path captures and leaves out an optional group that did not match', async () => {
    expect(await (await fetch(rest('/test/v1/tags'))).json()).toEqual({ slug: null, method: 'GET' });
    expect(await (await fetch(rest('/test/v1/tags/red-ones'))).json()).toEqual({ slug: 'red-ones', method: 'GET' });
  });

  it('answers 404 rest_no_route for an unknown path, with WordPress message', async () => {
    const body = await expectError(await fetch(rest('/test/v1/nothing-here')), 404, 'rest_no_route');
    expect(body.message).toBe('No route was found matching the URL and request method.');
  });

  it('answers 404 rest_no_route (never 405) for a method the route does not serve, without Allow', async () => {
    const response = await fetch(rest(THINGS_ROUTE), { method: 'PUT' });
    expect(response.headers.get('allow')).toBeNull();
    await expectError(response, 404, 'rest_no_route');
  });

  it('answers 404 rest_no_route for an unknown locale and for paths outside the REST root', async () => {
    await expectError(await fetch(`${server.url}/fr/wp-json/test/v1/things`), 404, 'rest_no_route');
    await expectError(await fetch(`${server.url}/en_gb/other/test/v1/things`), 404, 'rest_no_route');
    await expectError(await fetch(`${server.url}/wp-json/`), 404, 'rest_no_route');
  });

  it('serves HEAD with the GET handler: same status and headers, no body', async () => {
    const head = await rawRequest(rest(THINGS_ROUTE), { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.body).toBe('');
    expect(head.headers['x-wp-total']).toBeDefined();
    expect(head.headers.allow).toBe('GET');
  });

  it('lists in Allow only the methods this caller may use, on a refusal too, as rest_send_allow_header does', async () => {
    // The things routes let only administrators write: anonymous callers and members see GET alone.
    const anonymous = await fetch(rest(THINGS_ROUTE), { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":"x"}' });
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('allow')).toBe('GET');
    const member = await fetch(rest(THINGS_ROUTE), { method: 'POST', headers: { ...asMember(), 'content-type': 'application/json' }, body: '{"name":"x"}' });
    expect(member.status).toBe(403);
    expect(member.headers.get('allow')).toBe('GET');
    expect((await fetch(rest(THINGS_ROUTE), { headers: asAdmin() })).headers.get('allow')).toBe('GET, POST');
    expect((await fetch(rest('/test/v1/things/1'), { method: 'OPTIONS', headers: asAdmin() })).headers.get('allow')).toBe('GET, DELETE');
  });

  it('lets ?_method= override X-HTTP-Method-Override, which overrides the request line', async () => {
    const viaHeader = await fetch(rest(OPTIONAL_ROUTE.replace(/\(.*$/, '')), {
      method: 'POST',
      headers: { 'X-HTTP-Method-Override': 'GET' },
    });
    expect(await viaHeader.json()).toEqual({ slug: null, method: 'GET' });
    const viaQuery = await fetch(`${rest('/test/v1/tags')}?_method=get`, {
      method: 'POST',
      headers: { 'X-HTTP-Method-Override': 'DELETE' },
    });
    expect(await viaQuery.json()).toEqual({ slug: null, method: 'GET' });
  });

  it('answers OPTIONS with the route descriptor', async () => {
    const response = await fetch(rest('/test/v1/things/1'), { method: 'OPTIONS' });
    expect(response.status).toBe(200);
    expect(response.headers.get('allow')).toBe('GET');
    const descriptor = (await response.json()) as Record<string, unknown>;
    expect(descriptor).toMatchObject({ namespace: 'test/v1', methods: ['GET', 'DELETE'] });
    expect(descriptor._links).toBeUndefined();
  });

  it('answers 200 {} for a contract route no module handles', async () => {
    const response = await fetch(rest('/test/v1/unhandled'));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({});
  });
});

describe('authentication', () => {
  it('accepts the administrator: create answers 201 with Location', async () => {
    const response = await postJson(rest(THINGS_ROUTE), { name: 'by-admin' }, asAdmin());
    expect(response.status).toBe(201);
    const thing = (await response.json()) as Thing;
    expect(response.headers.get('location')).toBe(`${rest(THINGS_ROUTE)}/${thing.id}`);
  });

  it('ignores spaces (and other separators) in an application password', async () => {
    const spaced = server.credentials.admin.password.replace(/(.{4})/g, '$1 ').trim();
    const response = await postJson(
      rest(THINGS_ROUTE),
      { name: 'spaced' },
      {
        Authorization: basic(server.credentials.admin.user, spaced),
      },
    );
    expect(response.status).toBe(201);
  });

  it('runs the permission check after validation: anonymous 401, logged-in without the right 403', async () => {
    await expectError(await postJson(rest(THINGS_ROUTE), { name: 'x' }), 401, 'rest_cannot_create');
    await expectError(await postJson(rest(THINGS_ROUTE), { name: 'x' }, asMember()), 403, 'rest_cannot_create');
    await expectError(await postJson(rest(THINGS_ROUTE), {}), 400, 'rest_missing_callback_param');
  });

  it('refuses an unknown user with 401 invalid_username before routing', async () => {
    const response = await fetch(rest('/no/such/route'), { headers: { Authorization: basic('nobody', 'x') } });
    await expectError(response, 401, 'invalid_username');
  });

  it('refuses a wrong password with 401 incorrect_password before routing', async () => {
    const response = await fetch(rest('/no/such/route'), {
      headers: { Authorization: basic(server.credentials.member.user, 'wrongwrongwrong') },
    });
    await expectError(response, 401, 'incorrect_password');
  });

  it('treats a non-Basic Authorization header as anonymous', async () => {
    await expectError(await postJson(rest(THINGS_ROUTE), { name: 'x' }, { Authorization: 'Bearer abc' }), 401, 'rest_cannot_create');
  });
});

describe('request bodies', () => {
  it('answers 400 rest_invalid_json for a malformed JSON body on a known route', async () => {
    const response = await fetch(rest(THINGS_ROUTE), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...asAdmin() },
      body: '{"name":',
    });
    await expectError(response, 400, 'rest_invalid_json');
  });

  it('routes before parsing: a malformed body on an unknown route is still 404', async () => {
    const response = await fetch(rest('/nowhere'), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{' });
    await expectError(response, 404, 'rest_no_route');
  });

  it('reads form-encoded bodies', async () => {
    const response = await fetch(rest(THINGS_ROUTE), {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...asAdmin() },
      body: 'name=from%20a%20form',
    });
    expect(response.status).toBe(201);
    expect(((await response.json()) as Thing).name).toBe('from a form');
  });

  it('answers 413 rest_request_too_large for an announced body over 1 MiB without reading it', async () => {
    const response = await rawRequest(rest(THINGS_ROUTE), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Content-Length': 2 * 1024 * 1024 },
      chunks: [Buffer.alloc(64 * 1024, 0x20)],
    });
    expect(response.status).toBe(413);
    expect(JSON.parse(response.body)).toMatchObject({ code: 'rest_request_too_large', data: { status: 413 } });
  });

  it('answers 413 for a chunked body that grows over 1 MiB', async () => {
    const chunks = Array.from({ length: 20 }, () => Buffer.alloc(64 * 1024, 0x20));
    const response = await rawRequest(rest(THINGS_ROUTE), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' },
      chunks,
    });
    expect(response.status).toBe(413);
    expect(JSON.parse(response.body).code).toBe('rest_request_too_large');
  });

  it('refuses JSON nested deeper than 512 with rest_invalid_json, and still serves afterwards', async () => {
    const deep = `{"name":"deep","extra":${'['.repeat(513)}${']'.repeat(513)}}`;
    const response = await fetch(rest(THINGS_ROUTE), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...asAdmin() },
      body: deep,
    });
    await expectError(response, 400, 'rest_invalid_json');
    const shallow = `{"name":"shallow","extra":${'['.repeat(511)}${']'.repeat(511)}}`;
    const accepted = await fetch(rest(THINGS_ROUTE), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...asAdmin() },
      body: shallow,
    });
    expect(accepted.status).toBe(201);
  });
});

describe('errors and headers', () => {
  it('renders an unexpected exception as 500 rest_internal_error JSON and keeps serving', async () => {
    const before = unexpectedErrors.length;
    await expectError(await fetch(rest('/test/v1/boom')), 500, 'rest_internal_error');
    expect(unexpectedErrors.length).toBe(before + 1);
    expect((await fetch(rest(THINGS_ROUTE))).status).toBe(200);
  });

  it('renders a thrown WpError with its status and data', async () => {
    await expectError(await fetch(rest('/test/v1/things/999999')), 404, 'rest_thing_invalid_id');
  });

  it('renders validation errors as 400 rest_invalid_param naming the parameter', async () => {
    const body = await expectError(await fetch(`${rest(THINGS_ROUTE)}?page=0`), 400, 'rest_invalid_param');
    expect(Object.keys((body.data as { params: object }).params)).toEqual(['page']);
  });

  it('sends the WordPress headers on every answer, handler headers included', async () => {
    const response = await fetch(rest(THINGS_ROUTE, 'el'));
    expect(response.headers.get('content-type')).toBe('application/json; charset=UTF-8');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('allow')).toBe('GET');
    expect(response.headers.get('x-wp-total')).toMatch(/^\d+$/);
    const link = response.headers.get('link')!;
    expect(link).toContain(`<${server.restUrl('el')}/>; rel="https://api.w.org/"`);
    expect(link).toContain('rel="next"');
    const error = await fetch(rest('/nowhere'));
    expect(error.headers.get('content-type')).toBe('application/json; charset=UTF-8');
    expect(error.headers.get('link')).toBe(`<${server.restUrl('en_gb')}/>; rel="https://api.w.org/"`);
  });

  it('wraps the answer in an envelope for _envelope, with status 200', async () => {
    const response = await fetch(`${rest('/nowhere')}?_envelope=1`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 404, body: { code: 'rest_no_route' }, headers: [] });
    const ok = (await (await fetch(`${rest(THINGS_ROUTE)}?_envelope`)).json()) as { status: number; headers: Record<string, string> };
    expect(ok.status).toBe(200);
    expect(ok.headers.Allow).toBe('GET');
  });

  it('wraps the answer in the _jsonp callback as JavaScript, after the envelope, errors included', async () => {
    const response = await fetch(`${rest('/test/v1/things/1')}?_jsonp=app.on_thing`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/javascript; charset=UTF-8');
    expect(response.headers.get('allow')).toBe('GET');
    const text = await response.text();
    expect(text.startsWith('/**/app.on_thing(')).toBe(true);
    expect(JSON.parse(text.slice('/**/app.on_thing('.length, -1))).toMatchObject({ id: 1 });
    const error = await fetch(`${rest('/nowhere')}?_jsonp=cb`);
    expect(error.status).toBe(404);
    expect(await error.text()).toMatch(/^\/\*\*\/cb\(\{"code":"rest_no_route",.*\}\)$/);
    const enveloped = await fetch(`${rest('/nowhere')}?_jsonp=cb&_envelope`);
    expect(enveloped.status).toBe(200);
    expect(await enveloped.text()).toMatch(/^\/\*\*\/cb\(\{"body":\{"code":"rest_no_route"/);
  });

  it('ignores a _jsonp that PHP counts as false ("" and "0")', async () => {
    for (const value of ['', '0']) {
      const response = await fetch(`${rest('/test/v1/things/1')}?_jsonp=${value}`);
      expect(response.headers.get('content-type')).toBe('application/json; charset=UTF-8');
      expect(await response.json()).toMatchObject({ id: 1 });
    }
  });

  it('refuses a _jsonp callback with other characters or as an array, before authentication and routing', async () => {
    for (const query of ['_jsonp=bad-name', '_jsonp=a%20b', '_jsonp=%C3%A9', '_jsonp[]=cb']) {
      const response = await fetch(`${rest('/nowhere')}?${query}`, { headers: { authorization: basic('admin', 'wrong password') } });
      expect(response.status).toBe(400);
      expect(response.headers.get('content-type')).toBe('application/javascript; charset=UTF-8');
      expect(response.headers.get('allow')).toBeNull();
      // WordPress 6.1 answers this error without a data member.
      expect(await response.json()).toEqual({ code: 'rest_callback_invalid', message: 'Invalid JSONP callback function.' });
    }
  });

  it('leaves the answer whole for an empty _fields, and never filters errors', async () => {
    const whole = (await (await fetch(`${rest('/test/v1/things/1')}?_fields=`)).json()) as Thing;
    expect(Object.keys(whole).sort()).toEqual(['id', 'name']);
    const error = await fetch(`${rest('/nowhere')}?_fields=id`);
    expect(await error.json()).toMatchObject({ code: 'rest_no_route', data: { status: 404 } });
  });

  it('filters fields of each list item for _fields, and pretty-prints for _pretty', async () => {
    const response = await fetch(`${rest(THINGS_ROUTE)}?_fields=id&_pretty`);
    const text = await response.text();
    expect(text).toContain('\n    ');
    const items = JSON.parse(text) as object[];
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) expect(Object.keys(item)).toEqual(['id']);
  });
});

describe('descriptors', () => {
  async function root(locale: Locale): Promise<Record<string, any>> {
    const response = await fetch(rest('/', locale));
    expect(response.status).toBe(200);
    return (await response.json()) as Record<string, any>;
  }

  it('serves the root descriptor with exactly the WordPress keys', async () => {
    const descriptor = await root('en_gb');
    expect(Object.keys(descriptor)).toEqual(['name', 'description', 'url', 'home', 'gmt_offset', 'timezone_string', 'namespaces', 'authentication', 'routes']);
    expect(descriptor).toMatchObject({
      name: 'Test',
      url: server.url,
      home: `${server.url}/en_gb`,
      gmt_offset: '0',
      timezone_string: '',
      namespaces: ['test/v1', 'empty/v1'],
      authentication: {
        'application-passwords': { endpoints: { authorization: `${server.url}/wp-admin/authorize-application.php` } },
      },
    });
    expect(Object.keys(descriptor.routes)).toEqual(TEST_CONTRACT.routes.map((route) => route.route));
  });

  it('serves the root descriptor without a trailing slash too', async () => {
    const response = await fetch(server.restUrl('el'));
    expect(((await response.json()) as { name: string }).name).toBe('Δοκιμή');
  });

  it('describes routes as WordPress does: methods, args ([] when none), allow_batch, _links.self without variables', async () => {
    const { routes } = await root('en_gb');
    expect(routes[THINGS_ROUTE]).toEqual({
      namespace: 'test/v1',
      methods: ['GET', 'POST'],
      endpoints: [
        {
          methods: ['GET'],
          args: {
            context: { description: expect.any(String), type: 'string', enum: ['view', 'edit'], default: 'view', required: false },
            page: { description: 'Current page of the collection.', type: 'integer', default: 1, minimum: 1, required: false },
          },
        },
        {
          methods: ['POST'],
          allow_batch: { v1: true },
          args: {
            name: { description: 'Name of the thing.', type: 'string', required: true },
            size: { description: 'Size of the thing.', type: 'integer', required: false },
          },
        },
      ],
      _links: { self: [{ href: rest(THINGS_ROUTE) }] },
    });
    expect(routes[THING_ROUTE]._links).toBeUndefined();
    expect(routes[OPTIONAL_ROUTE]._links).toBeUndefined();
    expect(routes[OPTIONAL_ROUTE].endpoints[0].args).toEqual([]);
    expect(routes['/'].namespace).toBe('');
    expect(routes['/']._links).toEqual({ self: [{ href: `${server.restUrl('en_gb')}/` }] });
    for (const route of Object.values<any>(routes)) {
      for (const endpoint of route.endpoints) {
        for (const arg of Object.values<any>(endpoint.args)) expect(typeof arg.required).toBe('boolean');
      }
    }
  });

  it('localises descriptions and site texts, and nothing else', async () => {
    const english = await root('en_gb');
    const greek = await root('el');
    expect(greek.name).not.toBe(english.name);
    const englishArg = english.routes[THINGS_ROUTE].endpoints[1].args.name;
    const greekArg = greek.routes[THINGS_ROUTE].endpoints[1].args.name;
    expect(greekArg.description).toBe(`[el] ${englishArg.description}`);
    expect({ ...greekArg, description: '' }).toEqual({ ...englishArg, description: '' });
    expect(greek.routes[THINGS_ROUTE]._links.self[0].href).toBe(rest(THINGS_ROUTE, 'el'));
  });

  it('serves the same descriptor text on every request', async () => {
    const first = await (await fetch(rest('/'))).text();
    const second = await (await fetch(rest('/'))).text();
    expect(second).toBe(first);
  });

  it("serves a namespace index with that namespace's routes only", async () => {
    const response = await fetch(rest('/test/v1'));
    expect(response.status).toBe(200);
    const index = (await response.json()) as { namespace: string; routes: Record<string, { namespace: string }> };
    expect(index.namespace).toBe('test/v1');
    expect(Object.keys(index.routes)).toContain(THINGS_ROUTE);
    expect(Object.keys(index.routes)).not.toContain('/');
    for (const route of Object.values(index.routes)) expect(route.namespace).toBe('test/v1');
  });

  it('answers 404 rest_invalid_namespace for a namespace the server does not have', async () => {
    await expectError(await fetch(`${rest('/test/v1')}?namespace=nope/v9`), 404, 'rest_invalid_namespace');
    const empty = (await (await fetch(`${rest('/test/v1')}?namespace=empty/v1`)).json()) as { routes: object };
    expect(empty.routes).toEqual({});
  });
});

describe('batch', () => {
  async function thingCount(): Promise<number> {
    return ((await (await fetch(rest(THINGS_ROUTE))).json()) as Thing[]).length;
  }

  it("runs each item in order in normal mode and answers 207 with each item's envelope", async () => {
    const before = await thingCount();
    const response = await postJson(
      rest('/batch/v1', 'el'),
      {
        requests: [
          { path: THINGS_ROUTE, body: { name: 'batched' } },
          { method: 'POST', path: `${THINGS_ROUTE}?name=from-query` },
          { method: 'DELETE', path: '/test/v1/things/999999' },
          { path: '/test/v1/nowhere' },
          { path: '/test/v1/plain' },
          { path: THINGS_ROUTE, body: {} },
        ],
      },
      asAdmin(),
    );
    expect(response.status).toBe(207);
    const { responses } = (await response.json()) as { responses: Array<{ status: number; body: any; headers: any }> };
    expect(responses.map((item) => item.status)).toEqual([201, 201, 404, 404, 400, 400]);
    expect(responses[0]!.body.name).toBe('batched');
    expect(responses[0]!.headers.Location).toContain(server.restUrl('el'));
    expect(responses[0]!.headers.Allow).toBe('GET, POST');
    expect(responses[1]!.body.name).toBe('from-query');
    expect(responses[2]!.body.code).toBe('rest_thing_invalid_id');
    expect(responses[3]!.body.code).toBe('rest_no_route');
    expect(responses[3]!.headers).toEqual([]);
    expect(responses[4]!.body.code).toBe('rest_batch_not_allowed');
    expect(responses[5]!.body.code).toBe('rest_missing_callback_param');
    expect(await thingCount()).toBe(before + 2);
  });

  it('runs items as the batch caller: anonymous items are refused one by one', async () => {
    const response = await postJson(rest('/batch/v1'), { requests: [{ path: THINGS_ROUTE, body: { name: 'x' } }] });
    expect(response.status).toBe(207);
    const { responses } = (await response.json()) as { responses: Array<{ status: number }> };
    expect(responses[0]!.status).toBe(401);
  });

  it('executes nothing with require-all-validate when one item is invalid', async () => {
    const before = await thingCount();
    const response = await postJson(
      rest('/batch/v1'),
      {
        validation: 'require-all-validate',
        requests: [
          { path: THINGS_ROUTE, body: { name: 'never' } },
          { path: THINGS_ROUTE, body: { size: 'not a number' } },
        ],
      },
      asAdmin(),
    );
    expect(response.status).toBe(207);
    const body = (await response.json()) as { failed: string; responses: Array<null | { status: number; body: { code: string } }> };
    expect(body.failed).toBe('validation');
    expect(body.responses[0]).toBeNull();
    expect(body.responses[1]!.status).toBe(400);
    expect(await thingCount()).toBe(before);
  });

  it('runs everything with require-all-validate when all items are valid', async () => {
    const response = await postJson(
      rest('/batch/v1'),
      { validation: 'require-all-validate', requests: [{ path: THINGS_ROUTE, body: { name: 'all-valid' } }] },
      asAdmin(),
    );
    expect(response.status).toBe(207);
    const body = (await response.json()) as { failed?: string; responses: Array<{ status: number }> };
    expect(body.failed).toBeUndefined();
    expect(body.responses[0]!.status).toBe(201);
  });

  it('rejects the whole batch for 26 items, a GET item, or an item without a path', async () => {
    const item = { path: THINGS_ROUTE, body: { name: 'x' } };
    const tooMany = await expectError(
      await postJson(rest('/batch/v1'), { requests: Array.from({ length: 26 }, () => item) }, asAdmin()),
      400,
      'rest_invalid_param',
    );
    expect(JSON.stringify(tooMany)).toContain('rest_too_many_items');
    await expectError(await postJson(rest('/batch/v1'), { requests: [{ ...item, method: 'GET' }] }, asAdmin()), 400, 'rest_invalid_param');
    await expectError(await postJson(rest('/batch/v1'), { requests: [{ body: { name: 'x' } }] }, asAdmin()), 400, 'rest_invalid_param');
  });
});
