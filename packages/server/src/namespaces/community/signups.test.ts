import { beforeEach, describe, expect, it } from 'vitest';
import type { ServerContext } from '../../types.js';
import { findMemberByEmail } from './member-accounts.js';
import { bodyOf, invoke, MEMBER_ID, testContext } from './testing/fake-request.js';

const SIGNUPS = '/community/v1/signup';
const SIGNUP = String.raw`/community/v1/signup/(?P<id>[\w-]+)`;
const ACTIVATE = String.raw`/community/v1/signup/activate/(?P<id>[\w-]+)`;

let ctx: ServerContext;
beforeEach(() => {
  ctx = testContext();
});

async function signUp(email: string) {
  return invoke(ctx, { method: 'POST', route: SIGNUPS, params: { signup_email: email, signup_password: 'pw-123456' }, as: null });
}

describe('signing up', () => {
  it('lets an anonymous visitor sign up, with the login taken from the e-mail address', async () => {
    const response = await signUp('Jane.Doe@example.org');
    expect(response.status).toBe(201);
    const body = bodyOf(response);
    expect(response.headers?.Location).toBe(`${ctx.restUrl('en_gb')}/community/v1/signup/${String(body.id)}`);
    expect(body).toMatchObject({ user_login: 'janedoe', user_name: 'janedoe', user_email: 'Jane.Doe@example.org', active: false });
    // The key would let an anonymous caller activate an address they do not own: only a moderator sees it.
    expect(body).not.toHaveProperty('activation_key');
    const asModerator = bodyOf(
      await invoke(ctx, { method: 'POST', route: SIGNUPS, params: { signup_email: 'mod.made@example.org', signup_password: 'pw-123456' } }),
    );
    expect(asModerator.activation_key).toMatch(/^[0-9a-f]{32}$/);
    for (const key of ['id', 'registered', 'date_sent']) expect(body).toHaveProperty(key);
    expect(JSON.stringify(body)).not.toContain('pw-123456');
    expect(body).not.toHaveProperty('password');
  });

  it('refuses an address that is not an e-mail address, naming signup_email', async () => {
    const response = await signUp('not-an-address');
    expect(response.status).toBe(400);
    expect(bodyOf(response).data.params).toHaveProperty('signup_email');
  });

  it('refuses an address already used by a member or a pending signup', async () => {
    expect((await signUp('member@example.org')).status).toBe(400);
    expect((await signUp('twice@example.org')).status).toBe(201);
    expect((await signUp('twice@example.org')).status).toBe(400);
  });

  it('makes logins unique', async () => {
    const first = bodyOf(await signUp('member@elsewhere.org'));
    expect(first.user_login).toBe('member1');
  });

  it('describes the registration form', async () => {
    const form = bodyOf(await invoke(ctx, { method: 'GET', route: '/community/v1/signup/form', as: null }));
    expect(form.map((field: { id: string }) => field.id)).toEqual(expect.arrayContaining(['signup_email', 'signup_password']));
  });
});

describe('managing signups', () => {
  it('needs a moderator to list, read and delete', async () => {
    expect((await invoke(ctx, { method: 'GET', route: SIGNUPS, as: null })).status).toBe(401);
    expect((await invoke(ctx, { method: 'GET', route: SIGNUPS, as: MEMBER_ID })).status).toBe(403);
    expect((await invoke(ctx, { method: 'GET', route: SIGNUP, params: { id: '1' }, as: MEMBER_ID })).status).toBe(403);
    expect((await invoke(ctx, { method: 'DELETE', route: SIGNUP, params: { id: '1' }, as: null })).status).toBe(401);
  });

  it('lists `number` signups from `offset` with X-WP-Total', async () => {
    const all = await invoke(ctx, { method: 'GET', route: SIGNUPS, params: { number: 100, order: 'asc' } });
    const total = bodyOf(all).length;
    expect(total).toBeGreaterThan(0);
    expect(all.headers?.['X-WP-Total']).toBe(String(total));
    const one = await invoke(ctx, { method: 'GET', route: SIGNUPS, params: { number: 1, offset: 1, order: 'asc' } });
    expect(bodyOf(one)).toEqual([bodyOf(all)[1]]);
    const created = bodyOf(await signUp('listed@example.org'));
    const newest = bodyOf(await invoke(ctx, { method: 'GET', route: SIGNUPS, params: {} }));
    expect(newest.map((signup: { id: number }) => signup.id)).toEqual([created.id]);
  });

  it('reads a signup by id, e-mail or login, and deletes it', async () => {
    const created = bodyOf(await signUp('findme@example.org'));
    for (const id of [String(created.id), 'findme@example.org', 'findme']) {
      const read = await invoke(ctx, { method: 'GET', route: SIGNUP, params: { id } });
      expect(bodyOf(read).id).toBe(created.id);
    }
    expect((await invoke(ctx, { method: 'GET', route: SIGNUP, params: { id: 'nobody' } })).status).toBe(404);
    const deleted = await invoke(ctx, { method: 'DELETE', route: SIGNUP, params: { id: 'findme' } });
    expect(bodyOf(deleted)).toMatchObject({ deleted: true, previous: { id: created.id } });
    expect((await invoke(ctx, { method: 'GET', route: SIGNUP, params: { id: 'findme' } })).status).toBe(404);
  });
});

describe('activation', () => {
  it('creates the member; a second activation is refused', async () => {
    const created = bodyOf(await signUp('activate.me@example.org'));
    // The key reaches the new member by e-mail; here a moderator reads it.
    const key = bodyOf(await invoke(ctx, { method: 'GET', route: SIGNUP, params: { id: String(created.id) } })).activation_key;
    const activated = await invoke(ctx, { method: 'POST', route: ACTIVATE, params: { id: key }, as: null });
    expect(activated.status).toBe(200);
    expect(bodyOf(activated)).toMatchObject({ id: created.id, active: true });
    const member = findMemberByEmail(ctx.store, 'activate.me@example.org');
    expect(member?.user_login).toBe('activateme');
    expect(member?.roles).toEqual(['subscriber']);
    const again = await invoke(ctx, { method: 'PATCH', route: ACTIVATE, params: { id: key }, as: null });
    expect(again.status).toBe(400);
  });

  it('accepts the signup id too, and answers 404 bp_rest_invalid_activation_key for an unknown key', async () => {
    const created = bodyOf(await signUp('byid@example.org'));
    expect((await invoke(ctx, { method: 'PUT', route: ACTIVATE, params: { id: String(created.id) }, as: null })).status).toBe(200);
    const unknown = await invoke(ctx, { method: 'POST', route: ACTIVATE, params: { id: 'no-such-key' }, as: null });
    expect([unknown.status, bodyOf(unknown).code]).toEqual([404, 'bp_rest_invalid_activation_key']);
  });
});
