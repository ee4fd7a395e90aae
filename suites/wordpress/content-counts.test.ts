import { describe, expect, it } from 'vitest';
import { COUNTED, countChanges, type ContentCounts } from '../../scripts/wordpress/content-counts.js';

const counts = (values: Record<string, number | string>): ContentCounts => Object.fromEntries(COUNTED.map(([kind]) => [kind, values[kind] ?? 1]));

describe('the site content a WordPress run must leave as it found it', () => {
  it('says nothing when every count is the same', () => {
    expect(countChanges(counts({}), counts({}))).toEqual([]);
  });

  it('names what was left behind, what is gone and what could not be read', () => {
    expect(countChanges(counts({ posts: 2, tags: 3 }), counts({ posts: 17, tags: 2, users: 'answered 500' }))).toEqual([
      'posts: 2 before the run, 17 after (left behind)',
      'tags: 3 before the run, 2 after (something the run did not make is gone, or the list could not be read)',
      'users: 1 before the run, answered 500 after (something the run did not make is gone, or the list could not be read)',
    ]);
  });

  it('names a kind that could not be counted at all, since a change in it would go unseen', () => {
    expect(countChanges(counts({ media: 'answered 400' }), counts({ media: 'answered 400' }))).toEqual([
      'media: could not be counted (answered 400 before and after the run), so what the run left of it is unknown',
    ]);
  });

  it('counts attachments by the statuses the media list takes (it refuses status=any)', () => {
    expect(COUNTED.filter(([kind]) => kind.startsWith('media'))).toEqual([
      ['media', '/wp/v2/media?status=inherit,private'],
      ['media in the trash', '/wp/v2/media?status=trash'],
    ]);
  });
});
