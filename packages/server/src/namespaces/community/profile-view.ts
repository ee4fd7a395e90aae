/** Profile groups and fields as responses, and the field query both list routes share. */
import type { Store } from '../../types.js';
import { boolParam, intListParam, intParam, stringListParam, stringParam } from './params.js';
import { dataKey, optionsOf, profileState, type ProfileField, type ProfileGroup } from './profile-state.js';

/** Whose data to attach to each field, and whether to. */
export interface FieldDataRequest {
  userId: number;
  fetchData: boolean;
  fetchVisibility: boolean;
}

/** Reads `user_id`, `fetch_field_data` and `fetch_visibility_level` (data needs a user). */
export function fieldDataRequest(params: Record<string, unknown>, fetchDataByDefault = false): FieldDataRequest {
  const userId = intParam(params, 'user_id', 0);
  return {
    userId,
    fetchData: userId > 0 && boolParam(params, 'fetch_field_data', fetchDataByDefault),
    fetchVisibility: userId > 0 && boolParam(params, 'fetch_visibility_level'),
  };
}

/** The data of `field` for member `userId`: `{field_id, user_id, value, last_updated}` (no values and a null date when unset). */
export function serializeFieldData(store: Store, fieldId: number, userId: number): Record<string, unknown> {
  const data = profileState(store).data.get(dataKey(fieldId, userId));
  return { field_id: fieldId, user_id: userId, value: [...(data?.value ?? [])], last_updated: data?.last_updated ?? null };
}

export function serializeField(store: Store, field: ProfileField, dataRequest?: FieldDataRequest): Record<string, unknown> {
  const body: Record<string, unknown> = {
    id: field.id,
    group_id: field.group_id,
    parent_id: field.parent_id,
    type: field.type,
    name: field.name,
    alternate_name: field.alternate_name,
    description: field.description,
    is_required: field.is_required,
    can_delete: field.can_delete,
    field_order: field.field_order,
    option_order: field.option_order,
    order_by: field.order_by,
    is_default_option: field.is_default_option,
    default_visibility: field.default_visibility,
    allow_custom_visibility: field.allow_custom_visibility,
    do_autolink: field.do_autolink,
    member_types: [...field.member_types],
    options: optionsOf(store, field).map((option) => serializeField(store, option)),
  };
  if (dataRequest?.fetchData) body.data = serializeFieldData(store, field.id, dataRequest.userId);
  if (dataRequest?.fetchVisibility) body.visibility_level = field.default_visibility;
  return body;
}

export function serializeGroup(group: ProfileGroup, fields?: Record<string, unknown>[]): Record<string, unknown> {
  return {
    id: group.id,
    name: group.name,
    description: group.description,
    group_order: group.group_order,
    can_delete: group.can_delete,
    repeater_enabled: group.repeater_enabled,
    ...(fields === undefined ? {} : { fields }),
  };
}

/** Groups in display order. */
export function orderedGroups(store: Store): ProfileGroup[] {
  return [...profileState(store).groups.values()].sort(compareGroups);
}

/**
 * Fields (options excluded) matching the list filters in `params`, in display order: by group, then by
 * `field_order`. `member_type` `any` keeps only unrestricted fields; a given `user_id` puts its types in its place.
 */
export function queryFields(store: Store, params: Record<string, unknown>): ProfileField[] {
  const state = profileState(store);
  const groupId = intParam(params, 'profile_group_id', 0);
  const excludedGroups = new Set(intListParam(params, 'exclude_groups'));
  const excludedFields = new Set(stringListParam(params, 'exclude_fields'));
  const search = stringParam(params, 'search').trim().toLowerCase();
  const userId = intParam(params, 'user_id', 0);
  const user = userId > 0 ? store.members.get(userId) : undefined;
  const memberTypes = user !== undefined ? user.member_types : stringListParam(params, 'member_type');
  const hideEmpty = userId > 0 && boolParam(params, 'hide_empty_fields');

  return [...state.fields.values()]
    .filter((field) => field.type !== 'option')
    .filter((field) => groupId <= 0 || field.group_id === groupId)
    .filter((field) => !excludedGroups.has(field.group_id) && !excludedFields.has(String(field.id)))
    .filter((field) => search === '' || field.name.toLowerCase().includes(search))
    .filter((field) => matchesMemberTypes(field, memberTypes, user !== undefined))
    .filter((field) => !hideEmpty || (state.data.get(dataKey(field.id, userId))?.value.length ?? 0) > 0)
    .sort((a, b) => compareGroups(state.groups.get(a.group_id), state.groups.get(b.group_id)) || a.field_order - b.field_order || a.id - b.id);
}

/**
 * The display order of two fields' groups, a field of no group last. Compared directly rather than through a
 * sorted copy of every group: fuzzing creates thousands of groups, and a field list used to sort them all.
 */
function compareGroups(a: ProfileGroup | undefined, b: ProfileGroup | undefined): number {
  if (a === undefined || b === undefined) return a === b ? 0 : a === undefined ? 1 : -1;
  return a.group_order - b.group_order || a.id - b.id;
}

function matchesMemberTypes(field: ProfileField, types: readonly string[], forUser: boolean): boolean {
  if (field.member_types.length === 0) return true;
  if (types.includes('any')) return false;
  if (types.length === 0) return !forUser;
  return field.member_types.some((type) => types.includes(type));
}
