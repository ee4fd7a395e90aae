import { describe, expect, it } from 'vitest';
import { collectionSearch } from './collection-search.js';

describe('collection_search', () => {
  const search = { family: 'posts', id: '4', idField: 'id', token: 'rc1x' };

  it('fires when the search does not find the new resource', () => {
    expect(collectionSearch.judge({ ...search, list: [{ id: 5 }] })).toEqual([
      { message: 'the new posts 4, created with "rc1x" in its fields, is not found by search=rc1x' },
    ]);
  });

  it('passes a search that finds it', () => {
    expect(collectionSearch.judge({ ...search, list: [{ id: '4' }] })).toEqual([]);
  });
});
