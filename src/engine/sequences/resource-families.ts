/**
 * What the harness knows about the interface's resources, as data: for each family, its collection and item
 * routes (contract keys), the create method, the field of a created resource holding its id, what a create needs,
 * which field an update changes, and how to narrow the list to one resource. Sequences are built from this table
 * and the descriptor; a family whose routes the descriptor does not serve is skipped.
 */
import type { HttpMethod } from '../../descriptor/types.js';

/** A family a resource lives inside (a field inside a group): created first, named in the create body. */
export interface ParentLink {
  family: string;
  /** The create parameter naming the parent's id. */
  param: string;
}

export interface ResourceFamily {
  name: string;
  collection: string;
  item: string;
  createMethod: HttpMethod;
  /** The item route's path variable that takes the id. */
  itemVariable: string;
  /** The field of a create answer holding the id. */
  idField: string;
  parent?: ParentLink;
  /** The body of a create; `token` is unique within the run and alphanumeric. */
  createBody(token: string, parentId?: string): Record<string, unknown>;
  /** A field an update changes and a read shows; absent for families without updates (signups). */
  update?: { field: string; value(token: string): string };
  /** Query parameters that narrow the list to the resource (so it shows whatever the list's order). */
  listQuery(id: string, parentId?: string): Record<string, unknown>;
  /** Query parameters that find resources created with tokens starting with `prefix` (for batch read-backs). */
  searchQuery?(prefix: string): Record<string, unknown>;
}

/** Methods tried for an update, in order of preference. */
export const UPDATE_METHODS: readonly HttpMethod[] = ['PATCH', 'PUT', 'POST'];

const MEMBER_ID = String.raw`/community/v1/members/(?P<id>[\d]+)`;

export const RESOURCE_FAMILIES: readonly ResourceFamily[] = [
  {
    name: 'member',
    collection: '/community/v1/members',
    item: MEMBER_ID,
    createMethod: 'POST',
    itemVariable: 'id',
    idField: 'id',
    createBody: (token) => ({ user_login: `rc${token}`, email: `rc${token}@example.org`, password: `pw-${token}-secret` }),
    update: { field: 'name', value: (token) => `Restconform ${token}` },
    listQuery: (id) => ({ include: [Number(id)] }),
    searchQuery: (prefix) => ({ search: `rc${prefix}`, per_page: 100 }),
  },
  {
    name: 'profile field group',
    collection: '/community/v1/profile/groups',
    item: String.raw`/community/v1/profile/groups/(?P<id>[\d]+)`,
    createMethod: 'POST',
    itemVariable: 'id',
    idField: 'id',
    createBody: (token) => ({ name: `Restconform group ${token}` }),
    update: { field: 'name', value: (token) => `Restconform group ${token} renamed` },
    listQuery: () => ({ per_page: 100 }),
    searchQuery: (prefix) => ({ search: `Restconform group ${prefix}`, per_page: 100 }),
  },
  {
    name: 'profile field',
    collection: '/community/v1/profile/fields',
    item: String.raw`/community/v1/profile/fields/(?P<id>[\d]+)`,
    createMethod: 'POST',
    itemVariable: 'id',
    idField: 'id',
    parent: { family: 'profile field group', param: 'group_id' },
    createBody: (token, groupId) => ({ group_id: Number(groupId), type: 'textbox', name: `Restconform field ${token}` }),
    update: { field: 'name', value: (token) => `Restconform field ${token} renamed` },
    listQuery: (_id, groupId) => ({ profile_group_id: Number(groupId), per_page: 100 }),
  },
  {
    name: 'signup',
    collection: '/community/v1/signup',
    item: String.raw`/community/v1/signup/(?P<id>[\w-]+)`,
    createMethod: 'POST',
    itemVariable: 'id',
    idField: 'id',
    createBody: (token) => ({ signup_email: `rc${token}@example.org`, signup_password: `pw-${token}-secret` }),
    listQuery: (id) => ({ include: [Number(id)] }),
  },
];

/** The family called `name`. */
export function resourceFamily(name: string): ResourceFamily {
  const family = RESOURCE_FAMILIES.find((candidate) => candidate.name === name);
  if (family === undefined) throw new Error(`no resource family "${name}"`);
  return family;
}

/** Routes of the interface's relations between resources, used by the relation sequences. */
export const RELATION_ROUTES = {
  /** POST activates a signup named by its activation key (or id). */
  signupActivation: String.raw`/community/v1/signup/activate/(?P<id>[\w-]+)`,
  /** POST `{item_id, type}` blocks a member; the list filters by `item_id`. */
  moderation: '/community/v1/moderation',
  /** DELETE unblocks. */
  moderationItem: String.raw`/community/v1/moderation/(?P<id>[\d]+)`,
  /** POST `{action: follow|unfollow}`. */
  followAction: String.raw`/community/v1/members/action/(?P<id>[\d]+)`,
  /** A member's data for one field: write, read, delete. */
  fieldData: String.raw`/community/v1/profile/(?P<field_id>[\d]+)/data/(?P<user_id>[\d]+)`,
} as const;
