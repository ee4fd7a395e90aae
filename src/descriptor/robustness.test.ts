/**
 * The descriptor loader against bad input: arbitrary JSON, and real descriptors (the reference server's, both
 * locales, and a real WordPress 6.1 index) with fields deleted, replaced or retyped and garbage route keys
 * inserted. Whatever it is given, it loads or throws a `DescriptorError` naming the field; a route key it
 * cannot read skips that route with a warning, never the whole descriptor.
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { INTERFACE_CONTRACT } from '@restconform/interface';
import { buildRootDescriptor, LOCALE_TEXTS } from '@restconform/server';
import { propertyRuns } from '../testing/test-depth.js';
import { DescriptorError } from './errors.js';
import { loadDescriptor } from './load.js';
import type { LoadedDescriptor } from './types.js';
import { validateRootDescriptor } from './validate.js';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Path = ReadonlyArray<string | number>;

const BASE_URL = 'http://127.0.0.1:8080';

/** The real descriptors, as JSON text: each run parses a fresh copy, since validation normalises in place. */
const REAL_DESCRIPTORS: ReadonlyArray<{ name: string; text: string }> = [
  ...(['en_gb', 'el'] as const).map((locale) => ({
    name: `reference ${locale}`,
    text: JSON.stringify(buildRootDescriptor(INTERFACE_CONTRACT, locale, { baseUrl: BASE_URL, restUrl: (l) => `${BASE_URL}/${l}/wp-json` }, LOCALE_TEXTS)),
  })),
  { name: 'WordPress 6.1', text: readFileSync(new URL('../../fixtures/wordpress-6.1-index.json', import.meta.url), 'utf8') },
];

/** What happened to one input: loaded, or refused with a DescriptorError. Anything else is thrown on. */
type Outcome = { loaded: LoadedDescriptor } | { refused: DescriptorError };

