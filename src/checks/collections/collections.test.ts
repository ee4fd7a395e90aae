import { describe, expect, it } from 'vitest';
import { jsonExchange } from '../testing/exchange-builders.js';
import { collectionFilters } from './collection-filters.js';
import { collectionHeaders } from './collection-headers.js';
import { collectionLinks } from './collection-links.js';
import { collectionOrder } from './collection-order.js';
import { collectionPaging } from './collection-paging.js';
import type { IdentifiedAnswer } from './evidence.js';
import { listAnswer, showIds, type ListAnswer } from './list-answer.js';

/** A 200 list answer of items with these ids, and headers. */
const list = (ids: number[], headers: Record<string, string> = {}): ListAnswer =>
  listAnswer(
    jsonExchange(
      200,
      ids.map((id) => ({ id })),
      headers,
    ),
  );
const totals = (total: number, pages: number) => ({ 'x-wp-total': String(total), 'x-wp-totalpages': String(pages) });
const link = (rels: Record<string, string>) => ({
  link: Object.entries(rels)
    .map(([rel, url]) => `<${url}>; rel="${rel}"`)
    .join(', '),
});

describe('reading a list answer', () => {
  it('reads items, ids, whole-number totals and links', () => {
    const answer = list([3, 4], { ...totals(5, 3), ...link({ next: 'http://x/l?page=2&per_page=2' }) });
    expect([answer.ids, answer.total, answer.pages, answer.links.get('next')]).toEqual([['3', '4'], 5, 3, 'http://x/l?page=2&per_page=2']);
    expect(list([1], { 'x-wp-total': 'many' }).total).toBeUndefined();
    expect(showIds(['1', undefined])).toBe('[1, ?]');
  });
});

describe('collection_headers', () => {
  it('fires on a paginated answer without both totals, and not on one with them or on a route without pagination', () => {
    expect(collectionHeaders.judge({ seen: 'answer', paginated: true, answer: list([]) })).toEqual([
      { message: 'an empty list answer has no X-WP-Total and X-WP-TotalPages headers', cause: 'empty:missing' },
    ]);
    expect(collectionHeaders.judge({ seen: 'answer', paginated: true, answer: list([1], { 'x-wp-total': '1' }) })[0]?.cause).toBe('list:malformed');
    expect(collectionHeaders.judge({ seen: 'answer', paginated: true, answer: list([1], totals(1, 1)) })).toEqual([]);
    expect(collectionHeaders.judge({ seen: 'answer', paginated: false, answer: list([]) })).toEqual([]);
  });

  it('wants 0 and 0 on an empty list, and the same total on every page of a walk', () => {
    const how = 'a search no item matches';
    expect(collectionHeaders.judge({ seen: 'possibly-empty', paginated: true, answer: list([], totals(3, 1)), how })).toEqual([
      { message: 'an empty list (a search no item matches) has X-WP-Total 3 and X-WP-TotalPages 1; expected 0 and 0', cause: 'empty:not-zero' },
    ]);
    expect(collectionHeaders.judge({ seen: 'possibly-empty', paginated: true, answer: list([], totals(0, 0)), how })).toEqual([]);
    expect(collectionHeaders.judge({ seen: 'possibly-empty', paginated: true, answer: list([1], totals(3, 1)), how })).toEqual([]);
    expect(collectionHeaders.judge({ seen: 'walk-page', page: 2, total: 5, answer: list([3, 4], totals(6, 3)) })[0]?.cause).toBe('walk:total-changes');
    expect(collectionHeaders.judge({ seen: 'walk-page', page: 2, total: 5, answer: list([3, 4], totals(5, 3)) })).toEqual([]);
  });
});

