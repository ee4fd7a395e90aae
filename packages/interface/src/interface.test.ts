import { describe, expect, it } from 'vitest';
import { INTERFACE_CONTRACT, contractOperations, contractRoute } from './interface.js';
import { ARG_SCHEMA_KEYWORDS } from './schema-keywords.js';
import type { ArgSchema } from './descriptor.js';
import type { ContractArg } from './types.js';

/** A WordPress route key as a JavaScript regex, anchored and case-insensitive as WordPress matches it. */
function routeMatcher(route: string): RegExp {
  return new RegExp(`^${route.replace(/\(\?P</g, '(?<')}$`, 'i');
}

/** The arg `name` of the endpoint serving `method` on `route`; fails the test when it is not there. */
function argOf(route: string, method: string, name: string): ContractArg {
  const endpoint = contractRoute(route)?.endpoints.find((candidate) => candidate.methods.includes(method as never));
  const found = endpoint?.args[name];
  if (!found) throw new Error(`no arg ${name} on ${method} ${route}`);
  return found;
}

const { routes, namespaces, unspecifiedNamespaces } = INTERFACE_CONTRACT;

describe('INTERFACE_CONTRACT: internal consistency', () => {
  it('has route keys that are valid regexes once (?P< becomes (?<', () => {
    for (const { route } of routes) expect(() => routeMatcher(route), route).not.toThrow();
  });

  it('has no route twice', () => {
    const keys = routes.map(({ route }) => route);
    expect(keys.filter((key, index) => keys.indexOf(key) !== index)).toEqual([]);
  });

  it('places every route in a listed namespace its path starts with, and none in an unspecified one', () => {
    for (const { route, namespace } of routes) {
      if (route === '/' || route === '/batch/v1') {
        expect(namespace, route).toBe('');
        continue;
      }
      expect(namespaces, route).toContain(namespace);
      expect(unspecifiedNamespaces, route).not.toContain(namespace);
      expect(route === `/${namespace}` || route.startsWith(`/${namespace}/`), route).toBe(true);
    }
  });

  it('has an index route for every specified namespace', () => {
    const specified = namespaces.filter((namespace) => !unspecifiedNamespaces.includes(namespace));
    expect(specified).toHaveLength(7);
    for (const namespace of specified) {
      expect(contractRoute(`/${namespace}`)?.endpoints[0]?.args.namespace?.default, namespace).toBe(namespace);
    }
  });

  it('lets first-match routing reach every literal route', () => {
    const literalRoutes = routes.filter(({ route }) => !route.includes('('));
    for (const { route } of literalRoutes) {
      const firstMatch = routes.find((candidate) => routeMatcher(candidate.route).test(route));
      expect(firstMatch?.route, route).toBe(route);
    }
  });

  it('serves each method of a route from one endpoint only', () => {
    for (const { route, endpoints } of routes) {
      const methods = endpoints.flatMap((endpoint) => endpoint.methods);
      expect(new Set(methods).size, route).toBe(methods.length);
      expect(
        endpoints.every((endpoint) => endpoint.methods.length > 0),
        route,
      ).toBe(true);
    }
  });

  it('gives every arg a boolean required flag, and an English description except where the document gives none', () => {
    const undescribed: string[] = [];
    for (const { route, namespace, endpoint } of contractOperations()) {
      for (const [name, argument] of Object.entries(endpoint.args)) {
        expect(typeof argument.required, `${route} ${name}`).toBe('boolean');
        if (argument.description === undefined) undescribed.push(namespace !== '' && route === `/${namespace}` ? `/{namespace} ${name}` : `${route} ${name}`);
        else expect(argument.description, `${route} ${name}`).toMatch(/^[A-Z@].*\.$/);
      }
    }
    // The root, the batch route and the namespace indexes: the document states their arguments without descriptions.
    expect([...new Set(undescribed)].sort()).toEqual([
      '/ context',
      '/batch/v1 requests',
      '/batch/v1 validation',
      '/{namespace} context',
      '/{namespace} namespace',
    ]);
  });

  it('says nothing in an argument schema, nested ones included, that the descriptor does not expose', () => {
    // The reference server exposes an argument by ARG_SCHEMA_KEYWORDS: a keyword outside them would vanish from its index.
    const keywords = (schema: ArgSchema): string[] => [
      ...Object.keys(schema),
      ...[schema.items, schema.additionalProperties, ...Object.values(schema.properties ?? {}), ...Object.values(schema.patternProperties ?? {})]
        .concat(schema.anyOf ?? [], schema.oneOf ?? [])
        .flatMap((nested) => (typeof nested === 'object' ? keywords(nested) : [])),
    ];
    const used = new Set(routes.flatMap(({ endpoints }) => endpoints.flatMap(({ args }) => Object.values(args).flatMap(keywords))));
    expect(used.size).toBeGreaterThan(10);
    expect([...used].filter((keyword) => keyword !== 'required' && !ARG_SCHEMA_KEYWORDS.includes(keyword))).toEqual([]);
  });

  it('marks exactly the members and components writes as batchable', () => {
    const batchable = contractOperations()
      .filter(({ endpoint }) => endpoint.allowBatch === true)
      .map(({ method, route }) => `${method} ${route}`);
    expect(batchable).toEqual([
      'POST /community/v1/components',
      'PUT /community/v1/components',
      'PATCH /community/v1/components',
      'POST /community/v1/members',
      'POST /community/v1/members/(?P<id>[\\d]+)',
      'PUT /community/v1/members/(?P<id>[\\d]+)',
      'PATCH /community/v1/members/(?P<id>[\\d]+)',
    ]);
  });

  it('counts its routes, operations and args', () => {
    const operations = contractOperations();
    const argCount = routes.reduce((sum, { endpoints }) => sum + endpoints.reduce((inner, { args }) => inner + Object.keys(args).length, 0), 0);
    console.log(`contract: ${routes.length} routes, ${operations.length} operations, ${argCount} args`);
    expect(routes.length).toBe(119);
    expect(operations.length).toBe(161);
  });

  it('is frozen, so no consumer can change the documented interface by accident', () => {
    expect(Object.isFrozen(INTERFACE_CONTRACT.routes[0]?.endpoints[0]?.args)).toBe(true);
  });
});

