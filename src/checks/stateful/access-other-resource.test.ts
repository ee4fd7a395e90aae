import { describe, expect, it } from 'vitest';
import { answerOf } from './step-answer.js';
import { jsonExchange, wpError } from '../testing/exchange-builders.js';
import { accessOtherResource } from './access-other-resource.js';

const messages = (attempt: Parameters<typeof accessOtherResource.judge>[0]): string[] => accessOtherResource.judge(attempt).map((failure) => failure.message);
const ok = (body: unknown = {}) => answerOf(jsonExchange(200, body));
const forbidden = answerOf(wpError(403, 'rest_cannot_edit'));

describe('access_other_resource', () => {
  const resource = { family: 'posts', id: '4' };

  it('fires on an edit context showing fields beyond view, and passes a refused one', () => {
    const edit = ok({ id: 4, title: 'x', password: '' });
    expect(messages({ attempt: 'edit context', who: 'bob (member)', ...resource, edit, view: ok({ id: 4, title: 'x' }) })).toEqual([
      'bob (member) read the posts 4 it may not edit with context=edit and got fields view does not show: password; expected 401/403 rest_forbidden_context',
    ]);
    expect(messages({ attempt: 'edit context', who: 'bob (member)', ...resource, edit: forbidden, view: undefined })).toEqual([]);
  });

  it("fires on another account's update or delete that succeeds", () => {
    expect(messages({ attempt: 'update', who: 'bob (member)', ...resource, maker: 'admin', field: 'title', answer: ok() })).toEqual([
      'bob (member) updated the posts 4 that admin made (title): 200; expected 401/403',
    ]);
    expect(messages({ attempt: 'delete', who: 'bob (member)', ...resource, maker: 'admin', answer: ok() })).toEqual([
      'bob (member) deleted the posts 4 that admin made: 200; expected 401/403',
    ]);
    expect(messages({ attempt: 'delete', who: 'bob (member)', ...resource, maker: 'admin', answer: forbidden })).toEqual([]);
  });

  it("wants the maker's read afterwards to show the resource unchanged", () => {
    expect(messages({ attempt: 'maker read', others: 'bob, eve', family: 'posts', answer: answerOf(wpError(404, 'gone')) })).toEqual([
      "after refused deletes by bob, eve, its maker's read of the posts answered 404 gone",
    ]);
    const unchanged = { attempt: 'unchanged' as const, others: 'bob', field: 'title', before: { title: 'a' } };
    expect(messages({ ...unchanged, after: { title: 'b' }, updates: [forbidden] })).toEqual(['after refused updates by bob, title reads "b", was "a"']);
    expect(messages({ ...unchanged, after: { title: 'a' }, updates: [forbidden] })).toEqual([]);
    // A successful update is reported as such; the change it made is no second finding.
    expect(messages({ ...unchanged, after: { title: 'b' }, updates: [ok()] })).toEqual([]);
  });
});
