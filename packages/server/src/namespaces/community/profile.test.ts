import { beforeEach, describe, expect, it } from 'vitest';
import type { ServerContext } from '../../types.js';
import { profileState } from './profile-state.js';
import { bodyOf, invoke, MEMBER_ID, seededSubscribers, testContext } from './testing/fake-request.js';

const GROUPS = '/community/v1/profile/groups';
const GROUP = String.raw`/community/v1/profile/groups/(?P<id>[\d]+)`;
const FIELDS = '/community/v1/profile/fields';
const FIELD = String.raw`/community/v1/profile/fields/(?P<id>[\d]+)`;
const DATA = String.raw`/community/v1/profile/(?P<field_id>[\d]+)/data/(?P<user_id>[\d]+)`;

let ctx: ServerContext;
beforeEach(() => {
  ctx = testContext();
});

/** The seeded field called `name`. */
function seededField(name: string) {
  const field = [...profileState(ctx.store).fields.values()].find((candidate) => candidate.name === name);
  if (field === undefined) throw new Error(`no seeded field ${name}`);
  return field;
}

async function createGroup(name = 'Research') {
  return bodyOf(await invoke(ctx, { method: 'POST', route: GROUPS, params: { name, description: 'Lab work' } }));
}

describe('profile groups', () => {
  it('lists publicly, with fields on request and X-WP-Total', async () => {
    const response = await invoke(ctx, { method: 'GET', route: GROUPS, params: { fetch_fields: true }, as: null });
    const groups = bodyOf(response);
    expect(groups.map((group: { name: string }) => group.name)).toEqual(['Base', 'About', 'Coaching']);
    expect(response.headers?.['X-WP-Total']).toBe('3');
    expect(groups[0].fields.map((field: { name: string }) => field.name)).toEqual(['Name', 'Nickname']);
    expect(bodyOf(await invoke(ctx, { method: 'GET', route: GROUPS, as: null }))[0]).not.toHaveProperty('fields');
  });

  it('creates with 201 and Location, updates, deletes, then 404', async () => {
    expect((await invoke(ctx, { method: 'POST', route: GROUPS, params: { name: 'X' }, as: null })).status).toBe(401);
    expect((await invoke(ctx, { method: 'POST', route: GROUPS, params: { name: 'X' }, as: MEMBER_ID })).status).toBe(403);
    const created = await invoke(ctx, { method: 'POST', route: GROUPS, params: { name: 'Research' } });
    expect(created.status).toBe(201);
    const group = bodyOf(created);
    expect(created.headers?.Location).toMatch(new RegExp(`/community/v1/profile/groups/${group.id}$`));
    expect(group).toMatchObject({ name: 'Research', can_delete: true, group_order: 4 });
    const updated = await invoke(ctx, { method: 'PATCH', route: GROUP, params: { id: group.id, name: 'Lab', group_order: 9 } });
    expect(bodyOf(updated)).toMatchObject({ name: 'Lab', group_order: 9, description: '' });
    const deleted = await invoke(ctx, { method: 'DELETE', route: GROUP, params: { id: group.id } });
    expect(bodyOf(deleted)).toMatchObject({ deleted: true, previous: { id: group.id, name: 'Lab' } });
    expect((await invoke(ctx, { method: 'GET', route: GROUP, params: { id: group.id }, as: null })).status).toBe(404);
  });

  it('lists fields in the display order of their groups, which group_order moves, ties going by id', async () => {
    const names = async () =>
      bodyOf(await invoke(ctx, { method: 'GET', route: FIELDS, params: { per_page: 100 } })).map((field: { name: string }) => field.name);
    const research = await createGroup('Research');
    const lab = await createGroup('Lab');
    expect([research.group_order, lab.group_order]).toEqual([4, 5]);
    await invoke(ctx, { method: 'POST', route: FIELDS, params: { group_id: lab.id, type: 'textbox', name: 'Bench' } });
    await invoke(ctx, { method: 'POST', route: FIELDS, params: { group_id: research.id, type: 'textbox', name: 'Papers' } });
    expect((await names()).slice(-2)).toEqual(['Papers', 'Bench']);
    await invoke(ctx, { method: 'PATCH', route: GROUP, params: { id: lab.id, group_order: 0 } });
    await invoke(ctx, { method: 'PATCH', route: GROUP, params: { id: research.id, group_order: 0 } });
    expect((await names()).slice(0, 2)).toEqual(['Papers', 'Bench']);
    expect((await createGroup('Later')).group_order).toBe(4);
  });

  it('needs a name, and keeps a group that cannot be deleted', async () => {
    expect((await invoke(ctx, { method: 'POST', route: GROUPS, params: {} })).status).toBe(400);
    expect((await invoke(ctx, { method: 'POST', route: GROUPS, params: { name: '  ' } })).status).toBe(400);
    const base = seededField('Name').group_id;
    const refused = await invoke(ctx, { method: 'DELETE', route: GROUP, params: { id: base } });
    expect(refused.status).toBe(400);
  });

  it('hides groups without fields with hide_empty_groups, and excludes groups', async () => {
    const empty = await createGroup('Empty');
    const shown = bodyOf(await invoke(ctx, { method: 'GET', route: GROUPS, params: { hide_empty_groups: true } }));
    expect(shown.map((group: { id: number }) => group.id)).not.toContain(empty.id);
    const excluded = bodyOf(await invoke(ctx, { method: 'GET', route: GROUPS, params: { exclude_groups: [empty.id] } }));
    expect(excluded.map((group: { id: number }) => group.id)).not.toContain(empty.id);
  });
});

