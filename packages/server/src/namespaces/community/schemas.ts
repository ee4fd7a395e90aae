/**
 * The item schemas the community namespace publishes (`OPTIONS <route>`, `GET /community/v1?context=help`), in
 * WordPress's dialect as the product's own REST controllers write them: each property with its type, a `context`
 * list (which answers carry it), `readonly` for what the server sets, and `required` for what a create needs.
 * The core filters every answer of these routes by the request's context with them (`context-filter.ts`). They
 * describe what the handlers answer; the interface document leaves response shapes open.
 */
import type { ArgSchema } from '@restconform/interface';
import type { ItemSchemaDefinition, ResourceModule } from '../module.js';

const DRAFT_04 = 'http://json-schema.org/draft-04/schema#';
const ALL: ArgSchema['context'] = ['embed', 'view', 'edit'];
const VIEW: ArgSchema['context'] = ['view', 'edit'];
const EDIT: ArgSchema['context'] = ['edit'];

type Keywords = Omit<ArgSchema, 'description' | 'context'>;

/** A property seen in `contexts`. */
function field(description: string, contexts: ArgSchema['context'], keywords: Keywords): ArgSchema {
  return { description, ...keywords, context: [...(contexts ?? [])] };
}

/** A property the server sets and a write ignores. */
function readonly(description: string, contexts: ArgSchema['context'], keywords: Keywords): ArgSchema {
  return { ...field(description, contexts, keywords), readonly: true };
}

function schema(title: string, properties: Record<string, ArgSchema>): ItemSchemaDefinition {
  return { $schema: DRAFT_04, title, type: 'object', properties };
}

const DATE_TIME: Keywords = { type: 'string', format: 'date-time' };
const URI: Keywords = { type: 'string', format: 'uri' };

const MEMBER = schema('bp_members', {
  id: readonly('Unique identifier for the member.', ALL, { type: 'integer' }),
  name: field('Display name for the member.', ALL, { type: 'string' }),
  mention_name: readonly('The name used for the member in @-mentions.', ALL, { type: 'string' }),
  user_login: field('An alphanumeric identifier for the member.', ALL, { type: 'string', required: true }),
  link: readonly('Profile URL of the member.', ALL, URI),
  member_types: field('Member types of the member.', ALL, { type: 'array', items: { type: 'string' } }),
  registered_date: readonly("Registration date of the member, in the site's timezone.", VIEW, DATE_TIME),
  avatar_urls: readonly('Avatar URLs of the member.', ALL, {
    type: 'object',
    properties: {
      full: field('Avatar URL at full size.', ALL, URI),
      thumb: field('Avatar URL at thumbnail size.', ALL, URI),
    },
  }),
  cover_url: readonly('Cover image URL of the member.', VIEW, URI),
  followers: readonly('How many members follow the member.', VIEW, { type: 'integer' }),
  following: readonly('How many members the member follows.', VIEW, { type: 'integer' }),
  is_following: readonly('Whether the caller follows the member.', VIEW, { type: 'boolean' }),
  roles: field('Roles of the member (the member themselves or a moderator only).', EDIT, { type: 'array', items: { type: 'string' } }),
  email: field('E-mail address of the member (the member themselves only).', EDIT, { type: 'string', format: 'email', required: true }),
  password: field('Password of the member; never in an answer.', [], { type: 'string', required: true }),
});

const SIGNUP = schema('bp_signup', {
  id: readonly('Unique identifier for the signup.', VIEW, { type: 'integer' }),
  user_login: readonly('The login chosen for the account.', VIEW, { type: 'string' }),
  user_name: readonly('The display name chosen for the account.', VIEW, { type: 'string' }),
  user_email: field('E-mail address of the signup.', VIEW, { type: 'string', format: 'email' }),
  registered: readonly("Date of the signup, in the site's timezone.", VIEW, DATE_TIME),
  date_sent: readonly("Date the activation e-mail was last sent, in the site's timezone.", VIEW, DATE_TIME),
  count_sent: readonly('How many activation e-mails were sent.', VIEW, { type: 'integer' }),
  active: readonly('Whether the signup was activated.', VIEW, { type: 'boolean' }),
  activation_key: readonly('Activation key of the signup.', EDIT, { type: 'string' }),
  user_id: readonly('The member the activation created (activation answers only).', EDIT, { type: 'integer' }),
  signup_email: field('E-mail address for the new account.', [], { type: 'string', format: 'email', required: true }),
  signup_password: field('Password for the new account; never in an answer.', [], { type: 'string', required: true }),
});

