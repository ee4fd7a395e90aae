import { describe, expect, it } from 'vitest';
import { batchItems, type SentItem } from './batch-items.js';
import { itemAnswers } from './evidence.js';

const SENT: SentItem[] = [
  { kind: 'create', what: 'a valid member create' },
  { kind: 'unknown path', what: 'an item for an unknown path' },
  { kind: 'not allowed', what: 'an item for POST /x, which does not allow batching' },
  { kind: 'invalid create', what: 'a member create missing a required parameter' },
  { kind: 'create', what: 'another valid member create' },
];

const error = (status: number, code: string) => ({ status, body: { code } });
const GOOD = [
  { status: 201, body: { id: 7, name: 'tokena' } },
  error(404, 'rest_no_route'),
  error(400, 'rest_batch_not_allowed'),
  error(400, 'rest_missing_callback_param'),
  { status: 201, body: { id: 8, name: 'tokenz' } },
];

const items = (responses: unknown) => ({ step: 'items', items: SENT, answers: itemAnswers(responses), firstValue: 'tokena', lastValue: 'tokenz' }) as const;

describe('batch_items', () => {
  it('fails a batch not answered with 207, a missing answer, a wrong item status and answers out of order', () => {
    expect(batchItems.judge({ step: 'answer', answer: { status: 200, code: undefined } })).toEqual([{ message: 'a normal batch answered 200; expected 207' }]);
    expect(batchItems.judge(items(GOOD.slice(1)))).toEqual([{ message: '5 items got 4 answers' }]);
    expect(batchItems.judge(items([GOOD[0], error(400, 'rest_missing_callback_param'), ...GOOD.slice(2)]))).toEqual([
      { message: 'item 2, an item for an unknown path, answered 400 rest_missing_callback_param; expected 404 rest_no_route' },
    ]);
    expect(batchItems.judge(items([GOOD[4], ...GOOD.slice(1, 4), GOOD[0]]))).toEqual([
      { message: "the answers are not in request order: the first item is answered with the last item's resource" },
    ]);
    expect(batchItems.judge({ step: 'created id', position: 5, idField: 'id', id: undefined })).toEqual([{ message: 'item 5\'s answer has no "id"' }]);
  });

  it('passes items answered as they should be, creates refused for lack of rights included', () => {
    expect(batchItems.judge({ step: 'answer', answer: { status: 207, code: undefined } })).toEqual([]);
    expect(batchItems.judge(items(GOOD))).toEqual([]);
    expect(batchItems.judge(items([error(403, 'rest_forbidden'), ...GOOD.slice(1, 4), error(403, 'rest_forbidden')]))).toEqual([]);
    expect(batchItems.judge({ step: 'created id', position: 1, idField: 'id', id: '7' })).toEqual([]);
  });
});
