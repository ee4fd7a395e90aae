import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ConfigError } from './errors.js';
import { emptyChoiceMessage, operationChoice, parseChoicePattern, type ChoosableOperation } from './operation-choice.js';

function op(method: string, route: string, template = route, locale: string | null = 'en_gb'): ChoosableOperation {
  const namespace = route.split('/').slice(1, 3).join('/');
  return { locale, method, route, namespace, pattern: { template } };
}

const MEMBERS = op('GET', '/community/v1/members');
const MEMBER = op('GET', '/community/v1/members/(?P<id>[\\d]+)', '/community/v1/members/{id}');
const MEMBER_DELETE = op('DELETE', '/community/v1/members/(?P<id>[\\d]+)', '/community/v1/members/{id}');
const MEMBER_AVATAR = op('POST', '/community/v1/members/(?P<id>[\\d]+)/avatar', '/community/v1/members/{id}/avatar');
const POSTS = op('POST', '/wp/v2/posts');
const GREEK_MEMBERS = op('GET', '/community/v1/members', '/community/v1/members', 'el');
const PLUGIN = op('PUT', '/myplugin/v1/settings');
const ALL = [MEMBERS, MEMBER, MEMBER_DELETE, MEMBER_AVATAR, POSTS, GREEK_MEMBERS, PLUGIN];

const chosen = (settings: { include?: string[]; exclude?: string[] }): ChoosableOperation[] => ALL.filter(operationChoice(settings).chooses);

describe('a choice pattern', () => {
  it('by namespace: every route of it, and only of it', () => {
    expect(chosen({ include: ['community/v1'] })).toEqual([MEMBERS, MEMBER, MEMBER_DELETE, MEMBER_AVATAR, GREEK_MEMBERS]);
    expect(chosen({ include: ['myplugin/v1'] })).toEqual([PLUGIN]);
    expect(chosen({ include: ['community'] })).toEqual([]);
    expect(chosen({ include: ['*/v1'] })).toEqual([MEMBERS, MEMBER, MEMBER_DELETE, MEMBER_AVATAR, GREEK_MEMBERS, PLUGIN]);
  });

  it('by route glob, on the template or the route key: * within a segment, ** across', () => {
    expect(chosen({ include: ['/community/v1/members/*'] })).toEqual([MEMBER, MEMBER_DELETE]);
    expect(chosen({ include: ['/community/v1/members/**'] })).toEqual([MEMBER, MEMBER_DELETE, MEMBER_AVATAR]);
    expect(chosen({ include: ['/community/v1/members/{id}/avatar'] })).toEqual([MEMBER_AVATAR]);
    expect(chosen({ include: ['/community/v1/members'] })).toEqual([MEMBERS, GREEK_MEMBERS]);
    expect(chosen({ include: ['/wp/v2/posts.x'] })).toEqual([]);
  });

  it('by regular expression between slashes, unanchored', () => {
    expect(chosen({ include: ['/avatar|posts/'] })).toEqual([MEMBER_AVATAR, POSTS]);
    expect(chosen({ include: ['/\\{id\\}$/'] })).toEqual([MEMBER, MEMBER_DELETE]);
    expect(chosen({ include: ['/\\(\\?P<id>/'] })).toEqual([MEMBER, MEMBER_DELETE, MEMBER_AVATAR]);
  });

  it('by method, before a target: one, several, or any', () => {
    expect(chosen({ include: ['DELETE *'] })).toEqual([MEMBER_DELETE]);
    expect(chosen({ include: ['delete community/v1'] })).toEqual([MEMBER_DELETE]);
    expect(chosen({ include: ['POST,PUT *'] })).toEqual([MEMBER_AVATAR, POSTS, PLUGIN]);
    expect(chosen({ include: ['* /wp/v2/**'] })).toEqual([POSTS]);
  });

  it('by locale, as a prefix: alone or before the rest', () => {
    expect(chosen({ include: ['el:'] })).toEqual([GREEK_MEMBERS]);
    expect(chosen({ include: ['el:GET community/v1'] })).toEqual([GREEK_MEMBERS]);
    expect(chosen({ exclude: ['el:'] })).not.toContain(GREEK_MEMBERS);
    // A run without locales (plain WordPress) has none of them.
    expect(operationChoice({ include: ['en_gb:'] }).chooses(op('GET', '/wp/v2/posts', '/wp/v2/posts', null))).toBe(false);
  });

  it('includes, then excludes: the issue’s example', () => {
    expect(chosen({ include: ['community/v1'], exclude: ['DELETE *'] })).toEqual([MEMBERS, MEMBER, MEMBER_AVATAR, GREEK_MEMBERS]);
    expect(chosen({ exclude: ['community/v1'] })).toEqual([POSTS, PLUGIN]);
    expect(chosen({ include: ['community/v1', 'myplugin/v1'], exclude: ['/community/v1/members/**'] })).toEqual([MEMBERS, GREEK_MEMBERS, PLUGIN]);
  });

  it('refuses what it cannot read, naming where it was given', () => {
    const refusal = (text: string): string => {
      try {
        parseChoicePattern(text, '--include');
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return (error as Error).message;
      }
      throw new Error(`"${text}" was accepted`);
    };
    expect(refusal('FETCH *')).toBe('--include: "FETCH *": unknown method FETCH; methods: GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS');
    expect(refusal('/a(b/')).toMatch(/^--include: "\/a\(b\/": not a regular expression/);
    expect(refusal('  ')).toMatch(/empty pattern/);
    expect(refusal('DELETE')).toMatch(/"DELETE \*" for every DELETE/);
  });
});

