import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadDescriptor, type RootDescriptor } from '../descriptor/index.js';
import { INTERFACE_CONTRACT } from '@restconform/interface';
import { buildRootDescriptor, LOCALE_TEXTS } from '@restconform/server';
import { anonymousWriteReason, describeModel, familyNamed, freshValue, inferResources, mergedHints } from './index.js';
import { createBody } from './values.js';
import type { ResourceFamily } from './types.js';

const wordpress = loadDescriptor(
  JSON.parse(readFileSync(new URL('../../fixtures/wordpress-6.1-index.json', import.meta.url), 'utf8')) as RootDescriptor,
  null,
  'fixture',
);

describe('inferResources', () => {
  it('pairs core WordPress collections with their items, and finds sub-resources and parents by route and argument', () => {
    const model = inferResources(wordpress, mergedHints(undefined));
    const running = model.families.filter((family) => family.skip === undefined).map((family) => family.name);
    expect(running).toEqual(
      expect.arrayContaining([
        'wp/v2 posts',
        'wp/v2 pages',
        'wp/v2 media',
        'wp/v2 categories',
        'wp/v2 tags',
        'wp/v2 users',
        'wp/v2 comments',
        'wp/v2 blocks',
        'wp/v2 menus',
        'wp/v2 menu-items',
        'wp/v2 navigation',
        'wp/v2 templates',
        'wp/v2 template-parts',
        'wp/v2 users/{}/application-passwords',
      ]),
    );
    expect(running).not.toContain('wp/v2 plugins');
    const passwords = familyNamed(model, 'wp/v2 users/{}/application-passwords')!;
    expect(passwords.parents).toEqual([{ family: 'wp/v2 users', name: 'user_id', via: 'path' }]);
    expect(familyNamed(model, 'wp/v2 comments')!.parents).toEqual([{ family: 'wp/v2 posts', name: 'post', via: 'arg' }]);
    const users = familyNamed(model, 'wp/v2 users')!;
    expect(users.unique).toEqual(['username', 'email']);
    expect(users.remove).toEqual({ force: true, required: ['reassign'] });
    expect(users.list).toMatchObject({ include: true, search: true, page: true, perPage: 100 });
    // Parents come before the families that need them.
    const names = model.families.map((family) => family.name);
    expect(names.indexOf('wp/v2 posts')).toBeLessThan(names.indexOf('wp/v2 comments'));
    expect(names.indexOf('wp/v2 menus')).toBeLessThan(names.indexOf('wp/v2 menu-items'));
    // Read-only collections are in the model, with the reason they get no life cycle.
    expect(familyNamed(model, 'wp/v2 types')!.skip).toBe('no create: the collection route serves no POST');
  });

  it("finds the arguments that take ids, by their names and types: a post's author, terms and featured image, a list's own ids", () => {
    const model = inferResources(wordpress, mergedHints(undefined));
    const referenced = (name: string): Record<string, string> =>
      Object.fromEntries(familyNamed(model, name)!.references.map((reference) => [reference.name, reference.family]));
    expect(referenced('wp/v2 posts')).toEqual({
      author: 'wp/v2 users',
      author_exclude: 'wp/v2 users',
      include: 'wp/v2 posts',
      exclude: 'wp/v2 posts',
      categories: 'wp/v2 categories',
      categories_exclude: 'wp/v2 categories',
      tags: 'wp/v2 tags',
      tags_exclude: 'wp/v2 tags',
      featured_media: 'wp/v2 media',
    });
    // A tree's parent is one of its own; a sub-resource's is the item it hangs below.
    expect(referenced('wp/v2 pages')).toMatchObject({ parent: 'wp/v2 pages', parent_exclude: 'wp/v2 pages' });
    expect(referenced('wp/v2 posts/{}/autosaves')).toMatchObject({ parent: 'wp/v2 posts' });
    // Parents the create needs are not repeated, and integers that count (`page`, `per_page`, `offset`) take no ids.
    expect(referenced('wp/v2 comments')).not.toHaveProperty('post');
    for (const family of model.families) {
      expect(family.references.map((reference) => reference.name)).not.toEqual(expect.arrayContaining(['page']));
      for (const name of ['per_page', 'offset', 'menu_order', 'search', 'slug'])
        expect(family.references.map((reference) => reference.name)).not.toContain(name);
    }
    expect(describeModel(model)).toContain('  ids         author (wp/v2 users), author_exclude (wp/v2 users), exclude (its own)');

    // What a name does not say, a hint does: a menu item's object_id names the post it links to.
    expect(referenced('wp/v2 menu-items')).not.toHaveProperty('object_id');
    const builtin = mergedHints(undefined);
    const hinted = inferResources(wordpress, mergedHints({ '/wp/v2/menu-items': { ...builtin['/wp/v2/menu-items'], ids: { object_id: '/wp/v2/posts' } } }));
    const menuItems = familyNamed(hinted, 'wp/v2 menu-items')!;
    expect(menuItems.references).toContainEqual({ family: 'wp/v2 posts', name: 'object_id' });
    expect(menuItems.hinted).toContain('ids');
  });

  it("infers the interface's families without hints, and a parent named by a create argument", () => {
    const addresses = { baseUrl: 'http://127.0.0.1:1', restUrl: (locale: string) => `http://127.0.0.1:1/${locale}/wp-json` };
    const root = JSON.parse(JSON.stringify(buildRootDescriptor(INTERFACE_CONTRACT, 'en_gb', addresses, LOCALE_TEXTS))) as RootDescriptor;
    const descriptor = loadDescriptor(root, 'en_gb', 'reference');
    const model = inferResources(descriptor);
    const fields = familyNamed(model, 'community/v1 profile/fields')!;
    expect(fields.parents).toEqual([{ family: 'community/v1 profile/groups', name: 'group_id', via: 'arg' }]);
    expect(fields.list?.filters).toEqual({ profile_group_id: 'group_id' });
    expect(familyNamed(model, 'community/v1 members')!.unique).toEqual(['user_login', 'email']);
    expect(describeModel(model)).toContain('community/v1 members\n  collection  /community/v1/members');
  });

  it('makes create bodies from required arguments and naming fields, held to the rule book', () => {
    const model = inferResources(wordpress, mergedHints(undefined));
    const made = createBody(familyNamed(model, 'wp/v2 users')!, 'Ab1', {});
    expect(made).toEqual({
      body: {
        username: 'rcab1',
        name: 'Restconform name Ab1',
        email: 'rcab1@example.org',
        description: 'Restconform description Ab1',
        password: 'pw-ab1-Secret',
      },
    });
    expect(createBody(familyNamed(model, 'wp/v2 comments')!, 'x', { post: '7' })).toEqual({ body: { content: 'Restconform content x', post: 7 } });
    expect(freshValue('status', { type: 'string', enum: ['publish', 'draft'] }, 't', 'publish')).toBe('draft');
    expect(freshValue('author', { type: 'integer' }, 't')).toBeUndefined();
    expect(freshValue('count', { type: 'integer', minimum: 1, maximum: 3 }, 't', 2)).not.toBe(2);
    expect(freshValue('code', { type: 'string', pattern: '^[a-z]+$' }, 't')).toBeUndefined();
  });
});

