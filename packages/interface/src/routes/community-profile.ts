/** `community/v1`: profile fields, field groups and a member's data for a field. */
import { arg, contextArg, flagArg, integerIdArg, integerListArg, pageArg, perPageArg, searchArg, stringListArg, type ArgKeywords } from '../args.js';
import type { ContractArg, ContractRoute } from '../types.js';
import { COMMUNITY_NAMESPACE } from './community-namespace.js';

/** The kinds of profile field. */
export const PROFILE_FIELD_TYPES = [
  'checkbox',
  'datebox',
  'multiselectbox',
  'number',
  'url',
  'radio',
  'selectbox',
  'textarea',
  'textbox',
  'telephone',
  'gender',
  'socialnetworks',
  'membertypes',
  'option',
];

const FIELD_ID_DESCRIPTION = 'A unique numeric ID for the profile field.';
const GROUP_ID_DESCRIPTION = 'A unique numeric ID for the group of profile fields.';
const FIELD_DATA_USER_DESCRIPTION = 'ID of the member whose field data is loaded.';
const FETCH_FIELD_DATA_DESCRIPTION = "Whether to fetch the member's data for each field; requires user_id.";

/** One profile field's writable field: its keywords, whether create requires it, and its create default. */
interface ProfileFieldProperty {
  keywords: ArgKeywords;
  description: string;
  requiredOnCreate?: boolean;
  createDefault?: unknown;
}

/** The document's "Profile field (request fields)" table, in its order. */
const PROFILE_FIELD_PROPERTIES: Record<string, ProfileFieldProperty> = {
  group_id: { keywords: { type: 'integer' }, description: 'ID of the group the field belongs to.', requiredOnCreate: true },
  parent_id: { keywords: { type: 'integer' }, description: 'ID of the parent field.' },
  type: { keywords: { type: 'string', enum: PROFILE_FIELD_TYPES }, description: 'Type of the field.', requiredOnCreate: true },
  name: { keywords: { type: 'string' }, description: 'Name of the field.', requiredOnCreate: true },
  alternate_name: { keywords: { type: 'string' }, description: 'Alternate name of the field.', createDefault: '' },
  description: { keywords: { type: 'string' }, description: 'Description of the field.' },
  is_required: { keywords: { type: 'boolean' }, description: 'Whether a value is mandatory for the field.' },
  can_delete: { keywords: { type: 'boolean' }, description: 'Whether the field can be deleted.', createDefault: true },
  field_order: { keywords: { type: 'integer' }, description: 'Order of the field inside its group.' },
  option_order: { keywords: { type: 'integer' }, description: 'Order of the option inside the option list.' },
  order_by: {
    keywords: { type: 'string', enum: ['asc', 'desc'] },
    description: "Order of the field's options.",
    createDefault: 'asc',
  },
  is_default_option: { keywords: { type: 'boolean' }, description: 'Whether the option is the default one.' },
  default_visibility: {
    keywords: { type: 'string', enum: ['public', 'loggedin', 'friends', 'adminsonly'] },
    description: 'Default visibility of the field.',
    createDefault: 'public',
  },
  allow_custom_visibility: {
    keywords: { type: 'string', enum: ['allowed', 'disabled'] },
    description: "Whether members may change the field's visibility.",
    createDefault: 'allowed',
  },
  do_autolink: {
    keywords: { type: 'string', enum: ['on', 'off'] },
    description: 'Whether autolinking is on for the field.',
    createDefault: 'off',
  },
};

/**
 * A profile field's args. On create: the stated required flags and defaults. On update every field is
 * optional and, as in WordPress's `get_endpoint_args_for_item_schema`, carries no default (a default would
 * overwrite what the caller left out).
 */
function profileFieldArgs(mode: 'create' | 'update'): Record<string, ContractArg> {
  const args: Record<string, ContractArg> = {};
  for (const [name, property] of Object.entries(PROFILE_FIELD_PROPERTIES)) {
    const keywords: ArgKeywords = { ...property.keywords };
    if (mode === 'create' && property.createDefault !== undefined) keywords.default = property.createDefault;
    args[name] = arg(keywords, property.description, mode === 'create' && property.requiredOnCreate === true);
  }
  return args;
}