describe('INTERFACE_CONTRACT: spot checks against the document', () => {
  it('caps batch requests at 25 items of method POST/PUT/PATCH/DELETE with a required path', () => {
    const requests = argOf('/batch/v1', 'POST', 'requests');
    expect(requests).toMatchObject({ type: 'array', maxItems: 25, required: true });
    expect(requests.items?.properties?.method?.enum).toEqual(['POST', 'PUT', 'PATCH', 'DELETE']);
    expect(requests.items?.properties?.path).toEqual({ type: 'string', required: true });
  });

  it('declares no type on the embed route format and maxwidth, as WordPress core does', () => {
    expect(argOf('/oembed/1.0/embed', 'GET', 'format')).not.toHaveProperty('type');
    expect(argOf('/oembed/1.0/embed', 'GET', 'maxwidth')).toMatchObject({ default: 600, required: false });
    expect(argOf('/oembed/1.0/embed', 'GET', 'maxwidth')).not.toHaveProperty('type');
  });

  it('types the proxy format as the json|xml string enum', () => {
    expect(argOf('/oembed/1.0/proxy', 'GET', 'format')).toMatchObject({ type: 'string', enum: ['json', 'xml'], default: 'json' });
  });

  it('bounds the moderation per_page to 1..100 with default 10', () => {
    expect(argOf('/community/v1/moderation', 'GET', 'per_page')).toMatchObject({
      type: 'integer',
      default: 10,
      minimum: 1,
      maximum: 100,
    });
  });

  it('types the moderation status filter as boolean', () => {
    expect(argOf('/community/v1/moderation', 'GET', 'status').type).toBe('boolean');
  });

  it('lists the six report categories, strings, required', () => {
    expect(argOf('/community/v1/moderation/report', 'POST', 'report_category')).toMatchObject({
      type: 'string',
      enum: ['27', '24', '25', '23', '26', 'other'],
      required: true,
    });
  });

  it('requires the member email in format email on create', () => {
    expect(argOf('/community/v1/members', 'POST', 'email')).toMatchObject({ type: 'string', format: 'email', required: true });
  });

  it('requires reassign and defaults force to false when deleting me', () => {
    expect(argOf('/community/v1/members/me', 'DELETE', 'reassign')).toMatchObject({ type: 'integer', required: true });
    expect(argOf('/community/v1/members/me', 'DELETE', 'force')).toMatchObject({ type: 'boolean', default: false });
  });

  it('defaults the signup list to number 1, offset 0, orderby signup_id', () => {
    expect(argOf('/community/v1/signup', 'GET', 'number')).toMatchObject({ type: 'integer', default: 1 });
    expect(argOf('/community/v1/signup', 'GET', 'offset')).toMatchObject({ type: 'integer', default: 0 });
    expect(argOf('/community/v1/signup', 'GET', 'orderby')).toMatchObject({ type: 'string', default: 'signup_id' });
  });

  it('defaults signup deletion context to edit', () => {
    expect(argOf('/community/v1/signup/(?P<id>[\\w-]+)', 'DELETE', 'context')).toMatchObject({
      enum: ['view', 'edit'],
      default: 'edit',
    });
  });

  it('requires group_id, type and name on profile field create, nothing on update', () => {
    const created = contractRoute('/community/v1/profile/fields')?.endpoints[1];
    const required = Object.entries(created?.args ?? {})
      .filter(([, a]) => a.required)
      .map(([name]) => name);
    expect(required).toEqual(['group_id', 'type', 'name']);
    expect(argOf('/community/v1/profile/fields', 'POST', 'type').enum).toHaveLength(14);
    const updated = contractRoute('/community/v1/profile/fields/(?P<id>[\\d]+)')?.endpoints[1];
    expect(Object.values(updated?.args ?? {}).some((a) => a.required)).toBe(false);
  });

  it('lets the group list fetch fields and take every field list parameter', () => {
    const fieldList = Object.keys(contractRoute('/community/v1/profile/fields')?.endpoints[0]?.args ?? {});
    const groupList = Object.keys(contractRoute('/community/v1/profile/groups')?.endpoints[0]?.args ?? {});
    expect(groupList).toEqual([...fieldList, 'fetch_fields']);
  });

  it('leaves the profile data writes and delete open to parameters not shown', () => {
    const data = contractRoute('/community/v1/profile/(?P<field_id>[\\d]+)/data/(?P<user_id>[\\d]+)');
    expect(data?.endpoints.map((endpoint) => endpoint.openArgs === true)).toEqual([false, true, true]);
  });

  it('names all twelve SEO notifications in one alternation', () => {
    const notification = routes.find(({ route }) => route.startsWith('/seo/v1/notification/'));
    expect(notification?.route.split('|')).toHaveLength(12);
    expect(routeMatcher(notification?.route ?? '').test('/seo/v1/notification/install-optin-reminder')).toBe(true);
    expect(routeMatcher(notification?.route ?? '').test('/seo/v1/notification/unknown-reminder')).toBe(false);
  });

  it('keeps the analytics type and slug segments optional', () => {
    const themes = routeMatcher(String.raw`/analytics/v1/popular-posts/themes(?:/(?P<type>[a-zA-Z0-9-]+))?`);
    expect(themes.test('/analytics/v1/popular-posts/themes')).toBe(true);
    expect(themes.exec('/analytics/v1/popular-posts/themes/dark-mode')?.groups?.type).toBe('dark-mode');
    expect(contractRoute('/analytics/v1/terms(?:/(?P<slug>[a-zA-Z0-9-_]+))?')?.endpoints[0]?.args).toEqual({});
  });
});

describe('defaults', () => {
  // WordPress validates defaults like sent values: a default outside its own enum or bounds makes every
  // request to that endpoint fail validation.
  it('are allowed by their own enum and bounds', () => {
    const bad: string[] = [];
    for (const { route, endpoint, method } of contractOperations()) {
      for (const [name, arg] of Object.entries(endpoint.args)) {
        if (arg.default === undefined) continue;
        const where = `${method} ${route} ${name} = ${JSON.stringify(arg.default)}`;
        if (arg.enum && !arg.enum.includes(arg.default)) bad.push(`${where}: not in enum`);
        if (typeof arg.default === 'number' && arg.minimum !== undefined && arg.default < arg.minimum) bad.push(`${where}: below minimum`);
        if (typeof arg.default === 'number' && arg.maximum !== undefined && arg.default > arg.maximum) bad.push(`${where}: above maximum`);
      }
    }
    expect(bad).toEqual([]);
  });
});
