import { describe, expect, it } from 'vitest';
import type { HttpMethod } from '@restconform/interface';
import { bodyOf, callRoute, seededTestStore } from './plugins/testing/route-call.js';
import { module } from './seo.js';

const NOTIFICATION =
  '/seo/v1/notification/(?P<name>blog-visibility-reminder|description-format-reminder|conflicting-plugins-reminder|install-addons-reminder|install-image-seo-reminder|install-local-business-reminder|install-news-sitemap-reminder|install-video-sitemap-reminder|install-analytics-reminder|install-optin-reminder|v3-migration-custom-field-reminder|v3-migration-schema-number-reminder)';
const FIRST_IMAGE = '/seo/v1/post/(?P<postId>[\\d]+)/first-attached-image';
const USER_IMAGE = '/seo/v1/user/(?P<userId>[\\d]+)/image';

const operations = module.routes.flatMap(({ route, methods }) => (Object.keys(methods) as HttpMethod[]).map((method) => ({ method, route })));

function seo() {
  const store = seededTestStore([module]);
  const call = (method: HttpMethod, path: string, params: Record<string, unknown> = {}) =>
    callRoute(module, store, { method, route: path.startsWith('/') ? path : `/seo/v1/${path}`, params });
  return { store, call };
}

describe('seo module: access', () => {
  it.each(operations)('$method $route: anonymous 401, member 403', async ({ method, route }) => {
    const store = seededTestStore([module]);
    const anonymous = await callRoute(module, store, { method, route, as: null, params: { postId: '1', userId: '1' } });
    expect(anonymous.status).toBe(401);
    expect(bodyOf(anonymous)).toMatchObject({ code: 'rest_forbidden', data: { status: 401 } });
    expect((await callRoute(module, store, { method, route, as: 'member', params: { postId: '1', userId: '1' } })).status).toBe(403);
  });

  it.each(operations)('$method $route: an administrator sending nothing gets success or a WordPress-shaped 4xx', async ({ method, route }) => {
    const response = await callRoute(module, seededTestStore([module]), { method, route, params: {} });
    if (response.status === 200) {
      expect(bodyOf(response).success).toBe(true);
    } else {
      expect([400, 404]).toContain(response.status);
      expect(bodyOf(response)).toMatchObject({ code: expect.any(String), message: expect.any(String), data: { status: response.status } });
    }
  });
});

describe('seo module: options and settings', () => {
  it('a POST of options changes what a GET returns; unknown keys and wrong kinds are ignored', async () => {
    const { call } = seo();
    const saved = await call('POST', 'options', {
      options: { searchAppearance: { global: { siteTitle: 'Lab notes' } }, nope: 1 },
      breadcrumbs: { separator: '|', enable: 'sometimes' },
    });
    expect(bodyOf(saved).changed).toEqual(['searchAppearance.global.siteTitle', 'breadcrumbs.separator']);
    const options = bodyOf(await call('GET', 'options')).options;
    expect(options.searchAppearance.global.siteTitle).toBe('Lab notes');
    expect(options.breadcrumbs).toMatchObject({ separator: '|', enable: true });
    expect(options.nope).toBeUndefined();
  });

  it('export answers the options, import merges, reset restores the defaults', async () => {
    const { call } = seo();
    const exported = bodyOf(await call('POST', 'settings/export', { settings: ['sitemap'] })).settings.options;
    expect(Object.keys(exported)).toEqual(['sitemap']);
    await call('POST', 'settings/import', { settings: { options: { sitemap: { general: { filename: 'map' } } } } });
    expect(bodyOf(await call('GET', 'options')).options.sitemap.general.filename).toBe('map');
    expect((await call('POST', 'settings/import', {})).status).toBe(400);
    expect((await call('POST', '/seo/v1/settings/import/(?P<siteId>[\\d]+)', { siteId: '2', settings: {} })).status).toBe(404);
    await call('POST', 'reset-settings');
    const options = bodyOf(await call('GET', 'options')).options;
    expect(options.sitemap.general.filename).toBe('sitemap');
    expect(options.social.profiles.urls.twitterUrl).toBe('');
  });

  it('persists simple settings and shows them with the options', async () => {
    const { call } = seo();
    expect(bodyOf(await call('POST', 'settings/toggle-card', { card: 'sitemap', value: 'false' })).cards).toEqual({ sitemap: false });
    await call('POST', 'settings/hide-setup-wizard');
    await call('POST', 'htaccess', { htaccess: '# custom rules' });
    expect((await call('POST', 'htaccess', {})).status).toBe(400);
    expect((await call('POST', 'settings/items-per-page', { table: 'posts', value: 'many' })).status).toBe(400);
    const settings = bodyOf(await call('GET', 'options')).settings;
    expect(settings).toMatchObject({ cards: { sitemap: false }, setupWizardHidden: true, htaccess: '# custom rules' });
  });

  it('blocks crawl-cleanup queries and deletes them', async () => {
    const { call } = seo();
    expect(bodyOf(await call('POST', 'crawl-cleanup')).crawlCleanupLog).toHaveLength(5);
    expect(bodyOf(await call('POST', 'crawl-cleanup/block', { query: 'utm_source' })).blockedQueries).toEqual(['utm_source']);
    await call('POST', 'crawl-cleanup/block', { query: 'utm_source' });
    expect(bodyOf(await call('POST', 'crawl-cleanup')).blockedQueries).toEqual(['utm_source']);
    await call('POST', 'crawl-cleanup/delete-blocked');
    expect(bodyOf(await call('POST', 'crawl-cleanup')).blockedQueries).toEqual([]);
  });

  it('scores headlines, keeps them, and deletes one (404 once gone)', async () => {
    const { call } = seo();
    const short = bodyOf(await call('POST', 'analyze-headline', { headline: 'Cells' })).result.score;
    const good = bodyOf(await call('POST', 'analyze-headline', { headline: 'How to grow 5 easy crystals at home' })).result.score;
    expect(good).toBeGreaterThan(short);
    expect((await call('POST', 'analyze-headline/delete', { headline: 'Cells' })).status).toBe(200);
    expect((await call('POST', 'analyze-headline/delete', { headline: 'Cells' })).status).toBe(404);
  });
});

