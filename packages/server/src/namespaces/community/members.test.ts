import { beforeEach, describe, expect, it } from 'vitest';
import type { ServerContext } from '../../types.js';
import { ADMIN_ID, bodyOf, invoke, MEMBER_ID, seededModerator, seededSubscribers, testContext } from './testing/fake-request.js';

const MEMBERS = '/community/v1/members';
const MEMBER = String.raw`/community/v1/members/(?P<id>[\d]+)`;
const ME = '/community/v1/members/me';
const ACTION = String.raw`/community/v1/members/action/(?P<id>[\d]+)`;
const AVATAR = String.raw`/community/v1/members/(?P<user_id>[\d]+)/avatar`;
const COVER = String.raw`/community/v1/members/(?P<user_id>[\d]+)/cover`;

let ctx: ServerContext;
beforeEach(() => {
  ctx = testContext();
});

const newMember = { user_login: 'newcomer', email: 'newcomer@example.org', password: 'secret-pass' };

describe('members directory', () => {
  it('seeds about twenty members with valid types', () => {
    expect(ctx.store.members.size).toBeGreaterThanOrEqual(20);
    for (const member of ctx.store.members.values()) {
      for (const type of member.member_types) expect(['coach', 'teacher-coach', 'scientist', 'teacher']).toContain(type);
    }
  });

  it('pages with X-WP-Total and X-WP-TotalPages, and answers [] past the end', async () => {
    const total = ctx.store.members.size;
    const first = await invoke(ctx, { method: 'GET', route: MEMBERS, params: { page: 1, per_page: 5 }, as: null });
    expect(first.status).toBe(200);
    expect(bodyOf(first)).toHaveLength(5);
    expect(first.headers).toEqual({ 'X-WP-Total': String(total), 'X-WP-TotalPages': String(Math.ceil(total / 5)) });
    const beyond = await invoke(ctx, { method: 'GET', route: MEMBERS, params: { page: 99, per_page: 5 }, as: null });
    expect(beyond.status).toBe(200);
    expect(bodyOf(beyond)).toEqual([]);
  });

  it('never shows a password, and shows e-mail only to the member themselves', async () => {
    const list = bodyOf(await invoke(ctx, { method: 'GET', route: MEMBERS, params: { per_page: 100 }, as: MEMBER_ID }));
    for (const member of list) {
      expect(member).not.toHaveProperty('password');
      if (member.id !== MEMBER_ID) expect(member).not.toHaveProperty('email');
    }
    expect(list.find((member: { id: number }) => member.id === MEMBER_ID)).toHaveProperty('email');
  });

  it('searches names and logins, orders alphabetically, filters by include, exclude and member_type', async () => {
    const someone = [...ctx.store.members.values()][5]!;
    const found = bodyOf(await invoke(ctx, { method: 'GET', route: MEMBERS, params: { search: someone.user_login.toUpperCase() } }));
    expect(found.map((member: { id: number }) => member.id)).toContain(someone.id);

    const sorted = bodyOf(await invoke(ctx, { method: 'GET', route: MEMBERS, params: { type: 'alphabetical', per_page: 100 } }));
    const names = sorted.map((member: { name: string }) => member.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));

    const included = bodyOf(await invoke(ctx, { method: 'GET', route: MEMBERS, params: { include: [1, 2, 3], exclude: [2] } }));
    expect(included.map((member: { id: number }) => member.id).sort()).toEqual([1, 3]);

    const scientists = bodyOf(await invoke(ctx, { method: 'GET', route: MEMBERS, params: { member_type: ['scientist'], per_page: 100 } }));
    expect(scientists.length).toBeGreaterThan(0);
    for (const member of scientists) expect(member.member_types).toContain('scientist');
  });

  it('answers an empty list to an anonymous caller asking for a personal scope', async () => {
    const response = await invoke(ctx, { method: 'GET', route: MEMBERS, params: { scope: 'following' }, as: null });
    expect(bodyOf(response)).toEqual([]);
  });

  it('lists whom the caller follows with scope=following', async () => {
    const [a, b] = seededSubscribers(ctx.store);
    ctx.store.members.get(MEMBER_ID)!.following = new Set([a!, b!]);
    const response = await invoke(ctx, { method: 'GET', route: MEMBERS, params: { scope: 'following' }, as: MEMBER_ID });
    expect(
      bodyOf(response)
        .map((member: { id: number }) => member.id)
        .sort(),
    ).toEqual([a, b].sort());
  });
});

