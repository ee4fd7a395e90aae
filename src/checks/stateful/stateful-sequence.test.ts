import { describe, expect, it } from 'vitest';
import { jsonExchange, wpError } from '../testing/exchange-builders.js';
import type { SequenceStep } from './evidence.js';
import { statefulSequence } from './stateful-sequence.js';
import { answerOf } from './step-answer.js';

const messages = (step: SequenceStep): string[] => statefulSequence.judge(step).map((failure) => failure.message);

describe('stateful_sequence', () => {
  it('judges a step status by what the step expects', () => {
    const status = (exchange: ReturnType<typeof jsonExchange>, expected: 'success' | 'gone' | 'refused') =>
      messages({ step: 'status', what: 'read the list', expected, answer: answerOf(exchange) });
    expect(status(jsonExchange(200, []), 'success')).toEqual([]);
    expect(status(wpError(500, 'db_error'), 'success')).toEqual(['read the list: expected a 2xx answer, got 500 db_error']);
    expect(status(wpError(410, 'gone'), 'gone')).toEqual([]);
    expect(status(jsonExchange(200, {}), 'gone')).toEqual(['read the list: expected 404, got 200']);
    expect(status(wpError(409, 'already'), 'refused')).toEqual([]);
  });

  it('wants the new resource named by its create and by its first read', () => {
    expect(messages({ step: 'created', family: 'members', idField: 'id', id: undefined })).toEqual(['the members create answer has no "id"']);
    expect(messages({ step: 'created', family: 'members', idField: 'id', id: '7' })).toEqual([]);
    const read = (body: unknown) => messages({ step: 'read', family: 'members', id: '7', idField: 'id', answer: answerOf(jsonExchange(200, body)) });
    expect(read({ id: 7 })).toEqual([]);
    expect(read({ id: 999 })).toEqual(['reading members 7 answered id 999']);
  });

  it('refuses a trash for a forced delete, and a 5xx for an emptied text field', () => {
    expect(messages({ step: 'deleted', family: 'posts', answer: answerOf(jsonExchange(200, { status: 'trash' })), forced: true })).toEqual([
      'a delete with force=true moved the posts to the trash instead of deleting it',
    ]);
    expect(messages({ step: 'deleted', family: 'posts', answer: answerOf(jsonExchange(200, { deleted: true })), forced: true })).toEqual([]);
    // Without force, WordPress trashes: that is its answer, not a fault.
    expect(messages({ step: 'deleted', family: 'posts', answer: answerOf(jsonExchange(200, { status: 'trash' })), forced: false })).toEqual([]);
    const emptied = (exchange: ReturnType<typeof jsonExchange>) => messages({ step: 'emptied', family: 'groups', field: 'name', answer: answerOf(exchange) });
    expect(emptied(wpError(500, 'empty_term_name'))).toEqual([
      'updating the groups\'s name to "" (a value its descriptor allows) answered 500 empty_term_name; expected it taken or refused with a 4xx',
    ]);
    expect(emptied(wpError(400, 'rest_invalid_param'))).toEqual([]);
  });

  it('wants a repeated activation or block refused', () => {
    expect(messages({ step: 'repeated', what: 'blocking member 3 twice', answer: answerOf(jsonExchange(201, {})) })).toEqual([
      'blocking member 3 twice answered 201; expected a refusal',
    ]);
    expect(messages({ step: 'repeated', what: 'blocking member 3 twice', answer: answerOf(wpError(400, 'already_blocked')) })).toEqual([]);
  });

  it('judges the lists of relations by whether they should hold the member', () => {
    expect(messages({ step: 'moderation listed', member: '3', itemId: '9', blocked: true, list: [{ id: 9 }] })).toEqual([]);
    expect(messages({ step: 'moderation listed', member: '3', itemId: '9', blocked: false, list: [{ id: 9 }] })).toEqual([
      'member 3 is still blocked (item 9 listed) after the unblock',
    ]);
    expect(messages({ step: 'following listed', member: '3', following: true, list: [] })).toEqual(['member 3 is not in the following list after the follow']);
    expect(messages({ step: 'components listed', name: 'groups', active: false, when: 'after its deactivation', list: [{ name: 'groups' }] })).toEqual([]);
    expect(messages({ step: 'components listed', name: 'groups', active: true, when: 'after its activation', list: [] })).toEqual([
      'component groups is not among the active components after its activation',
    ]);
  });

  it('wants field data read back as written, and gone after its delete', () => {
    const written = ['Restconform value x'];
    expect(messages({ step: 'field data read', written, read: 'Restconform value x', deleted: false })).toEqual([]);
    expect(messages({ step: 'field data read', written, read: ['other'], deleted: false })).toEqual([
      'the data read back is ["other"], written ["Restconform value x"]',
    ]);
    expect(messages({ step: 'field data read', written, read: ['Restconform value x'], deleted: true })).toEqual([
      'the data is still ["Restconform value x"] after the delete',
    ]);
    expect(messages({ step: 'field data read', written, read: '', deleted: true })).toEqual([]);
  });
});
