import { describe, expect, it } from 'vitest';
import { module } from './badges.js';
import { bodyOf, callRoute, seededTestStore, TEST_ADMIN_ID } from './plugins/testing/route-call.js';

const AWARD_LIST = '/badges/block-achievements-award-list/(?P<achievement>[a-zA-Z0-9_-]+)/(?P<user_id>[a-zA-Z0-9_-]+)';
const LISTS = ['block-point-types', 'ranks', 'achievement-types', 'achievements', 'rank-types', 'user-lists'];

describe('badges module', () => {
  const store = seededTestStore([module]);

  it.each(LISTS)('lists %s publicly', async (name) => {
    const response = await callRoute(module, store, { method: 'GET', route: `/badges/${name}`, as: null });
    expect(response.status).toBe(200);
    expect(Array.isArray(response.body)).toBe(true);
    expect((response.body as unknown[]).length).toBeGreaterThan(0);
    expect(response.headers?.['X-WP-Total']).toBe(String((response.body as unknown[]).length));
  });

  it('ranks members by points and never shows their e-mail', async () => {
    const rows = (await callRoute(module, store, { method: 'GET', route: '/badges/user-lists', as: null })).body as any[];
    expect(rows.map((row) => row.id).sort()).toEqual([1, 2]);
    expect(rows[0].total_points).toBeGreaterThanOrEqual(rows[1].total_points);
    expect(JSON.stringify(rows)).not.toContain('@example.org');
  });

  it('answers the award list of an achievement by slug or id, for a user by id or login', async () => {
    const achievements = (await callRoute(module, store, { method: 'GET', route: '/badges/achievements' })).body as any[];
    const first = achievements[0];
    const bySlug = await callRoute(module, store, {
      method: 'GET',
      route: AWARD_LIST,
      as: null,
      params: { achievement: first.slug, user_id: String(TEST_ADMIN_ID) },
    });
    expect(bySlug.status).toBe(200);
    expect(bodyOf(bySlug)).toMatchObject({ achievement: { slug: first.slug }, user: { id: 1, user_login: 'admin' } });
    expect(bodyOf(bySlug).earned).toBe(bodyOf(bySlug).awards.length > 0);
    const byId = await callRoute(module, store, {
      method: 'GET',
      route: AWARD_LIST,
      params: { achievement: String(first.id), user_id: 'admin' },
    });
    expect(byId.body).toEqual(bySlug.body);
  });

  it('answers 404 for an unknown achievement or user', async () => {
    const unknownAchievement = await callRoute(module, store, {
      method: 'GET',
      route: AWARD_LIST,
      params: { achievement: 'no-such-badge', user_id: '1' },
    });
    expect(unknownAchievement.status).toBe(404);
    expect(bodyOf(unknownAchievement)).toMatchObject({ code: 'badges_invalid_achievement', data: { status: 404 } });
    const achievements = (await callRoute(module, store, { method: 'GET', route: '/badges/achievements' })).body as any[];
    const unknownUser = await callRoute(module, store, {
      method: 'GET',
      route: AWARD_LIST,
      params: { achievement: achievements[0].slug, user_id: '9999' },
    });
    expect(unknownUser.status).toBe(404);
    expect(bodyOf(unknownUser).code).toBe('badges_invalid_user');
  });
});