describe('member create, read, update, delete', () => {
  it('creates with 201 and Location, then reads it back', async () => {
    const created = await invoke(ctx, { method: 'POST', route: MEMBERS, params: { ...newMember, types: 'coach' } });
    expect(created.status).toBe(201);
    const body = bodyOf(created);
    expect(created.headers?.Location).toBe(`http://127.0.0.1:8080/en_gb/wp-json/community/v1/members/${body.id}`);
    expect(body).toMatchObject({ user_login: 'newcomer', name: 'newcomer', member_types: ['coach'] });
    expect(body.link).toBe('http://127.0.0.1:8080/en_gb/members/newcomer/');
    expect(body).not.toHaveProperty('password');
    const read = await invoke(ctx, { method: 'GET', route: MEMBER, params: { id: body.id }, as: null });
    expect(bodyOf(read).user_login).toBe('newcomer');
  });

  it('refuses anonymous (401) and ordinary (403) creators', async () => {
    expect((await invoke(ctx, { method: 'POST', route: MEMBERS, params: newMember, as: null })).status).toBe(401);
    const forbidden = await invoke(ctx, { method: 'POST', route: MEMBERS, params: newMember, as: MEMBER_ID });
    expect(forbidden.status).toBe(403);
    expect(bodyOf(forbidden).code).toBe('rest_cannot_create');
  });

  it('refuses a login that is not alphanumeric, a taken login and a taken e-mail', async () => {
    const bad = await invoke(ctx, { method: 'POST', route: MEMBERS, params: { ...newMember, user_login: 'no spaces!' } });
    expect([bad.status, bodyOf(bad).code]).toEqual([400, 'rest_user_invalid_username']);
    const takenLogin = await invoke(ctx, { method: 'POST', route: MEMBERS, params: { ...newMember, user_login: 'ADMIN' } });
    expect([takenLogin.status, bodyOf(takenLogin).code]).toEqual([400, 'existing_user_login']);
    const takenEmail = await invoke(ctx, { method: 'POST', route: MEMBERS, params: { ...newMember, email: 'member@example.org' } });
    expect([takenEmail.status, bodyOf(takenEmail).code]).toEqual([400, 'existing_user_email']);
  });

  it('answers 404 rest_member_invalid_id for an unknown member', async () => {
    const response = await invoke(ctx, { method: 'GET', route: MEMBER, params: { id: 9999 } });
    expect([response.status, bodyOf(response).code]).toEqual([404, 'rest_member_invalid_id']);
  });

  it('lets members edit themselves but not others, and only moderators change roles', async () => {
    const other = seededSubscribers(ctx.store)[0]!;
    const own = await invoke(ctx, { method: 'PATCH', route: MEMBER, params: { id: MEMBER_ID, name: 'Renamed', types: 'teacher' }, as: MEMBER_ID });
    expect(own.status).toBe(200);
    expect(bodyOf(own)).toMatchObject({ name: 'Renamed', member_types: ['teacher'] });
    expect((await invoke(ctx, { method: 'PUT', route: MEMBER, params: { id: other, name: 'x' }, as: MEMBER_ID })).status).toBe(403);
    expect((await invoke(ctx, { method: 'PUT', route: MEMBER, params: { id: other, name: 'x' }, as: null })).status).toBe(401);
    expect((await invoke(ctx, { method: 'POST', route: MEMBER, params: { id: MEMBER_ID, roles: ['moderator'] }, as: MEMBER_ID })).status).toBe(403);
    const promoted = await invoke(ctx, { method: 'POST', route: MEMBER, params: { id: other, roles: ['moderator'] } });
    expect(bodyOf(promoted).name).toBeDefined();
    expect(ctx.store.members.get(other)!.roles).toEqual(['moderator']);
  });

  it('keeps administrator rights with administrators', async () => {
    const moderator = seededModerator(ctx.store);
    const grant = await invoke(ctx, { method: 'POST', route: MEMBER, params: { id: MEMBER_ID, roles: ['administrator'] }, as: moderator });
    expect(grant.status).toBe(403);
    const demoteSelf = await invoke(ctx, { method: 'POST', route: MEMBER, params: { id: ADMIN_ID, roles: ['subscriber'] } });
    expect([demoteSelf.status, bodyOf(demoteSelf).code]).toEqual([403, 'rest_user_invalid_role']);
    const unknownRole = await invoke(ctx, { method: 'POST', route: MEMBER, params: { id: MEMBER_ID, roles: ['pirate'] } });
    expect(unknownRole.status).toBe(400);
  });

  it('deletes with {deleted, previous}, after which the member is 404', async () => {
    const id = seededSubscribers(ctx.store)[0]!;
    expect((await invoke(ctx, { method: 'DELETE', route: MEMBER, params: { id }, as: MEMBER_ID })).status).toBe(403);
    const deleted = await invoke(ctx, { method: 'DELETE', route: MEMBER, params: { id } });
    expect(deleted.status).toBe(200);
    expect(bodyOf(deleted)).toMatchObject({ deleted: true, previous: { id } });
    expect((await invoke(ctx, { method: 'GET', route: MEMBER, params: { id } })).status).toBe(404);
    for (const member of ctx.store.members.values()) expect(member.following.has(id)).toBe(false);
  });

  it('refuses to delete the last administrator', async () => {
    const response = await invoke(ctx, { method: 'DELETE', route: MEMBER, params: { id: ADMIN_ID } });
    expect(response.status).toBe(400);
    expect(ctx.store.members.has(ADMIN_ID)).toBe(true);
  });
});

