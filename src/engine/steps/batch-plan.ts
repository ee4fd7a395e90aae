/**
 * What the batch sequences send, found in a locale's descriptor: the batch route, its size limit, a family whose
 * create allows batching (for items that change state and can be read back), a write route that does not allow
 * batching, and a body that breaks the create's rules.
 */
import type { LoadedDescriptor, Operation } from '../../descriptor/types.js';
import { createBody, inferResources, mergedHints, type ResourceHints } from '../../resources/index.js';
import { deleteArgs, familyOperations } from './resources.js';
import { RouteBook } from './route-book.js';
import { UNKNOWN_ROUTE } from '../synthetic-operation.js';

/** What the batch sequences need of a model family. */
export interface ResourceFamily {
  name: string;
  /** The field of a create answer holding the id. */
  idField: string;
  /** The item route's path variable that takes the id. */
  itemVariable: string;
  /** The body of a create; `token` is unique within the run and alphanumeric. */
  createBody(token: string): Record<string, unknown>;
  /** Query parameters that find resources created with tokens starting with `prefix`. */
  searchQuery?(prefix: string): Record<string, unknown>;
  /** The body of a delete that removes a resource (`force=true` where declared: terms cannot be trashed). */
  deleteBody: Record<string, unknown>;
}

/** The batch route's contract key, and the limit the interface states when the descriptor gives none. */
export const BATCH_ROUTE = '/batch/v1';
const DEFAULT_MAX_ITEMS = 25;

/** A path inside the REST root that no route matches. */
export const UNKNOWN_ITEM_PATH = UNKNOWN_ROUTE;

export interface BatchableFamily {
  family: ResourceFamily;
  create: Operation;
  read: Operation;
  remove: Operation;
  /** The collection's list, for reading back what a batch created. */
  list: Operation | undefined;
  /** A create body the server must reject on validation (a required parameter left out). */
  invalidBody: Record<string, unknown>;
}

export interface BatchPlan {
  batch: Operation;
  maxItems: number;
  batchable: BatchableFamily | undefined;
  /** A write without path variables whose endpoint does not allow batching. */
  notAllowed: Operation | undefined;
}

export function planBatch(descriptor: LoadedDescriptor, operations: readonly Operation[], hints?: ResourceHints): BatchPlan | undefined {
  const book = new RouteBook(descriptor);
  const batch = book.operation(BATCH_ROUTE, 'POST');
  if (batch === undefined) return undefined;
  const declared = batch.args.requests?.maxItems;
  return {
    batch,
    maxItems: typeof declared === 'number' && declared > 0 ? declared : DEFAULT_MAX_ITEMS,
    batchable: findBatchableFamily(book, descriptor, hints),
    notAllowed: operations.find(
      (op) => op.locale === book.locale && op.method !== 'GET' && !op.allowBatch && op.pattern.variables.length === 0 && op.route !== batch.route,
    ),
  };
}

function findBatchableFamily(book: RouteBook, descriptor: LoadedDescriptor, hints: ResourceHints | undefined): BatchableFamily | undefined {
  for (const family of inferResources(descriptor, mergedHints(hints)).families) {
    if (family.skip !== undefined || family.parents.length > 0) continue;
    const operations = familyOperations(book, family);
    if (operations === undefined || !operations.create.allowBatch || operations.create.pattern.variables.length > 0) continue;
    const required = Object.entries(operations.create.args)
      .filter(([, arg]) => arg.required)
      .map(([name]) => name);
    if (required.length === 0) continue;
    const bodyFor = (token: string): Record<string, unknown> | undefined => {
      const made = createBody(family, token, {});
      return 'body' in made ? made.body : undefined;
    };
    const probe = bodyFor('invalid');
    if (probe === undefined) continue;
    // Everything a valid create sends, but the first required parameter.
    const invalidBody = { ...probe };
    delete invalidBody[required[0]!];
    const batchFamily: ResourceFamily = {
      name: family.name,
      idField: family.idField,
      itemVariable: family.itemVariable!,
      createBody: (token) => bodyFor(token) ?? {},
      deleteBody: deleteArgs(family, 'batch'),
      ...(family.list?.search
        ? {
            searchQuery: (prefix: string) => ({
              search: prefix.toLowerCase(),
              ...(family.list?.perPage === undefined ? {} : { per_page: family.list.perPage }),
            }),
          }
        : {}),
    };
    return { family: batchFamily, create: operations.create, read: operations.read, remove: operations.remove, list: operations.list, invalidBody };
  }
  return undefined;
}