describe('seo module: notifications', () => {
  it('dismissing a named reminder shows it dismissed in the options', async () => {
    const { call } = seo();
    const answer = await call('POST', NOTIFICATION, { name: 'install-addons-reminder' });
    expect(bodyOf(answer).dismissed).toEqual(['install-addons-reminder']);
    const { notifications } = bodyOf(await call('GET', 'options'));
    expect(notifications.dismissed.map((notification: any) => notification.name)).toEqual(['install-addons-reminder']);
    expect(notifications.active).toHaveLength(11);
  });

  it('notifications/dismiss dismisses the listed ones, or all', async () => {
    const { call } = seo();
    await call('POST', 'notifications/dismiss', { notifications: ['blog-visibility-reminder', 'unknown'] });
    expect(bodyOf(await call('GET', 'options')).notifications.dismissed).toHaveLength(1);
    const all = bodyOf(await call('POST', 'notifications/dismiss'));
    expect(all.dismissed).toHaveLength(11);
    expect(all.notifications.active).toEqual([]);
  });
});

describe('seo module: backups', () => {
  it('creates, restores and deletes backups; unknown 404, missing name 400', async () => {
    const { call } = seo();
    const before = bodyOf(await call('GET', 'options')).backups;
    expect(before).toHaveLength(2);
    const created = bodyOf(await call('POST', 'backup'));
    expect(created.backups).toHaveLength(3);
    const name = created.backup.name as string;
    expect(Number(name)).toBeGreaterThan(Number(before[1].name));
    await call('POST', 'options', { breadcrumbs: { homepageLabel: 'Start' } });
    const restored = bodyOf(await call('POST', 'backup/restore', { backup: name }));
    expect(restored.options.breadcrumbs.homepageLabel).toBe('Home');
    const deleted = await call('DELETE', 'backup', { backup: name });
    expect(bodyOf(deleted)).toMatchObject({ deleted: true, previous: { name }, backups: before });
    expect((await call('DELETE', 'backup', { backup: name })).status).toBe(404);
    expect(bodyOf(await call('DELETE', 'backup')).code).toBe('seo_missing_parameter');
    expect((await call('POST', 'backup/restore', { backup: 'nope' })).status).toBe(404);
  });

  it('names two backups taken in the same second apart', async () => {
    const { call } = seo();
    const first = bodyOf(await call('POST', 'backup')).backup.name;
    const second = bodyOf(await call('POST', 'backup')).backup.name;
    expect(Number(second)).toBe(Number(first) + 1);
  });
});

describe('seo module: posts and users', () => {
  it('answers the first attached image of posts 1..50 and 404 beyond', async () => {
    const { call } = seo();
    const images = await Promise.all([1, 25, 50].map((id) => call('GET', FIRST_IMAGE, { postId: String(id) })));
    for (const image of images) {
      expect(image.status).toBe(200);
      expect(bodyOf(image).url === null || /^http:\/\/127\.0\.0\.1:1\/wp-content\/uploads\//.test(bodyOf(image).url)).toBe(true);
    }
    const unknown = await call('GET', FIRST_IMAGE, { postId: '51' });
    expect(unknown.status).toBe(404);
    expect(bodyOf(unknown).code).toBe('seo_invalid_post');
  });

  it('answers a member image for known users and 404 for unknown', async () => {
    const { call } = seo();
    expect(bodyOf(await call('GET', USER_IMAGE, { userId: '2' })).url).toMatch(/^https:\/\/secure\.gravatar\.com\/avatar\/[0-9a-f]{32}/);
    expect((await call('GET', USER_IMAGE, { userId: '999' })).status).toBe(404);
  });

  it("reads and updates a post's SEO data", async () => {
    const { call } = seo();
    expect(bodyOf(await call('GET', 'post')).posts).toHaveLength(50);
    const updated = await call('POST', 'post', { id: 3, title: 'New title', robots_noindex: 'true', keyphrase: 'crystal growth' });
    expect(bodyOf(updated).changed).toEqual(['title', 'robots_noindex', 'keyphrase']);
    const post = bodyOf(await call('GET', 'post', { postId: '3' })).post;
    expect(post).toMatchObject({ id: 3, title: 'New title', robots_noindex: true, keyphrases: { focus: { keyphrase: 'crystal growth' } } });
    expect((await call('POST', 'post', { id: 3, robots_noindex: 'maybe' })).status).toBe(400);
    expect((await call('POST', 'post', { id: 99 })).status).toBe(404);
  });

  it('per-post actions change that post only', async () => {
    const { call } = seo();
    await call('POST', '/seo/v1/post/(?P<postId>[\\d]+)/disable-primary-term-education', { postId: '4' });
    const posts = bodyOf(await call('POST', 'posts-list/load-details-column', { ids: [4, 5, 999] })).posts;
    expect(posts.map((post: any) => [post.id, post.primary_term_education])).toEqual([
      [4, false],
      [5, true],
    ]);
    const counted = await call('POST', '/seo/v1/post/(?P<postId>[\\d]+)/update-internal-link-count', {
      postId: '4',
      content: '<a href="/a">a</a> <a href="http://127.0.0.1:1/b">b</a> <a href="https://elsewhere.example/">c</a>',
    });
    expect(bodyOf(counted).internal_link_count).toBe(2);
  });
});