describe('profile fields', () => {
  it('lists with the filters: group, excluded fields, member types and field data', async () => {
    const about = seededField('Discipline').group_id;
    const inGroup = bodyOf(await invoke(ctx, { method: 'GET', route: FIELDS, params: { profile_group_id: about }, as: null }));
    expect(inGroup.map((field: { name: string }) => field.name)).toEqual(['Discipline', 'Website', 'Birthday', 'Years of experience', 'Interests']);
    expect(inGroup[0].options.map((option: { name: string }) => option.name)).toContain('Physics');

    const website = seededField('Website');
    const without = bodyOf(await invoke(ctx, { method: 'GET', route: FIELDS, params: { profile_group_id: about, exclude_fields: [String(website.id)] } }));
    expect(without.map((field: { id: number }) => field.id)).not.toContain(website.id);

    const everything = bodyOf(await invoke(ctx, { method: 'GET', route: FIELDS, params: { per_page: 100 } }));
    expect(everything.map((field: { name: string }) => field.name)).toContain('Coaching licence');
    const unrestricted = bodyOf(await invoke(ctx, { method: 'GET', route: FIELDS, params: { per_page: 100, member_type: ['any'] } }));
    expect(unrestricted.map((field: { name: string }) => field.name)).not.toContain('Coaching licence');

    const withData = bodyOf(await invoke(ctx, { method: 'GET', route: FIELDS, params: { user_id: MEMBER_ID, fetch_field_data: true, per_page: 100 } }));
    const name = withData.find((field: { name: string }) => field.name === 'Name');
    expect(name.data).toMatchObject({ field_id: name.id, user_id: MEMBER_ID, value: [ctx.store.members.get(MEMBER_ID)!.name] });
  });

  it('creates (201, Location) in an existing group only, updates, reads and deletes', async () => {
    const group = await createGroup();
    const missingGroup = await invoke(ctx, { method: 'POST', route: FIELDS, params: { group_id: 9999, type: 'textbox', name: 'Lab' } });
    expect(missingGroup.status).toBe(404);
    expect((await invoke(ctx, { method: 'POST', route: FIELDS, params: { group_id: group.id, type: 'textbox', name: 'Lab' }, as: MEMBER_ID })).status).toBe(
      403,
    );

    const created = await invoke(ctx, { method: 'POST', route: FIELDS, params: { group_id: group.id, type: 'number', name: 'Papers', is_required: true } });
    expect(created.status).toBe(201);
    const field = bodyOf(created);
    expect(created.headers?.Location).toMatch(new RegExp(`/community/v1/profile/fields/${field.id}$`));
    expect(field).toMatchObject({
      group_id: group.id,
      type: 'number',
      name: 'Papers',
      is_required: true,
      can_delete: true,
      default_visibility: 'public',
      field_order: 1,
    });

    const updated = await invoke(ctx, { method: 'PUT', route: FIELD, params: { id: String(field.id), name: 'Publications', do_autolink: 'on' } });
    expect(bodyOf(updated)).toMatchObject({ name: 'Publications', do_autolink: 'on', type: 'number', is_required: true });
    expect((await invoke(ctx, { method: 'PATCH', route: FIELD, params: { id: String(field.id), group_id: 9999 } })).status).toBe(404);

    const read = bodyOf(await invoke(ctx, { method: 'GET', route: FIELD, params: { id: field.id }, as: null }));
    expect(read.name).toBe('Publications');
    const deleted = await invoke(ctx, { method: 'DELETE', route: FIELD, params: { id: field.id } });
    expect(bodyOf(deleted)).toMatchObject({ deleted: true, previous: { id: field.id } });
    expect((await invoke(ctx, { method: 'GET', route: FIELD, params: { id: field.id }, as: null })).status).toBe(404);
  });

  it('gives options to choice fields through option fields, and refuses an option without a parent', async () => {
    const group = await createGroup();
    const choice = bodyOf(await invoke(ctx, { method: 'POST', route: FIELDS, params: { group_id: group.id, type: 'radio', name: 'Level' } }));
    const orphan = await invoke(ctx, { method: 'POST', route: FIELDS, params: { group_id: group.id, type: 'option', name: 'Loose' } });
    expect(orphan.status).toBe(400);
    for (const name of ['Beginner', 'Expert']) {
      const option = await invoke(ctx, { method: 'POST', route: FIELDS, params: { group_id: group.id, parent_id: choice.id, type: 'option', name } });
      expect(option.status).toBe(201);
    }
    const read = bodyOf(await invoke(ctx, { method: 'GET', route: FIELD, params: { id: choice.id } }));
    expect(read.options.map((option: { name: string }) => option.name)).toEqual(['Beginner', 'Expert']);
  });

  it('keeps a field that cannot be deleted, and deletes data with delete_data', async () => {
    expect((await invoke(ctx, { method: 'DELETE', route: FIELD, params: { id: seededField('Name').id } })).status).toBe(400);
    const experience = seededField('Years of experience');
    const key = `${experience.id}:${MEMBER_ID}`;
    expect(profileState(ctx.store).data.has(key)).toBe(true);
    await invoke(ctx, { method: 'DELETE', route: FIELD, params: { id: experience.id, delete_data: true } });
    expect(profileState(ctx.store).data.has(key)).toBe(false);
  });
});