/** The field list's query parameters; the group list takes them too. */
function profileFieldListArgs(): Record<string, ContractArg> {
  return {
    context: contextArg(['view', 'embed', 'edit']),
    page: pageArg(),
    per_page: perPageArg(),
    search: searchArg(),
    profile_group_id: arg({ type: 'integer', default: 0 }, 'ID of the field group that has fields.'),
    hide_empty_groups: flagArg(false, 'Whether to hide groups of fields that have no profile fields.'),
    user_id: arg({ type: 'integer', default: 0 }, FIELD_DATA_USER_DESCRIPTION),
    member_type: stringListArg(
      "Limit fields to member types; any returns only fields unrestricted by member type. The member's types override it when user_id is given.",
    ),
    hide_empty_fields: flagArg(false, 'Whether to hide profile fields with no data.'),
    fetch_field_data: flagArg(false, FETCH_FIELD_DATA_DESCRIPTION),
    fetch_visibility_level: flagArg(false, 'Whether to fetch the visibility level of each field.'),
    exclude_groups: integerListArg('Ensure result set excludes specific groups of profile fields.'),
    exclude_fields: stringListArg('Ensure result set excludes specific profile fields.'),
    update_meta_cache: flagArg(true, 'Whether to pre-fetch the metadata of the retrieved groups, fields and data.'),
  };
}

/** A group's writable fields; `group_order` only on update. */
function profileGroupArgs(mode: 'create' | 'update'): Record<string, ContractArg> {
  return {
    name: arg({ type: 'string' }, 'Name of the group of profile fields.'),
    description: arg({ type: 'string' }, 'Description of the group of profile fields.'),
    ...(mode === 'update' ? { group_order: arg({ type: 'integer' }, 'Order of the group.') } : {}),
    can_delete: arg({ type: 'boolean' }, 'Whether the group can be deleted.'),
    repeater_enabled: arg({ type: 'boolean' }, "Whether the group's fields can be repeated."),
  };
}

function profileRoute(route: string, endpoints: ContractRoute['endpoints']): ContractRoute {
  return { route, namespace: COMMUNITY_NAMESPACE, endpoints };
}

function fieldDataPathArgs(): Record<string, ContractArg> {
  return {
    field_id: integerIdArg('ID of the profile field.'),
    user_id: integerIdArg('ID of the member the data belongs to.'),
  };
}

export const PROFILE_ROUTES: ContractRoute[] = [
  profileRoute('/community/v1/profile/fields', [
    { methods: ['GET'], args: profileFieldListArgs() },
    { methods: ['POST'], args: profileFieldArgs('create') },
  ]),
  profileRoute(String.raw`/community/v1/profile/fields/(?P<id>[\d]+)`, [
    {
      methods: ['GET'],
      args: {
        id: integerIdArg(FIELD_ID_DESCRIPTION),
        user_id: arg({ type: 'integer', default: 0 }, FIELD_DATA_USER_DESCRIPTION),
        fetch_field_data: flagArg(true, FETCH_FIELD_DATA_DESCRIPTION),
      },
    },
    { methods: ['POST', 'PUT', 'PATCH'], args: profileFieldArgs('update') },
    {
      methods: ['DELETE'],
      args: {
        id: integerIdArg(FIELD_ID_DESCRIPTION),
        delete_data: flagArg(false, "Whether to also delete the members' data for the field."),
      },
    },
  ]),
  profileRoute('/community/v1/profile/groups', [
    {
      methods: ['GET'],
      args: { ...profileFieldListArgs(), fetch_fields: flagArg(false, "Whether to include each group's fields.") },
    },
    { methods: ['POST'], args: profileGroupArgs('create') },
  ]),
  profileRoute(String.raw`/community/v1/profile/groups/(?P<id>[\d]+)`, [
    { methods: ['GET'], args: { id: integerIdArg(GROUP_ID_DESCRIPTION) } },
    { methods: ['POST', 'PUT', 'PATCH'], args: { id: integerIdArg(GROUP_ID_DESCRIPTION), ...profileGroupArgs('update') } },
    { methods: ['DELETE'], args: { id: integerIdArg(GROUP_ID_DESCRIPTION) } },
  ]),
  profileRoute(String.raw`/community/v1/profile/(?P<field_id>[\d]+)/data/(?P<user_id>[\d]+)`, [
    { methods: ['GET'], args: fieldDataPathArgs() },
    {
      methods: ['POST', 'PUT', 'PATCH'],
      openArgs: true,
      args: { ...fieldDataPathArgs(), value: arg({ type: 'array' }, 'List of values for the field.') },
    },
    { methods: ['DELETE'], openArgs: true, args: fieldDataPathArgs() },
  ]),
];