describe('members/me', () => {
  it('answers 401 rest_not_logged_in to anonymous callers on every method', async () => {
    for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      const response = await invoke(ctx, { method, route: ME, params: {}, as: null });
      expect([response.status, bodyOf(response).code]).toEqual([401, 'rest_not_logged_in']);
    }
  });

  it('shows the caller with roles and e-mail, and updates them', async () => {
    const me = bodyOf(await invoke(ctx, { method: 'GET', route: ME, as: MEMBER_ID }));
    expect(me).toMatchObject({ id: MEMBER_ID, roles: ['subscriber'], email: 'member@example.org' });
    const updated = await invoke(ctx, { method: 'PATCH', route: ME, params: { name: 'New Name' }, as: MEMBER_ID });
    expect(bodyOf(updated).name).toBe('New Name');
  });

  it('deletes the caller only with force=true and an existing reassign member', async () => {
    const noForce = await invoke(ctx, { method: 'DELETE', route: ME, params: { force: false, reassign: ADMIN_ID }, as: MEMBER_ID });
    expect([noForce.status, bodyOf(noForce).code]).toEqual([400, 'rest_trash_not_supported']);
    const badReassign = await invoke(ctx, { method: 'DELETE', route: ME, params: { force: true, reassign: 9999 }, as: MEMBER_ID });
    expect([badReassign.status, bodyOf(badReassign).code]).toEqual([400, 'rest_user_invalid_reassign']);
    const done = await invoke(ctx, { method: 'DELETE', route: ME, params: { force: true, reassign: ADMIN_ID }, as: MEMBER_ID });
    expect(bodyOf(done)).toMatchObject({ deleted: true, previous: { id: MEMBER_ID } });
    expect(ctx.store.members.has(MEMBER_ID)).toBe(false);
  });
});

describe('follow and unfollow', () => {
  it('follows, reports no change when following again, unfollows', async () => {
    const target = seededSubscribers(ctx.store)[0]!;
    ctx.store.members.get(MEMBER_ID)!.following.clear();
    const follow = bodyOf(await invoke(ctx, { method: 'POST', route: ACTION, params: { id: target, action: 'follow' }, as: MEMBER_ID }));
    expect(follow).toMatchObject({ action: true, data: { id: target, is_following: true } });
    const again = bodyOf(await invoke(ctx, { method: 'PUT', route: ACTION, params: { id: target, action: 'follow' }, as: MEMBER_ID }));
    expect(again.action).toBe(false);
    const unfollow = bodyOf(await invoke(ctx, { method: 'PATCH', route: ACTION, params: { id: target, action: 'unfollow' }, as: MEMBER_ID }));
    expect(unfollow).toMatchObject({ action: true, data: { is_following: false } });
  });

  it('refuses anonymous callers, yourself and unknown members', async () => {
    expect((await invoke(ctx, { method: 'POST', route: ACTION, params: { id: 3, action: 'follow' }, as: null })).status).toBe(401);
    expect((await invoke(ctx, { method: 'POST', route: ACTION, params: { id: MEMBER_ID, action: 'follow' }, as: MEMBER_ID })).status).toBe(400);
    expect((await invoke(ctx, { method: 'POST', route: ACTION, params: { id: 9999, action: 'follow' }, as: MEMBER_ID })).status).toBe(404);
    const noAction = await invoke(ctx, { method: 'POST', route: ACTION, params: { id: 3 }, as: MEMBER_ID });
    expect([noAction.status, bodyOf(noAction).data.params]).toEqual([400, ['action']]);
  });
});

