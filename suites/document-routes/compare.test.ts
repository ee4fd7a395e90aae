import { describe, expect, it } from 'vitest';
import type { ArgDescriptor, HttpMethod, RouteDescriptor } from '../../src/descriptor/types.js';
import { compileRouteKey, descriptorRoutesNotDocumented, documentedRoutesNotServed, type DescriptorRoutes } from './compare.js';
import { loadDocumentedRoutes, samplePaths, type DocumentedRoute, type DocumentedRouteTable } from './route-table.js';

const ITEM = '/demo/v1/items/(?P<id>[\\d]+)';
const TERMS = '/demo/v1/terms(?:/(?P<slug>[a-zA-Z0-9-_]+))?';

function arg(required = false): ArgDescriptor {
  return { type: 'string', required };
}

function route(namespace: string, endpoints: Array<[HttpMethod[], Record<string, ArgDescriptor> | []]>): RouteDescriptor {
  return {
    namespace,
    methods: endpoints.flatMap(([methods]) => methods),
    endpoints: endpoints.map(([methods, args]) => ({ methods, args })),
  };
}

/** A hand-made descriptor that serves exactly `documentedTable()`. */
function conformingDescriptor(): DescriptorRoutes {
  return {
    routes: {
      [ITEM]: route('demo/v1', [
        [['GET'], { id: arg(), context: arg() }],
        [['POST', 'PUT'], { id: arg(), name: arg(true) }],
      ]),
      [TERMS]: route('demo/v1', [[['GET'], []]]),
      '/core/v2/anything': route('core/v2', [[['GET'], []]]),
    },
  };
}

function documentedTable(): DocumentedRouteTable {
  const entry = (path: string, method: HttpMethod, params: DocumentedRoute['params']): DocumentedRoute => ({
    path,
    method,
    params,
  });
  return {
    source: 'self-test',
    routes: [
      entry('/demo/v1/items/{id}', 'GET', { id: { required: false }, context: { required: false } }),
      entry('/demo/v1/items/{id}', 'POST', { id: { required: false }, name: { required: true } }),
      entry('/demo/v1/items/{id}', 'PUT', { id: { required: false }, name: { required: true } }),
      entry('/demo/v1/terms/{slug?}', 'GET', {}),
    ],
  };
}

describe('route key matching', () => {
  it('converts PCRE named groups, anchors the key and ignores case', () => {
    const matcher = compileRouteKey(ITEM);
    expect(matcher.exec('/demo/v1/ITEMS/42')?.groups).toEqual({ id: '42' });
    expect(matcher.test('/demo/v1/items/42/extra')).toBe(false);
    expect(matcher.test('/prefix/demo/v1/items/42')).toBe(false);
    expect(compileRouteKey(TERMS).test('/demo/v1/terms')).toBe(true);
  });
});

describe('sample paths', () => {
  const sample = (path: string, pathValues?: Record<string, string[]>) =>
    samplePaths({ path, method: 'GET', params: {}, ...(pathValues ? { pathValues } : {}) });

  it('drops optional segments in one variant and fills them in the other', () => {
    expect(sample('/analytics/v1/terms/{slug?}')).toEqual(['/analytics/v1/terms', '/analytics/v1/terms/abc']);
  });
  it('uses digits for numeric variables and words where the document allows letters', () => {
    expect(sample('/community/v1/profile/{field_id}/data/{user_id}')).toEqual(['/community/v1/profile/1/data/1']);
    expect(sample('/badges/block-achievements-award-list/{achievement}/{user_id}')).toEqual(['/badges/block-achievements-award-list/abc/abc']);
    expect(sample('/community/v1/signup/{id}')).toEqual(['/community/v1/signup/abc']);
  });
  it('tries every enumerated value', () => {
    expect(sample('/seo/v1/notification/{name}', { name: ['a-b', 'c'] })).toEqual(['/seo/v1/notification/a-b', '/seo/v1/notification/c']);
  });
  it('refuses a variable it has no rule for', () => {
    expect(() => sample('/x/{mystery}')).toThrow(/mystery/);
  });
});

