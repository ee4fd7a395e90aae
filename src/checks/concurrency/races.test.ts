import { describe, expect, it } from 'vitest';
import { concurrentCreate } from './concurrent-create.js';
import { concurrentDelete } from './concurrent-delete.js';
import { concurrentRelation } from './concurrent-relation.js';
import { concurrentUpdate } from './concurrent-update.js';
import type { RaceAnswer } from './evidence.js';

const answer = (status: number | undefined, code?: string, id?: string): RaceAnswer => ({ status, code, ...(id === undefined ? {} : { id }) });
const refused = (n: number, code = 'existing_user_email') => Array.from({ length: n }, () => answer(400, code));

describe('concurrent_create', () => {
  const race = { family: 'wp/v2 users', shared: { email: 'rc1@example.org' } };
  it('holds when one create succeeds and the others are refused with a code', () => {
    expect(concurrentCreate.judge({ ...race, answers: [answer(201, undefined, '7'), ...refused(7)], holders: ['7'] })).toEqual([]);
  });
  it('fires on two successes, on two holders afterwards, on a 5xx and on a refusal without a code', () => {
    const failures = concurrentCreate.judge({
      ...race,
      answers: [answer(201, undefined, '7'), answer(201, undefined, '8'), answer(500, 'existing_user_email'), answer(400)],
      holders: ['7', '8'],
    });
    expect(failures.map((failure) => failure.cause)).toEqual([
      'wp/v2 users creates with the same email: a 5xx or no answer',
      'wp/v2 users creates with the same email: a refusal without a code',
      'wp/v2 users creates with the same email: more than one succeeded',
      'wp/v2 users creates with the same email: more than one holds them afterwards',
    ]);
    expect(failures[2]!.message).toBe(
      '4 wp/v2 users creates sent together with the same email: 2 succeeded (7, 8); at most one may (2 × 201, 1 × 500 existing_user_email, 1 × 400)',
    );
  });
});

describe('concurrent_update', () => {
  const writes = [
    { fields: { title: 'a1', content: 'b1' } },
    { fields: { excerpt: 'c2' } },
    { fields: { title: 'a3', content: 'b3' } },
    { fields: { excerpt: 'c4' } },
  ];
  const race = { family: 'wp/v2 posts', id: '5', writes, answers: [answer(200), answer(200), answer(200), answer(200)] };
  it('holds when each set of fields is what one request wrote', () => {
    expect(concurrentUpdate.judge({ ...race, read: { title: { raw: 'a3' }, content: { raw: 'b3' }, excerpt: { raw: 'c2' } } })).toEqual([]);
  });
  it('fires on fields mixed from two requests, and on a set lost', () => {
    const failures = concurrentUpdate.judge({ ...race, read: { title: 'a1', content: 'b3', excerpt: 'old' } });
    expect(failures.map((failure) => failure.message)).toEqual([
      '4 updates of wp/v2 posts 5 sent together: the content, title read afterwards are not what one accepted update wrote: content from request 3; title from request 1',
      '4 updates of wp/v2 posts 5 sent together: the excerpt read afterwards are not what one accepted update wrote: excerpt from none of them (lost)',
    ]);
  });
});

describe('concurrent_delete', () => {
  const race = { family: 'wp/v2 tags', id: '9' };
  it('holds when one delete succeeds, the others find it gone, and it is gone afterwards', () => {
    expect(
      concurrentDelete.judge({
        ...race,
        answers: [answer(200), answer(404, 'rest_term_invalid'), answer(200)],
        after: answer(404, 'rest_term_invalid'),
        listed: false,
      }),
    ).toEqual([]);
  });
  it('fires on a 5xx, on another 4xx, and on a resource still there', () => {
    const failures = concurrentDelete.judge({
      ...race,
      answers: [answer(200), answer(500, 'rest_cannot_delete'), answer(409, 'conflict')],
      after: answer(200),
      listed: undefined,
    });
    expect(failures.map((failure) => failure.cause)).toEqual([
      'wp/v2 tags deletes sent together: a 5xx or no answer',
      'wp/v2 tags deletes sent together: neither success nor gone',
      'wp/v2 tags deletes sent together: still there afterwards',
    ]);
  });
});

describe('concurrent_relation', () => {
  it('holds for one activation, and for follows that leave one entry', () => {
    expect(
      concurrentRelation.judge({
        what: 'activate signup 3',
        answers: [answer(200), answer(400, 'already_active')],
        kind: 'single',
        left: 1,
        counted: 'members',
      }),
    ).toEqual([]);
    expect(concurrentRelation.judge({ what: 'follow member 4', answers: [answer(200), answer(200)], kind: 'repeatable', left: 1, counted: 'entries' })).toEqual(
      [],
    );
  });
  it('fires on two activations and on a relation stored twice', () => {
    expect(
      concurrentRelation
        .judge({ what: 'activate signup 3', answers: [answer(200), answer(200)], kind: 'single', left: 2, counted: 'members hold its login' })
        .map((failure) => failure.cause),
    ).toEqual(['activate signup N: more than one succeeded', 'activate signup N: more than one left']);
  });
});
