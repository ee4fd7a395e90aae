/**
 * Creating a resource of a model family inside a sequence: its parents first (a parent item the path names, or a
 * create argument that names another family), then the resource, with the deletes registered as cleanup
 * (children before parents, as cleanups run last registered first).
 */
import type { HttpMethod, Operation } from '../../descriptor/types.js';
import type { UploadBody } from '../../request/index.js';
import {
  createBody,
  createUpload,
  familyForIdName,
  familyNamed,
  fillPlaceholders,
  objectItemProperties,
  type ResourceFamily,
  type ResourceModel,
} from '../../resources/index.js';
import { statefulSequence } from '../../checks/stateful/stateful-sequence.js';
import { describeAnswer, idText, isSuccess, type StepAnswer } from '../../checks/stateful/step-answer.js';
import { idInList, idInsideAnswer } from './created-item.js';
import type { RouteBook } from './route-book.js';
import type { StepScript } from './step-script.js';

/** What the sequences of one locale work with: its routes, the other locales' routes and the resource model. */
export interface FamilyEnv {
  book: RouteBook;
  others: readonly RouteBook[];
  model: ResourceModel;
}

/** A family's operations in one locale. */
export interface FamilyOperations {
  create: Operation;
  read: Operation;
  remove: Operation;
  update: Operation | undefined;
  list: Operation | undefined;
}

export interface CreatedResource {
  family: ResourceFamily;
  id: string;
  /** The values the create sent (in its JSON body, or in the query beside an upload). */
  body: Record<string, unknown>;
  /** The file the create sent as its body, for a family whose create is an upload. */
  upload: UploadBody | undefined;
  /** Ids of the parents, by the create argument or path variable naming each. */
  parentIds: Record<string, string>;
  answer: StepAnswer;
  create: Operation;
  /** The collection's path values (a sub-resource's parent). */
  collectionPath: Record<string, string>;
  /** The item's path values. */
  path: Record<string, string>;
  /** Drops the cleanup delete (after the sequence deleted it itself). */
  forget(): void;
}

/** The family's operations in this locale, or undefined when the descriptor lacks one a life cycle needs. */
export function familyOperations(book: RouteBook, family: ResourceFamily): FamilyOperations | undefined {
  if (family.collection === undefined || family.item === undefined || family.create === undefined) return undefined;
  const create = book.operation(family.collection, family.create.method);
  const read = book.operation(family.item, 'GET');
  const remove = book.operation(family.item, 'DELETE');
  if (create === undefined || read === undefined || remove === undefined) return undefined;
  const update = family.update === undefined ? undefined : book.operation(family.item, family.update.method as HttpMethod);
  const list = family.list === undefined ? undefined : book.operation(family.collection, 'GET');
  return { create, read, remove, update, list };
}

/** The arguments of a delete: `force=true` where declared, plus hinted ones. */
export function deleteArgs(family: ResourceFamily, token: string, force = true): Record<string, unknown> {
  return { ...(family.remove?.force && force ? { force: true } : {}), ...(fillPlaceholders(family.deleteValues, token) as Record<string, unknown>) };
}

/** The item's path values: the collection's (by position, as the two routes may name them differently) and the id. */
export function itemPath(read: Operation, collectionPath: Record<string, string>, id: string): Record<string, string> {
  const parents = Object.values(collectionPath);
  const variables = read.pattern.variables.map((variable) => variable.name);
  const path: Record<string, string> = {};
  variables.forEach((name, index) => {
    path[name] = index === variables.length - 1 ? id : (parents[index] ?? '');
  });
  return path;
}

/** The id an item URL names, when it is a URL of `read`'s route under `restUrl`. */
export function idInUrl(url: string, restUrl: string, read: Operation): string | undefined {
  if (!url.startsWith(restUrl)) return undefined;
  let path = url.slice(restUrl.length).split('?')[0]!;
  try {
    path = decodeURIComponent(path);
  } catch {
    return undefined;
  }
  const match = read.pattern.matcher.exec(path);
  const name = read.pattern.variables.at(-1)?.name;
  return match === null || name === undefined ? undefined : match.groups?.[name];
}

/** The new resource's id: the answer's id field, else the item its `Location` or `_links.self` names. */
function createdId(answer: StepAnswer, family: ResourceFamily, read: Operation, restUrl: string): string | undefined {
  const fromBody = idText(answer.field(family.idField));
  if (fromBody !== undefined) return fromBody;
  const location = answer.header('location');
  const fromLocation = location === undefined ? undefined : idInUrl(location, restUrl, read);
  if (fromLocation !== undefined) return fromLocation;
  const links = answer.field('_links') as { self?: Array<{ href?: unknown }> } | undefined;
  const self = links?.self?.[0]?.href;
  return typeof self === 'string' ? idInUrl(self, restUrl, read) : undefined;
}

/**
 * The id of a new item its create's answer does not name at the top: inside the answer, where the route's shape puts
 * it, else in its list narrowed to what the run wrote (`created-item.ts`), with a note saying where it was found.
 */
