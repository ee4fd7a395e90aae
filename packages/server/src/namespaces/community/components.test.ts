import { beforeEach, describe, expect, it } from 'vitest';
import type { ServerContext } from '../../types.js';
import { bodyOf, invoke, MEMBER_ID, seededModerator, testContext } from './testing/fake-request.js';

const COMPONENTS = '/community/v1/components';

let ctx: ServerContext;
beforeEach(() => {
  ctx = testContext();
});

const names = (response: { body: unknown }) => (response.body as Array<{ name: string }>).map((component) => component.name);

describe('components', () => {
  it('are for administrators only', async () => {
    expect((await invoke(ctx, { method: 'GET', route: COMPONENTS, as: null })).status).toBe(401);
    expect((await invoke(ctx, { method: 'GET', route: COMPONENTS, as: MEMBER_ID })).status).toBe(403);
    expect((await invoke(ctx, { method: 'GET', route: COMPONENTS, as: seededModerator(ctx.store) })).status).toBe(403);
    expect((await invoke(ctx, { method: 'POST', route: COMPONENTS, params: { name: 'friends', action: 'activate' }, as: null })).status).toBe(401);
  });

  it('lists with paging, X-WP-Total, status, type and search filters', async () => {
    const all = await invoke(ctx, { method: 'GET', route: COMPONENTS, params: { per_page: 100 } });
    expect(names(all)).toEqual(
      expect.arrayContaining([
        'members',
        'xprofile',
        'settings',
        'activity',
        'groups',
        'messages',
        'notifications',
        'friends',
        'forums',
        'media',
        'document',
        'moderation',
      ]),
    );
    expect(all.headers?.['X-WP-Total']).toBe(String(names(all).length));
    const page = await invoke(ctx, { method: 'GET', route: COMPONENTS, params: { per_page: 5, page: 2 } });
    expect(names(page)).toEqual(names(all).slice(5, 10));
    expect(names(await invoke(ctx, { method: 'GET', route: COMPONENTS, params: { type: 'required' } })).sort()).toEqual(['members', 'xprofile']);
    expect(names(await invoke(ctx, { method: 'GET', route: COMPONENTS, params: { type: 'retired' } }))).toEqual(['blogs']);
    for (const component of bodyOf(await invoke(ctx, { method: 'GET', route: COMPONENTS, params: { status: 'inactive', per_page: 100 } }))) {
      expect(component).toMatchObject({ is_active: false, status: 'inactive' });
    }
    expect(names(await invoke(ctx, { method: 'GET', route: COMPONENTS, params: { search: 'PHOTOS' } }))).toEqual(['media']);
  });

  it('activates and deactivates, refusing changes that change nothing or remove a required component', async () => {
    const activated = await invoke(ctx, { method: 'POST', route: COMPONENTS, params: { name: 'friends', action: 'activate' } });
    expect([activated.status, bodyOf(activated).status]).toEqual([200, 'active']);
    const again = await invoke(ctx, { method: 'PUT', route: COMPONENTS, params: { name: 'friends', action: 'activate' } });
    expect([again.status, bodyOf(again).code]).toEqual([400, 'bp_rest_component_already_active']);
    const off = await invoke(ctx, { method: 'PATCH', route: COMPONENTS, params: { name: 'friends', action: 'deactivate' } });
    expect(bodyOf(off).is_active).toBe(false);
    expect((await invoke(ctx, { method: 'PATCH', route: COMPONENTS, params: { name: 'friends', action: 'deactivate' } })).status).toBe(400);
    expect((await invoke(ctx, { method: 'POST', route: COMPONENTS, params: { name: 'members', action: 'deactivate' } })).status).toBe(400);
    expect((await invoke(ctx, { method: 'POST', route: COMPONENTS, params: { name: 'nonsense', action: 'activate' } })).status).toBe(404);
  });
});
