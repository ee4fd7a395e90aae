import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { RootDescriptor, RouteDescriptor } from '../descriptor/types.js';
import { buildRootDescriptor, LOCALE_TEXTS } from '@restconform/server';
import { diffDescriptors, diffDescriptorWithContract, routeMeaningDifference, type ContractDifference } from './diff.js';
import { INTERFACE_CONTRACT } from '@restconform/interface';

const addresses = { baseUrl: 'http://127.0.0.1:1', restUrl: (locale: string) => `http://127.0.0.1:1/${locale}/wp-json` };

/** A fresh, mutable reference descriptor in `locale`, as it arrives over the wire. */
function referenceDescriptor(locale: 'en_gb' | 'el'): RootDescriptor {
  return JSON.parse(JSON.stringify(buildRootDescriptor(INTERFACE_CONTRACT, locale, addresses, LOCALE_TEXTS))) as RootDescriptor;
}

const wordpress = JSON.parse(readFileSync(new URL('../../fixtures/wordpress-6.1-index.json', import.meta.url), 'utf8')) as RootDescriptor;

const MEMBERS = '/community/v1/members';
const MEMBER = String.raw`/community/v1/members/(?P<id>[\d]+)`;
const FIELD_DATA = String.raw`/community/v1/profile/(?P<field_id>[\d]+)/data/(?P<user_id>[\d]+)`;

/** Renames a route key in place, keeping its position (WordPress matches in order). */
function renameRoute(root: RootDescriptor, from: string, to: string): void {
  root.routes = Object.fromEntries(Object.entries(root.routes).map(([key, value]) => [key === from ? to : key, value]));
}

function argsOf(route: RouteDescriptor, index: number): Record<string, Record<string, unknown>> {
  return route.endpoints[index]!.args as unknown as Record<string, Record<string, unknown>>;
}

const kinds = (differences: ContractDifference[]) => differences.map((difference) => difference.kind);