function feed(json: unknown): Outcome {
  try {
    return { loaded: loadDescriptor(validateRootDescriptor(json, 'property'), 'en_gb', 'property') };
  } catch (error) {
    if (error instanceof DescriptorError) return { refused: error };
    throw error;
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Loaded: every route became operations or a warning that names it, and every variable pattern works in ajv's `u` mode. */
function expectLoadedSoundly(loaded: LoadedDescriptor): void {
  for (const route of Object.keys(loaded.root.routes)) {
    const operations = loaded.operations.filter((op) => op.route === route).length;
    const warned = loaded.warnings.some((warning) => warning.startsWith(`skipped route ${JSON.stringify(route)}`));
    expect(operations > 0 !== warned, `route ${JSON.stringify(route)}: ${operations} operations, warned ${warned}`).toBe(true);
  }
  for (const op of loaded.operations) {
    for (const variable of op.pattern.variables) expect(() => new RegExp(variable.schema.pattern as string, 'u')).not.toThrow();
  }
}

/** Refused: the message is one line, and for an object it names the bad field. */
function expectRefusedClearly(input: unknown, error: DescriptorError): void {
  expect(error.message).not.toContain('\n');
  if (isPlainObject(input)) {
    expect(error.field, error.message).toEqual(expect.any(String));
    expect(error.message).toContain(`field ${error.field as string} `);
  }
}

function expectLoadsOrNamesTheField(input: unknown): Outcome {
  const outcome = feed(input);
  if ('loaded' in outcome) expectLoadedSoundly(outcome.loaded);
  else expectRefusedClearly(input, outcome.refused);
  return outcome;
}

/** Every path into a JSON value, parents before children. */
function pathsOf(value: Json, prefix: Path = [], into: Path[] = []): Path[] {
  into.push(prefix);
  if (Array.isArray(value)) value.forEach((child, index) => pathsOf(child, [...prefix, index], into));
  else if (isPlainObject(value)) for (const [key, child] of Object.entries(value)) pathsOf(child as Json, [...prefix, key], into);
  return into;
}

/** One change to a document. */
type Mutation =
  | { kind: 'delete'; at: Path }
  | { kind: 'replace'; at: Path; value: Json }
  | { kind: 'add-route'; key: string; value: Json }
  | { kind: 'rename-route'; route: number; key: string };

/** Applies a mutation in place; a path that no longer exists (an earlier mutation removed it) is left alone. */
function apply(document: Json, mutation: Mutation): Json {
  if (mutation.kind === 'add-route' || mutation.kind === 'rename-route') {
    const routes = isPlainObject(document) ? document.routes : undefined;
    if (!isPlainObject(routes)) return document;
    if (mutation.kind === 'add-route') {
      routes[mutation.key] = mutation.value;
    } else {
      const keys = Object.keys(routes);
      const old = keys[mutation.route % Math.max(1, keys.length)];
      if (old === undefined) return document;
      const value = routes[old] as Json;
      delete routes[old];
      routes[mutation.key] = value;
    }
    return document;
  }
  if (mutation.at.length === 0) return mutation.kind === 'delete' ? null : mutation.value;
  let parent: unknown = document;
  for (const step of mutation.at.slice(0, -1)) {
    if (!isPlainObject(parent) && !Array.isArray(parent)) return document;
    parent = (parent as Record<string | number, unknown>)[step];
  }
  const last = mutation.at.at(-1) as string | number;
  if (Array.isArray(parent) && typeof last === 'number' && last < parent.length) {
    if (mutation.kind === 'delete') parent.splice(last, 1);
    else parent[last] = mutation.value;
  } else if (isPlainObject(parent) && typeof last === 'string' && Object.hasOwn(parent, last)) {
    if (mutation.kind === 'delete') delete parent[last];
    else parent[last] = mutation.value;
  }
  return document;
}

/** Pieces of route keys: WordPress regex syntax, PCRE-only syntax, broken syntax, odd characters. */
const ROUTE_KEY_PIECES = [
  '/',
  'x',
  'v1',
  '-',
  '_',
  '.',
  '(?P<id>',
  '(?P<id>[\\d]+)',
  '(?P<slug>[a-z-]+)',
  "(?'n'",
  '(?<n>',
  '(?P<',
  '>',
  '(',
  ')',
  '(?:',
  '[',
  ']',
  '[^/]',
  '\\d',
  '\\w',
  '\\',
  '+',
  '*',
  '?',
  '++',
  '*+',
  '{2}',
  '{2,1}',
  '{,3}',
  '|',
  '^',
  '$',
  '[[:alpha:]]',
  '(?<=',
  '(?<!',
  '(?=',
  '(?!',
  '(?i)',
  '\\1',
  '\\k<id>',
  '\\p{L}',
  '\\Q',
  '\\E',
  '\\x41',
  '\\x{110000}',
  '\\x{41}',
  '\\b',
  'a-z',
  'z-a',
  '[z-a]',
  '#',
  '%',
  '%2F',
  ' ',
  'é',
  '\u0000',
  '\u2028',
  '😀',
];

const routeKey = fc.array(fc.constantFrom(...ROUTE_KEY_PIECES), { minLength: 1, maxLength: 12 }).map((pieces) => `/${pieces.join('')}`);

const anyJson = fc.jsonValue({ maxDepth: 3 }) as fc.Arbitrary<Json>;

/** A value of a type chosen at random, so fields change type often. */
const retyped: fc.Arbitrary<Json> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.string({ maxLength: 8 }),
  fc.constantFrom<Json>([], {}, '', 0, -1, 'GET', ['GET'], ['NOPE'], [{}], { type: 'wat' }, { required: 'yes' }),
  anyJson,
);

function mutationsFor(document: Json): fc.Arbitrary<Mutation[]> {
  const paths = pathsOf(document);
  // The shape the loader relies on sits near the top; deep paths are mostly descriptions and enums.
  const shallow = paths.filter((path) => path.length <= 5);
  const path = fc.oneof(fc.constantFrom(...shallow), fc.constantFrom(...paths));
  const routeValue = fc.oneof(retyped, fc.constantFrom<Json>({ namespace: 'x', methods: ['GET'], endpoints: [{ methods: ['GET'], args: [] }] }));
  const mutation: fc.Arbitrary<Mutation> = fc.oneof(
    fc.record({ kind: fc.constant('delete' as const), at: path }),
    fc.record({ kind: fc.constant('replace' as const), at: path, value: retyped }),
    fc.record({ kind: fc.constant('add-route' as const), key: routeKey, value: routeValue }),
    fc.record({ kind: fc.constant('rename-route' as const), route: fc.nat(), key: routeKey }),
  );
  return fc.array(mutation, { minLength: 1, maxLength: 3 });
}

describe('the descriptor loader, fed bad input', () => {
  it('loads arbitrary JSON or refuses it with a DescriptorError', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (json) => {
        expectLoadsOrNamesTheField(json);
      }),
      { numRuns: propertyRuns(1000, 150) },
    );
  });

  it('loads an object of roughly the right shape or names the bad field', () => {
    const nearlyRoot = fc.record(
      {
        name: anyJson,
        description: anyJson,
        url: anyJson,
        home: anyJson,
        gmt_offset: fc.oneof(fc.string(), fc.integer(), anyJson),
        timezone_string: anyJson,
        namespaces: fc.oneof(fc.array(fc.string()), anyJson),
        authentication: fc.oneof(fc.constant([]), fc.dictionary(fc.string(), anyJson), anyJson),
        routes: fc.oneof(fc.dictionary(routeKey, anyJson), anyJson),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(nearlyRoot, (json) => {
        expectLoadsOrNamesTheField(json);
      }),
      { numRuns: propertyRuns(500, 80) },
    );
  });

  describe.each(REAL_DESCRIPTORS)('the $name descriptor', ({ text }) => {
    const pristine = JSON.parse(text) as Json;
    const operationsBefore = feed(JSON.parse(text));

    it('loads as it is', () => {
      expect('loaded' in operationsBefore).toBe(true);
    });

    it('loads or names the bad field whatever is deleted, replaced, retyped or inserted', () => {
      fc.assert(
        fc.property(mutationsFor(pristine), (mutations) => {
          const document = mutations.reduce(apply, JSON.parse(text) as Json);
          expectLoadsOrNamesTheField(document);
        }),
        { numRuns: propertyRuns(300, 40) },
      );
    });

    it('skips an unreadable route key with a warning and keeps every other route', () => {
      const before = (operationsBefore as { loaded: LoadedDescriptor }).loaded;
      fc.assert(
        fc.property(routeKey, (key) => {
          fc.pre(!Object.hasOwn(before.root.routes, key));
          const document = JSON.parse(text) as { routes: Record<string, unknown> };
          document.routes[key] = { namespace: 'x/v1', methods: ['GET'], endpoints: [{ methods: ['GET'], args: [] }] };
          const outcome = feed(document);
          if (!('loaded' in outcome)) throw outcome.refused;
          expectLoadedSoundly(outcome.loaded);
          const others = outcome.loaded.operations.filter((op) => op.route !== key);
          expect(others.map((op) => op.id)).toEqual(before.operations.map((op) => op.id));
        }),
        { numRuns: propertyRuns(150, 25) },
      );
    });
  });

  it('names the field in a one-line reason for a retyped route', () => {
    const document = JSON.parse(REAL_DESCRIPTORS[0]!.text) as { routes: Record<string, { endpoints: unknown }> };
    document.routes['/community/v1/members']!.endpoints = 'none';
    const outcome = feed(document);
    expect('refused' in outcome && outcome.refused.field).toBe('routes["/community/v1/members"].endpoints');
  });
});
