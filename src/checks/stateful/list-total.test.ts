import { describe, expect, it } from 'vitest';
import { listTotal } from './list-total.js';

const messages = (step: Parameters<typeof listTotal.judge>[0]): string[] => listTotal.judge(step).map((failure) => failure.message);

/** A read of the list under `query` whose other items are `others` ('unseen': not all of them could be seen). */
const read = (total: number | undefined, others: string[] | 'unseen' = [], query = '{}') => ({
  query,
  total,
  others: others === 'unseen' ? undefined : others,
});

describe('list_total', () => {
  it('wants the new resource in one of the list bodies read', () => {
    const listed = { step: 'listed' as const, family: 'posts', id: '4', idField: 'id' };
    expect(messages({ ...listed, pages: [[{ id: 1 }], [{ id: 4 }]], how: 'on page 2' })).toEqual([]);
    expect(messages({ ...listed, pages: [[{ id: 1 }]], how: 'walking 1 page(s)' })).toEqual(['the new posts 4 is not in its list (walking 1 page(s))']);
  });

  it('wants X-WP-Total one up after a create, under the same query only', () => {
    expect(messages({ step: 'created', before: read(2), after: read(3) })).toEqual([]);
    expect(messages({ step: 'created', before: read(3), after: read(3) })).toEqual(['X-WP-Total went from 3 to 3 after one create']);
    expect(messages({ step: 'created', before: read(2), after: read(undefined) })).toEqual(['X-WP-Total went from 2 to (none) after one create']);
    expect(messages({ step: 'created', before: read(3, [], '{"status":"draft"}'), after: read(3) })).toEqual([]);
    expect(messages({ step: 'created', before: undefined, after: read(3) })).toEqual([]);
  });

  it("judges only what the run can attribute to itself: the list's other items the same, and all seen", () => {
    // Another writer added item 9 beside the run's create: the total went up by two, and that is no fault.
    expect(messages({ step: 'created', before: read(2, ['1', '2']), after: read(4, ['1', '2', '9']) })).toEqual([]);
    expect(messages({ step: 'deleted', family: 'posts', withIt: read(3, ['1', '2']), after: read(1, ['1']) })).toEqual([]);
    // Only part of the list seen (a page of many): nothing to attribute either.
    expect(messages({ step: 'created', before: read(200, 'unseen'), after: read(200, 'unseen') })).toEqual([]);
    // The same other items at both reads: the total is the server's, and wrong.
    expect(messages({ step: 'created', before: read(2, ['1', '2']), after: read(2, ['1', '2']) })).toEqual(['X-WP-Total went from 2 to 2 after one create']);
  });

  it('wants X-WP-Total one down after the delete', () => {
    expect(messages({ step: 'deleted', family: 'posts', withIt: read(3), after: read(2) })).toEqual([]);
    expect(messages({ step: 'deleted', family: 'posts', withIt: read(3), after: read(3) })).toEqual([
      'X-WP-Total is 3 after the delete, 3 with the posts in the list',
    ]);
    expect(messages({ step: 'deleted', family: 'posts', withIt: undefined, after: read(3) })).toEqual([]);
  });
});