const REPORT_ENTRY: ArgSchema = {
  type: 'object',
  properties: {
    user_id: field('The member who reported or blocked.', VIEW, { type: 'integer' }),
    category: field('Report category, or "block".', VIEW, { type: 'string' }),
    note: field('Note of the report.', VIEW, { type: 'string' }),
    date_created: field("Date of the report, in the site's timezone.", VIEW, DATE_TIME),
  },
};

const MODERATION_ITEM = schema('bp_moderation', {
  id: readonly('Unique identifier for the moderation item.', VIEW, { type: 'integer' }),
  item_id: field('The reported or blocked item.', VIEW, { type: 'integer', required: true }),
  item_type: field('Type of the item.', VIEW, { type: 'string' }),
  blog_id: readonly('Site of the item.', VIEW, { type: 'integer' }),
  user_id: readonly('The member who reported or blocked it.', VIEW, { type: 'integer' }),
  last_updated: readonly("Date of the last report, in the site's timezone.", VIEW, DATE_TIME),
  hide_sitewide: readonly('Whether the item is suspended for everybody.', VIEW, { type: 'boolean' }),
  count: readonly('How many reports and blocks the item has.', VIEW, { type: 'integer' }),
  is_blocked: readonly('Whether the caller blocked the member.', VIEW, { type: 'boolean' }),
  reporters: readonly('The reports and blocks the caller may see.', VIEW, { type: 'array', items: REPORT_ENTRY }),
});

const COMPONENT = schema('bp_components', {
  name: field('Name of the component.', VIEW, { type: 'string', required: true }),
  is_active: readonly('Whether the component is active.', VIEW, { type: 'boolean' }),
  status: readonly('Whether the component is active or inactive.', VIEW, { type: 'string', enum: ['active', 'inactive'] }),
  title: readonly('Title of the component.', VIEW, { type: 'string' }),
  description: readonly('Description of the component.', VIEW, { type: 'string' }),
  type: readonly('Type of the component.', VIEW, { type: 'string', enum: ['optional', 'retired', 'required'] }),
});

const SETTINGS = schema('bp_settings', {
  active_components: readonly('Names of the active components.', VIEW, { type: 'array', items: { type: 'string' } }),
  registration_enabled: readonly('Whether visitors may sign up.', VIEW, { type: 'boolean' }),
  account_deletion_enabled: readonly('Whether members may delete their account.', VIEW, { type: 'boolean' }),
  profile_visibility_enabled: readonly('Whether members may choose who sees their profile fields.', VIEW, { type: 'boolean' }),
  follow_enabled: readonly('Whether members may follow each other.', VIEW, { type: 'boolean' }),
  moderation_enabled: readonly('Whether members may report and block.', VIEW, { type: 'boolean' }),
  member_types: readonly('The member types of the site.', VIEW, { type: 'array', items: { type: 'string' } }),
  avatar: readonly('Avatar sizes in pixels.', VIEW, {
    type: 'object',
    properties: {
      full_width: field('Full-size width.', VIEW, { type: 'integer' }),
      full_height: field('Full-size height.', VIEW, { type: 'integer' }),
      thumb_width: field('Thumbnail width.', VIEW, { type: 'integer' }),
      thumb_height: field('Thumbnail height.', VIEW, { type: 'integer' }),
    },
  }),
});

const FIELD_DATA_PROPERTIES: Record<string, ArgSchema> = {
  field_id: readonly('The profile field.', ALL, { type: 'integer' }),
  user_id: readonly('The member.', ALL, { type: 'integer' }),
  value: field("The member's values for the field.", ALL, { type: 'array', items: { type: 'string' } }),
  last_updated: readonly("Date of the last change, in the site's timezone.", ALL, { type: ['string', 'null'], format: 'date-time' }),
};

const FIELD_DATA = schema('bp_xprofile_data', FIELD_DATA_PROPERTIES);

