import { describe, expect, it } from 'vitest';
import { module } from './analytics.js';
import { bodyOf, callRoute, seededTestStore } from './plugins/testing/route-call.js';

const THEMES = '/analytics/v1/popular-posts/themes(?:/(?P<type>[a-zA-Z0-9-]+))?';
const TERMS = '/analytics/v1/terms(?:/(?P<slug>[a-zA-Z0-9-_]+))?';
const TAXONOMY = '/analytics/v1/taxonomy(?:/(?P<slug>[a-zA-Z0-9-_]+))?';
const READS = ['/analytics/v1/ai-insights', '/analytics/v1/ai-insights/ratings', THEMES, TERMS, TAXONOMY];

describe('analytics module', () => {
  it.each(READS)('GET %s: anonymous 401, member 403, administrator 200', async (route) => {
    const store = seededTestStore([module]);
    const anonymous = await callRoute(module, store, { method: 'GET', route, as: null });
    expect(anonymous.status).toBe(401);
    expect(bodyOf(anonymous)).toMatchObject({ code: 'rest_forbidden', data: { status: 401 } });
    expect((await callRoute(module, store, { method: 'GET', route, as: 'member' })).status).toBe(403);
    expect((await callRoute(module, store, { method: 'GET', route, as: 'admin' })).status).toBe(200);
  });

  it('takes feedback from any logged-in member, refuses anonymous and empty feedback', async () => {
    const store = seededTestStore([module]);
    const route = '/analytics/v1/feedback';
    expect((await callRoute(module, store, { method: 'POST', route, as: null, params: { feedback: 'hi' } })).status).toBe(401);
    expect((await callRoute(module, store, { method: 'POST', route, as: 'member', params: {} })).status).toBe(400);
    const sent = await callRoute(module, store, { method: 'POST', route, as: 'member', params: { feedback: 'Great charts' } });
    expect(sent.status).toBe(200);
    expect(bodyOf(sent)).toMatchObject({ success: true, feedback: { id: 1, user_id: 2, message: 'Great charts', insight_id: null } });
  });

  it('records one rating per member per insight and shows the average', async () => {
    const store = seededTestStore([module]);
    const rate = (rating: unknown, insight_id: unknown = 1) =>
      callRoute(module, store, { method: 'POST', route: '/analytics/v1/ai-insights/rate', params: { insight_id, rating } });
    expect((await rate(4)).status).toBe(200);
    expect(bodyOf(await rate('2')).rating).toEqual({ average: 2, count: 1, mine: 2 });
    expect((await rate(6)).status).toBe(400);
    expect((await rate(3, 999)).status).toBe(404);
    const insights = (await callRoute(module, store, { method: 'GET', route: '/analytics/v1/ai-insights' })).body as any[];
    expect(insights.find((insight) => insight.id === 1).rating).toEqual({ average: 2, count: 1, mine: 2 });
    const ratings = (await callRoute(module, store, { method: 'GET', route: '/analytics/v1/ai-insights/ratings' })).body as any[];
    expect(ratings.find((row) => row.insight_id === 1).ratings).toHaveLength(1);
  });

  it('stores feedback on an insight, 404 for an unknown insight', async () => {
    const store = seededTestStore([module]);
    const route = '/analytics/v1/ai-insights/feedback';
    const ok = await callRoute(module, store, { method: 'POST', route, params: { insight_id: '2', feedback: 'Useful' } });
    expect(bodyOf(ok).feedback).toMatchObject({ insight_id: 2, message: 'Useful' });
    expect((await callRoute(module, store, { method: 'POST', route, params: { insight_id: 77, feedback: 'x' } })).status).toBe(404);
  });

  it('lists themes by type, answers one type, 404 for an unknown type', async () => {
    const store = seededTestStore([module]);
    const all = (await callRoute(module, store, { method: 'GET', route: THEMES })).body as any[];
    expect(all.map((group) => group.type)).toEqual(['inline', 'widget', 'products']);
    const widget = await callRoute(module, store, { method: 'GET', route: THEMES, params: { type: 'widget' } });
    expect(bodyOf(widget)).toMatchObject({ type: 'widget', themes: all[1].themes });
    for (const type of ['nope', 'constructor']) {
      expect((await callRoute(module, store, { method: 'GET', route: THEMES, params: { type } })).status).toBe(404);
    }
  });

  it('answers taxonomies and their terms, 404 for an unknown taxonomy', async () => {
    const store = seededTestStore([module]);
    const taxonomies = (await callRoute(module, store, { method: 'GET', route: TAXONOMY })).body as any[];
    expect(taxonomies.map((taxonomy) => taxonomy.slug)).toEqual(['category', 'post_tag']);
    const tags = await callRoute(module, store, { method: 'GET', route: TERMS, params: { slug: 'post_tag' } });
    expect((tags.body as any[]).every((term) => term.taxonomy === 'post_tag')).toBe(true);
    const defaultTerms = (await callRoute(module, store, { method: 'GET', route: TERMS, params: { slug: '' } })).body as any[];
    expect(defaultTerms.every((term) => term.taxonomy === 'category')).toBe(true);
    expect(bodyOf(await callRoute(module, store, { method: 'GET', route: TAXONOMY, params: { slug: 'post_tag' } })).count).toBe(6);
    expect((await callRoute(module, store, { method: 'GET', route: TAXONOMY, params: { slug: 'genre' } })).status).toBe(404);
    expect((await callRoute(module, store, { method: 'GET', route: TERMS, params: { slug: 'genre' } })).status).toBe(404);
  });
});
