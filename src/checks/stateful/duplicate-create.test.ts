import { describe, expect, it } from 'vitest';
import { jsonExchange, wpError } from '../testing/exchange-builders.js';
import type { Exchange } from '../../http/types.js';
import { duplicateCreate } from './duplicate-create.js';
import { answerOf } from './step-answer.js';

describe('duplicate_create', () => {
  const judge = (exchange: Exchange, second?: string): string[] =>
    duplicateCreate
      .judge({ family: 'members', id: '4', repeated: { user_login: 'ann', email: 'a@b.c' }, answer: answerOf(exchange), second })
      .map((failure) => failure.message);

  it('fires on a second resource, a 5xx and a refusal without a code', () => {
    expect(judge(jsonExchange(201, { id: 5 }), '5')).toEqual([
      'a second members create with the same user_login "ann", email "a@b.c" answered 201: a second resource, 5; expected a 4xx refusal',
    ]);
    expect(judge(wpError(500, 'db_error'))).toEqual([
      'a second members create with the same user_login "ann", email "a@b.c" answered 500 db_error; expected a 4xx refusal with a code',
    ]);
    expect(judge(jsonExchange(400, {}))).toEqual(['a second members create with the same user_login "ann", email "a@b.c" answered 400 without an error code']);
  });

  it('passes a 4xx refusal with a code', () => {
    expect(judge(wpError(400, 'existing_user_login'))).toEqual([]);
  });
});