const FIELD_PROPERTIES: Record<string, ArgSchema> = {
  id: readonly('Unique identifier for the profile field.', ALL, { type: 'integer' }),
  group_id: field('The group the field belongs to.', ALL, { type: 'integer', required: true }),
  parent_id: field('The parent field.', ALL, { type: 'integer' }),
  type: field('Type of the field.', ALL, { type: 'string', required: true }),
  name: field('Name of the field.', ALL, { type: 'string', required: true }),
  alternate_name: field('Alternate name of the field.', ALL, { type: 'string' }),
  description: field('Description of the field.', ALL, { type: 'string' }),
  is_required: field('Whether a value is mandatory.', ALL, { type: 'boolean' }),
  can_delete: field('Whether the field can be deleted.', ALL, { type: 'boolean' }),
  field_order: field('Order of the field inside its group.', ALL, { type: 'integer' }),
  option_order: field('Order of the option inside its list.', ALL, { type: 'integer' }),
  order_by: field("Order of the field's options.", ALL, { type: 'string', enum: ['asc', 'desc'] }),
  is_default_option: field('Whether the option is the default one.', ALL, { type: 'boolean' }),
  default_visibility: field('Who sees the field by default.', ALL, { type: 'string', enum: ['public', 'loggedin', 'friends', 'adminsonly'] }),
  allow_custom_visibility: field('Whether members may change who sees the field.', ALL, { type: 'string', enum: ['allowed', 'disabled'] }),
  do_autolink: field('Whether values link to a search of members.', ALL, { type: 'string', enum: ['on', 'off'] }),
  member_types: readonly('Member types the field is restricted to.', ALL, { type: 'array', items: { type: 'string' } }),
  options: readonly('Options of the field, as fields.', ALL, { type: 'array', items: { type: 'object' } }),
  data: readonly("A member's data for the field (when asked for).", ALL, { type: 'object', properties: FIELD_DATA_PROPERTIES }),
  visibility_level: readonly("Who sees the member's data (when asked for).", ALL, { type: 'string' }),
};

const FIELD = schema('bp_xprofile_field', FIELD_PROPERTIES);

const GROUP = schema('bp_xprofile_group', {
  id: readonly('Unique identifier for the profile group.', ALL, { type: 'integer' }),
  name: field('Name of the group.', ALL, { type: 'string', required: true }),
  description: field('Description of the group.', ALL, { type: 'string' }),
  group_order: field('Order of the group.', ALL, { type: 'integer' }),
  can_delete: field('Whether the group can be deleted.', ALL, { type: 'boolean' }),
  repeater_enabled: field('Whether the group repeats.', ALL, { type: 'boolean' }),
  fields: readonly('Fields of the group (when asked for).', ALL, { type: 'array', items: { type: 'object', properties: FIELD_PROPERTIES } }),
});

/** Route key → the item schema it publishes. */
const COMMUNITY_SCHEMAS: Readonly<Record<string, ItemSchemaDefinition>> = {
  '/community/v1/members': MEMBER,
  [String.raw`/community/v1/members/(?P<id>[\d]+)`]: MEMBER,
  '/community/v1/members/me': MEMBER,
  '/community/v1/signup': SIGNUP,
  [String.raw`/community/v1/signup/(?P<id>[\w-]+)`]: SIGNUP,
  [String.raw`/community/v1/signup/activate/(?P<id>[\w-]+)`]: SIGNUP,
  '/community/v1/moderation': MODERATION_ITEM,
  [String.raw`/community/v1/moderation/(?P<id>[\d]+)`]: MODERATION_ITEM,
  '/community/v1/components': COMPONENT,
  '/community/v1/settings': SETTINGS,
  '/community/v1/profile/groups': GROUP,
  [String.raw`/community/v1/profile/groups/(?P<id>[\d]+)`]: GROUP,
  '/community/v1/profile/fields': FIELD,
  [String.raw`/community/v1/profile/fields/(?P<id>[\d]+)`]: FIELD,
  [String.raw`/community/v1/profile/(?P<field_id>[\d]+)/data/(?P<user_id>[\d]+)`]: FIELD_DATA,
};

/** The community namespace's published schemas: no routes or data of its own. */
export const module: ResourceModule = { name: 'community-schemas', seed: () => undefined, routes: [], schemas: COMMUNITY_SCHEMAS };
