import { describe, expect, it } from 'vitest';
import { createLocation } from './create-location.js';

describe('create_location', () => {
  const answer = { family: 'posts', id: '4' };

  it('warns without a Location, fails a Location naming another item, warns a status other than 201', () => {
    expect(createLocation.judge({ ...answer, status: 201, location: undefined, named: undefined })).toEqual([
      {
        message:
          "the posts create answered 201 without a Location header; WordPress's posts, terms, users and comments controllers answer 201 with the new item's URL there",
      },
    ]);
    expect(createLocation.judge({ ...answer, status: 201, location: 'http://x/wp-json/wp/v2/posts/5', named: '5' })).toEqual([
      { message: "the posts create's Location http://x/wp-json/wp/v2/posts/5 does not name the new posts 4", severity: 'failure' },
    ]);
    expect(createLocation.judge({ ...answer, status: 200, location: 'http://x/wp-json/wp/v2/posts/4', named: '4' })).toEqual([
      { message: 'the posts create answered 200 with a Location; WordPress answers 201 Created' },
    ]);
  });

  it('passes a 201 naming the new item', () => {
    expect(createLocation.judge({ ...answer, status: 201, location: 'http://x/wp-json/wp/v2/posts/4', named: '4' })).toEqual([]);
  });
});
