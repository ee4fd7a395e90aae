/**
 * The ways to narrow an answer to one parent, from the resource model: list arguments linked to a parent family and
 * path variables naming one, on core WordPress and on the interface (whose members are WordPress's users).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { INTERFACE_CONTRACT } from '@restconform/interface';
import { buildRootDescriptor, LOCALE_TEXTS } from '@restconform/server';
import { loadDescriptor, type RootDescriptor } from '../../../descriptor/index.js';
import { inferResources, mergedHints } from '../../../resources/index.js';
import { narrowingDoors } from './parent-exposure.js';

const wordpress = JSON.parse(readFileSync(new URL('../../../../fixtures/wordpress-6.1-index.json', import.meta.url), 'utf8')) as RootDescriptor;
const addresses = { baseUrl: 'http://127.0.0.1:1', restUrl: (locale: string) => `http://127.0.0.1:1/${locale}/wp-json` };
const community = JSON.parse(JSON.stringify(buildRootDescriptor(INTERFACE_CONTRACT, 'en_gb', addresses, LOCALE_TEXTS))) as RootDescriptor;

function doorsOf(root: RootDescriptor): string[] {
  const descriptor = loadDescriptor(root, null, 'fixture');
  return narrowingDoors(inferResources(descriptor, mergedHints(undefined)), descriptor.operations, descriptor.operations).map(
    (door) => `${door.op.route} ${door.via} ${door.argument} -> ${door.parent.family.name}`,
  );
}

describe('the ways to narrow an answer to one parent', () => {
  it("are core WordPress's parent arguments and sub-resource paths, never a list's own include or exclude", () => {
    const doors = doorsOf(wordpress);
    expect(doors).toEqual(
      expect.arrayContaining([
        '/wp/v2/posts query author -> wp/v2 users',
        '/wp/v2/posts query categories -> wp/v2 categories',
        '/wp/v2/pages query parent -> wp/v2 pages',
        '/wp/v2/comments query post -> wp/v2 posts',
        '/wp/v2/categories query post -> wp/v2 posts',
        '/wp/v2/posts/(?P<parent>[\\d]+)/revisions path parent -> wp/v2 posts',
        '/wp/v2/users/(?P<user_id>(?:[\\d]+|me))/application-passwords path user_id -> wp/v2 users',
      ]),
    );
    expect(doors.filter((door) => /include|exclude/.test(door))).toEqual([]);
  });

  it("take the interface's user ids for members of its own namespace, where a members list's user_ids picks its own items", () => {
    const merged = { ...community, routes: { ...wordpress.routes, ...community.routes } } as RootDescriptor;
    const doors = doorsOf(merged);
    expect(doors).toEqual(
      expect.arrayContaining([
        '/community/v1/profile/fields query profile_group_id -> community/v1 profile/groups',
        '/community/v1/profile/fields query user_id -> community/v1 members',
        '/community/v1/profile/(?P<field_id>[\\d]+)/data/(?P<user_id>[\\d]+) path field_id -> community/v1 profile/fields',
        '/community/v1/profile/(?P<field_id>[\\d]+)/data/(?P<user_id>[\\d]+) path user_id -> community/v1 members',
      ]),
    );
    expect(doors.filter((door) => door.startsWith('/community/v1/members '))).toEqual([]);
  });
});
