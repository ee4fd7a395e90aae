/** Creating a resource of a family inside a sequence, with its delete registered as cleanup. */
import type { Operation } from '../../descriptor/types.js';
import { idText, type StepAnswer } from './answer.js';
import { resourceFamily, type ResourceFamily } from './resource-families.js';
import type { RouteBook } from './route-book.js';
import type { Sequence, SequenceCheck } from './sequence.js';

export interface CreatedResource {
  family: ResourceFamily;
  id: string;
  /** The parent's id, for a family that lives inside another. */
  parentId?: string;
  answer: StepAnswer;
  create: Operation;
  /** The item's path values. */
  path: Record<string, string>;
  /** Drops the cleanup delete (after the sequence deleted it itself). */
  forget(): void;
}

/** The operations a family's sequences need in this locale, or undefined when the descriptor lacks one. */
export function familyOperations(book: RouteBook, family: ResourceFamily): { create: Operation; read: Operation; remove: Operation } | undefined {
  const create = book.operation(family.collection, family.createMethod);
  const read = book.operation(family.item, 'GET');
  const remove = book.operation(family.item, 'DELETE');
  return create && read && remove ? { create, read, remove } : undefined;
}

/**
 * Creates a resource (its parent first, when it has one) and registers their deletes as cleanup. The create must
 * answer 2xx with the id in the family's id field.
 */
export async function createResource(sequence: Sequence, book: RouteBook, family: ResourceFamily, token: string, check: SequenceCheck): Promise<CreatedResource> {
  let parentId: string | undefined;
  if (family.parent !== undefined) {
    parentId = (await createResource(sequence, book, resourceFamily(family.parent.family), `${token}p`, check)).id;
  }
  const operations = familyOperations(book, family);
  if (operations === undefined) throw new Error(`${family.name}: routes missing; the caller checks them first`);
  const answer = await sequence.send(operations.create, { body: family.createBody(token, parentId) });
  sequence.expect(answer, operations.create, 'success', `create a ${family.name}`, check);
  const id = idText(answer.field(family.idField));
  if (id === undefined) sequence.fail(check, operations.create, `the ${family.name} create answer has no "${family.idField}"`);
  const path = { [family.itemVariable]: id };
  const forget = sequence.cleanup(operations.remove, { path });
  return { family, id, parentId, answer, create: operations.create, path, forget };
}