async function createdElsewhere(
  script: StepScript,
  family: ResourceFamily,
  operations: FamilyOperations,
  parents: { ids: Record<string, string>; collectionPath: Record<string, string> },
  body: Record<string, unknown>,
  token: string,
  answer: StepAnswer,
): Promise<string | undefined> {
  const inside = idInsideAnswer(answer, family, body, token);
  const id = inside ?? (await idInList(script, family, operations.list, parents.collectionPath, body, parents.ids, token));
  if (id === undefined) return undefined;
  const where = inside === undefined ? 'found in its list narrowed to the values the run wrote' : 'found inside the answer, where its shape puts it';
  script.ctx.execution.note(operations.create, `${script.phase}: a ${family.name} create answered no top-level ${family.idField}; the new item was ${where}`);
  return id;
}

/** Creates the parents `family` needs: a parent item its path names, and parents its create arguments name. */
export async function createParents(
  script: StepScript,
  env: FamilyEnv,
  family: ResourceFamily,
  token: string,
  create: Operation,
): Promise<{ ids: Record<string, string>; collectionPath: Record<string, string> }> {
  const ids: Record<string, string> = {};
  const collectionPath: Record<string, string> = {};
  for (const [index, link] of family.parents.entries()) {
    if (link.via === 'arg' && link.name in family.createValues) continue;
    const parent = familyNamed(env.model, link.family);
    if (parent === undefined || parent.skip !== undefined)
      script.stop(create, `a ${family.name} needs a ${link.family}, which cannot be created here (${parent?.skip ?? 'not in the model'})`);
    const made = await createResource(script, env, parent, `${token}p${index === 0 ? '' : index}`);
    ids[link.name] = made.id;
    if (link.via === 'path') collectionPath[link.name] = made.id;
  }
  return { ids, collectionPath };
}

/**
 * Ids of existing resources for the id properties of objects a required array argument takes (a signup's
 * `signup_field_data[].field_id`): the first item of the named family's list, which the run only reads.
 */
async function existingItemIds(script: StepScript, env: FamilyEnv, family: ResourceFamily): Promise<Record<string, string>> {
  const ids: Record<string, string> = {};
  for (const schema of Object.values(family.create?.args ?? {})) {
    if (!schema.required) continue;
    for (const name of Object.keys(objectItemProperties(schema) ?? {})) {
      const named = familyForIdName(env.model, name, family.namespace);
      const list = named?.collection === undefined ? undefined : env.book.operation(named.collection, 'GET');
      if (list === undefined || ids[name] !== undefined) continue;
      const answer = await script.send(list, {});
      const first = Array.isArray(answer.json) ? idText((answer.json[0] as Record<string, unknown> | undefined)?.[named!.idField]) : undefined;
      if (first !== undefined) ids[name] = first;
    }
  }
  return ids;
}

/**
 * Creates a resource (its parents first) and registers the deletes as cleanup. The create must answer 2xx and
 * name the new id (in the body, its `Location` or its `_links.self`).
 */
export async function createResource(
  script: StepScript,
  env: FamilyEnv,
  family: ResourceFamily,
  token: string,
  /**
   * Runs once the parents exist and the create's body is known, before the create (a list total a sub-resource can
   * only read then, narrowed as the new item's values narrow its list).
   */
  beforeCreate?: (collectionPath: Record<string, string>, parentIds: Record<string, string>, body: Record<string, unknown>) => Promise<void>,
): Promise<CreatedResource> {
  const operations = familyOperations(env.book, family);
  if (operations === undefined) throw new Error(`${family.name}: routes missing; the caller checks them first`);
  const parents = await createParents(script, env, family, token, operations.create);
  const made = createBody(family, token, parents.ids, await existingItemIds(script, env, family));
  if ('missing' in made)
    script.stop(operations.create, `no valid value for the required argument "${made.missing}" of a ${family.name} create: a hint can give one`);
  const { body } = made;
  await beforeCreate?.(parents.collectionPath, parents.ids, body);
  const upload = createUpload(family, token);
  const answer = await script.send(operations.create, { path: parents.collectionPath, body, upload });
  if (answer.status !== undefined && answer.status >= 400 && answer.status < 500 && answer.status !== 401 && answer.status !== 403) {
    // A create with only descriptor-valid values refused: the server has rules the descriptor does not state.
    script.stop(
      operations.create,
      `a ${family.name} create with the values inference gives was refused (${describeAnswer(answer)}): a hint can give the values it needs`,
    );
  }
  script.expectStatus(statefulSequence, operations.create, answer, 'success', `create a ${family.name}`);
  const named =
    createdId(answer, family, operations.read, script.ctx.execution.restUrl(operations.create.locale)) ??
    (isSuccess(answer) ? await createdElsewhere(script, family, operations, parents, body, token, answer) : undefined);
  script.judgeOrStop(statefulSequence, operations.create, { step: 'created', family: family.name, idField: family.idField, id: named });
  // The check stopped the sequence when the answer named no id.
  const id = named!;
  const path = itemPath(operations.read, parents.collectionPath, id);
  const forget = script.cleanup(operations.remove, { path, body: deleteArgs(family, token) });
  script.record(`create ${family.name}`, 'ok', `id ${id}`);
  return { family, id, body, upload, parentIds: parents.ids, answer, create: operations.create, collectionPath: parents.collectionPath, path, forget };
}