describe('anonymousWriteReason', () => {
  it('finds the hint of the family a route is the collection of or lies under, and nothing elsewhere', () => {
    const hints = mergedHints({ '/myplugin/v1/things': { anonymous: 'visitors submit things' } });
    expect(anonymousWriteReason(hints, '/community/v1/signup')).toMatch(/signs up/);
    expect(anonymousWriteReason(hints, '/community/v1/signup/activate/{id}')).toMatch(/signs up/);
    expect(anonymousWriteReason(hints, '/myplugin/v1/things/{thing}')).toBe('visitors submit things');
    expect(anonymousWriteReason(hints, '/community/v1/signups-elsewhere')).toBeUndefined();
    expect(anonymousWriteReason(hints, '/community/v1/members')).toBeUndefined();
  });

  it("fills an array of declared objects (BuddyPress's signup_field_data) with an existing id", () => {
    const family: ResourceFamily = {
      ...familyNamed(inferResources(wordpress, mergedHints(undefined)), 'wp/v2 users')!,
      create: {
        method: 'POST',
        args: {
          signup_field_data: {
            type: 'array',
            required: true,
            items: { type: 'object', properties: { field_id: { type: 'integer', required: true }, value: { type: 'string', default: '' } } },
          },
        },
      },
      createValues: {},
    };
    expect(createBody(family, 'T1', {}, { field_id: '1' })).toEqual({ body: { signup_field_data: [{ field_id: 1, value: 'Restconform value T1' }] } });
    // Without an existing id the required property has none.
    expect(createBody(family, 'T1', {})).toEqual({ missing: 'signup_field_data' });
  });
});
