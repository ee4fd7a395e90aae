import { describe, expect, it } from 'vitest';
import { jsonExchange, wpError } from '../testing/exchange-builders.js';
import { answerOf } from './step-answer.js';
import { useAfterDelete } from './use-after-delete.js';

describe('use_after_delete', () => {
  it('fires on a 2xx to a deleted resource, not on a 404', () => {
    expect(useAfterDelete.judge({ step: 'sent', what: 'reading the posts', answer: answerOf(jsonExchange(200, { id: 4 })) })).toEqual([
      { message: 'reading the posts after the delete answered 200; expected 404' },
    ]);
    expect(useAfterDelete.judge({ step: 'sent', what: 'reading the posts', answer: answerOf(wpError(404, 'rest_post_invalid_id')) })).toEqual([]);
  });

  it('fires when the deleted resource is still in its list', () => {
    const listed = { step: 'listed' as const, family: 'posts', id: '4', idField: 'id' };
    expect(useAfterDelete.judge({ ...listed, list: [{ id: 4 }] })).toEqual([{ message: 'the deleted posts 4 is still in its list' }]);
    expect(useAfterDelete.judge({ ...listed, list: [{ id: 5 }] })).toEqual([]);
  });
});
