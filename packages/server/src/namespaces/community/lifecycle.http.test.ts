/**
 * Life cycles of the community and oEmbed resources over HTTP, through the real server core (auth, routing,
 * validation, rendering). Every answer is checked at the end for a `password` key.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer, type ReferenceServer } from '../../index.js';
import { deriveApplicationPassword } from '../../credentials.js';
import { allContent } from './content-catalogue.js';
import { hasKeyDeep, RestClient, type Account } from './testing/http-client.js';

let server: ReferenceServer;
let client: RestClient;
let admin: Account;
let member: Account;
let moderator: Account;

beforeAll(async () => {
  server = await startReferenceServer({ seed: 11 });
  client = new RestClient(server);
  admin = server.credentials.admin;
  member = server.credentials.member;
  const seededModerator = [...server.store.members.values()].find((candidate) => candidate.roles.includes('moderator'))!;
  const password = deriveApplicationPassword(11, 'test-moderator');
  seededModerator.applicationPasswords.push(password);
  moderator = { user: seededModerator.user_login, password };
});

afterAll(async () => {
  await server?.close();
});

/** An ordinary seeded member that neither built-in account has touched. */
function bystander(offset = 0): number {
  return [...server.store.members.values()].filter((candidate) => candidate.id > 2 && candidate.roles.includes('subscriber'))[offset]!.id;
}

describe('members over HTTP', () => {
  it('create → read → update → read → delete → 404, with the list growing and shrinking', async () => {
    const before = await client.call('GET', '/community/v1/members', { as: null });
    expect(before.status).toBe(200);
    const total = Number(before.headers.get('x-wp-total'));
    expect(total).toBeGreaterThanOrEqual(22);
    expect(before.headers.get('x-wp-totalpages')).toBe(String(Math.ceil(total / 10)));

    const created = await client.call('POST', '/community/v1/members', {
      as: admin,
      body: { user_login: 'lifecycle', email: 'lifecycle@example.org', password: 'pw-secret', name: 'Life Cycle', types: 'scientist' },
    });
    expect(created.status).toBe(201);
    const id = created.body.id;
    expect(created.headers.get('location')).toBe(`${server.restUrl('en_gb')}/community/v1/members/${id}`);

    const after = await client.call('GET', '/community/v1/members', { query: { search: 'lifecycle' } });
    expect(after.body.map((entry: { id: number }) => entry.id)).toEqual([id]);
    expect(Number((await client.call('GET', '/community/v1/members')).headers.get('x-wp-total'))).toBe(total + 1);

    expect((await client.call('GET', `/community/v1/members/${id}`, { as: null })).body).toMatchObject({ name: 'Life Cycle', member_types: ['scientist'] });
    const updated = await client.call('PATCH', `/community/v1/members/${id}`, { as: admin, body: { name: 'Cycled' } });
    expect([updated.status, updated.body.name]).toEqual([200, 'Cycled']);
    expect((await client.call('GET', `/community/v1/members/${id}`, { locale: 'el' })).body).toMatchObject({
      name: 'Cycled',
      link: `${server.url}/el/members/lifecycle/`,
    });

    const deleted = await client.call('DELETE', `/community/v1/members/${id}`, { as: admin });
    expect(deleted.body).toMatchObject({ deleted: true, previous: { id } });
    const gone = await client.call('GET', `/community/v1/members/${id}`);
    expect([gone.status, gone.body.code]).toEqual([404, 'rest_member_invalid_id']);
    expect(Number((await client.call('GET', '/community/v1/members')).headers.get('x-wp-total'))).toBe(total);
  });

  it('answers 401 without credentials and 403 to an ordinary member', async () => {
    const body = { user_login: 'nobody', email: 'nobody@example.org', password: 'x' };
    expect((await client.call('POST', '/community/v1/members', { body })).status).toBe(401);
    expect((await client.call('POST', '/community/v1/members', { as: member, body })).status).toBe(403);
    expect((await client.call('GET', '/community/v1/members/me')).status).toBe(401);
    expect((await client.call('GET', '/community/v1/members/me', { as: member })).body.user_login).toBe(member.user);
  });

  it('refuses a duplicate e-mail and a taken login', async () => {
    const email = await client.call('POST', '/community/v1/members', {
      as: admin,
      body: { user_login: 'fresh', email: `${member.user}@example.org`, password: 'x' },
    });
    expect([email.status, email.body.code]).toEqual([400, 'existing_user_email']);
    const login = await client.call('POST', '/community/v1/members', {
      as: admin,
      body: { user_login: admin.user, email: 'fresh@example.org', password: 'x' },
    });
    expect([login.status, login.body.code]).toEqual([400, 'existing_user_login']);
  });

  it('follows and unfollows', async () => {
    const target = bystander(0);
    const follow = await client.call('POST', `/community/v1/members/action/${target}`, { as: member, body: { action: 'follow' } });
    expect(follow.body).toMatchObject({ action: true, data: { id: target, is_following: true } });
    const following = await client.call('GET', '/community/v1/members', { as: member, query: { scope: 'following' } });
    expect(following.body.map((entry: { id: number }) => entry.id)).toContain(target);
    const unfollow = await client.call('PUT', `/community/v1/members/action/${target}`, { as: member, body: { action: 'unfollow' } });
    expect(unfollow.body).toMatchObject({ action: true, data: { is_following: false } });
    expect((await client.call('POST', `/community/v1/members/action/${target}`, { body: { action: 'follow' } })).status).toBe(401);
  });
});

