/**
 * Groups of profile fields: reads are public, writes need a moderator. Deleting a group deletes its fields and
 * their data; a group marked `can_delete: false` stays.
 */
import { WpError, type RouteHandlers, type ServerContext, type ServerRequest, type Store } from '../../types.js';
import { rejectedValue, missingParams } from './errors.js';
import { pagedResponse } from './paging.js';
import { boolParam, intListParam, intParam, stringParam } from './params.js';
import { moderatorOnly } from './permissions.js';
import { profileState, removeField, requireGroup, type ProfileGroup } from './profile-state.js';
import { fieldDataRequest, orderedGroups, queryFields, serializeField, serializeGroup } from './profile-view.js';
import { EDITABLE, forMethods } from './route-methods.js';

export const GROUPS_ROUTE = '/community/v1/profile/groups';

/** Adds a group at the end of the display order (used by the create route and by the seed). */
export function addGroup(store: Store, values: Omit<ProfileGroup, 'id' | 'group_order'>): ProfileGroup {
  // A loop, not Math.max(...orders): a long fuzz run creates more groups than a call can take arguments.
  let lastOrder = 0;
  for (const existing of profileState(store).groups.values()) lastOrder = Math.max(lastOrder, existing.group_order);
  const group: ProfileGroup = { id: store.nextId('profile_group'), group_order: lastOrder + 1, ...values };
  profileState(store).groups.set(group.id, group);
  return group;
}

function readName(params: Record<string, unknown>): string {
  const name = stringParam(params, 'name').trim();
  if (name === '') throw rejectedValue('name', 'bp_rest_xprofile_group_name_required', 'The group needs a name.');
  return name;
}

/** The group with its fields, filtered as the list parameters say. */
function groupWithFields(store: Store, group: ProfileGroup, params: Record<string, unknown>): Record<string, unknown> {
  const dataRequest = fieldDataRequest(params);
  const fields = queryFields(store, { ...params, profile_group_id: group.id });
  return serializeGroup(
    group,
    fields.map((field) => serializeField(store, field, dataRequest)),
  );
}

function listGroups(req: ServerRequest, ctx: ServerContext) {
  const { params } = req;
  const only = intParam(params, 'profile_group_id', 0);
  const excluded = new Set(intListParam(params, 'exclude_groups'));
  const search = stringParam(params, 'search').trim().toLowerCase();
  const hideEmpty = boolParam(params, 'hide_empty_groups');
  const groups = orderedGroups(ctx.store)
    .filter((group) => (only <= 0 || group.id === only) && !excluded.has(group.id))
    .filter((group) => search === '' || group.name.toLowerCase().includes(search))
    .filter((group) => !hideEmpty || queryFields(ctx.store, { ...params, profile_group_id: group.id }).length > 0);
  const fetchFields = boolParam(params, 'fetch_fields');
  return pagedResponse(groups, params, (group) => (fetchFields ? groupWithFields(ctx.store, group, params) : serializeGroup(group)));
}

function createGroup(req: ServerRequest, ctx: ServerContext) {
  if (!req.sent.has('name')) throw missingParams(['name']);
  const group = addGroup(ctx.store, {
    name: readName(req.params),
    description: stringParam(req.params, 'description'),
    can_delete: boolParam(req.params, 'can_delete', true),
    repeater_enabled: boolParam(req.params, 'repeater_enabled', false),
  });
  return {
    status: 201,
    body: serializeGroup(group, []),
    headers: { Location: `${ctx.restUrl(req.locale)}${GROUPS_ROUTE}/${group.id}` },
  };
}

function updateGroup(req: ServerRequest, ctx: ServerContext) {
  const group = requireGroup(ctx.store, intParam(req.params, 'id'));
  const { params, sent } = req;
  const name = sent.has('name') ? readName(params) : group.name;
  group.name = name;
  if (sent.has('description')) group.description = stringParam(params, 'description');
  if (sent.has('group_order')) group.group_order = intParam(params, 'group_order', group.group_order);
  if (sent.has('can_delete')) group.can_delete = boolParam(params, 'can_delete', group.can_delete);
  if (sent.has('repeater_enabled')) group.repeater_enabled = boolParam(params, 'repeater_enabled', group.repeater_enabled);
  return { status: 200, body: groupWithFields(ctx.store, group, {}) };
}

function deleteGroup(req: ServerRequest, ctx: ServerContext) {
  const group = requireGroup(ctx.store, intParam(req.params, 'id'));
  if (!group.can_delete) throw new WpError('bp_rest_xprofile_group_cannot_delete', 'This group of profile fields cannot be deleted.', 400);
  const previous = groupWithFields(ctx.store, group, {});
  const state = profileState(ctx.store);
  for (const field of [...state.fields.values()]) {
    if (field.group_id === group.id && state.fields.has(field.id)) removeField(ctx.store, field, true);
  }
  state.groups.delete(group.id);
  return { status: 200, body: { deleted: true, previous } };
}

const moderators = moderatorOnly('bp_rest_authorization_required', 'Sorry, you are not allowed to change groups of profile fields.');

/** Routes registered by the profile module. */
export const profileGroupRoutes: RouteHandlers[] = [
  {
    route: GROUPS_ROUTE,
    methods: { GET: { handle: listGroups }, POST: { permission: moderators, handle: createGroup } },
  },
  {
    route: String.raw`/community/v1/profile/groups/(?P<id>[\d]+)`,
    methods: {
      GET: { handle: (req, ctx) => ({ status: 200, body: groupWithFields(ctx.store, requireGroup(ctx.store, intParam(req.params, 'id')), {}) }) },
      ...forMethods(EDITABLE, { permission: moderators, handle: updateGroup }),
      DELETE: { permission: moderators, handle: deleteGroup },
    },
  },
];