describe('collection_paging', () => {
  it('wants the declared default per_page without per_page', () => {
    const all = list([1, 2, 3, 4], totals(4, 1));
    expect(collectionPaging.judge({ seen: 'without-per-page', declaredDefault: 2, answer: all })[0]?.message).toBe(
      'without per_page the list holds 4 items; X-WP-Total 4 and the declared default per_page 2 make 2',
    );
    expect(collectionPaging.judge({ seen: 'without-per-page', declaredDefault: 10, answer: all })).toEqual([]);
  });

  it('wants per_page items on each page but the last, and nothing past the last', () => {
    const walk = { pageCount: 3, perPage: 2, total: 5 };
    expect(collectionPaging.judge({ seen: 'walk-page', page: 3, ...walk, answer: list([5, 6]) })).toEqual([
      { message: 'page 3 at per_page 2 holds 2 items; X-WP-Total 5 makes 1', cause: 'page-size:last' },
    ]);
    expect(collectionPaging.judge({ seen: 'walk-page', page: 1, ...walk, answer: list([1, 2]) })).toEqual([]);
    expect(collectionPaging.judge({ seen: 'past-last', ...walk, answer: list([5]) })[0]?.cause).toBe('past-last:items');
    expect(collectionPaging.judge({ seen: 'past-last', ...walk, answer: list([]) })).toEqual([]);
  });

  it('wants disjoint pages that together are the list', () => {
    const pages = [list([1, 2]), list([2, 3])] as IdentifiedAnswer[];
    expect(collectionPaging.judge({ seen: 'walk', perPage: 2, pages })).toEqual([
      { message: 'ordered by id, the pages at per_page 2 repeat items [2]: pages must be disjoint', cause: 'pages-overlap' },
    ]);
    expect(collectionPaging.judge({ seen: 'walk', perPage: 2, pages: [list([1, 2]), list([3])] as IdentifiedAnswer[] })).toEqual([]);
    expect(collectionPaging.judge({ seen: 'whole', perPage: 2, walked: ['1', '2', '3'], whole: list([1, 3, 2]) })[0]?.cause).toBe('pages-not-the-list');
    expect(collectionPaging.judge({ seen: 'whole', perPage: 2, walked: ['1', '2', '3'], whole: list([1, 2, 3]) })).toEqual([]);
  });
});

describe('collection_links', () => {
  const url = (page: number) => `http://x/l?per_page=2&page=${page}`;

  it('stays quiet on neighbours linked both ways, and on a list that sends no Link', () => {
    const pages = [list([1, 2], link({ next: url(2) })), list([3], link({ prev: url(1) }))];
    expect(pages.flatMap((_, index) => collectionLinks.judge({ pages, index, perPage: 2 }))).toEqual([]);
    expect(collectionLinks.judge({ pages: [list([1, 2]), list([3])], index: 0, perPage: 2 })).toEqual([]);
  });

  it('fires on a missing next and on a link to the wrong page', () => {
    const missing = [list([1, 2]), list([3], link({ prev: url(1) }))];
    expect(collectionLinks.judge({ pages: missing, index: 0, perPage: 2 })).toEqual([
      { message: 'page 1 of 2 lacks a Link rel="next"', cause: 'link:next:missing' },
    ]);
    const wrong = [list([1, 2], link({ next: url(3) })), list([3], link({ prev: url(1) }))];
    expect(collectionLinks.judge({ pages: wrong, index: 0, perPage: 2 })[0]?.cause).toBe('link:next:target');
  });
});

describe('collection_filters', () => {
  it('include answers exactly the ids asked for', () => {
    expect(collectionFilters.judge({ seen: 'include', included: ['1', '3'], answer: list([1, 3]) })).toEqual([]);
    expect(collectionFilters.judge({ seen: 'include', included: ['1', '3'], answer: list([1, 2, 3]) })).toEqual([
      { message: 'include=[1, 3] (ids from the list itself) answers [1, 2, 3]: also [2]', cause: 'include:extra' },
    ]);
  });

  it('exclude drops the id and one from the total', () => {
    expect(collectionFilters.judge({ seen: 'exclude', excluded: '1', total: 3, answer: list([2, 3], totals(2, 1)) })).toEqual([]);
    expect(collectionFilters.judge({ seen: 'exclude', excluded: '1', total: 3, answer: list([1, 2, 3]) })[0]?.cause).toBe('exclude:present');
    expect(collectionFilters.judge({ seen: 'exclude', excluded: '1', total: 3, answer: list([2, 3], totals(3, 1)) })[0]?.cause).toBe('exclude:total');
  });

  it('offset=1 starts at the second item', () => {
    expect(collectionFilters.judge({ seen: 'offset', walked: ['1', '2', '3'], answer: list([2, 3]) })).toEqual([]);
    expect(collectionFilters.judge({ seen: 'offset', walked: ['1', '2', '3'], answer: list([1, 2]) })).toEqual([
      { message: 'offset=1, ordered by id, answers [1, 2]; the list from its second item is [2, 3]', cause: 'offset' },
    ]);
  });
});

describe('collection_order', () => {
  it('wants desc to be asc reversed', () => {
    expect(collectionOrder.judge({ ascending: ['1', '2', '3'], answer: list([3, 2, 1]) })).toEqual([]);
    expect(collectionOrder.judge({ ascending: ['1', '2', '3'], answer: list([1, 2, 3]) })[0]?.cause).toBe('desc-not-reversed');
  });
});