describe('diffDescriptorWithContract', () => {
  it('finds nothing in the reference descriptor of either locale', () => {
    expect(diffDescriptorWithContract(referenceDescriptor('en_gb'), INTERFACE_CONTRACT)).toEqual([]);
    expect(diffDescriptorWithContract(referenceDescriptor('el'), INTERFACE_CONTRACT)).toEqual([]);
  });

  it('reports a missing route, naming it, as a failure', () => {
    const root = referenceDescriptor('en_gb');
    delete root.routes[MEMBER];
    const differences = diffDescriptorWithContract(root, INTERFACE_CONTRACT);
    expect(differences).toHaveLength(1);
    expect(differences[0]).toMatchObject({ kind: 'missing_route', severity: 'failure', route: MEMBER, namespace: 'community/v1' });
    expect(differences[0]!.message).toContain('GET, POST, PUT, PATCH, DELETE');
  });

  it('reports a namespace that is gone with all its routes once, not route by route', () => {
    const root = referenceDescriptor('en_gb');
    root.namespaces = root.namespaces.filter((name) => name !== 'calendar/v1');
    for (const key of Object.keys(root.routes)) if (root.routes[key]!.namespace === 'calendar/v1') delete root.routes[key];
    const differences = diffDescriptorWithContract(root, INTERFACE_CONTRACT);
    expect(kinds(differences)).toEqual(['missing_namespace']);
    expect(differences[0]!.message).toContain('nor any of its 2 routes');
  });

  it('reports a missing method and a changed batch permission', () => {
    const root = referenceDescriptor('en_gb');
    const member = root.routes[MEMBER]!;
    member.endpoints = member.endpoints.filter((endpoint) => !endpoint.methods.includes('DELETE'));
    delete member.endpoints[1]!.allow_batch;
    const differences = diffDescriptorWithContract(root, INTERFACE_CONTRACT);
    expect(differences.map((d) => [d.kind, d.method])).toEqual([
      ['changed_endpoint', 'POST'],
      ['changed_endpoint', 'PUT'],
      ['changed_endpoint', 'PATCH'],
      ['missing_method', 'DELETE'],
    ]);
  });

  it('reports each changed keyword of a parameter with both values', () => {
    const root = referenceDescriptor('en_gb');
    const list = argsOf(root.routes[MEMBERS]!, 0);
    list.per_page!.default = 20;
    list.per_page!.maximum = 50;
    list.type!.enum = ['active', 'newest'];
    list.search!.format = 'email';
    list.context!.required = true;
    list.include!.type = 'string';
    const differences = diffDescriptorWithContract(root, INTERFACE_CONTRACT);
    expect(differences.map((d) => [d.param, d.keyword, d.expected, d.actual])).toEqual([
      ['context', 'required', false, true],
      ['per_page', 'default', 10, 20],
      ['per_page', 'maximum', 100, 50],
      ['search', 'format', undefined, 'email'],
      ['type', 'enum', ['active', 'newest', 'alphabetical', 'random', 'online', 'popular'], ['active', 'newest']],
      ['include', 'type', 'array', 'string'],
    ]);
    expect(differences.every((d) => d.kind === 'changed_param' && d.severity === 'failure' && d.method === 'GET')).toBe(true);
    expect(differences[1]!.message).toBe('GET /community/v1/members: parameter per_page: default is 20 in the descriptor, 10 in the contract');
  });

  it('compares nested schemas by their keyword path', () => {
    const root = referenceDescriptor('en_gb');
    const requests = argsOf(root.routes['/batch/v1']!, 0).requests as { maxItems: number; items: { properties: Record<string, Record<string, unknown>> } };
    requests.maxItems = 26;
    requests.items.properties.path!.required = false;
    requests.items.properties.method!.enum = ['POST', 'GET'];
    const differences = diffDescriptorWithContract(root, INTERFACE_CONTRACT);
    expect(differences.map((d) => d.keyword)).toEqual(['maxItems', 'items.properties.method.enum', 'items.properties.path.required']);
  });

  it('reads PHP habits by meaning: [] is {}, one type is a list of one, enumerations in any order', () => {
    const root = referenceDescriptor('en_gb');
    const requests = argsOf(root.routes['/batch/v1']!, 0).requests as { items: { properties: Record<string, Record<string, unknown>> } };
    requests.items.properties.body!.properties = [];
    const list = argsOf(root.routes[MEMBERS]!, 0);
    list.bp_ps_search!.default = [];
    list.search!.type = ['string'];
    list.scope!.enum = ['following', 'all', 'followers', 'personal'];
    argsOf(root.routes['/community/v1/members/me/permissions']!, 0);
    expect(root.routes['/community/v1/members/me/permissions']!.endpoints[0]!.args).toEqual([]);
    expect(diffDescriptorWithContract(root, INTERFACE_CONTRACT)).toEqual([]);
  });

  it('reports an added parameter, except where the contract leaves the arguments open', () => {
    const root = referenceDescriptor('en_gb');
    argsOf(root.routes[MEMBERS]!, 0).colour = { type: 'string', required: false };
    argsOf(root.routes[FIELD_DATA]!, 1).visibility = { type: 'string', required: false };
    const differences = diffDescriptorWithContract(root, INTERFACE_CONTRACT);
    expect(differences.map((d) => [d.kind, d.method, d.param])).toEqual([['added_param', 'GET', 'colour']]);
  });

  it('reports a missing parameter', () => {
    const root = referenceDescriptor('en_gb');
    delete argsOf(root.routes[MEMBERS]!, 1).email;
    expect(diffDescriptorWithContract(root, INTERFACE_CONTRACT).map((d) => [d.kind, d.method, d.param])).toEqual([['missing_param', 'POST', 'email']]);
  });

  it('pairs routes by meaning: \\d+, [0-9]+ and [\\d]+ are one route', () => {
    const root = referenceDescriptor('en_gb');
    renameRoute(root, MEMBER, String.raw`/community/v1/members/(?P<id>\d+)`);
    renameRoute(root, FIELD_DATA, String.raw`/community/v1/profile/(?P<field_id>[0-9]+)/data/(?P<user_id>[0-9]{1,})`);
    expect(diffDescriptorWithContract(root, INTERFACE_CONTRACT)).toEqual([]);
  });

  it('reports a route whose variable accepts other values, and one whose variable is renamed', () => {
    const root = referenceDescriptor('en_gb');
    renameRoute(root, MEMBER, String.raw`/community/v1/members/(?P<id>[\w-]+)`);
    renameRoute(root, FIELD_DATA, String.raw`/community/v1/profile/(?P<field>[\d]+)/data/(?P<user_id>[\d]+)`);
    const differences = diffDescriptorWithContract(root, INTERFACE_CONTRACT);
    expect(differences.map((d) => [d.kind, d.severity, d.route])).toEqual([
      ['missing_route', 'failure', FIELD_DATA],
      ['added_route', 'warning', String.raw`/community/v1/profile/(?P<field>[\d]+)/data/(?P<user_id>[\d]+)`],
      ['changed_route', 'failure', MEMBER],
    ]);
    expect(differences[2]!.message).toMatch(/path variable id accepts "[^"]+" only in \/community\/v1\/members\/\(\?P<id>\[\\w-\]\+\)/);
  });

  it('warns about an undocumented route in a documented namespace only', () => {
    const root = referenceDescriptor('en_gb');
    const extra = (namespace: string): RouteDescriptor => ({ namespace, methods: ['GET'], endpoints: [{ methods: ['GET'], args: [] }] });
    root.routes['/community/v1/secret'] = extra('community/v1');
    root.routes['/core/v2/anything'] = extra('core/v2');
    root.routes['/wp/v2/posts'] = extra('wp/v2');
    root.routes[MEMBERS]!.endpoints.push({ methods: ['DELETE'], args: [] });
    const differences = diffDescriptorWithContract(root, INTERFACE_CONTRACT);
    expect(differences.map((d) => [d.kind, d.severity, d.route, d.method])).toEqual([
      ['added_route', 'warning', '/community/v1/secret', undefined],
      ['added_method', 'warning', MEMBERS, 'DELETE'],
    ]);
  });

  it('finds the interface missing from a real WordPress index, namespace by namespace', () => {
    const differences = diffDescriptorWithContract(wordpress, INTERFACE_CONTRACT);
    expect(differences.filter((d) => d.kind === 'missing_namespace').map((d) => d.namespace)).toEqual(
      INTERFACE_CONTRACT.namespaces.filter((name) => name !== 'oembed/1.0'),
    );
    expect(differences.some((d) => d.route.startsWith('/wp/v2'))).toBe(false);
  });

  it('holds the root, the batch route and the namespace indexes as real WordPress serves them: no type, no description', () => {
    // The recorded index serves `context` and `namespace` with only a default, as the document states them.
    const differences = diffDescriptorWithContract(wordpress, INTERFACE_CONTRACT);
    const served = differences.filter((d) => d.kind !== 'missing_namespace');
    expect(served.map((d) => [d.kind, d.route])).toEqual([['missing_route', '/oembed/1.0/embed/activity']]);
  });

  it('still reports a type the document states that the descriptor changes', () => {
    const root = referenceDescriptor('en_gb');
    const batch = argsOf(root.routes['/batch/v1']!, 0);
    batch.validation!.type = 'integer';
    expect(diffDescriptorWithContract(root, INTERFACE_CONTRACT).map((d) => [d.kind, d.param, d.keyword])).toEqual([['changed_param', 'validation', 'type']]);
  });
});

