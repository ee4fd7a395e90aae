/** Profile fields: reads are public, writes need a moderator. Creates answer 201 with `Location`. */
import { PROFILE_FIELD_TYPES } from '@restconform/interface';
import { WpError, type RouteHandlers, type ServerContext, type ServerRequest, type Store } from '../../types.js';
import { rejectedValue, missingParams } from './errors.js';
import { pagedResponse } from './paging.js';
import { boolParam, intParam, stringParam } from './params.js';
import { moderatorOnly } from './permissions.js';
import { profileState, putField, removeField, requireField, requireGroup, type ProfileField } from './profile-state.js';
import { fieldDataRequest, queryFields, serializeField } from './profile-view.js';
import { EDITABLE, forMethods } from './route-methods.js';

export const FIELDS_ROUTE = '/community/v1/profile/fields';

/** Writable field properties; each is read with the type of its value in a fresh field. */
type WritableFieldKey = Exclude<keyof ProfileField, 'id' | 'member_types'>;

/** A new field before the caller's values: the contract's create defaults. */
export function blankField(id: number): ProfileField {
  return {
    id,
    group_id: 0,
    parent_id: 0,
    type: 'textbox',
    name: '',
    alternate_name: '',
    description: '',
    is_required: false,
    can_delete: true,
    field_order: 0,
    option_order: 0,
    order_by: 'asc',
    is_default_option: false,
    default_visibility: 'public',
    allow_custom_visibility: 'allowed',
    do_autolink: 'off',
    member_types: [],
  };
}

const WRITABLE_KEYS = Object.keys(blankField(0)).filter((key) => key !== 'id' && key !== 'member_types') as WritableFieldKey[];

/** `field` with the values `isGiven` picks from `params`. */
function withParams(field: ProfileField, params: Record<string, unknown>, isGiven: (key: string) => boolean): ProfileField {
  const next: ProfileField = { ...field, member_types: [...field.member_types] };
  const writable = next as unknown as Record<WritableFieldKey, string | number | boolean>;
  for (const key of WRITABLE_KEYS) {
    if (!isGiven(key) || params[key] === undefined || params[key] === null) continue;
    const current = writable[key];
    writable[key] =
      typeof current === 'number'
        ? intParam(params, key, current)
        : typeof current === 'boolean'
          ? boolParam(params, key, current)
          : stringParam(params, key, current);
  }
  next.name = next.name.trim();
  return next;
}

/** A field must have a name, a group, a known type, and (for an option) a parent field that is no option itself. */
function checkField(store: Store, field: ProfileField): void {
  if (field.name === '') throw rejectedValue('name', 'bp_rest_xprofile_field_name_required', 'The field needs a name.');
  if (!PROFILE_FIELD_TYPES.includes(field.type))
    throw rejectedValue('type', 'bp_rest_xprofile_invalid_field_type', `type is not one of ${PROFILE_FIELD_TYPES.join(', ')}.`);
  requireGroup(store, field.group_id);
  if (field.type === 'option' && field.parent_id <= 0) throw missingParams(['parent_id']);
  if (field.parent_id > 0) {
    if (field.parent_id === field.id) throw rejectedValue('parent_id', 'bp_rest_xprofile_invalid_parent', 'A field cannot be its own parent.');
    const parent = requireField(store, field.parent_id);
    if (parent.type === 'option') throw rejectedValue('parent_id', 'bp_rest_xprofile_invalid_parent', 'An option cannot have options.');
  }
}

function nextFieldOrder(store: Store, groupId: number): number {
  const orders = [...profileState(store).fields.values()].filter((field) => field.group_id === groupId).map((field) => field.field_order);
  return Math.max(0, ...orders) + 1;
}

/** Adds a field to the store (used by the create route and by the seed). */
export function addField(store: Store, field: ProfileField): ProfileField {
  checkField(store, field);
  putField(store, field);
  return field;
}

function createField(req: ServerRequest, ctx: ServerContext) {
  const given = (key: string) => req.params[key] !== undefined;
  const field = withParams(blankField(ctx.store.nextId('profile_field')), req.params, given);
  if (!req.sent.has('field_order')) field.field_order = nextFieldOrder(ctx.store, field.group_id);
  addField(ctx.store, field);
  return {
    status: 201,
    body: serializeField(ctx.store, field),
    headers: { Location: `${ctx.restUrl(req.locale)}${FIELDS_ROUTE}/${field.id}` },
  };
}

function updateField(req: ServerRequest, ctx: ServerContext) {
  const current = requireField(ctx.store, intParam(req.params, 'id'));
  const updated = withParams(current, req.params, (key) => req.sent.has(key));
  checkField(ctx.store, updated);
  putField(ctx.store, updated);
  return { status: 200, body: serializeField(ctx.store, updated) };
}

function deleteField(req: ServerRequest, ctx: ServerContext) {
  const field = requireField(ctx.store, intParam(req.params, 'id'));
  if (!field.can_delete) throw new WpError('bp_rest_xprofile_field_cannot_delete', 'This profile field cannot be deleted.', 400);
  const previous = serializeField(ctx.store, field);
  removeField(ctx.store, field, boolParam(req.params, 'delete_data'));
  return { status: 200, body: { deleted: true, previous } };
}

const moderators = moderatorOnly('bp_rest_authorization_required', 'Sorry, you are not allowed to change profile fields.');

/** Routes registered by the profile module. */
export const profileFieldRoutes: RouteHandlers[] = [
  {
    route: FIELDS_ROUTE,
    methods: {
      GET: {
        handle: (req, ctx) => {
          const dataRequest = fieldDataRequest(req.params);
          return pagedResponse(queryFields(ctx.store, req.params), req.params, (field) => serializeField(ctx.store, field, dataRequest));
        },
      },
      POST: { permission: moderators, handle: createField },
    },
  },
  {
    route: String.raw`/community/v1/profile/fields/(?P<id>[\d]+)`,
    methods: {
      GET: {
        handle: (req, ctx) => {
          const field = requireField(ctx.store, intParam(req.params, 'id'));
          return { status: 200, body: serializeField(ctx.store, field, fieldDataRequest(req.params, true)) };
        },
      },
      ...forMethods(EDITABLE, { permission: moderators, handle: updateField }),
      DELETE: { permission: moderators, handle: deleteField },
    },
  },
];