describe('a choice that selects nothing', () => {
  it('is named with the namespaces the descriptor has', () => {
    expect(emptyChoiceMessage(operationChoice({ include: ['myplugin/v2'], exclude: ['DELETE *'] }), ALL)).toBe(
      "--include 'myplugin/v2' --exclude 'DELETE *' chooses no operation; the descriptor's namespaces: community/v1, myplugin/v1, wp/v2",
    );
    expect(emptyChoiceMessage(operationChoice({ include: ['myplugin/v1'] }), ALL)).toBeUndefined();
    expect(emptyChoiceMessage(operationChoice({}), [])).toBeUndefined();
  });
});

/** Operations drawn from a few namespaces, routes, methods and locales, so patterns drawn from the same parts meet them. */
const arbitraryOperation: fc.Arbitrary<ChoosableOperation> = fc
  .record({
    namespace: fc.constantFrom('community/v1', 'wp/v2', 'myplugin/v1'),
    resource: fc.constantFrom('members', 'posts', 'settings', 'a.b'),
    item: fc.boolean(),
    method: fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE'),
    locale: fc.constantFrom('en_gb', 'el', null),
  })
  .map(({ namespace, resource, item, method, locale }) => {
    const base = `/${namespace}/${resource}`;
    return item ? op(method, `${base}/(?P<id>[\\d]+)`, `${base}/{id}`, locale) : op(method, base, base, locale);
  });

const arbitraryPattern: fc.Arbitrary<string> = fc
  .record({
    locale: fc.constantFrom('', 'el:', 'en_gb:'),
    method: fc.constantFrom('', 'GET ', 'DELETE ', 'POST,PUT ', '* '),
    target: fc.constantFrom('*', 'community/v1', 'wp/*', '/wp/v2/posts', '/community/v1/members/*', '/**', '/members|posts/', '/^\\/myplugin/', '/a.b/'),
  })
  .map(({ locale, method, target }) => `${locale}${method}${target}`);

describe('the choice, for any operations and patterns', () => {
  it('includes everything, and drops nothing, with an include that matches all or no pattern at all', () => {
    fc.assert(
      fc.property(fc.array(arbitraryOperation), fc.constantFrom([], ['*'], ['* *'], ['/**']), (operations, include) => {
        expect(operations.filter(operationChoice({ include }).chooses)).toEqual(operations);
      }),
    );
  });

  it('chooses nothing a pattern both includes and excludes', () => {
    fc.assert(
      fc.property(fc.array(arbitraryOperation), arbitraryPattern, (operations, pattern) => {
        expect(operations.filter(operationChoice({ include: [pattern], exclude: [pattern] }).chooses)).toEqual([]);
      }),
    );
  });

  it('chooses, from the operations, exactly those its include matches and its exclude does not', () => {
    fc.assert(
      fc.property(
        fc.array(arbitraryOperation),
        fc.array(arbitraryPattern, { maxLength: 3 }),
        fc.array(arbitraryPattern, { maxLength: 3 }),
        (operations, include, exclude) => {
          const choice = operationChoice({ include, exclude });
          const matches = (pattern: string, each: ChoosableOperation) => parseChoicePattern(pattern).matches(each);
          for (const each of operations) {
            const expected = (include.length === 0 || include.some((pattern) => matches(pattern, each))) && !exclude.some((pattern) => matches(pattern, each));
            expect(choice.chooses(each)).toBe(expected);
          }
        },
      ),
    );
  });

  it('never widens with more excludes, nor narrows with more includes', () => {
    fc.assert(
      fc.property(fc.array(arbitraryOperation), fc.array(arbitraryPattern, { minLength: 1, maxLength: 3 }), arbitraryPattern, (operations, include, more) => {
        const before = operations.filter(operationChoice({ include }).chooses);
        expect(operations.filter(operationChoice({ include, exclude: [more] }).chooses).every((each) => before.includes(each))).toBe(true);
        expect(before.every((each) => operationChoice({ include: [...include, more] }).chooses(each))).toBe(true);
      }),
    );
  });

  it('adds nothing with an include pattern that matches no operation, and is refused when it is the only one', () => {
    fc.assert(
      fc.property(fc.array(arbitraryOperation, { minLength: 1 }), arbitraryPattern, (operations, pattern) => {
        const nowhere = 'nowhere/v9';
        expect(operations.filter(operationChoice({ include: [pattern, nowhere] }).chooses)).toEqual(
          operations.filter(operationChoice({ include: [pattern] }).chooses),
        );
        expect(emptyChoiceMessage(operationChoice({ include: [nowhere] }), operations)).toMatch(
          /^--include 'nowhere\/v9' chooses no operation; the descriptor's namespaces: /,
        );
      }),
    );
  });

  it('is the same choice whatever the order of its patterns', () => {
    fc.assert(
      fc.property(
        fc.array(arbitraryOperation),
        fc.array(arbitraryPattern, { maxLength: 4 }),
        fc.array(arbitraryPattern, { maxLength: 2 }),
        (operations, include, exclude) => {
          const forward = operations.filter(operationChoice({ include, exclude }).chooses);
          expect(operations.filter(operationChoice({ include: [...include].reverse(), exclude: [...exclude].reverse() }).chooses)).toEqual(forward);
        },
      ),
    );
  });
});
