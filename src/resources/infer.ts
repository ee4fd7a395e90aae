/**
 * Infers the resource model from one descriptor: collection and item routes paired by their patterns (the item
 * is the collection plus one trailing path variable), sub-resources under a parent's item, create arguments that
 * name another family, the update's writable fields and the delete's arguments. Hints only add what a
 * descriptor cannot say; nothing here knows a particular namespace.
 */
import type { ArgDescriptor, ArgSchema, HttpMethod, LoadedDescriptor, Operation } from '../descriptor/types.js';
import type { FamilyHint, IdReference, ItemAction, ParentLink, ResourceFamily, ResourceHints, ResourceModel } from './types.js';
import { schemaTypes } from './values.js';

/** Methods tried for an update, in order of preference. */
export const UPDATE_METHODS: readonly HttpMethod[] = ['PATCH', 'PUT', 'POST'];

/** Arguments every route may take that are not fields of the resource. */
const NOT_FIELDS = new Set(['context', '_fields', '_embed', '_envelope', '_method', '_locale']);

/** Create arguments whose values name accounts: a second account with the same one is refused. */
const UNIQUE_NAME = /(^|_)(login|username|email)$/;

interface RouteEntry {
  key: string;
  /** The template with variable names left out: `/wp/v2/posts/{}/revisions`. */
  shape: string;
  variables: string[];
  ops: Map<HttpMethod, Operation>;
}

/** A route's template with its variables unnamed, so routes pair whatever their variables are called. */
export function routeShape(template: string): string {
  return template.replace(/\{[^}]*\}/g, '{}');
}

function routeEntries(descriptor: LoadedDescriptor): RouteEntry[] {
  const byKey = new Map<string, RouteEntry>();
  for (const op of descriptor.operations) {
    if (op.pattern.variables.some((variable) => variable.optional)) continue;
    let entry = byKey.get(op.route);
    if (entry === undefined) {
      entry = { key: op.route, shape: routeShape(op.pattern.template), variables: op.pattern.variables.map((v) => v.name), ops: new Map() };
      byKey.set(op.route, entry);
    }
    entry.ops.set(op.method, op);
  }
  return [...byKey.values()];
}

function fieldsOf(op: Operation | undefined, pathVariables: readonly string[]): Record<string, ArgDescriptor> {
  if (op === undefined) return {};
  return Object.fromEntries(Object.entries(op.args).filter(([name, arg]) => !pathVariables.includes(name) && !NOT_FIELDS.has(name) && arg.readonly !== true));
}

/** The words a route's last fixed segment goes by: `profile/groups` → `groups`, `group`. */
function familyWords(shape: string): string[] {
  const last =
    shape
      .split('/')
      .filter((segment) => segment !== '' && segment !== '{}')
      .at(-1) ?? '';
  const singular = last.endsWith('ies') ? `${last.slice(0, -3)}y` : last.endsWith('s') ? last.slice(0, -1) : last;
  return [...new Set([last, singular, last.replace(/-/g, '_'), singular.replace(/-/g, '_')])];
}

/** The family a create argument names by its own name (`post` → posts, `group_id` → profile groups), if any. */
function familyNamedBy(
  arg: string,
  candidates: readonly { name: string; shape: string; namespace: string }[],
  namespace: string,
  own: string,
): string | undefined {
  if (arg === 'parent' || arg === 'id') return undefined;
  return familyCalled(
    arg.replace(/_ids?$/, ''),
    candidates.filter((candidate) => candidate.name !== own),
    namespace,
  );
}

/** The family one of whose words is `word`, in `namespace` where there are several. */
function familyCalled(word: string, candidates: readonly { name: string; shape: string; namespace: string }[], namespace: string): string | undefined {
  const matches = candidates.filter((candidate) => familyWords(candidate.shape).includes(word));
  return (matches.find((candidate) => candidate.namespace === namespace) ?? matches[0])?.name;
}

/**
 * WordPress's names for ids of a family they do not name: an author is a user, a featured medium a media item
 * (`wp/v2` core, and the plugins that follow it).
 */
const ID_ALIASES: Readonly<Record<string, string>> = { author: 'user', featured_media: 'media' };

/** Arguments that take ids of their own route's family: a tree's parent, a list's chosen and left-out items. */
const OWN_IDS = /^(parent|include|exclude|parent_exclude)$/;

