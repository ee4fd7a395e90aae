/**
 * What the batch sequences send, found in a locale's descriptor: the batch route, its size limit, a family whose
 * create allows batching (for items that change state and can be read back), a write route that does not allow
 * batching, and a body that breaks the create's rules.
 */
import type { Operation } from '../../descriptor/types.js';
import { RESOURCE_FAMILIES, type ResourceFamily } from './resource-families.js';
import { familyOperations } from './resources.js';
import type { RouteBook } from './route-book.js';

/** The batch route's contract key, and the limit the interface states when the descriptor gives none. */
export const BATCH_ROUTE = '/batch/v1';
const DEFAULT_MAX_ITEMS = 25;

/** A path inside the REST root that no route matches. */
export const UNKNOWN_ITEM_PATH = '/restconform/no-such-route';

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

export function planBatch(book: RouteBook, operations: readonly Operation[]): BatchPlan | undefined {
  const batch = book.operation(BATCH_ROUTE, 'POST');
  if (batch === undefined) return undefined;
  const declared = batch.args.requests?.maxItems;
  return {
    batch,
    maxItems: typeof declared === 'number' && declared > 0 ? declared : DEFAULT_MAX_ITEMS,
    batchable: findBatchableFamily(book),
    notAllowed: operations.find((op) => op.locale === book.locale && op.method !== 'GET' && !op.allowBatch && op.pattern.variables.length === 0 && op.route !== batch.route),
  };
}

function findBatchableFamily(book: RouteBook): BatchableFamily | undefined {
  for (const family of RESOURCE_FAMILIES) {
    if (family.parent !== undefined) continue;
    const operations = familyOperations(book, family);
    if (operations === undefined || !operations.create.allowBatch) continue;
    const required = Object.entries(operations.create.args).filter(([, arg]) => arg.required).map(([name]) => name);
    if (required.length === 0) continue;
    // Everything a valid create sends, but the first required parameter.
    const invalidBody = family.createBody('invalid');
    delete invalidBody[required[0]!];
    return { family, ...operations, list: book.operation(family.collection, 'GET'), invalidBody };
  }
  return undefined;
}
