/**
 * The built-in hints: what the descriptors of the interface (`community/v1`) and of core WordPress (`wp/v2`)
 * cannot say about their resources. Everything else comes from inference. Users add hints for other servers
 * under `resources.hints` in the configuration; theirs win, family by family.
 */
import { routeShape } from './infer.js';
import type { FamilyHint, ResourceHints } from './types.js';

const MEMBERS = '/community/v1/members';
const CAN_DELETE = 'a resource that may not be deleted would be left behind';

/** A post type's life cycle, the same for each core post type the descriptor serves. */
const POST_TYPE: FamilyHint = {
  fixed: {
    password: 'a password-protected post hides its content from the list',
    sticky: 'only posts can be sticky; core ignores it elsewhere',
  },
};

export const BUILTIN_HINTS: ResourceHints = {
  // The interface (community/v1).
  [MEMBERS]: { unique: ['user_login', 'email'] },
  '/community/v1/profile/groups': { fixed: { can_delete: CAN_DELETE }, unlock: { can_delete: true } },
  '/community/v1/profile/fields': {
    // `type` picks the field's kind; a text box needs no options.
    create: { type: 'textbox' },
    fixed: { type: "changing a field's kind would need options the descriptor does not describe", can_delete: CAN_DELETE },
    unlock: { can_delete: true },
  },
  '/community/v1/signup': {
    unique: ['signup_email'],
    anonymous: 'a visitor signs up and activates the account before having one',
  },
  '/community/v1/moderation': {
    // Blocking a member: the moderation item names the member it blocks.
    parents: { item_id: MEMBERS },
    create: { type: 'user' },
    unique: ['item_id'],
  },
  '/community/v1/moderation/report': {
    // A report is answered as the moderation item it opens; the route's GET lists report categories, not reports.
    item: '/community/v1/moderation/{}',
    list: false,
    // The item reported must exist; activity 1 is the first post of a community.
    create: { report_category: 'other', note: 'Restconform report {token}', item_type: 'activity', item_id: 1 },
  },
  '/community/v1/components': { skip: 'components are switched on and off, not created (see "components switched and back")' },

  // Core WordPress (wp/v2).
  // Published and open to comments, so a comment can be made on it (core refuses drafts and closed posts with 403).
  '/wp/v2/posts': { ...POST_TYPE, create: { status: 'publish', comment_status: 'open' } },
  '/wp/v2/pages': POST_TYPE,
  // WordPress 6.1 lets nobody, an administrator included, delete a reusable block that is not published: wp_block's
  // capabilities leave out delete_posts, so it maps to a delete_blocks no role has. Publishing it again unlocks it.
  '/wp/v2/blocks': { ...POST_TYPE, unlock: { status: 'publish' } },
  '/wp/v2/navigation': POST_TYPE,
  '/wp/v2/users': {
    unique: ['username', 'email'],
    // Users cannot be trashed; `reassign: false` gives their (no) content to nobody.
    delete: { reassign: false },
    fixed: { username: 'core: usernames cannot be changed', roles: 'roles are site vocabulary the descriptor does not list' },
  },
  '/wp/v2/categories': { unique: ['name'] },
  '/wp/v2/tags': { unique: ['name'] },
  '/wp/v2/menus': { unique: ['name'], fixed: { locations: 'menu locations are theme vocabulary' } },
  '/wp/v2/comments': {
    // A comment needs a post to be on.
    parents: { post: '/wp/v2/posts' },
    fixed: { author_ip: 'core keeps the address of the request', status: 'comment statuses are a vocabulary the descriptor does not list' },
  },
  '/wp/v2/menu-items': {
    parents: { menus: '/wp/v2/menus' },
    create: { type: 'custom', url: 'https://example.org/{token}', status: 'publish' },
    fixed: { type: "the item's type decides which other fields it needs", object: 'set by type', object_id: 'set by type' },
  },
  // `theme` names a theme of the site: a made-up one is not refused, and WordPress would file the template under it,
  // where no list shows it and one slug may repeat (so one delete cannot remove them all), and make a term for it.
  '/wp/v2/templates': {
    create: { slug: 'rc-{token}' },
    ids: { theme: '/wp/v2/themes' },
    // WordPress suffixes a trashed post's slug, and a template's id is its theme and slug.
    trashedId: '{id}__trashed',
    fixed: { slug: "a template's slug is its id", theme: 'a template belongs to the active theme' },
  },
  '/wp/v2/template-parts': {
    create: { slug: 'rc-{token}', area: 'uncategorized' },
    ids: { theme: '/wp/v2/themes' },
    trashedId: '{id}__trashed',
    fixed: { slug: "a template part's slug is its id", theme: 'a template part belongs to the active theme' },
  },
  // A media create takes the file as its raw body (rest_upload_no_content_disposition without one); txt is among
  // WordPress's default allowed types. Two uploads of one file name make two attachments, the second file's name
  // suffixed: nothing of a create must be unique.
  '/wp/v2/media': {
    upload: { filename: 'restconform-{token}.txt', contentType: 'text/plain', content: 'Restconform upload {token}\n' },
    // Private, so the list filtered by status counts it before and after: an attachment is otherwise "inherit",
    // a status a create cannot ask for.
    create: { status: 'private' },
  },
  '/wp/v2/users/{}/application-passwords': { idField: 'uuid', fixed: { app_id: "an application's UUID is set once" } },
  '/wp/v2/plugins': { skip: 'a create installs a plugin from wordpress.org' },
  '/wp/v2/widgets': {
    create: {
      sidebar: 'wp_inactive_widgets',
      id_base: 'block',
      instance: { raw: { content: '<!-- wp:paragraph --><p>Restconform {token}</p><!-- /wp:paragraph -->' } },
    },
  },
};

/** Each hint key and the kind of value it takes, so a hints file can be checked before a run relies on it. */
export const HINT_KEYS: Readonly<Record<keyof FamilyHint, 'text' | 'names' | 'object' | 'false' | 'upload'>> = {
  skip: 'text',
  create: 'object',
  upload: 'upload',
  unique: 'names',
  parents: 'object',
  ids: 'object',
  filters: 'object',
  delete: 'object',
  fixed: 'object',
  unlock: 'object',
  idField: 'text',
  trashedId: 'text',
  item: 'text',
  list: 'false',
  anonymous: 'text',
};

/**
 * Why anonymous writes to a route (its readable template, `/community/v1/signup/activate/{id}`) are meant to
 * succeed, when a hint says so for the family whose collection it is or lies under; undefined otherwise.
 */
export function anonymousWriteReason(hints: ResourceHints, template: string): string | undefined {
  const shape = routeShape(template);
  for (const [collection, hint] of Object.entries(hints)) {
    if (hint.anonymous !== undefined && (shape === collection || shape.startsWith(`${collection}/`))) return hint.anonymous;
  }
  return undefined;
}

/** The built-in hints with the user's on top (a user's hint replaces the built-in one for its family). */
export function mergedHints(user: ResourceHints | undefined): ResourceHints {
  return { ...BUILTIN_HINTS, ...(user ?? {}) };
}
