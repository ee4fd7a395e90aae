/**
 * The run's own resource in its list: found (narrowed by `include` or its search token, or by walking the pages),
 * and the list's total around its create and delete, read under the narrowest query that holds it, with the ids of
 * the list's other items. Whole-list totals move with every other writer on the server (a parallel shard of the same
 * run, another user); what the run can attribute to itself does not. `list_total` judges what these read.
 */
import type { ListTotalRead, ListTotalStep } from '../../../checks/collections/evidence.js';
import { statefulSequence } from '../../../checks/stateful/stateful-sequence.js';
import { idText, itemsWith, type StepAnswer } from '../../../checks/stateful/step-answer.js';
import type { ArgDescriptor, Operation } from '../../../descriptor/types.js';
import type { ResourceFamily } from '../../../resources/index.js';
import type { CreatedResource } from '../../steps/resources.js';
import type { StepScript } from '../../steps/step-script.js';

/** Pages walked at most to find a resource in a list that cannot be narrowed to it. */
const MAX_PAGES = 50;

/** The query of a list narrowed to one parent's resources (and to the resource's status, where the list filters by it). */
export function listBase(family: ResourceFamily, resource: Pick<CreatedResource, 'body' | 'parentIds'>, status: unknown): Record<string, unknown> {
  const query: Record<string, unknown> = {};
  for (const [filter, arg] of Object.entries(family.list?.filters ?? {})) {
    const value = resource.body[arg] ?? resource.parentIds[arg];
    if (value !== undefined) query[filter] = value;
  }
  if (typeof status === 'string' && family.list?.status?.includes(status)) query.status = status;
  return query;
}

/**
 * List arguments that shape the answer (pages, order, context) or that the life cycle narrows by itself (`search`,
 * `include`, `status`): their defaults say nothing of which items the list holds.
 */
const SHAPING = new Set([
  'context',
  'page',
  'per_page',
  'offset',
  'search',
  'include',
  'exclude',
  'order',
  'orderby',
  'order_by',
  'status',
  '_fields',
  '_embed',
]);

/** A default that narrows the list: a value, not an empty one that means "any" ('', [], 0, false, null). */
function narrowingDefault(value: unknown): boolean {
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'object' && value !== null) return Object.keys(value).length > 0;
  return value !== undefined && value !== null && value !== '' && value !== 0 && value !== false;
}

const same = (left: unknown, right: unknown): boolean => JSON.stringify(left) === JSON.stringify(right);

/** Whether the list holds items of `value` under its default: the same value, or every one of them in a default list. */
function withinDefault(value: unknown, declared: unknown): boolean {
  if (!Array.isArray(declared)) return same(value, declared) || (Array.isArray(value) && value.length === 1 && same(value[0], declared));
  return (Array.isArray(value) ? value : [value]).every((one) => declared.some((member) => same(one, member)));
}

/** Whether a scalar fits a declared type and enum (a list argument's items, for a list). */
function fits(value: unknown, arg: ArgDescriptor): boolean {
  const types = arg.type === undefined ? [] : Array.isArray(arg.type) ? arg.type : [arg.type];
  const kind = typeof value === 'number' ? (Number.isInteger(value) ? ['integer', 'number'] : ['number']) : [typeof value];
  if (types.length > 0 && !types.some((type) => kind.includes(type as string))) return false;
  return !Array.isArray(arg.enum) || arg.enum.some((member) => same(member, value));
}

/** The item's value as the list argument takes it, or undefined when the argument cannot take it. */
function asArgument(value: unknown, arg: ArgDescriptor): unknown {
  const isList = arg.type === 'array' || (Array.isArray(arg.type) && arg.type.includes('array') && Array.isArray(value));
  if (!isList) return !Array.isArray(value) && fits(value, arg) ? value : undefined;
  const items = (arg.items ?? {}) as ArgDescriptor;
  const values = Array.isArray(value) ? value : [value];
  return values.every((one) => fits(one, items)) ? values : undefined;
}

/**
 * How the list's own declared defaults narrow it for one new item (BuddyPress's notifications list defaults to the
 * components the site registered, so one made for another component is neither listed nor counted): each argument
 * whose declared default leaves out the value the run wrote for it is set to that value, so the new item is looked
 * for, and counted, where the list holds it. One that cannot take the value (its enum lacks it) is named instead.
 */
export interface DefaultNarrowing {
  /** List arguments set to the new item's values. */
  query: Record<string, unknown>;
  /** `argument=default` for each default that leaves the item out and cannot be set to its value. */
  unsettable: string[];
}

