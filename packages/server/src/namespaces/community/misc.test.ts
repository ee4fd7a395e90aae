import { beforeEach, describe, expect, it } from 'vitest';
import type { ServerContext } from '../../types.js';
import { bodyOf, invoke, MEMBER_ID, seededSubscribers, testContext } from './testing/fake-request.js';

const SETTINGS = '/community/v1/settings';
const MENTION = '/community/v1/mention';

let ctx: ServerContext;
beforeEach(() => {
  ctx = testContext();
});

describe('settings', () => {
  it('needs a logged-in member and lists the active components', async () => {
    expect((await invoke(ctx, { method: 'GET', route: SETTINGS, as: null })).status).toBe(401);
    const settings = bodyOf(await invoke(ctx, { method: 'GET', route: SETTINGS, as: MEMBER_ID }));
    expect(settings.active_components).toEqual(expect.arrayContaining(['members', 'xprofile']));
    expect(settings.active_components).not.toContain('friends');
  });
});

describe('mention', () => {
  it('needs a logged-in member', async () => {
    expect((await invoke(ctx, { method: 'GET', route: MENTION, params: { term: 'a' }, as: null })).status).toBe(401);
  });

  it('suggests members whose login or name contains the term, never the caller', async () => {
    const someone = ctx.store.members.get(seededSubscribers(ctx.store)[0]!)!;
    const term = someone.user_login.slice(0, 4);
    const suggestions = bodyOf(await invoke(ctx, { method: 'GET', route: MENTION, params: { term }, as: MEMBER_ID }));
    expect(suggestions).toContainEqual(
      expect.objectContaining({ id: someone.id, ID: someone.user_login, name: someone.name, user_id: someone.id, image: expect.any(String) }),
    );
    for (const suggestion of suggestions) {
      expect(`${suggestion.ID} ${suggestion.name}`.toLowerCase()).toContain(term.toLowerCase());
      expect(suggestion.user_id).not.toBe(MEMBER_ID);
    }
  });

  it('limits suggestions to followed members with only_friends', async () => {
    const [followed] = seededSubscribers(ctx.store);
    ctx.store.members.get(MEMBER_ID)!.following = new Set([followed!]);
    const suggestions = bodyOf(await invoke(ctx, { method: 'GET', route: MENTION, params: { term: '', only_friends: true }, as: MEMBER_ID }));
    expect(suggestions.map((suggestion: { user_id: number }) => suggestion.user_id)).toEqual([followed]);
  });
});