describe('member extras', () => {
  it('tells a member their permissions and a visitor the directory tabs', async () => {
    expect((await invoke(ctx, { method: 'GET', route: '/community/v1/members/me/permissions', as: null })).status).toBe(401);
    const permissions = bodyOf(await invoke(ctx, { method: 'GET', route: '/community/v1/members/me/permissions', as: MEMBER_ID }));
    expect(permissions).toMatchObject({ is_administrator: false, can_moderate: false, can_follow: true });
    const details = bodyOf(await invoke(ctx, { method: 'GET', route: '/community/v1/members/details', as: null }));
    expect(details.tabs.all.count).toBe(ctx.store.members.size);
    expect(details.tabs).not.toHaveProperty('following');
  });

  it("answers a member's profile tabs, 404 for an unknown member", async () => {
    const route = String.raw`/community/v1/members/(?P<id>[\d]+)/detail`;
    const detail = bodyOf(await invoke(ctx, { method: 'GET', route, params: { id: MEMBER_ID }, as: null }));
    expect(detail.tabs.map((tab: { id: string }) => tab.id)).toEqual(['profile', 'following', 'followers']);
    expect((await invoke(ctx, { method: 'GET', route, params: { id: 9999 }, as: null })).status).toBe(404);
  });

  it('gives the profile drop-down to logged-in members only', async () => {
    const route = '/community/v1/members/profile-dropdown';
    expect((await invoke(ctx, { method: 'GET', route, as: null })).status).toBe(401);
    const menu = bodyOf(await invoke(ctx, { method: 'GET', route, as: MEMBER_ID }));
    expect(menu.map((item: { id: string }) => item.id)).toContain('logout');
    expect(bodyOf(await invoke(ctx, { method: 'GET', route, params: { default: false }, as: MEMBER_ID }))).toEqual([]);
  });
});

describe('avatars and covers', () => {
  it('answers URLs or img elements, uploads and deletes an avatar', async () => {
    const urls = bodyOf(await invoke(ctx, { method: 'GET', route: AVATAR, params: { user_id: MEMBER_ID }, as: null }));
    expect(urls.full).toMatch(/^http:\/\/127\.0\.0\.1:8080\/.+\.png$/);
    const html = bodyOf(await invoke(ctx, { method: 'GET', route: AVATAR, params: { user_id: MEMBER_ID, html: true, alt: 'A "quote"' }, as: null }));
    expect(html.thumb).toMatch(/^<img src="[^"]+" .*alt="A &quot;quote&quot;" \/>$/);
    expect((await invoke(ctx, { method: 'DELETE', route: AVATAR, params: { user_id: MEMBER_ID }, as: MEMBER_ID })).status).toBe(404);
    expect((await invoke(ctx, { method: 'POST', route: AVATAR, params: { user_id: MEMBER_ID }, as: null })).status).toBe(401);
    expect((await invoke(ctx, { method: 'POST', route: AVATAR, params: { user_id: ADMIN_ID }, as: MEMBER_ID })).status).toBe(403);
    const uploaded = bodyOf(await invoke(ctx, { method: 'POST', route: AVATAR, params: { user_id: MEMBER_ID }, as: MEMBER_ID }));
    expect(uploaded.full).toContain('/uploads/avatars/2/');
    const removed = await invoke(ctx, { method: 'DELETE', route: AVATAR, params: { user_id: MEMBER_ID }, as: MEMBER_ID });
    expect(bodyOf(removed)).toMatchObject({ deleted: true, previous: uploaded });
    expect((await invoke(ctx, { method: 'GET', route: AVATAR, params: { user_id: 9999 }, as: null })).status).toBe(404);
  });

  it('uploads and deletes a cover', async () => {
    expect(bodyOf(await invoke(ctx, { method: 'GET', route: COVER, params: { user_id: MEMBER_ID }, as: null })).image).toContain('profile-cover');
    const uploaded = bodyOf(await invoke(ctx, { method: 'POST', route: COVER, params: { user_id: MEMBER_ID } }));
    expect(uploaded.image).toContain('/members/2/cover-image/');
    expect(bodyOf(await invoke(ctx, { method: 'DELETE', route: COVER, params: { user_id: MEMBER_ID } })).deleted).toBe(true);
    expect((await invoke(ctx, { method: 'DELETE', route: COVER, params: { user_id: MEMBER_ID } })).status).toBe(404);
  });
});