describe('comparing a descriptor with the documented routes', () => {
  it('finds nothing when the descriptor serves exactly the documented routes', () => {
    expect(documentedRoutesNotServed(documentedTable(), conformingDescriptor())).toEqual([]);
    expect(descriptorRoutesNotDocumented(documentedTable(), conformingDescriptor())).toEqual([]);
  });

  it('names the path, method and param of a documented param the descriptor lacks', () => {
    const descriptor = conformingDescriptor();
    descriptor.routes[ITEM] = route('demo/v1', [
      [['GET'], { id: arg() }],
      [['POST', 'PUT'], { id: arg(), name: arg(true) }],
    ]);
    expect(documentedRoutesNotServed(documentedTable(), descriptor)).toEqual([
      `GET /demo/v1/items/{id} (as /demo/v1/items/1): param "context" is documented but route ${ITEM} does not declare it`,
    ]);
  });

  it('reports an undocumented param unless the documented entry is open', () => {
    const descriptor = conformingDescriptor();
    descriptor.routes[TERMS] = route('demo/v1', [[['GET'], { per_page: arg() }]]);
    const table = documentedTable();
    expect(documentedRoutesNotServed(table, descriptor)).toEqual([
      `GET /demo/v1/terms/{slug?} (as /demo/v1/terms): param "per_page" is declared by route ${TERMS} but not documented`,
      `GET /demo/v1/terms/{slug?} (as /demo/v1/terms/abc): param "per_page" is declared by route ${TERMS} but not documented`,
    ]);
    (table.routes[3] as DocumentedRoute).open = true;
    expect(documentedRoutesNotServed(table, descriptor)).toEqual([]);
  });

  it('reports a required flag that differs', () => {
    const descriptor = conformingDescriptor();
    descriptor.routes[ITEM] = route('demo/v1', [
      [['GET'], { id: arg(true), context: arg() }],
      [['POST', 'PUT'], { id: arg(), name: arg(true) }],
    ]);
    expect(documentedRoutesNotServed(documentedTable(), descriptor)).toEqual([
      'GET /demo/v1/items/{id} (as /demo/v1/items/1): param "id" is documented required=false but declared required=true',
    ]);
  });

  it('reports a documented method no endpoint serves, and a method only the descriptor serves', () => {
    const descriptor = conformingDescriptor();
    descriptor.routes[ITEM] = route('demo/v1', [
      [['GET'], { id: arg(), context: arg() }],
      [['POST', 'DELETE'], { id: arg(), name: arg(true) }],
    ]);
    expect(documentedRoutesNotServed(documentedTable(), descriptor)).toEqual([
      `PUT /demo/v1/items/{id} (as /demo/v1/items/1): no endpoint serves the method; matching routes: ${ITEM} [GET, POST, DELETE]`,
    ]);
    expect(descriptorRoutesNotDocumented(documentedTable(), descriptor)).toEqual([`DELETE ${ITEM}: served by the descriptor but not in the document`]);
  });

  it('reports a route only the descriptor has, outside the undocumented namespaces', () => {
    const descriptor = conformingDescriptor();
    descriptor.routes['/demo/v1/extra'] = route('demo/v1', [[['GET'], []]]);
    descriptor.routes['/site-health/v1/tests'] = route('site-health/v1', [[['GET'], []]]);
    expect(descriptorRoutesNotDocumented(documentedTable(), descriptor)).toEqual(['GET /demo/v1/extra: served by the descriptor but not in the document']);
  });

  it('reports an optional segment the descriptor made mandatory', () => {
    const descriptor = conformingDescriptor();
    delete descriptor.routes[TERMS];
    descriptor.routes['/demo/v1/terms/(?P<slug>[a-zA-Z0-9-_]+)'] = route('demo/v1', [[['GET'], []]]);
    expect(documentedRoutesNotServed(documentedTable(), descriptor)).toEqual([
      'GET /demo/v1/terms/{slug?} (as /demo/v1/terms): no route of the descriptor matches the path',
    ]);
  });

  it('follows WordPress dispatch: an earlier route that matches the path and serves the method wins', () => {
    const descriptor: DescriptorRoutes = {
      routes: {
        '/demo/v1/signup/(?P<id>[\\w-]+)': route('demo/v1', [[['GET'], { id: arg() }]]),
        '/demo/v1/signup/form': route('demo/v1', [[['GET'], []]]),
      },
    };
    const table: DocumentedRouteTable = {
      source: 'self-test',
      routes: [{ path: '/demo/v1/signup/form', method: 'GET', params: {} }],
    };
    expect(documentedRoutesNotServed(table, descriptor)).toEqual([
      'GET /demo/v1/signup/form (as /demo/v1/signup/form): param "id" is declared by route /demo/v1/signup/(?P<id>[\\w-]+) but not documented',
    ]);
  });
});

describe('the transcribed fixture', () => {
  const table = loadDocumentedRoutes();

  it('has one entry per (path, method) and a sample path for every entry', () => {
    const keys = table.routes.map((entry) => `${entry.method} ${entry.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const entry of table.routes) expect(samplePaths(entry).length).toBeGreaterThan(0);
  });

  it('keeps the counts this transcription was reviewed at', () => {
    const params = table.routes.flatMap((entry) => Object.values(entry.params));
    expect(table.routes.length).toBe(161);
    expect(params.length).toBe(280);
    expect(params.filter((param) => param.required).length).toBe(29);
  });
});