/** Integer arguments that count or order, never ids, whatever family shares their name (`page` and pages). */
const NOT_IDS = new Set(['page', 'per_page', 'offset', 'menu_order', 'id']);

/** Whether the schema takes an integer id, or a list of them (in one of its branches, for a term filter). */
function takesIds(schema: ArgSchema | undefined): boolean {
  // Descriptors are read as sent: a malformed schema may be anything.
  if (schema === undefined || schema === null || typeof schema !== 'object') return false;
  if (schemaTypes(schema).includes('integer')) return true;
  const items = schema.items;
  if (schemaTypes(schema).includes('array') && items !== undefined && items !== null && typeof items === 'object' && schemaTypes(items).includes('integer'))
    return true;
  return [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].some(takesIds);
}

/**
 * The arguments of a family's routes that take ids of its own or another family's resources, by their names:
 * `parent` (a sub-resource's: the item it hangs below), `include` and `exclude` its own; `categories`, `post_id`
 * and `tags_exclude` the family they name; `author` and `featured_media` users and media; and those a hint names, by
 * argument, to a collection template. Parents the create needs are left out: they are `parents`.
 */
function idReferences(
  family: ResourceFamily,
  args: ReadonlyMap<string, ArgDescriptor>,
  candidates: readonly { name: string; shape: string; namespace: string }[],
  hinted: Record<string, string> = {},
): IdReference[] {
  const parentArgs = new Set(family.parents.filter((link) => link.via === 'arg').map((link) => link.name));
  const references: IdReference[] = [];
  for (const [name, schema] of args) {
    if (parentArgs.has(name)) continue;
    // A hint names the family whatever the argument's name and type say.
    const hintedFamily = hinted[name] === undefined ? undefined : candidates.find((candidate) => candidate.shape === routeShape(hinted[name]!))?.name;
    if (hintedFamily !== undefined) {
      references.push({ family: hintedFamily, name });
      continue;
    }
    if (NOT_IDS.has(name) || !takesIds(schema)) continue;
    if (OWN_IDS.test(name)) {
      // A sub-resource's `parent` is the item it hangs below (an autosave's post), not one of its own kind.
      const below = name === 'parent' ? family.parents.find((link) => link.via === 'path')?.family : undefined;
      references.push({ family: below ?? family.name, name });
      continue;
    }
    const stem = name.replace(/_exclude$/, '').replace(/_ids?$/, '');
    const named = familyCalled(ID_ALIASES[stem] ?? stem, candidates, family.namespace);
    if (named !== undefined) references.push({ family: named, name });
  }
  return references;
}

/** Every argument of the routes' operations, path variables left out, the first schema of each name kept. */
function routeArgs(entries: ReadonlyArray<RouteEntry | undefined>): Map<string, ArgDescriptor> {
  const args = new Map<string, ArgDescriptor>();
  for (const entry of entries) {
    for (const op of entry?.ops.values() ?? []) {
      for (const [name, schema] of Object.entries(op.args)) if (!entry!.variables.includes(name) && !args.has(name)) args.set(name, schema);
    }
  }
  return args;
}

