/** The plugin modules through the reference server over HTTP: routing, validation and authentication included. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer, type ReferenceServer } from '../../index.js';
import { module as analytics } from '../analytics.js';
import { module as badges } from '../badges.js';
import { module as calendar } from '../calendar.js';
import { module as seo } from '../seo.js';
import { module as userImport } from '../user-import.js';

type Caller = 'admin' | 'member' | null;

let server: ReferenceServer;

beforeAll(async () => {
  server = await startReferenceServer({ host: '127.0.0.1', port: 0, seed: 7, modules: [seo, calendar, badges, analytics, userImport] });
});

afterAll(async () => {
  await server.close();
});

async function send(method: string, path: string, options: { as?: Caller; body?: unknown } = {}) {
  const headers: Record<string, string> = {};
  const as = options.as === undefined ? 'admin' : options.as;
  if (as !== null) {
    const { user, password } = server.credentials[as];
    headers.authorization = `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
  }
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${server.restUrl('en_gb')}${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  return { status: response.status, headers: response.headers, body: (await response.json()) as any };
}

describe('plugin namespaces over HTTP', () => {
  it('SEO options: a POST changes what a later GET returns', async () => {
    const saved = await send('POST', '/seo/v1/options', { body: { options: { breadcrumbs: { homepageLabel: 'Start page' } } } });
    expect(saved.status).toBe(200);
    expect(saved.body.changed).toEqual(['breadcrumbs.homepageLabel']);
    const read = await send('GET', '/seo/v1/options');
    expect(read.body.options.breadcrumbs.homepageLabel).toBe('Start page');
  });

  it('SEO: anonymous 401 and member 403, with the WordPress error shape', async () => {
    const anonymous = await send('GET', '/seo/v1/options', { as: null });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toMatchObject({ code: 'rest_forbidden', data: { status: 401 } });
    expect((await send('POST', '/seo/v1/backup', { as: 'member' })).status).toBe(403);
  });

  it('SEO notification: dismissed by name, shown dismissed afterwards; an unlisted name is no route', async () => {
    expect((await send('POST', '/seo/v1/notification/install-optin-reminder')).status).toBe(200);
    const { notifications } = (await send('GET', '/seo/v1/options')).body;
    expect(notifications.dismissed.map((notification: any) => notification.name)).toContain('install-optin-reminder');
    const unknown = await send('POST', '/seo/v1/notification/not-a-reminder');
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('rest_no_route');
  });

  it('SEO backups: create, then delete by name from the body; deleting again is 404', async () => {
    const created = await send('POST', '/seo/v1/backup');
    expect(created.status).toBe(200);
    const name = created.body.backup.name;
    const deleted = await send('DELETE', '/seo/v1/backup', { body: { backup: name } });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toMatchObject({ success: true, deleted: true, previous: { name } });
    expect((await send('DELETE', '/seo/v1/backup', { body: { backup: name } })).status).toBe(404);
  });

  it('SEO per-post route: 404 for a post that does not exist', async () => {
    expect((await send('GET', '/seo/v1/post/7/first-attached-image')).status).toBe(200);
    expect((await send('GET', '/seo/v1/post/5000/first-attached-image')).body.code).toBe('seo_invalid_post');
  });

  it('calendar: anyone lists the events, soonest first, with collection headers', async () => {
    const events = await send('GET', '/calendar/v1/events', { as: null });
    expect(events.status).toBe(200);
    expect(events.body).toHaveLength(15);
    expect(events.headers.get('x-wp-total')).toBe('15');
    expect(events.body[0].url.startsWith(server.url)).toBe(true);
  });

  it('badges: award list by slug and login; unknown achievement 404', async () => {
    const achievements = (await send('GET', '/badges/achievements', { as: null })).body;
    const list = await send('GET', `/badges/block-achievements-award-list/${achievements[0].slug}/member`, { as: null });
    expect(list.status).toBe(200);
    expect(list.body.user).toMatchObject({ id: 2, user_login: server.credentials.member.user });
    const unknown = await send('GET', '/badges/block-achievements-award-list/no-such-badge/1', { as: null });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: 'badges_invalid_achievement', data: { status: 404 } });
  });

  it('analytics reads: anonymous 401, member 403, administrator 200, with and without the optional segment', async () => {
    for (const path of [
      '/analytics/v1/ai-insights',
      '/analytics/v1/popular-posts/themes',
      '/analytics/v1/popular-posts/themes/widget',
      '/analytics/v1/taxonomy/category',
    ]) {
      expect((await send('GET', path, { as: null })).status).toBe(401);
      expect((await send('GET', path, { as: 'member' })).status).toBe(403);
      expect((await send('GET', path)).status).toBe(200);
    }
    expect((await send('GET', '/analytics/v1/popular-posts/themes/widget')).body.type).toBe('widget');
    expect((await send('GET', '/analytics/v1/terms/post_tag')).body.every((term: any) => term.taxonomy === 'post_tag')).toBe(true);
  });

  it('analytics feedback: a member may send it', async () => {
    const sent = await send('POST', '/analytics/v1/feedback', { as: 'member', body: { feedback: 'More charts please' } });
    expect(sent.status).toBe(200);
    expect(sent.body.feedback).toMatchObject({ user_id: 2, message: 'More charts please' });
  });

  it('user import: execute-cron runs one job per call for an administrator', async () => {
    expect((await send('GET', '/user-import/v1/execute-cron', { as: 'member' })).status).toBe(403);
    expect((await send('GET', '/user-import/v1/execute-cron')).body).toMatchObject({ executed: 1, remaining: 2 });
    expect((await send('GET', '/user-import/v1/execute-cron')).body).toMatchObject({ executed: 1, remaining: 1 });
  });
});
