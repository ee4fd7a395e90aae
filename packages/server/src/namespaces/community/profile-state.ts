/**
 * The profile module's slice: field groups, fields (options are fields of type `option` under a parent) and each
 * member's data for a field.
 */
import { WpError, type Store } from '../../types.js';
import { storeSlice } from './store-slice.js';

/** Name of the profile module, and the key of its slice. */
export const PROFILE_MODULE = 'profile';

export interface ProfileGroup {
  id: number;
  name: string;
  description: string;
  group_order: number;
  can_delete: boolean;
  repeater_enabled: boolean;
}

export interface ProfileField {
  id: number;
  group_id: number;
  parent_id: number;
  type: string;
  name: string;
  alternate_name: string;
  description: string;
  is_required: boolean;
  can_delete: boolean;
  field_order: number;
  option_order: number;
  order_by: string;
  is_default_option: boolean;
  default_visibility: string;
  allow_custom_visibility: string;
  do_autolink: string;
  /** Member types the field is shown to; empty means everybody. */
  member_types: string[];
}

/** One member's values for one field. */
export interface FieldData {
  value: string[];
  last_updated: string;
}

export interface ProfileState {
  groups: Map<number, ProfileGroup>;
  /** Write through `putField` and `dropField` only: they keep `optionIds` in step. */
  fields: Map<number, ProfileField>;
  /** Ids of the option fields under each parent field, so listing a field's options does not scan every field. */
  optionIds: Map<number, Set<number>>;
  /** Keyed by `dataKey(field_id, user_id)`. */
  data: Map<string, FieldData>;
}

export function profileState(store: Store): ProfileState {
  return storeSlice<ProfileState>(store, PROFILE_MODULE, () => ({ groups: new Map(), fields: new Map(), optionIds: new Map(), data: new Map() }));
}

/** Stores a field (new or updated), keeping the option index in step with its type and parent. */
export function putField(store: Store, field: ProfileField): void {
  const state = profileState(store);
  dropField(store, field.id);
  state.fields.set(field.id, field);
  if (field.type !== 'option') return;
  let siblings = state.optionIds.get(field.parent_id);
  if (siblings === undefined) state.optionIds.set(field.parent_id, (siblings = new Set()));
  siblings.add(field.id);
}

/** Removes a field from the store and from the option index. */
export function dropField(store: Store, id: number): void {
  const state = profileState(store);
  const previous = state.fields.get(id);
  if (previous === undefined) return;
  state.fields.delete(id);
  if (previous.type === 'option') state.optionIds.get(previous.parent_id)?.delete(id);
}

export function dataKey(fieldId: number, userId: number): string {
  return `${fieldId}:${userId}`;
}

export function requireGroup(store: Store, id: number): ProfileGroup {
  const group = profileState(store).groups.get(id);
  if (group === undefined) throw new WpError('bp_rest_invalid_id', 'Invalid field group ID.', 404);
  return group;
}

export function requireField(store: Store, id: number): ProfileField {
  const field = profileState(store).fields.get(id);
  if (field === undefined) throw new WpError('bp_rest_invalid_id', 'Invalid field ID.', 404);
  return field;
}

/** The options of `field` (child fields of type `option`), in the field's `order_by` direction. */
export function optionsOf(store: Store, field: ProfileField): ProfileField[] {
  const direction = field.order_by === 'desc' ? -1 : 1;
  const { fields, optionIds } = profileState(store);
  return [...(optionIds.get(field.id) ?? [])].map((id) => fields.get(id)!).sort((a, b) => direction * (a.option_order - b.option_order || a.id - b.id));
}

/** Removes a field, its options, and (when asked) every member's data for them. */
export function removeField(store: Store, field: ProfileField, deleteData: boolean): void {
  const state = profileState(store);
  for (const doomed of [field, ...optionsOf(store, field)]) {
    dropField(store, doomed.id);
    if (!deleteData) continue;
    for (const key of [...state.data.keys()]) if (key.startsWith(`${doomed.id}:`)) state.data.delete(key);
  }
}