function nameOf(shape: string, namespace: string): string {
  const rest = shape.startsWith(`/${namespace}/`) ? shape.slice(namespace.length + 2) : shape.replace(/^\//, '');
  return `${namespace} ${rest}`;
}

function listOf(op: Operation | undefined, hint: FamilyHint | undefined): ResourceFamily['list'] {
  if (op === undefined || hint?.list === false) return undefined;
  const args = op.args;
  const include = args.include !== undefined && (args.include.type === 'array' || (Array.isArray(args.include.type) && args.include.type.includes('array')));
  const status = args.status?.items?.enum ?? args.status?.enum;
  return {
    include,
    search: args.search !== undefined,
    perPage: args.per_page === undefined ? undefined : typeof args.per_page.maximum === 'number' ? args.per_page.maximum : 100,
    page: args.page !== undefined,
    status: Array.isArray(status) ? status.filter((value): value is string => typeof value === 'string') : undefined,
    filters: { ...(hint?.filters ?? {}) },
  };
}

/** The family's create arguments that name other families, and filters of its list that narrow to one parent. */
function argParents(
  family: ResourceFamily,
  hint: FamilyHint | undefined,
  all: readonly { name: string; shape: string; namespace: string }[],
  listArgs: readonly string[],
): ParentLink[] {
  const links: ParentLink[] = [];
  for (const [arg, schema] of Object.entries(family.create?.args ?? {})) {
    const hinted = hint?.parents?.[arg];
    const parent =
      hinted !== undefined
        ? all.find((candidate) => candidate.shape === hinted)?.name
        : // Only an argument that takes ids names a parent: a field's own `type` ("textbox") is no `wp/v2 types` item,
          // and a list filter ending in `_type` means something else.
          schema.required && takesIds(schema)
          ? familyNamedBy(arg, all, family.namespace, family.name)
          : undefined;
    if (parent === undefined) continue;
    links.push({ family: parent, name: arg, via: 'arg' });
    // A list filter named after the argument narrows the list to the parent's resources (`profile_group_id`).
    const filter = listArgs.find((name) => name === arg || name.endsWith(`_${arg}`));
    if (filter !== undefined && family.list !== undefined) family.list.filters[filter] ??= arg;
  }
  return links;
}

/** Infers the model of one descriptor; `hints` add what the descriptor cannot say, by collection template. */
export function inferResources(descriptor: LoadedDescriptor, hints: ResourceHints = {}): ResourceModel {
  const entries = routeEntries(descriptor);
  const byShape = new Map(entries.map((entry) => [entry.shape, entry]));
  const pairs: Array<{ collection: RouteEntry; item: RouteEntry | undefined; hint: FamilyHint | undefined }> = [];
  for (const collection of entries) {
    if (collection.shape.endsWith('/{}')) continue;
    const hint = hints[collection.shape];
    const item = byShape.get(hint?.item !== undefined ? routeShape(hint.item) : `${collection.shape}/{}`);
    if (item === undefined && hint === undefined) continue;
    pairs.push({ collection, item, hint });
  }
  const names = pairs.map(({ collection }) => {
    const namespace = collection.ops.values().next().value!.namespace;
    return { name: nameOf(collection.shape, namespace), shape: collection.shape, namespace };
  });

  const families: ResourceFamily[] = pairs.map(({ collection, item, hint }, index) => {
    const { name, namespace } = names[index]!;
    const itemVariables = item?.variables ?? [];
    const createOp = collection.ops.get('POST') ?? collection.ops.get('PUT');
    const updateMethod = UPDATE_METHODS.find((method) => item?.ops.has(method));
    const removeOp = item?.ops.get('DELETE');
    const hinted: string[] = [];
    const family: ResourceFamily = {
      name,
      namespace,
      collection: collection.key,
      item: item?.key,
      itemVariable: itemVariables.at(-1),
      create: createOp && { method: createOp.method, args: fieldsOf(createOp, collection.variables) },
      read: item?.ops.has('GET') ? { contexts: (item.ops.get('GET')!.args.context?.enum ?? []).filter((v): v is string => typeof v === 'string') } : undefined,
      update: updateMethod && { method: updateMethod, fields: fieldsOf(item!.ops.get(updateMethod), itemVariables) },
      remove: removeOp && {
        force: removeOp.args.force !== undefined,
        required: Object.entries(removeOp.args)
          .filter(([arg, schema]) => schema.required && !itemVariables.includes(arg))
          .map(([arg]) => arg),
      },
      list: listOf(collection.ops.get('GET'), hint),
      parents: [],
      references: [],
      idField: hint?.idField ?? 'id',
      ...(hint?.trashedId === undefined ? {} : { trashedId: hint.trashedId }),
      unique: hint?.unique ?? Object.keys(createOp?.args ?? {}).filter((arg) => UNIQUE_NAME.test(arg)),
      createValues: hint?.create ?? {},
      ...(hint?.upload === undefined ? {} : { upload: hint.upload }),
      deleteValues: { ...requiredDeleteValues(removeOp, itemVariables), ...(hint?.delete ?? {}) },
      fixedFields: hint?.fixed ?? {},
      unlockValues: hint?.unlock ?? {},
      hinted,
    };
    if (hint !== undefined) hinted.push(...Object.keys(hint).filter((key) => key !== 'skip'));
    // A sub-resource: the collection's last variable holds the id of the family whose item route the collection extends.
    if (collection.variables.length > 0) {
      const prefix = collection.shape.slice(0, collection.shape.lastIndexOf('{}') + 2);
      const parentIndex = pairs.findIndex((pair) => pair.item !== undefined && pair.item.shape === prefix);
      if (parentIndex !== -1) family.parents.push({ family: names[parentIndex]!.name, name: collection.variables.at(-1)!, via: 'path' });
    }
    family.parents.push(...argParents(family, hint, names, Object.keys(collection.ops.get('GET')?.args ?? {})));
    family.references = idReferences(family, routeArgs([collection, item]), names, hint?.ids);
    family.actions = itemActions(entries, collection, item);
    family.skip = hint?.skip ?? skipReason(family, collection.variables);
    return family;
  });
  return { locale: descriptor.locale, families: ordered(families) };
}

const WRITES: readonly HttpMethod[] = ['POST', 'PUT', 'PATCH'];

/**
 * Write routes under the collection but not under its item, with one variable more than the collection: each
 * acts on one resource named by that variable (`signup/activate/{activation_key}`).
 */
function itemActions(entries: readonly RouteEntry[], collection: RouteEntry, item: RouteEntry | undefined): ItemAction[] {
  return entries
    .filter(
      (entry) =>
        entry.shape.startsWith(`${collection.shape}/`) &&
        entry !== item &&
        (item === undefined || !entry.shape.startsWith(`${item.shape}/`)) &&
        entry.variables.length === collection.variables.length + 1 &&
        WRITES.some((method) => entry.ops.has(method)),
    )
    .map((entry) => ({ route: entry.key, variable: entry.variables.at(-1)! }));
}

/**
 * Values for the required arguments of a delete that WordPress's conventions fill: `reassign: false` gives a
 * deleted account's content to nobody (core's users and the plugins built on its controller, such as a members
 * route), a required `force` is `true`. Without them every delete, the clean-up's included, is refused and what
 * the run made stays behind.
 */
function requiredDeleteValues(removeOp: Operation | undefined, itemVariables: readonly string[]): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(removeOp?.args ?? {})) {
    if (!schema.required || itemVariables.includes(name)) continue;
    if (name === 'reassign') values[name] = false;
    else if (name === 'force' && schemaTypes(schema).includes('boolean')) values[name] = true;
  }
  return values;
}

