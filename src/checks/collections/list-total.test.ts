import { describe, expect, it } from 'vitest';
import { listTotal } from './list-total.js';

const messages = (step: Parameters<typeof listTotal.judge>[0]): string[] => listTotal.judge(step).map((failure) => failure.message);

describe('list_total', () => {
  it('wants the new resource in one of the list bodies read', () => {
    const listed = { step: 'listed' as const, family: 'posts', id: '4', idField: 'id' };
    expect(messages({ ...listed, pages: [[{ id: 1 }], [{ id: 4 }]], how: 'on page 2' })).toEqual([]);
    expect(messages({ ...listed, pages: [[{ id: 1 }]], how: 'walking 1 page(s)' })).toEqual(['the new posts 4 is not in its list (walking 1 page(s))']);
  });

  it('wants X-WP-Total one up after a create, under the same query only', () => {
    const after = { query: '{}', total: 3 };
    expect(messages({ step: 'created', before: { query: '{}', total: 2 }, after })).toEqual([]);
    expect(messages({ step: 'created', before: { query: '{}', total: 3 }, after })).toEqual(['X-WP-Total went from 3 to 3 after one create']);
    expect(messages({ step: 'created', before: { query: '{}', total: 2 }, after: { query: '{}', total: undefined } })).toEqual([
      'X-WP-Total went from 2 to (none) after one create',
    ]);
    expect(messages({ step: 'created', before: { query: '{"status":"draft"}', total: 3 }, after })).toEqual([]);
    expect(messages({ step: 'created', before: undefined, after })).toEqual([]);
  });

  it('wants X-WP-Total one down after the delete', () => {
    expect(messages({ step: 'deleted', family: 'posts', withIt: 3, after: 2 })).toEqual([]);
    expect(messages({ step: 'deleted', family: 'posts', withIt: 3, after: 3 })).toEqual(['X-WP-Total is 3 after the delete, 3 with the posts in the list']);
    expect(messages({ step: 'deleted', family: 'posts', withIt: undefined, after: 3 })).toEqual([]);
  });
});
