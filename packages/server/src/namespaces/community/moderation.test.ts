import { beforeEach, describe, expect, it } from 'vitest';
import type { ServerContext } from '../../types.js';
import { allContent } from './content-catalogue.js';
import { ADMIN_ID, bodyOf, invoke, MEMBER_ID, seededSubscribers, testContext } from './testing/fake-request.js';

const MODERATION = '/community/v1/moderation';
const ITEM = String.raw`/community/v1/moderation/(?P<id>[\d]+)`;
const REPORT = '/community/v1/moderation/report';

let ctx: ServerContext;
beforeEach(() => {
  ctx = testContext();
});

describe('every moderation route needs a logged-in member', () => {
  it.each([
    ['GET', MODERATION, {}],
    ['POST', MODERATION, { item_id: 3, type: 'user' }],
    ['GET', ITEM, { id: 1 }],
    ['DELETE', ITEM, { id: 1 }],
    ['GET', REPORT, {}],
    ['POST', REPORT, { report_category: '23', item_id: 1, item_type: 'activity' }],
  ] as const)('%s %s answers 401', async (method, route, params) => {
    const response = await invoke(ctx, { method, route, params, as: null });
    expect(response.status).toBe(401);
  });
});

describe('blocking', () => {
  it('goes with the blocked member: no item names an account that was deleted', async () => {
    const target = seededSubscribers(ctx.store)[0]!;
    const item = bodyOf(await invoke(ctx, { method: 'POST', route: MODERATION, params: { item_id: target, type: 'user' }, as: MEMBER_ID }));
    const removed = await invoke(ctx, {
      method: 'DELETE',
      route: String.raw`/community/v1/members/(?P<id>[\d]+)`,
      params: { id: target, force: true },
      as: ADMIN_ID,
    });
    expect(removed.status).toBe(200);
    expect((await invoke(ctx, { method: 'GET', route: ITEM, params: { id: item.id }, as: ADMIN_ID })).status).toBe(404);
  });

  it('blocks, lists, reads and unblocks; the item is 404 afterwards', async () => {
    const target = seededSubscribers(ctx.store)[0]!;
    const before = await invoke(ctx, { method: 'GET', route: MODERATION, as: MEMBER_ID });
    expect(before.headers?.['X-WP-Total']).toBe('0');

    const blocked = await invoke(ctx, { method: 'POST', route: MODERATION, params: { item_id: target, type: 'user' }, as: MEMBER_ID });
    expect(blocked.status).toBe(201);
    const item = bodyOf(blocked);
    expect(item).toMatchObject({ item_id: target, item_type: 'user', user_id: MEMBER_ID, is_blocked: true });
    expect(blocked.headers?.Location).toMatch(new RegExp(`/community/v1/moderation/${item.id}$`));

    const list = await invoke(ctx, { method: 'GET', route: MODERATION, as: MEMBER_ID });
    expect(list.headers?.['X-WP-Total']).toBe('1');
    expect(bodyOf(list)[0].id).toBe(item.id);
    expect((await invoke(ctx, { method: 'GET', route: ITEM, params: { id: item.id }, as: MEMBER_ID })).status).toBe(200);

    const unblocked = await invoke(ctx, { method: 'DELETE', route: ITEM, params: { id: item.id }, as: MEMBER_ID });
    expect(bodyOf(unblocked)).toMatchObject({ deleted: true, previous: { id: item.id } });
    expect((await invoke(ctx, { method: 'GET', route: ITEM, params: { id: item.id }, as: MEMBER_ID })).status).toBe(404);
  });

  it('refuses blocking twice, yourself, an administrator and an unknown member', async () => {
    const target = seededSubscribers(ctx.store)[1]!;
    expect((await invoke(ctx, { method: 'POST', route: MODERATION, params: { item_id: target }, as: MEMBER_ID })).status).toBe(201);
    const twice = await invoke(ctx, { method: 'POST', route: MODERATION, params: { item_id: target }, as: MEMBER_ID });
    expect(twice.status).toBe(400);
    expect((await invoke(ctx, { method: 'POST', route: MODERATION, params: { item_id: MEMBER_ID }, as: MEMBER_ID })).status).toBe(400);
    expect((await invoke(ctx, { method: 'POST', route: MODERATION, params: { item_id: ADMIN_ID }, as: MEMBER_ID })).status).toBe(400);
    expect((await invoke(ctx, { method: 'POST', route: MODERATION, params: { item_id: 9999 }, as: MEMBER_ID })).status).toBe(404);
  });

  it("shows a member only their own items; another member's item is 404 to them", async () => {
    const all = await invoke(ctx, { method: 'GET', route: MODERATION, params: { per_page: 100, reporters: true } });
    const seeded = bodyOf(all);
    expect(seeded.length).toBeGreaterThan(0);
    expect(seeded[0]).toHaveProperty('reporters');
    const foreign = seeded.find((item: { reporters: Array<{ user_id: number }> }) => item.reporters.every((report) => report.user_id !== MEMBER_ID));
    expect((await invoke(ctx, { method: 'GET', route: ITEM, params: { id: foreign.id }, as: MEMBER_ID })).status).toBe(404);
    expect((await invoke(ctx, { method: 'DELETE', route: ITEM, params: { id: foreign.id }, as: MEMBER_ID })).status).toBe(404);
    expect(bodyOf(await invoke(ctx, { method: 'GET', route: MODERATION, as: MEMBER_ID }))).toEqual([]);
  });

  it('filters by status, item_id, include and exclude, and orders by id', async () => {
    const suspended = bodyOf(await invoke(ctx, { method: 'GET', route: MODERATION, params: { status: true, per_page: 100 } }));
    expect(suspended.length).toBeGreaterThan(0);
    for (const item of suspended) expect(item.hide_sitewide).toBe(true);
    const blockedOnly = bodyOf(await invoke(ctx, { method: 'GET', route: MODERATION, params: { status: false, per_page: 100 } }));
    for (const item of blockedOnly) expect(item.hide_sitewide).toBe(false);

    const byId = bodyOf(await invoke(ctx, { method: 'GET', route: MODERATION, params: { order_by: 'id', order: 'asc', per_page: 100 } }));
    const ids = byId.map((item: { id: number }) => item.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    const first = byId[0];
    expect(bodyOf(await invoke(ctx, { method: 'GET', route: MODERATION, params: { item_id: first.item_id } })).map((item: { id: number }) => item.id)).toEqual([
      first.id,
    ]);
    expect(bodyOf(await invoke(ctx, { method: 'GET', route: MODERATION, params: { include: [first.id] } }))).toHaveLength(1);
    expect(bodyOf(await invoke(ctx, { method: 'GET', route: MODERATION, params: { exclude: [first.id], per_page: 100 } }))).toHaveLength(ids.length - 1);
    expect(bodyOf(await invoke(ctx, { method: 'GET', route: MODERATION, params: { blog_id: 2 } }))).toEqual([]);
  });
});

describe('reporting', () => {
  const reportable = () => allContent(ctx.store).find((item) => item.author_id !== MEMBER_ID)!;

  it('answers the report form with the categories', async () => {
    const form = bodyOf(await invoke(ctx, { method: 'GET', route: REPORT, as: MEMBER_ID }));
    expect(form.map((category: { id: string }) => category.id)).toEqual(['23', '24', '25', '26', '27', 'other']);
  });

  it('needs a note for the other category, naming note', async () => {
    const item = reportable();
    const response = await invoke(ctx, {
      method: 'POST',
      route: REPORT,
      params: { report_category: 'other', note: '', item_id: item.item_id, item_type: item.item_type },
      as: MEMBER_ID,
    });
    expect(response.status).toBe(400);
    expect(bodyOf(response)).toMatchObject({ code: 'rest_missing_callback_param', data: { status: 400, params: ['note'] } });
  });

  it('reports an item once; an unknown item is 404', async () => {
    const item = reportable();
    const params = { report_category: 'other', note: 'Looks wrong', item_id: item.item_id, item_type: item.item_type };
    const reported = await invoke(ctx, { method: 'POST', route: REPORT, params, as: MEMBER_ID });
    expect(reported.status).toBe(201);
    expect(bodyOf(reported)).toMatchObject({ item_id: item.item_id, item_type: item.item_type });
    expect(bodyOf(reported).reporters).toEqual([expect.objectContaining({ user_id: MEMBER_ID, category: 'other', note: 'Looks wrong' })]);
    expect((await invoke(ctx, { method: 'POST', route: REPORT, params, as: MEMBER_ID })).status).toBe(400);
    const unknown = await invoke(ctx, { method: 'POST', route: REPORT, params: { ...params, item_id: 9999 }, as: MEMBER_ID });
    expect(unknown.status).toBe(404);
  });
});