function skipReason(family: ResourceFamily, collectionVariables: readonly string[]): string | undefined {
  if (family.create === undefined) return 'no create: the collection route serves no POST';
  if (family.item === undefined) return 'no item route: what a create makes could not be read back or deleted';
  if (family.read === undefined) return 'the item route serves no GET';
  if (family.remove === undefined) return 'the item route serves no DELETE: what a create makes could not be removed';
  if (collectionVariables.length > 0 && !family.parents.some((parent) => parent.via === 'path'))
    return 'a sub-resource whose parent family is not in the model';
  return undefined;
}

/** Parents before the families that need them; otherwise the descriptor's order. */
function ordered(families: ResourceFamily[]): ResourceFamily[] {
  const byName = new Map(families.map((family) => [family.name, family]));
  const done = new Set<string>();
  const out: ResourceFamily[] = [];
  const visit = (family: ResourceFamily, trail: Set<string>): void => {
    if (done.has(family.name) || trail.has(family.name)) return;
    trail.add(family.name);
    for (const parent of family.parents) {
      const found = byName.get(parent.family);
      if (found !== undefined) visit(found, trail);
    }
    done.add(family.name);
    out.push(family);
  };
  for (const family of families) visit(family, new Set());
  return out;
}

/**
 * The family of the model whose ids an argument or property called `name` takes (`field_id` → profile fields), in
 * `namespace` where several match; undefined for a name that names none.
 */
export function familyForIdName(model: ResourceModel, name: string, namespace: string): ResourceFamily | undefined {
  if (!/_ids?$/.test(name)) return undefined;
  const candidates = model.families.map((family) => ({
    name: family.name,
    shape: `/${family.name.slice(family.namespace.length + 1)}`,
    namespace: family.namespace,
  }));
  const found = familyCalled(name.replace(/_ids?$/, ''), candidates, namespace);
  return found === undefined ? undefined : familyNamed(model, found);
}

/** The family called `name` in the model, if any. */
export function familyNamed(model: ResourceModel, name: string): ResourceFamily | undefined {
  return model.families.find((family) => family.name === name);
}
