import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Exchange } from '../http/types.js';
import { createTransport } from '../http/index.js';
import type { HttpRequest } from '../request/types.js';
import { startReferenceServer, type ReferenceServer } from '@restconform/server';
import { fetchDescriptor } from './fetch.js';
import { fetchItemSchemas, fieldAt, fieldsInContext, parseItemSchema, readonlyFields, requiredFields, type ItemSchemaSet } from './item-schemas.js';
import { parseRoutePattern } from './route-pattern.js';
import type { RootDescriptor } from './types.js';

const WORDPRESS_INDEX = JSON.parse(readFileSync(new URL('../../fixtures/wordpress-6.1-index.json', import.meta.url), 'utf8')) as RootDescriptor;
/** `GET /wp-json/{namespace}?context=help` of a real WordPress 6.1, per namespace (endpoint args left out). */
const WORDPRESS_HELP = JSON.parse(readFileSync(new URL('../../fixtures/wordpress-6.1-help.json', import.meta.url), 'utf8')) as Record<
  string,
  { routes: Record<string, { schema?: unknown }> }
>;

const USERS = '/wp/v2/users';
const USER = '/wp/v2/users/(?P<id>[\\d]+)';

function answer(request: HttpRequest, status: number, json: unknown): Exchange {
  return { request, response: { status, headers: {}, bodyText: JSON.stringify(json), truncated: false, json }, durationMs: 1 };
}

/** A transport that answers from the captured WordPress help pages, recording what it was asked. */
function wordpressTransport(options: { helpStatus?: number; stripSchemas?: boolean } = {}) {
  const sent: HttpRequest[] = [];
  const base = 'http://wp.test/wp-json';
  return {
    sent,
    async send(request: HttpRequest): Promise<Exchange> {
      sent.push(request);
      const url = new URL(request.url);
      const path = url.pathname.slice('/wp-json'.length);
      if (request.method === 'GET' && url.searchParams.get('context') === 'help') {
        const index = WORDPRESS_HELP[path.slice(1)];
        if (index === undefined || options.helpStatus !== undefined) return answer(request, options.helpStatus ?? 404, { code: 'rest_invalid_namespace' });
        if (!options.stripSchemas) return answer(request, 200, index);
        return answer(request, 200, { routes: Object.fromEntries(Object.keys(index.routes).map((key) => [key, {}])) });
      }
      if (request.method === 'OPTIONS') {
        for (const namespace of Object.values(WORDPRESS_HELP)) {
          for (const [key, route] of Object.entries(namespace.routes)) {
            if (parseRoutePattern(key).matcher.test(path)) return answer(request, 200, { namespace: '', methods: [], endpoints: [], schema: route.schema });
          }
        }
      }
      return answer(request, 404, { code: 'rest_no_route' });
    },
    base,
  };
}

async function fetchWordPress(options: Parameters<typeof wordpressTransport>[0] = {}): Promise<{ set: ItemSchemaSet; sent: HttpRequest[] }> {
  const transport = wordpressTransport(options);
  const set = await fetchItemSchemas({
    baseUrl: 'http://wp.test',
    restRoot: 'wp-json',
    descriptor: { locale: null, root: WORDPRESS_INDEX },
    transport,
    headers: { authorization: 'Basic dGVzdDp0ZXN0' },
  });
  return { set, sent: transport.sent };
}

