import { readFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { ROOT_DESCRIPTOR_SCHEMA } from './descriptor-schema.js';
import { DescriptorError } from './errors.js';
import { validateRootDescriptor } from './validate.js';

const fixtureText = readFileSync(new URL('../../fixtures/wordpress-6.1-index.json', import.meta.url), 'utf8');

/** A fresh copy of the real WordPress index, to break one field of. */
function realIndex(): Record<string, any> {
  return JSON.parse(fixtureText) as Record<string, any>;
}

function minimal(): Record<string, any> {
  return {
    name: 'Site',
    description: '',
    url: 'http://127.0.0.1',
    home: 'http://127.0.0.1',
    gmt_offset: 0,
    timezone_string: '',
    namespaces: ['x/v1'],
    authentication: [],
    routes: {
      '/x/v1/items/(?P<id>[\\d]+)': {
        namespace: 'x/v1',
        methods: ['GET', 'POST'],
        endpoints: [
          { methods: ['GET'], args: [] },
          { methods: ['POST'], args: { name: { type: 'string', required: true } } },
        ],
      },
    },
  };
}

describe('the root descriptor schema', () => {
  it('is a valid draft-07 JSON Schema (the validator compiles it without this check)', () => {
    const ajv = new Ajv({ strictTypes: false });
    expect(ajv.validateSchema(ROOT_DESCRIPTOR_SCHEMA), JSON.stringify(ajv.errors)).toBe(true);
    expect(ajv.validateSchema({ ...ROOT_DESCRIPTOR_SCHEMA, properties: { routes: { type: 'objekt' } } })).toBe(false);
  });
});

function errorOf(json: unknown): DescriptorError {
  try {
    validateRootDescriptor(json, 'http://h/wp-json/');
  } catch (error) {
    expect(error).toBeInstanceOf(DescriptorError);
    return error as DescriptorError;
  }
  throw new Error('expected a DescriptorError');
}

describe('validateRootDescriptor', () => {
  it('accepts the real WordPress 6.1 index with its extras', () => {
    const root = validateRootDescriptor(realIndex());
    expect(Object.keys(root.routes)).toHaveLength(110);
    expect(root.site_logo).toBe(0);
  });

  it('turns an enum written as an object into the list of its values', () => {
    const root = validateRootDescriptor(realIndex());
    const endpoint = root.routes['/wp/v2/users']?.endpoints[0];
    const arg = !Array.isArray(endpoint?.args) ? endpoint?.args.has_published_posts : undefined;
    expect(arg?.items?.enum).toEqual(['post', 'page', 'attachment', 'nav_menu_item', 'wp_block', 'wp_template', 'wp_template_part', 'wp_navigation']);
  });

  it("turns PHP's empty-list maps into objects", () => {
    const root = validateRootDescriptor(realIndex());
    const endpoint = root.routes['/batch/v1']?.endpoints[0];
    const requests = !Array.isArray(endpoint?.args) ? endpoint?.args.requests : undefined;
    expect(requests?.items?.properties?.body?.properties).toEqual({});
    expect(requests?.items?.properties?.headers?.properties).toEqual({});
  });

  it('accepts a minimal descriptor', () => {
    expect(validateRootDescriptor(minimal()).name).toBe('Site');
  });

  const ROUTE = 'routes["/x/v1/items/(?P<id>[\\\\d]+)"]';
  it('rejects a document that is not an object', () => {
    const error = errorOf([]);
    expect(error.field).toBeUndefined();
    expect(error.message).toBe('descriptor http://h/wp-json/: must be object, got a list');
  });

  const cases: Array<[string, (d: Record<string, any>) => unknown, string, RegExp]> = [
    ['missing routes', (d) => delete d.routes, 'routes', /is missing/],
    ['namespaces of numbers', (d) => (d.namespaces = [1]), 'namespaces[0]', /must be string, got number 1/],
    ['authentication a non-empty list', (d) => (d.authentication = ['x']), 'authentication', /must be an object, or an empty list/],
    ['a route that is a string', (d) => (d.routes['/a'] = 'nope'), 'routes["/a"]', /must be object/],
    ['a route without endpoints', (d) => delete d.routes['/x/v1/items/(?P<id>[\\d]+)'].endpoints, `${ROUTE}.endpoints`, /is missing/],
    [
      'an unknown method',
      (d) => (d.routes['/x/v1/items/(?P<id>[\\d]+)'].endpoints[0].methods = ['GET', 'FETCH']),
      `${ROUTE}.endpoints[0].methods[1]`,
      /must be one of "GET".*got string "FETCH"/,
    ],
    ['methods as a string', (d) => (d.routes['/x/v1/items/(?P<id>[\\d]+)'].methods = 'GET'), `${ROUTE}.methods`, /must be array/],
    [
      'args a non-empty list',
      (d) => (d.routes['/x/v1/items/(?P<id>[\\d]+)'].endpoints[0].args = [{}]),
      `${ROUTE}.endpoints[0].args`,
      /empty list, got a list of 1/,
    ],
    [
      'an arg without required',
      (d) => delete d.routes['/x/v1/items/(?P<id>[\\d]+)'].endpoints[1].args.name.required,
      `${ROUTE}.endpoints[1].args.name.required`,
      /is missing/,
    ],
    [
      'an arg of an unknown type',
      (d) => (d.routes['/x/v1/items/(?P<id>[\\d]+)'].endpoints[1].args.name.type = 'text'),
      `${ROUTE}.endpoints[1].args.name.type`,
      /must be one of/,
    ],
    [
      'a nested bad item type',
      (d) => (d.routes['/x/v1/items/(?P<id>[\\d]+)'].endpoints[1].args.name.items = { type: ['string', 'date'] }),
      `${ROUTE}.endpoints[1].args.name.items.type[1]`,
      /got string "date"/,
    ],
    [
      'allow_batch not an object',
      (d) => (d.routes['/x/v1/items/(?P<id>[\\d]+)'].endpoints[1].allow_batch = true),
      `${ROUTE}.endpoints[1].allow_batch`,
      /must be object/,
    ],
    [
      'an arg named with a space',
      (d) => (d.routes['/x/v1/items/(?P<id>[\\d]+)'].endpoints[1].args['my name'] = { required: 'yes' }),
      `${ROUTE}.endpoints[1].args["my name"].required`,
      /must be boolean/,
    ],
  ];

  it.each(cases)('%s names the field', (_label, breakIt, field, reason) => {
    const descriptor = minimal();
    breakIt(descriptor);
    const error = errorOf(descriptor);
    expect(error.field).toBe(field);
    expect(error.message).toMatch(reason);
    expect(error.message.startsWith(`descriptor http://h/wp-json/: field ${field} `)).toBe(true);
    expect(error.message).not.toContain('\n');
  });

  it('names a bad field deep inside the real index', () => {
    const index = realIndex();
    index.routes['/wp/v2/posts'].endpoints[1].args.status.enum = 'publish';
    const error = errorOf(index);
    expect(error.field).toBe('routes["/wp/v2/posts"].endpoints[1].args.status.enum');
    expect(error.message).toMatch(/must be array/);
  });
});
