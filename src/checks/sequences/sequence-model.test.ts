/** sequence_model judges a step by the model's expectation alone: a pure function of the evidence. */
import { describe, expect, it } from 'vitest';
import type { Exchange } from '../../http/types.js';
import { answerOf } from '../stateful/step-answer.js';
import type { ModelExpectation } from './evidence.js';
import { sequenceModel } from './sequence-model.js';

function answer(status: number, body: unknown = {}, headers: Record<string, string> = {}): ReturnType<typeof answerOf> {
  const exchange = {
    request: { method: 'GET', url: 'http://127.0.0.1/wp-json/x', headers: {} },
    response: { status, headers, body: JSON.stringify(body), json: body },
  } as unknown as Exchange;
  return answerOf(exchange);
}

function messages(expectation: ModelExpectation): string[] {
  return sequenceModel.judge({ step: 'step 3: read x', expectation }).map((failure) => failure.message);
}

describe('sequence_model', () => {
  it('holds a deleted resource to 404/410, strictly for the run account and with 401/403 for others', () => {
    const gone = (status: number, strict: boolean): string[] =>
      messages({ kind: 'answer', expected: 'gone', strict, why: 'x 3 was deleted at step 2', answer: answer(status) });
    expect(gone(404, true)).toEqual([]);
    expect(gone(410, true)).toEqual([]);
    expect(gone(403, false)).toEqual([]);
    expect(gone(403, true)).toEqual(['step 3: read x answered 403; the model expected 404 or 410 (x 3 was deleted at step 2)']);
    expect(gone(200, false)).toEqual(['step 3: read x answered 200; the model expected 404 or 410 (or 401/403) (x 3 was deleted at step 2)']);
  });

  it('never takes a 5xx, whatever it expected', () => {
    expect(messages({ kind: 'answer', expected: 'answered', why: 'x 3 is live', answer: answer(502) })).toHaveLength(1);
  });

  it('holds every value written, not only the last', () => {
    const read = { name: 'second', description: '' };
    expect(messages({ kind: 'values', resource: 'x 3', written: { name: 'second', description: 'first' }, read })).toEqual([
      'step 3: read x: x 3 reads description ""; the sequence last wrote "first"',
    ]);
  });

  it('counts a list: live ones shown, deleted ones not, X-WP-Total the live ones', () => {
    const listed = (list: unknown, total: number, whole = true): string[] =>
      messages({ kind: 'listed', family: 'x', idField: 'id', live: ['1'], deleted: ['2'], exact: true, whole, list, total });
    expect(listed([{ id: 1 }], 1)).toEqual([]);
    expect(listed([{ id: 1 }, { id: 2 }], 2)).toHaveLength(2);
    // One page of several: a live one off the page is not missing.
    expect(listed([], 1, false)).toEqual([]);
  });

  it('refuses a child that still names its deleted parent, and takes one gone or re-parented', () => {
    const parent = { family: 'members', id: '7', field: 'item_id', via: 'arg' as const };
    const orphan = (status: number, body: unknown): string[] => messages({ kind: 'orphan', resource: 'block 4', parent, answer: answer(status, body) });
    expect(orphan(404, {})).toEqual([]);
    expect(orphan(200, { item_id: 8 })).toEqual([]);
    expect(orphan(200, { item_id: 7 })).toHaveLength(1);
  });
});