describe('fetchItemSchemas on a real WordPress 6.1 (captured)', () => {
  it('asks once per namespace with context=help and reads every published schema', async () => {
    const { set, sent } = await fetchWordPress();
    const helpRequests = sent.filter((request) => request.method === 'GET');
    expect(helpRequests.map((request) => request.url)).toEqual(WORDPRESS_INDEX.namespaces.map((ns) => `http://wp.test/wp-json/${ns}?context=help`));
    expect(helpRequests.every((request) => request.headers.authorization === 'Basic dGVzdDp0ZXN0')).toBe(true);
    const published = Object.values(WORDPRESS_HELP).flatMap((ns) =>
      Object.entries(ns.routes)
        .filter(([, route]) => route.schema !== undefined)
        .map(([key]) => key),
    );
    expect([...set.schemas.keys()].sort()).toEqual(published.filter((key) => key in WORDPRESS_INDEX.routes).sort());
    expect(set.schemas.size).toBeGreaterThan(80);
    expect(set.warnings).toEqual([]);
    // Two namespaces publish no schema at all (oembed/1.0, wp-block-editor/v1): OPTIONS would not tell more.
    expect(sent.filter((request) => request.method === 'OPTIONS')).toEqual([]);
    expect(set.requests).toBe(sent.length);
  });

  it('reads fields per context, readonly and required flags, and nested properties', async () => {
    const { set } = await fetchWordPress();
    const user = set.schemas.get(USER)!;
    expect(user.title).toBe('user');
    expect(user.source).toBe('help');
    expect(fieldsInContext(user, 'embed')).toEqual(['id', 'name', 'url', 'description', 'link', 'slug', 'avatar_urls']);
    expect(fieldsInContext(user, 'view')).toEqual(['id', 'name', 'url', 'description', 'link', 'slug', 'avatar_urls', 'meta']);
    expect(fieldsInContext(user, 'edit')).toContain('email');
    expect(fieldsInContext(user, 'edit')).not.toContain('password');
    expect(fieldAt(user, 'password')!.contexts).toEqual([]);
    expect(requiredFields(user).sort()).toEqual(['email', 'password', 'username']);
    expect(readonlyFields(user)).toContain('id');
    expect(readonlyFields(user)).toContain('link');

    const post = set.schemas.get('/wp/v2/posts/(?P<id>[\\d]+)')!;
    expect(fieldAt(post, 'title.rendered')!.readonly).toBe(true);
    expect(fieldAt(post, 'title.raw')!.contexts).toEqual(['edit']);
    expect(fieldAt(post, 'title')!.properties.map((field) => field.path)).toEqual(['title.raw', 'title.rendered']);
    expect(set.schemas.get(USERS)!.title).toBe('user');
  });

  it('falls back to OPTIONS per route when the namespace answer fails', async () => {
    const { set, sent } = await fetchWordPress({ helpStatus: 500 });
    expect(set.schemas.get(USER)!.source).toBe('options');
    expect(fieldsInContext(set.schemas.get(USER)!, 'view')).toContain('avatar_urls');
    expect(set.warnings.some((line) => line.includes('/wp/v2?context=help: HTTP 500'))).toBe(true);
    const options = sent.filter((request) => request.method === 'OPTIONS').map((request) => request.url);
    expect(options).toContain('http://wp.test/wp-json/wp/v2/users/1');
    expect([...set.schemas.keys()]).toEqual([...(await fetchWordPress()).set.schemas.keys()]);
  });

  it('takes a namespace answer without schemas as publishing none: no request per route', async () => {
    const { set, sent } = await fetchWordPress({ stripSchemas: true });
    expect(set.schemas.size).toBe(0);
    expect(set.warnings).toEqual([]);
    expect(sent.map((request) => request.method)).toEqual(WORDPRESS_INDEX.namespaces.map(() => 'GET'));
  });
});

describe('parseItemSchema', () => {
  it('takes only object schemas with properties; a property without a context list is in every context', () => {
    expect(parseItemSchema('/r', 'n', undefined, 'help')).toBeUndefined();
    expect(parseItemSchema('/r', 'n', { type: 'array', items: {} }, 'help')).toBeUndefined();
    const schema = parseItemSchema(
      '/r',
      'n',
      { type: 'object', properties: { a: { type: 'string' }, b: { type: 'string', context: ['edit', 'nonsense'] }, c: 5 } },
      'options',
    )!;
    expect(schema.fields.map((field) => field.name)).toEqual(['a', 'b']);
    expect(fieldAt(schema, 'b')!.contexts).toEqual(['edit']);
    expect(fieldsInContext(schema, 'view')).toEqual(['a']);
    expect(fieldsInContext(schema, 'edit')).toEqual(['a', 'b']);
    expect(fieldAt(schema, 'a.x')).toBeUndefined();
  });
});

describe('fetchItemSchemas on the bundled reference server', () => {
  let server: ReferenceServer;
  const transport = createTransport({ connections: 2 });
  beforeAll(async () => {
    server = await startReferenceServer({ port: 0, seed: 1 });
  });
  afterAll(async () => {
    await transport.close();
    await server.close();
  });

  it('reads what each locale publishes, without warnings', async () => {
    for (const locale of ['en_gb', 'el']) {
      const descriptor = await fetchDescriptor({ baseUrl: server.url, restRoot: 'wp-json', locale, transport });
      const set = await fetchItemSchemas({ baseUrl: server.url, restRoot: 'wp-json', descriptor, transport });
      expect(set.locale).toBe(locale);
      expect(set.warnings).toEqual([]);
      // One request per namespace that has routes besides its index.
      const withRoutes = descriptor.root.namespaces.filter((ns) =>
        Object.entries(descriptor.root.routes).some(([key, route]) => route.namespace === ns && key !== `/${ns}`),
      );
      expect(set.requests).toBe(withRoutes.length);
      for (const schema of set.schemas.values()) expect(schema.route in descriptor.root.routes).toBe(true);
      // The community resources publish theirs.
      expect(set.schemas.get('/community/v1/members')!.title).toBe('bp_members');
      expect(fieldsInContext(set.schemas.get('/community/v1/members/(?P<id>[\\d]+)')!, 'embed')).not.toContain('registered_date');
      expect(readonlyFields(set.schemas.get('/community/v1/signup')!)).toContain('activation_key');
      expect(set.schemas.size).toBe(15);
    }
  });
});