describe('signups over HTTP', () => {
  it('signup → activate → the member exists → activating again is refused', async () => {
    const signup = await client.call('POST', '/community/v1/signup', { body: { signup_email: 'http.signup@example.org', signup_password: 'pw-signup' } });
    expect(signup.status).toBe(201);
    expect(signup.body.user_login).toBe('httpsignup');
    expect((await client.call('GET', `/community/v1/signup/${signup.body.id}`, { as: member })).status).toBe(403);
    const managed = await client.call('GET', '/community/v1/signup/httpsignup', { as: admin, query: { context: 'edit' } });
    expect(managed.body.id).toBe(signup.body.id);
    // The anonymous sign-up is not shown its key (it reaches the address by e-mail); a moderator sees it.
    expect(signup.body).not.toHaveProperty('activation_key');
    const key = managed.body.activation_key;

    const activated = await client.call('POST', `/community/v1/signup/activate/${key}`);
    expect([activated.status, activated.body.active]).toEqual([200, true]);
    const found = await client.call('GET', '/community/v1/members', { query: { search: 'httpsignup' } });
    expect(found.body.map((entry: { user_login: string }) => entry.user_login)).toEqual(['httpsignup']);
    const again = await client.call('PATCH', `/community/v1/signup/activate/${key}`);
    expect(again.status).toBe(400);
    const unknown = await client.call('POST', '/community/v1/signup/activate/no-such-key');
    expect([unknown.status, unknown.body.code]).toEqual([404, 'bp_rest_invalid_activation_key']);
  });

  it('serves the registration form at /signup/form, not as a signup called "form"', async () => {
    const form = await client.call('GET', '/community/v1/signup/form');
    expect(form.status).toBe(200);
    expect(form.body.map((field: { id: string }) => field.id)).toContain('signup_email');
  });
});

describe('moderation over HTTP', () => {
  it('block → list → unblock, and blocking twice is 400', async () => {
    const target = bystander(1);
    expect((await client.call('GET', '/community/v1/moderation')).status).toBe(401);
    const before = Number((await client.call('GET', '/community/v1/moderation', { as: member })).headers.get('x-wp-total'));
    const blocked = await client.call('POST', '/community/v1/moderation', { as: member, body: { item_id: target } });
    expect(blocked.status).toBe(201);
    expect(blocked.body).toMatchObject({ item_id: target, item_type: 'user', user_id: 2 });
    const twice = await client.call('POST', '/community/v1/moderation', { as: member, body: { item_id: target } });
    expect(twice.status).toBe(400);

    const list = await client.call('GET', '/community/v1/moderation', { as: member });
    expect(Number(list.headers.get('x-wp-total'))).toBe(before + 1);
    expect(list.body.map((item: { id: number }) => item.id)).toContain(blocked.body.id);

    const unblocked = await client.call('DELETE', `/community/v1/moderation/${blocked.body.id}`, { as: member });
    expect(unblocked.body.deleted).toBe(true);
    expect((await client.call('GET', `/community/v1/moderation/${blocked.body.id}`, { as: member })).status).toBe(404);
    expect((await client.call('POST', '/community/v1/moderation', { as: member, body: { item_id: 1 } })).status).toBe(400);
  });

  it('refuses a report in the other category without a note, naming note', async () => {
    const report = await client.call('POST', '/community/v1/moderation/report', {
      as: member,
      body: { report_category: 'other', item_id: 1, item_type: 'activity' },
    });
    expect(report.status).toBe(400);
    expect(report.body).toMatchObject({ code: 'rest_missing_callback_param', data: { params: ['note'] } });
    const someoneElses = allContent(server.store).find((item) => item.author_id !== 2)!;
    const withNote = await client.call('POST', '/community/v1/moderation/report', {
      as: member,
      body: { report_category: 'other', note: 'Off topic', item_id: someoneElses.item_id, item_type: someoneElses.item_type },
    });
    expect(withNote.status).toBe(201);
    expect(withNote.headers.get('location')).toBe(`${server.restUrl('en_gb')}/community/v1/moderation/${withNote.body.id}`);
    expect(withNote.body.reporters).toEqual([expect.objectContaining({ user_id: 2, note: 'Off topic' })]);
  });
});

