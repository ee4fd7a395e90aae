/**
 * The community namespace's published item schemas over HTTP: `OPTIONS` and `?context=help` carry them, answers are
 * filtered by the request's context with them, and `context=edit` needs the right to edit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer, type ReferenceServer } from '../../index.js';
import { RestClient, type Account } from './testing/http-client.js';

let server: ReferenceServer;
let client: RestClient;
let admin: Account;
let member: Account;

beforeAll(async () => {
  server = await startReferenceServer({ seed: 5 });
  client = new RestClient(server);
  admin = server.credentials.admin;
  member = server.credentials.member;
});

afterAll(async () => {
  await server?.close();
});

const RESOURCE_ROUTES: Record<string, string> = {
  '/community/v1/members': 'bp_members',
  '/community/v1/signup': 'bp_signup',
  '/community/v1/moderation': 'bp_moderation',
  '/community/v1/components': 'bp_components',
  '/community/v1/settings': 'bp_settings',
  '/community/v1/profile/groups': 'bp_xprofile_group',
  '/community/v1/profile/fields': 'bp_xprofile_field',
  '/community/v1/profile/1/data/1': 'bp_xprofile_data',
};

describe('published schemas', () => {
  it('OPTIONS answers each resource route with its schema, in both locales', async () => {
    for (const locale of ['en_gb', 'el'] as const) {
      for (const [path, title] of Object.entries(RESOURCE_ROUTES)) {
        const reply = await client.call('OPTIONS', path, { locale });
        expect(reply.status).toBe(200);
        expect(reply.body.schema).toMatchObject({ title, type: 'object' });
        expect(reply.body.endpoints.length).toBeGreaterThan(0);
      }
    }
    expect((await client.call('OPTIONS', '/community/v1/members/me/permissions')).body.schema).toBeUndefined();
  });

  it('the namespace index carries the schemas with context=help only', async () => {
    const help = await client.call('GET', '/community/v1', { query: { context: 'help' } });
    expect(help.body.routes['/community/v1/members'].schema.properties.email).toMatchObject({ context: ['edit'], required: true });
    expect(help.body.routes['/community/v1/members'].schema.properties.id).toMatchObject({ readonly: true });
    const plain = await client.call('GET', '/community/v1');
    expect(plain.body.routes['/community/v1/members'].schema).toBeUndefined();
  });
});

describe('answers by context', () => {
  it('embed answers fewer fields than view, view fewer than edit', async () => {
    const embed = await client.call('GET', '/community/v1/members/2', { as: admin, query: { context: 'embed' } });
    const view = await client.call('GET', '/community/v1/members/2', { as: admin });
    const edit = await client.call('GET', '/community/v1/members/2', { as: admin, query: { context: 'edit' } });
    expect(Object.keys(embed.body)).not.toContain('registered_date');
    expect(Object.keys(view.body)).toContain('registered_date');
    expect(Object.keys(view.body)).not.toContain('email');
    expect(edit.body).toMatchObject({ email: expect.any(String), roles: expect.any(Array) });
    for (const key of Object.keys(embed.body)) expect(Object.keys(view.body)).toContain(key);
    for (const key of Object.keys(view.body)) expect(Object.keys(edit.body)).toContain(key);
  });

  it('context=edit without the right to edit is refused with rest_forbidden_context', async () => {
    const anonymous = await client.call('GET', '/community/v1/members', { query: { context: 'edit' } });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.code).toBe('rest_forbidden_context');
    const other = await client.call('GET', '/community/v1/members/1', { as: member, query: { context: 'edit' } });
    expect(other.status).toBe(403);
    expect(other.body.code).toBe('rest_forbidden_context');
    const own = await client.call('GET', '/community/v1/members/me', { as: member, query: { context: 'edit' } });
    expect(own.status).toBe(200);
    expect(own.body.email).toEqual(expect.any(String));
  });

  it('writes answer in edit context: a created member shows its e-mail address to the moderator who made it', async () => {
    const created = await client.call('POST', '/community/v1/members', {
      as: admin,
      body: { user_login: 'schemauser', email: 'schema.user@example.org', password: 'pw-schema' },
    });
    expect(created.status).toBe(201);
    expect(created.body.email).toBe('schema.user@example.org');
    expect(created.body.password).toBeUndefined();
  });
});
