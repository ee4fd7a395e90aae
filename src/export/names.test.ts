import { describe, expect, it } from 'vitest';
import { pascalName, slugOf, uniqueNames } from './names.js';

describe('export names', () => {
  it('slugs a method and a path into a file-safe lower-case name', () => {
    expect(slugOf('GET', '/community/v1/members/{id}')).toBe('get_community_v1_members_id');
    expect(slugOf('POST', '/oembed/1.0/embed')).toBe('post_oembed_1_0_embed');
    expect(slugOf('GET', '/')).toBe('get_root');
  });

  it('keeps the case of the words in TypeScript names', () => {
    expect(pascalName('GET', '/seo/v1/post/{postId}/first-attached-image')).toBe('GetSeoV1PostPostIdFirstAttachedImage');
    expect(pascalName('DELETE', '/')).toBe('DeleteRoot');
  });

  it('numbers a repeated name from the second time on', () => {
    const names = uniqueNames(['a', 'b', 'c', 'd'], (item) => (item === 'd' ? 'y' : 'x'));
    expect([...names.values()]).toEqual(['x', 'x_2', 'x_3', 'y']);
  });
});