export function defaultNarrowing(list: Operation, family: ResourceFamily, values: Record<string, unknown>): DefaultNarrowing {
  const query: Record<string, unknown> = {};
  const unsettable: string[] = [];
  const variables = new Set(list.pattern.variables.map((variable) => variable.name));
  const filtered = new Set(Object.keys(family.list?.filters ?? {}));
  for (const [name, arg] of Object.entries(list.args)) {
    if (SHAPING.has(name) || variables.has(name) || filtered.has(name) || !narrowingDefault(arg.default)) continue;
    const value = values[name];
    if (value === undefined || withinDefault(value, arg.default)) continue;
    const given = asArgument(value, arg);
    if (given === undefined) unsettable.push(`${name}=${JSON.stringify(arg.default)}`);
    else query[name] = given;
  }
  return { query, unsettable };
}

/** A list read for its total: under which query, its items, and whether they hold the run's resource. */
export interface ListRead {
  query: Record<string, unknown>;
  read: ListTotalRead;
  json: unknown;
  holds: boolean;
}

/**
 * What a list answer says of its total: X-WP-Total, and the ids of the items other than `own` when the answer holds
 * the whole list (a list without pages, or one page of one), so a change by another writer shows.
 */
export function listRead(family: ResourceFamily, answer: StepAnswer, query: Record<string, unknown>, own: string | undefined): ListRead {
  const header = answer.header('x-wp-total');
  const total = header !== undefined && /^\d+$/.test(header.trim()) ? Number(header) : undefined;
  const pageCount = Number(answer.header('x-wp-totalpages'));
  const whole = Array.isArray(answer.json) && (!family.list?.page || (Number.isInteger(pageCount) && pageCount <= 1));
  const ids = whole ? (answer.json as unknown[]).map((item) => idText((item as Record<string, unknown> | null)?.[family.idField])) : [];
  const others = whole && ids.every((id) => id !== undefined) ? (ids as string[]).filter((id) => id !== own).sort() : undefined;
  const narrowed = 'include' in query ? 'narrowed by include' : 'search' in query ? 'narrowed by its search token' : undefined;
  return {
    query,
    read: { query: JSON.stringify(query), total, others, ...(narrowed === undefined ? {} : { narrowed }) },
    json: answer.json,
    holds: own !== undefined && itemsWith(answer, family.idField, own).length > 0,
  };
}

export async function readList(
  script: StepScript,
  family: ResourceFamily,
  list: Operation,
  path: Record<string, string>,
  query: Record<string, unknown>,
  own?: string,
): Promise<ListRead> {
  const answer = await script.send(list, { path, query });
  script.expectStatus(statefulSequence, list, answer, 'success', 'read the list');
  return listRead(family, answer, query, own);
}

/** The list narrowed to the resources whose text carries the run's token. */
export const searchFor = (base: Record<string, unknown>, token: string): Record<string, unknown> => ({ ...base, search: token.toLowerCase() });

/**
 * Looks for the resource in its list: asked for by `include` where the list declares it, else by its search token
 * where the list searches and its text carries the token, else (or when the search misses it) by walking its pages
 * (as many as X-WP-TotalPages says, the largest page size the list takes) until one holds it. Returns the narrowed
 * lists it read and the bodies, for `list_total` to judge.
 */
export async function findInList(
  script: StepScript,
  family: ResourceFamily,
  list: Operation,
  resource: CreatedResource,
  base: Record<string, unknown>,
  token: string,
): Promise<NarrowedReads> {
  const numeric = /^\d+$/.test(resource.id);
  const pages: unknown[] = [];
  let how: string;
  // Narrowed by its token, a page walk cannot miss it while another writer shifts the pages; a search that misses
  // it is `collection_search`'s to judge, and the pages are walked as well.
  const searchQuery = searchFor(base, token);
  const searched =
    family.list?.search && !(family.list.include && numeric) && searchable(resource, token)
      ? listRead(family, await script.send(list, { path: resource.collectionPath, query: searchQuery }), searchQuery, resource.id)
      : undefined;
  let included: ListRead | undefined;
  if (family.list?.include && numeric) {
    const query = { ...base, include: [Number(resource.id)] };
    const answer = await script.send(list, { path: resource.collectionPath, query });
    script.expectStatus(statefulSequence, list, answer, 'success', `list ${family.name} narrowed by include`);
    pages.push(answer.json);
    included = listRead(family, answer, query, resource.id);
    how = 'narrowed by include';
  } else if (searched?.holds) {
    pages.push(searched.json);
    how = 'narrowed by its search token';
  } else {
    const walk = await walkList(script, family, list, resource, base);
    pages.push(...walk.pages);
    how = walk.page === undefined ? `walking ${walk.pages.length} page(s)` : `on page ${walk.page}`;
  }
  return { searched, included, listed: { step: 'listed', family: family.name, id: resource.id, idField: family.idField, pages, how } };
}