describe('diffDescriptors (locales)', () => {
  it('finds nothing between the reference descriptors of en_gb and el', () => {
    expect(diffDescriptors(referenceDescriptor('en_gb'), referenceDescriptor('el'), { first: 'en_gb', other: 'el' })).toEqual([]);
  });

  it('reports another default for per_page in el', () => {
    const el = referenceDescriptor('el');
    argsOf(el.routes[MEMBERS]!, 0).per_page!.default = 20;
    const differences = diffDescriptors(referenceDescriptor('en_gb'), el, { first: 'en_gb', other: 'el' });
    expect(differences).toHaveLength(1);
    expect(differences[0]).toMatchObject({
      kind: 'changed_param',
      severity: 'failure',
      method: 'GET',
      route: MEMBERS,
      param: 'per_page',
      keyword: 'default',
      expected: 10,
      actual: 20,
    });
    expect(differences[0]!.message).toBe('GET /community/v1/members: parameter per_page: default is 20 in locale el, 10 in locale en_gb');
  });

  it('reports a keyword the contract does not know about, a route and a namespace only one locale has', () => {
    const el = referenceDescriptor('el');
    argsOf(el.routes[MEMBERS]!, 0).search!.minLength = 2;
    el.routes['/community/v1/extra'] = { namespace: 'community/v1', methods: ['GET'], endpoints: [{ methods: ['GET'], args: [] }] };
    el.namespaces.push('greek/v1');
    el.gmt_offset = '2';
    const differences = diffDescriptors(referenceDescriptor('en_gb'), el, { first: 'en_gb', other: 'el' });
    expect(differences.map((d) => [d.kind, d.severity, d.keyword ?? d.route])).toEqual([
      ['added_namespace', 'failure', '/greek/v1'],
      ['added_route', 'failure', '/community/v1/extra'],
      ['changed_param', 'failure', 'minLength'],
      ['changed_site', 'failure', 'gmt_offset'],
    ]);
  });

  it('warns about a description left untranslated and fails a missing one', () => {
    const en = referenceDescriptor('en_gb');
    const el = referenceDescriptor('el');
    argsOf(el.routes[MEMBERS]!, 0).search!.description = argsOf(en.routes[MEMBERS]!, 0).search!.description;
    delete argsOf(el.routes[MEMBERS]!, 0).page!.description;
    const differences = diffDescriptors(en, el, { first: 'en_gb', other: 'el' });
    expect(differences.map((d) => [d.kind, d.severity, d.param])).toEqual([
      ['missing_description', 'failure', 'page'],
      ['untranslated_description', 'warning', 'search'],
    ]);
    expect(differences[1]!.message).toContain('left untranslated');
  });

  it('says once that a locale has no translation at all, rather than once per parameter', () => {
    const en = referenceDescriptor('en_gb');
    const differences = diffDescriptors(en, structuredClone(en), { first: 'en_gb', other: 'el' });
    expect(differences.map((d) => [d.kind, d.severity, d.route])).toEqual([['untranslated_locale', 'warning', '/']]);
    expect(differences[0]!.message).toMatch(
      /^none of the \d+ parameter descriptions in locale el is translated: each is the same as in locale en_gb \(e\.g\. /,
    );
  });

  it('asks for no description where no locale has one (the recorded WordPress index against itself)', () => {
    const copy = structuredClone(wordpress);
    const differences = diffDescriptors(wordpress, copy, { first: 'en_gb', other: 'el' });
    expect(differences.filter((d) => d.kind === 'missing_description')).toEqual([]);
    // One locale describing what the other does not is still a missing description.
    const described = structuredClone(wordpress);
    argsOf(described.routes['/']!, 0).context!.description = 'Scope';
    const missing = diffDescriptors(described, copy, { first: 'en_gb', other: 'el' }).filter((d) => d.kind === 'missing_description');
    expect(missing.map((d) => [d.route, d.param])).toEqual([['/', 'context']]);
  });

  it('reports each shared endpoint once for descriptions, not once per method', () => {
    const en = referenceDescriptor('en_gb');
    const el = referenceDescriptor('el');
    argsOf(el.routes[MEMBER]!, 1).name!.description = argsOf(en.routes[MEMBER]!, 1).name!.description;
    expect(diffDescriptors(en, el).map((d) => [d.method, d.param])).toEqual([['POST', 'name']]);
  });
});

describe('routeMeaningDifference', () => {
  it.each([
    [String.raw`/x/(?P<id>[\d]+)`, String.raw`/x/(?P<id>\d+)`],
    [String.raw`/x/(?P<id>[\d]+)`, String.raw`/x/(?P<id>[0-9]+)`],
    [String.raw`/x/(?P<slug>[a-zA-Z0-9-_]+)`, String.raw`/x/(?P<slug>[\w-]+)`],
    [String.raw`/x/(?P<slug>[a-z0-9_-]+)`, String.raw`/x/(?P<slug>[\w-]+)`],
    ['/Community/V1/Members', '/community/v1/members'],
    [String.raw`/t(?:/(?P<slug>[a-z]+))?`, String.raw`/t(?:/(?P<slug>[A-Za-z]+))?`],
  ])('%s means %s', (first, second) => {
    expect(routeMeaningDifference(first, second)).toBeUndefined();
  });

  it.each([
    [String.raw`/x/(?P<id>[\d]+)`, String.raw`/x/(?P<user>[\d]+)`, 'template /x/{id} is not /x/{user}'],
    [String.raw`/x/(?P<id>[\d]+)`, String.raw`/x/(?P<id>[\d]{1,3})`, 'accepts'],
    [String.raw`/x/(?P<id>[\d]+)`, String.raw`/y/(?P<id>[\d]+)`, 'template /x/{id} is not /y/{id}'],
    [String.raw`/t(?:/(?P<slug>[a-z]+))?`, String.raw`/t/(?P<slug>[a-z]+)`, 'template'],
    [String.raw`/t/(?P<a>\d+)`, String.raw`/t/(?P<a>\d+)?`, 'template'],
    [String.raw`/x/(?P<id>[\w-]+)`, String.raw`/x/(?P<id>[\w]+)`, 'accepts "-'],
  ])('%s differs from %s', (first, second, reason) => {
    expect(routeMeaningDifference(first, second)).toContain(reason);
  });
});