describe('components over HTTP', () => {
  it('refuses non-administrators and wrong switches', async () => {
    expect((await client.call('GET', '/community/v1/components')).status).toBe(401);
    expect((await client.call('GET', '/community/v1/components', { as: moderator })).status).toBe(403);
    const list = await client.call('GET', '/community/v1/components', { as: admin, query: { status: 'active' } });
    expect(Number(list.headers.get('x-wp-total'))).toBe(list.body.length);
    const already = await client.call('POST', '/community/v1/components', { as: admin, body: { name: 'members', action: 'activate' } });
    expect([already.status, already.body.code]).toEqual([400, 'bp_rest_component_already_active']);
    expect((await client.call('PATCH', '/community/v1/components', { as: admin, body: { name: 'xprofile', action: 'deactivate' } })).status).toBe(400);
    expect((await client.call('PUT', '/community/v1/components', { as: admin, body: { name: 'nope', action: 'activate' } })).status).toBe(404);
    const switched = await client.call('POST', '/community/v1/components', { as: admin, body: { name: 'document', action: 'activate' } });
    expect([switched.status, switched.body.status]).toEqual([200, 'active']);
  });
});

describe('profiles over HTTP', () => {
  it('group → field → data write, read, delete', async () => {
    const group = await client.call('POST', '/community/v1/profile/groups', { as: moderator, body: { name: 'HTTP group' } });
    expect(group.status).toBe(201);
    expect(group.headers.get('location')).toBe(`${server.restUrl('en_gb')}/community/v1/profile/groups/${group.body.id}`);
    const field = await client.call('POST', '/community/v1/profile/fields', {
      as: moderator,
      body: { group_id: group.body.id, type: 'number', name: 'Lab size' },
    });
    expect(field.status).toBe(201);
    expect(field.body).toMatchObject({ alternate_name: '', can_delete: true, order_by: 'asc', default_visibility: 'public', do_autolink: 'off' });
    const path = `/community/v1/profile/${field.body.id}/data/2`;

    expect((await client.call('POST', path, { body: { value: ['4'] } })).status).toBe(401);
    const refused = await client.call('POST', path, { as: member, body: { value: ['four'] } });
    expect([refused.status, Object.keys(refused.body.data.params)]).toEqual([400, ['value']]);
    expect((await client.call('POST', path, { as: member, body: { value: ['4'] } })).body.value).toEqual(['4']);
    expect((await client.call('GET', path)).body).toMatchObject({ field_id: field.body.id, user_id: 2, value: ['4'] });
    const withGroup = await client.call('GET', `/community/v1/profile/groups/${group.body.id}`);
    expect(withGroup.body.fields.map((entry: { id: number }) => entry.id)).toEqual([field.body.id]);

    expect((await client.call('DELETE', path, { as: member })).body.deleted).toBe(true);
    expect((await client.call('GET', path)).body.value).toEqual([]);
    expect((await client.call('DELETE', `/community/v1/profile/groups/${group.body.id}`, { as: moderator })).body.deleted).toBe(true);
    expect((await client.call('GET', `/community/v1/profile/fields/${field.body.id}`)).status).toBe(404);
  });
});

describe('oEmbed over HTTP', () => {
  it('answers JSON, XML with text/xml, and 404 for foreign URLs', async () => {
    const url = `${server.url}/el/members/${member.user}/`;
    const json = await client.call('GET', '/oembed/1.0/embed', { query: { url } });
    expect(json.body).toMatchObject({ version: '1.0', type: 'rich', width: 600, author_url: url });
    const xml = await client.call('GET', '/oembed/1.0/embed', { query: { url, format: 'xml' } });
    expect(xml.headers.get('content-type')).toBe('text/xml; charset=UTF-8');
    expect(xml.body).toMatch(/^<\?xml version="1.0"\?>/);
    const foreign = await client.call('GET', '/oembed/1.0/embed', { query: { url: 'https://example.org/' } });
    expect([foreign.status, foreign.body.code]).toEqual([404, 'oembed_invalid_url']);
    expect((await client.call('GET', '/oembed/1.0/proxy', { query: { url } })).status).toBe(401);
    expect((await client.call('GET', '/oembed/1.0/proxy', { as: moderator, query: { url, format: 'yaml' } })).status).toBe(400);
    expect((await client.call('GET', '/oembed/1.0/proxy', { as: moderator, query: { url } })).status).toBe(200);
  });
});

describe('every answer', () => {
  it('never carries a password key', () => {
    expect(client.replies.length).toBeGreaterThan(50);
    const leaking = client.replies.filter((reply) => hasKeyDeep(reply.body, 'password'));
    expect(leaking).toEqual([]);
  });
});