describe('field data', () => {
  const write = (fieldId: number, value: unknown[], as: number | null = MEMBER_ID, userId = MEMBER_ID) =>
    invoke(ctx, { method: 'POST', route: DATA, params: { field_id: fieldId, user_id: userId, value }, as });

  it('reads publicly, writes by the member, clears', async () => {
    const nickname = seededField('Nickname');
    const written = await write(nickname.id, ['Doc']);
    expect(written.status).toBe(200);
    expect(bodyOf(written)).toMatchObject({ field_id: nickname.id, user_id: MEMBER_ID, value: ['Doc'] });
    const read = await invoke(ctx, { method: 'GET', route: DATA, params: { field_id: nickname.id, user_id: MEMBER_ID }, as: null });
    expect(bodyOf(read).value).toEqual(['Doc']);
    const cleared = await invoke(ctx, { method: 'DELETE', route: DATA, params: { field_id: nickname.id, user_id: MEMBER_ID }, as: MEMBER_ID });
    expect(bodyOf(cleared)).toMatchObject({ deleted: true, previous: { value: ['Doc'] } });
    expect(bodyOf(await invoke(ctx, { method: 'GET', route: DATA, params: { field_id: nickname.id, user_id: MEMBER_ID } })).value).toEqual([]);
  });

  it('lets only the member or a moderator write', async () => {
    const nickname = seededField('Nickname');
    const other = seededSubscribers(ctx.store)[0]!;
    expect((await write(nickname.id, ['x'], null)).status).toBe(401);
    expect((await write(nickname.id, ['x'], MEMBER_ID, other)).status).toBe(403);
    expect((await write(nickname.id, ['x'], 1, other)).status).toBe(200);
  });

  it('answers 404 for an unknown field or member', async () => {
    expect((await invoke(ctx, { method: 'GET', route: DATA, params: { field_id: 9999, user_id: MEMBER_ID } })).status).toBe(404);
    expect((await invoke(ctx, { method: 'GET', route: DATA, params: { field_id: seededField('Name').id, user_id: 9999 } })).status).toBe(404);
  });

  it.each([
    ['Years of experience', ['12'], ['twelve']],
    ['Website', ['https://example.org/lab'], ['not a url']],
    ['Birthday', ['1990-04-30'], ['1990-02-30']],
    ['Discipline', ['Physics'], ['Alchemy']],
    ['Interests', ['Teaching', 'Research'], ['Teaching', 'Juggling']],
    ['Discipline', ['Physics'], ['Physics', 'Biology']],
    ['Nickname', ['anything at all'], [{ nested: true }]],
  ])('checks %s values: accepts %j, refuses %j naming value', async (name, good, bad) => {
    const field = seededField(name);
    expect((await write(field.id, good)).status).toBe(200);
    const refused = await write(field.id, bad);
    expect(refused.status).toBe(400);
    expect(bodyOf(refused).data.params).toHaveProperty('value');
  });

  it('refuses to empty a required field, and needs a value', async () => {
    const name = seededField('Name');
    expect((await write(name.id, [''])).status).toBe(400);
    const missing = await invoke(ctx, { method: 'PATCH', route: DATA, params: { field_id: name.id, user_id: MEMBER_ID }, as: MEMBER_ID });
    expect([missing.status, bodyOf(missing).data.params]).toEqual([400, ['value']]);
  });
});
