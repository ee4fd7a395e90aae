/**
 * The resource model: what a descriptor says about a server's resources, inferred route by route, with the few
 * facts a descriptor cannot say (which value is unique, which filter narrows a list) taken from hints.
 */
import type { ArgDescriptor, HttpMethod } from '../descriptor/types.js';

/**
 * A file a create sends as its raw body (WordPress's media create), its other values then in the query string.
 * `{token}` in any of the three is replaced by the run's unique token.
 */
export interface UploadHint {
  /** The file's name, e.g. `restconform-{token}.txt` (no quotes, slashes or line breaks). */
  filename: string;
  /** Its media type, e.g. `text/plain` (one the server accepts for uploads). */
  contentType: string;
  /** Its content, as text. */
  content: string;
}

/** A create argument or path variable that holds the id of a resource of another family. */
export interface ParentLink {
  /** The parent family's name. */
  family: string;
  /** The create argument (`post`, `group_id`) or the path variable (`parent`, `user_id`) that holds its id. */
  name: string;
  /** Where the id goes: a path variable of the sub-resource's routes, or a create argument. */
  via: 'path' | 'arg';
}

/**
 * An argument that takes ids of a family's resources without the create needing one first: a post's `author`,
 * `featured_media` and `categories`, a page's `parent`, a list's `include`. The fuzz phase gives it ids the run knows.
 */
export interface IdReference {
  /** The family whose ids it takes (the argument's own family for `parent`, `include` and `exclude`). */
  family: string;
  /** The argument, on any of the family's routes that declares it. */
  name: string;
}

/** How one family's resources are created, read, listed, updated and deleted, as the descriptor declares it. */
export interface ResourceFamily {
  /** A readable name: the namespace and the collection's path, e.g. `wp/v2 posts`, `community/v1 profile/fields`. */
  name: string;
  namespace: string;
  /** The collection route's descriptor key (list and create), when there is one. */
  collection?: string;
  /** The item route's descriptor key (read, update, delete), when there is one. */
  item?: string;
  /** The item route's last path variable: it takes the resource's id. */
  itemVariable?: string;
  /** The method and arguments of the create (on the collection route). */
  create?: { method: HttpMethod; args: Record<string, ArgDescriptor> };
  /** Read on the item route, and the contexts it declares. */
  read?: { contexts: string[] };
  /** The first update method the item route serves, and the fields it declares writable (path variables excluded). */
  update?: { method: HttpMethod; fields: Record<string, ArgDescriptor> };
  /** The delete on the item route: whether it declares `force`, and its required arguments. */
  remove?: { force: boolean; required: string[] };
  /** The list (GET on the collection) and the arguments that help find one resource in it. */
  list?: { include: boolean; search: boolean; perPage: number | undefined; page: boolean; status: string[] | undefined; filters: Record<string, string> };
  /** The parent this family lives under (a path variable) and create arguments naming other families. */
  parents: ParentLink[];
  /** Other arguments of the family's routes that take ids (parents excluded). */
  references: IdReference[];
  /** The field of an answer that holds the id (`id` unless a hint says otherwise). */
  idField: string;
  /** The id a resource has once the server moved it to the trash, `{id}` its id before (from hints), when the move renames it. */
  trashedId?: string;
  /** Create arguments whose values a server must keep unique (a login, an e-mail address, a term name). */
  unique: string[];
  /** Create values inference cannot produce (from hints); `{token}` is replaced with a value unique to the run. */
  createValues: Record<string, unknown>;
  /** The file a create sends as its body instead of JSON (from hints), when the family's create is an upload. */
  upload?: UploadHint;
  /** Extra arguments of every delete (from hints), e.g. a user delete's `reassign`. */
  deleteValues: Record<string, unknown>;
  /** Update fields a life cycle leaves alone, each with the reason. */
  fixedFields: Record<string, string>;
  /** Update values that make a resource deletable again (from hints), sent before a clean-up delete that was refused. */
  unlockValues: Record<string, unknown>;
  /**
   * Write routes under the collection (not under an item) with one variable of their own: actions on one resource
   * named by a value its items or its create's answer carry (a signup's `signup/activate/{activation_key}`).
   */
  actions?: ItemAction[];
  /** Why the life cycle cannot run on this family, when it cannot. */
  skip?: string;
  /** What came from hints rather than the descriptor, for the `resources` command and the report. */
  hinted: string[];
}

/** An action route on one resource of a family, named by the value in its one variable. */
export interface ItemAction {
  /** The route's descriptor key. */
  route: string;
  /** Its variable: a field of the resource (`activation_key`), or its id. */
  variable: string;
}

/** The resources of one descriptor (one locale). */
export interface ResourceModel {
  locale: string | null;
  families: ResourceFamily[];
}

/**
 * What a descriptor cannot say about a family, keyed by its collection route's template (`/wp/v2/posts`,
 * `/community/v1/profile/fields`; variables written `{}`). Built-in for the interface and core's `wp/v2`, and
 * from the `resources.hints` configuration for other servers. Values are data: `{token}` in a string is replaced
 * by the run's unique token, `{n}` by a number unique to it.
 */
export interface FamilyHint {
  /** Don't run the family's life cycle, for this reason (e.g. it installs software). */
  skip?: string;
  /** Create values to send besides what inference produces (they win over inferred ones). */
  create?: Record<string, unknown>;
  /** The create sends this file as its raw body (a media upload); the create values then go in the query string. */
  upload?: UploadHint;
  /** Create arguments whose values must be unique. */
  unique?: string[];
  /** Create arguments naming a parent family, by the parent's collection template. */
  parents?: Record<string, string>;
  /**
   * Other arguments of the family's routes that take ids of a family, by its collection template, where their names
   * do not say whose (a menu item's `object_id`: `/wp/v2/posts`). They add to those inferred.
   */
  ids?: Record<string, string>;
  /** List filters that narrow to resources of one parent: list argument → create argument whose value it takes. */
  filters?: Record<string, string>;
  /** Arguments added to every delete. */
  delete?: Record<string, unknown>;
  /** Update fields left alone, with the reason. */
  fixed?: Record<string, string>;
  /** Update values that make a resource deletable again (a fuzzed `can_delete: false`), for the clean-up. */
  unlock?: Record<string, unknown>;
  /** The answer's id field when it is not `id`. */
  idField?: string;
  /** The id a resource has in the trash when the server renames what it trashes, `{id}` standing for its id before. */
  trashedId?: string;
  /** The item route's template when it is not the collection's plus one variable (a create answered elsewhere). */
  item?: string;
  /** `false`: the collection's GET does not list these resources. */
  list?: false;
  /**
   * Writes to the family's routes (the collection and every route under it) are meant for callers without an
   * account, such as a sign-up, for this reason: the access matrix does not warn that they succeed anonymously
   * (it still fails when an account is refused what an anonymous caller was allowed).
   */
  anonymous?: string;
}

/** Hints by collection template. */
export type ResourceHints = Record<string, FamilyHint>;