/** The pages of a list walked looking for the run's resource. */
export interface ListWalk {
  pages: unknown[];
  /** The page that holds the resource, when one does. */
  page: number | undefined;
  /** True when every page was read (as many as X-WP-TotalPages says, or the one answer of a list without pages). */
  whole: boolean;
}

/**
 * Walks the list under `base` (as many pages as X-WP-TotalPages says, the largest page size the list takes, at most
 * `MAX_PAGES`) until a page holds the resource.
 */
export async function walkList(
  script: StepScript,
  family: ResourceFamily,
  list: Operation,
  resource: CreatedResource,
  base: Record<string, unknown>,
): Promise<ListWalk> {
  const perPage = family.list?.perPage;
  const pages: unknown[] = [];
  let last = 1;
  for (let page = 1; page <= Math.min(last, MAX_PAGES); page += 1) {
    const query = { ...base, ...(perPage === undefined ? {} : { per_page: perPage }), ...(family.list?.page ? { page } : {}) };
    const answer = await script.send(list, { path: resource.collectionPath, query });
    script.expectStatus(statefulSequence, list, answer, 'success', `list ${family.name}, page ${page}`);
    pages.push(answer.json);
    if (itemsWith(answer, family.idField, resource.id).length > 0) return { pages, page, whole: true };
    if (!Array.isArray(answer.json)) return { pages, page: undefined, whole: false };
    if (!family.list?.page) return { pages, page: undefined, whole: true };
    const total = Number(answer.header('x-wp-totalpages'));
    // Without X-WP-TotalPages the list's length is unknown: only an empty or short page says it ended.
    if (!Number.isInteger(total)) return { pages, page: undefined, whole: answer.json.length === 0 || (perPage !== undefined && answer.json.length < perPage) };
    last = total;
  }
  return { pages, page: undefined, whole: last <= MAX_PAGES };
}

/** The lists narrowed to the run's resource that `findInList` read, to count it by, and the bodies it looked in. */
export interface NarrowedReads {
  searched: ListRead | undefined;
  included: ListRead | undefined;
  /** For `list_total` to judge (the caller does, knowing whether the list counts the resource at all). */
  listed: ListTotalStep & { step: 'listed' };
}

/** Every string value of the create that carries the token: what `search` must find the resource by. */
export function searchable(resource: CreatedResource, token: string): boolean {
  return Object.values(resource.body).some((value) => typeof value === 'string' && value.toLowerCase().includes(token.toLowerCase()));
}

/**
 * The total after the create, under the narrowest query that holds the new resource: its search token where its
 * text carries it and the search finds it (compared with the same search before the create); else `include` with its
 * id (which no list held before the create: 0); else the list as it was read before. `since`: the narrowed lists
 * `findInList` read after the create.
 */
export async function totalsAfterCreate(
  script: StepScript,
  family: ResourceFamily,
  list: Operation,
  resource: CreatedResource,
  base: Record<string, unknown>,
  token: string,
  before: { base?: ListTotalRead; searched?: ListTotalRead },
  since: NarrowedReads,
): Promise<{ before: ListTotalRead | undefined; after: ListTotalRead }> {
  if (before.searched !== undefined && searchable(resource, token)) {
    const searched = since.searched ?? (await readList(script, family, list, resource.collectionPath, searchFor(base, token), resource.id));
    if (searched.holds) return { before: before.searched, after: searched.read };
  }
  const { included } = since;
  if (included?.holds) return { before: { ...included.read, total: 0, others: [] }, after: included.read };
  return { before: before.base, after: (await readList(script, family, list, resource.collectionPath, base, resource.id)).read };
}

/**
 * The total with the resource in the list, read just before its delete under the narrowest query that holds it:
 * `include` with its id, its search token (its text may no longer carry it after the updates), else the list.
 */
export async function totalWithResource(
  script: StepScript,
  family: ResourceFamily,
  list: Operation,
  resource: CreatedResource,
  base: Record<string, unknown>,
  token: string,
): Promise<ListRead> {
  const narrowed: Array<Record<string, unknown>> = [];
  if (family.list?.include && /^\d+$/.test(resource.id)) narrowed.push({ ...base, include: [Number(resource.id)] });
  if (family.list?.search) narrowed.push(searchFor(base, token));
  for (const query of narrowed) {
    const read = await readList(script, family, list, resource.collectionPath, query, resource.id);
    if (read.holds) return read;
  }
  return readList(script, family, list, resource.collectionPath, base, resource.id);
}
