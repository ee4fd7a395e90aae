import { readFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { INTERFACE_CONTRACT, SEO_NOTIFICATION_NAMES } from '@restconform/interface';
import { RoutePatternError } from './errors.js';
import { parseRoutePattern } from './route-pattern.js';
import type { RootDescriptor, RoutePattern } from './types.js';

const fixture = JSON.parse(readFileSync(new URL('../../fixtures/wordpress-6.1-index.json', import.meta.url), 'utf8')) as RootDescriptor;
const ajv = new Ajv({ strict: false });

/** Values for every variable (optional ones sometimes left out), each drawn from the variable's own schema. */
function valuesFor(pattern: RoutePattern): fc.Arbitrary<Record<string, string>> {
  const entries = pattern.variables.map((variable) => {
    const value = fc.stringMatching(new RegExp(variable.schema.pattern as string, 'u'));
    return [variable.name, variable.optional ? fc.option(value, { nil: undefined }) : value] as const;
  });
  return fc.record(Object.fromEntries(entries)).map((record) => {
    const values: Record<string, string> = {};
    for (const [name, value] of Object.entries(record)) if (value !== undefined) values[name] = value as string;
    return values;
  });
}

/** The property every parsed route must have: build a path, WordPress's matcher finds the same values in it. */
function assertBuildMatchesRoundTrip(pattern: RoutePattern): void {
  fc.assert(
    fc.property(valuesFor(pattern), (values) => {
      for (const variable of pattern.variables) {
        if (values[variable.name] !== undefined) expect(ajv.validate(variable.schema, values[variable.name])).toBe(true);
      }
      const path = pattern.build(values);
      const match = pattern.matcher.exec(path);
      expect(match, `${pattern.key} should match ${path}`).not.toBeNull();
      for (const variable of pattern.variables) {
        if (values[variable.name] !== undefined && pattern.variables.length === 1) {
          expect(decodeURIComponent(match?.groups?.[variable.name] ?? '')).toBe(values[variable.name]);
        }
      }
    }),
    { numRuns: 50, seed: 4242 },
  );
}

describe('parseRoutePattern on the real WordPress 6.1 index', () => {
  const keys = Object.keys(fixture.routes);

  it('reads all 110 routes', () => {
    expect(keys).toHaveLength(110);
    for (const key of keys) expect(() => parseRoutePattern(key), key).not.toThrow();
  });

  it.each(keys)('%s: build → matcher round trip with schema-valid values', (key) => {
    const pattern = parseRoutePattern(key);
    expect(pattern.key).toBe(key);
    for (const variable of pattern.variables) ajv.compile(variable.schema);
    assertBuildMatchesRoundTrip(pattern);
  });

  it('reads the shapes real WordPress uses', () => {
    const revisions = parseRoutePattern('/wp/v2/posts/(?P<parent>[\\d]+)/revisions/(?P<id>[\\d]+)');
    expect(revisions.template).toBe('/wp/v2/posts/{parent}/revisions/{id}');
    expect(revisions.variables.map((v) => [v.name, v.pattern, v.optional])).toEqual([
      ['parent', '[\\d]+', false],
      ['id', '[\\d]+', false],
    ]);
    expect(revisions.build({ parent: '12', id: '3' })).toBe('/wp/v2/posts/12/revisions/3');
    expect(revisions.matcher.exec('/WP/V2/posts/12/revisions/3')?.groups).toEqual({ parent: '12', id: '3' });

    const passwords = parseRoutePattern('/wp/v2/users/(?P<user_id>(?:[\\d]+|me))/application-passwords/(?P<uuid>[\\w\\-]+)');
    expect(passwords.template).toBe('/wp/v2/users/{user_id}/application-passwords/{uuid}');
    expect(passwords.variables[0]?.schema).toEqual({ type: 'string', pattern: '^(?:(?:[\\d]+|me))$' });
    expect(passwords.matcher.test('/wp/v2/users/me/application-passwords/abc-1')).toBe(true);
    expect(passwords.matcher.test('/wp/v2/users/you/application-passwords/abc-1')).toBe(false);

    const plugin = parseRoutePattern('/wp/v2/plugins/(?P<plugin>[^.\\/]+(?:\\/[^.\\/]+)?)');
    expect(plugin.build({ plugin: 'akismet/akismet' })).toBe('/wp/v2/plugins/akismet/akismet');
    expect(plugin.matcher.test('/wp/v2/plugins/a/b/c')).toBe(false);

    const renderer = parseRoutePattern('/wp/v2/block-renderer/(?P<name>[a-z0-9-]+/[a-z0-9-]+)');
    expect(renderer.variables[0]?.pattern).toBe('[a-z0-9\\-]+\\/[a-z0-9\\-]+');
    expect(renderer.build({ name: 'core/archives' })).toBe('/wp/v2/block-renderer/core/archives');

    const variations = parseRoutePattern('/wp/v2/global-styles/themes/(?P<stylesheet>[\\/\\s%\\w\\.\\(\\)\\[\\]\\@_\\-]+)/variations');
    // PCRE's needless `\@` is written bare, so ajv's unicode mode accepts the schema.
    expect(variations.variables[0]?.pattern).toBe('[\\/\\s%\\w.()\\[\\]@_\\-]+');
    expect(variations.build({ stylesheet: 'twenty twenty-three' })).toBe('/wp/v2/global-styles/themes/twenty%20twenty-three/variations');
  });

  it('treats an unescaped dot in literal text as the dot it was meant to be', () => {
    const embed = parseRoutePattern('/oembed/1.0/embed');
    expect(embed.template).toBe('/oembed/1.0/embed');
    expect(embed.build({})).toBe('/oembed/1.0/embed');
    // …while matching like WordPress, where it is any character.
    expect(embed.matcher.test('/oembed/1x0/embed')).toBe(true);
  });
});

const INTERFACE_SHAPES: Array<{
  key: string;
  template: string;
  variables: Array<[string, boolean]>;
  values: Record<string, string>;
  path: string;
  rejects: string[];
}> = [
  { key: '/', template: '/', variables: [], values: {}, path: '/', rejects: ['', '/x'] },
  { key: '/batch/v1', template: '/batch/v1', variables: [], values: {}, path: '/batch/v1', rejects: ['/batch/v2'] },
  {
    key: '/community/v1/members/(?P<id>[\\d]+)',
    template: '/community/v1/members/{id}',
    variables: [['id', false]],
    values: { id: '42' },
    path: '/community/v1/members/42',
    rejects: ['/community/v1/members/me', '/community/v1/members/', '/community/v1/members/4a'],
  },
  {
    key: '/community/v1/signup/(?P<id>[\\w-]+)',
    template: '/community/v1/signup/{id}',
    variables: [['id', false]],
    values: { id: 'jane_doe-2' },
    path: '/community/v1/signup/jane_doe-2',
    rejects: ['/community/v1/signup/a.b', '/community/v1/signup/a/b'],
  },
  {
    key: '/badges/block-achievements-award-list/(?P<achievement>[a-zA-Z0-9_-]+)/(?P<user_id>[a-zA-Z0-9_-]+)',
    template: '/badges/block-achievements-award-list/{achievement}/{user_id}',
    variables: [
      ['achievement', false],
      ['user_id', false],
    ],
    values: { achievement: 'gold_star-1', user_id: '7' },
    path: '/badges/block-achievements-award-list/gold_star-1/7',
    rejects: ['/badges/block-achievements-award-list/gold%20star/7'],
  },
  {
    key: '/analytics/v1/popular-posts/themes(?:/(?P<type>[a-zA-Z0-9-]+))?',
    template: '/analytics/v1/popular-posts/themes[/{type}]',
    variables: [['type', true]],
    values: {},
    path: '/analytics/v1/popular-posts/themes',
    rejects: ['/analytics/v1/popular-posts/themes/', '/analytics/v1/popular-posts/themes/a_b'],
  },
  {
    key: '/analytics/v1/terms(?:/(?P<slug>[a-zA-Z0-9-_]+))?',
    template: '/analytics/v1/terms[/{slug}]',
    variables: [['slug', true]],
    values: { slug: 'news_2-b' },
    path: '/analytics/v1/terms/news_2-b',
    rejects: ['/analytics/v1/termsnews'],
  },
  {
    key: '/community/v1/profile/(?P<field_id>[\\d]+)/data/(?P<user_id>[\\d]+)',
    template: '/community/v1/profile/{field_id}/data/{user_id}',
    variables: [
      ['field_id', false],
      ['user_id', false],
    ],
    values: { field_id: '3', user_id: '9' },
    path: '/community/v1/profile/3/data/9',
    rejects: ['/community/v1/profile/3/data/'],
  },
  {
    key: '/seo/v1/post/(?P<postId>[\\d]+)/first-attached-image',
    template: '/seo/v1/post/{postId}/first-attached-image',
    variables: [['postId', false]],
    values: { postId: '5' },
    path: '/seo/v1/post/5/first-attached-image',
    rejects: ['/seo/v1/post/x/first-attached-image'],
  },
  {
    key: `/seo/v1/notification/(?P<name>${SEO_NOTIFICATION_NAMES.join('|')})`,
    template: '/seo/v1/notification/{name}',
    variables: [['name', false]],
    values: { name: 'v3-migration-schema-number-reminder' },
    path: '/seo/v1/notification/v3-migration-schema-number-reminder',
    rejects: ['/seo/v1/notification/other-reminder', '/seo/v1/notification/blog-visibility-reminderx'],
  },
  {
    key: '/community/v1/members/(?P<user_id>(?:[\\d]+|me))/avatar',
    template: '/community/v1/members/{user_id}/avatar',
    variables: [['user_id', false]],
    values: { user_id: 'me' },
    path: '/community/v1/members/me/avatar',
    rejects: ['/community/v1/members/mine/avatar'],
  },
];

describe('parseRoutePattern on the interface route shapes', () => {
  it.each(INTERFACE_SHAPES)('$key', ({ key, template, variables, values, path, rejects }) => {
    const pattern = parseRoutePattern(key);
    expect(pattern.template).toBe(template);
    expect(pattern.variables.map((v) => [v.name, v.optional])).toEqual(variables);
    expect(pattern.build(values)).toBe(path);
    expect(pattern.matcher.test(path)).toBe(true);
    expect(pattern.matcher.test(path.toUpperCase())).toBe(true);
    for (const other of rejects) expect(pattern.matcher.test(other), other).toBe(false);
    assertBuildMatchesRoundTrip(pattern);
  });

  it('the notification alternation accepts exactly its 12 names', () => {
    expect(SEO_NOTIFICATION_NAMES).toHaveLength(12);
    const pattern = parseRoutePattern(`/seo/v1/notification/(?P<name>${SEO_NOTIFICATION_NAMES.join('|')})`);
    const validate = ajv.compile(pattern.variables[0]?.schema ?? {});
    for (const name of SEO_NOTIFICATION_NAMES) expect(validate(name), name).toBe(true);
    // Anchoring the whole alternation matters: without the group, `^a|b$` would accept `a…` and `…b`.
    expect(validate('blog-visibility-reminder-and-more')).toBe(false);
    expect(validate('prefix-v3-migration-schema-number-reminder')).toBe(false);
  });

  it('builds an optional segment when its value is given, and leaves it out otherwise', () => {
    const pattern = parseRoutePattern('/analytics/v1/taxonomy(?:/(?P<slug>[a-zA-Z0-9-_]+))?');
    expect(pattern.build({ slug: 'tags' })).toBe('/analytics/v1/taxonomy/tags');
    expect(pattern.build({})).toBe('/analytics/v1/taxonomy');
  });

  it('every route of the contract parses and round-trips', () => {
    expect(INTERFACE_CONTRACT.routes.length).toBeGreaterThan(100);
    for (const route of INTERFACE_CONTRACT.routes) assertBuildMatchesRoundTrip(parseRoutePattern(route.route));
  });
});

describe('parseRoutePattern encoding and errors', () => {
  it('percent-encodes only what a path cannot carry, and keeps slashes', () => {
    const pattern = parseRoutePattern('/x/(?P<id>[^?]+)');
    expect(pattern.build({ id: "a-z_0.9~!$&'()*+,;=:@/" })).toBe("/x/a-z_0.9~!$&'()*+,;=:@/");
    expect(pattern.build({ id: 'a b/ü&+?#%"[]' })).toBe('/x/a%20b/%C3%BC&+%3F%23%25%22%5B%5D');
    expect(pattern.build({ id: '\uD800' })).toBe('/x/%EF%BF%BD');
  });

  it('leaves out optional literal text such as a trailing slash', () => {
    const pattern = parseRoutePattern('/x/(?P<id>\\d+)/?');
    expect(pattern.template).toBe('/x/{id}[/]');
    expect(pattern.build({ id: '1' })).toBe('/x/1');
    expect(pattern.matcher.test('/x/1/')).toBe(true);
  });

  it('refuses a missing required value', () => {
    expect(() => parseRoutePattern('/x/(?P<id>[\\d]+)').build({})).toThrow(/no value for path variable "id"/);
  });

  it('reads PCRE class quirks the way PCRE does', () => {
    // `[\w-_]`: PCRE reads the dash as a literal; JavaScript's u mode would reject it unescaped.
    const pattern = parseRoutePattern('/x/(?P<id>[\\w-_]+)');
    expect(pattern.variables[0]?.pattern).toBe('[\\w\\-_]+');
    expect(new RegExp(pattern.variables[0]?.schema.pattern as string, 'u').test('a-b_c')).toBe(true);
    // `]` first in a class is a literal.
    expect(parseRoutePattern('/x/(?P<id>[]a]+)').matcher.test('/x/]a')).toBe(true);
    // `\-` between two characters is a literal dash, not a range.
    expect(parseRoutePattern('/x/(?P<id>[a\\-z]+)').matcher.test('/x/b')).toBe(false);
    // Alternative group-name syntaxes.
    expect(parseRoutePattern("/x/(?<a>\\d+)/(?'b'\\d+)").template).toBe('/x/{a}/{b}');
  });

  it.each([
    ['/x/(?P<id>\\d++)', /possessive/],
    ['/x/(?P<id>\\d+)/(?P=id)', /unsupported group syntax/],
    ['/x/(?P<id>[[:alpha:]]+)', /POSIX/],
    ['/x/(?P<id>(\\d)\\1)', /back-references/],
    ['/x/(?P<id>\\d+', /unclosed group/],
    ['/x/(?P<id>[a-z+', /unclosed character class/],
    ['/x/(?P<id>[z-a]+)', /range out of order/],
    ['/x/(?P<id>\\d+)/(?P<id>\\d+)', /appears twice/],
    ['/x/(?P<outer>a(?P<inner>\\d+))', /contains another named group/],
    ['/x(?:/(?P<id>\\d+))+', /repetition/],
    ['/x/[a-z]+', /outside any named group/],
    ['/x/\\p{L}', /unsupported escape/],
    ['*/x', /nothing to repeat/],
    ['/x/(?i)abc', /unsupported group syntax/],
    ['/x)', /unmatched/],
    // Found by the descriptor robustness property: the names repeat inside a lookahead, which collects no variables.
    ['/(?=(?P<id>[\\d]+)\\(?P<id>[\\d]+)(?P<id>[\\d]+)', /JavaScript cannot compile it/],
  ])('%s is refused', (key, reason) => {
    expect(() => parseRoutePattern(key)).toThrow(RoutePatternError);
    expect(() => parseRoutePattern(key)).toThrow(reason);
  });
});
