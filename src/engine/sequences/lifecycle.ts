/**
 * The life of one resource: create → read (through every locale) → listed, X-WP-Total + 1 → update → read shows
 * it → delete → read 404 → update and delete again 404 → X-WP-Total back where it was.
 */
import type { Operation } from '../../descriptor/types.js';
import { sameJsonMeaning } from '../../contract/diff.js';
import { describeAnswer, idText, itemsWith } from './answer.js';
import { CROSS_LOCALE_VISIBILITY, LIST_TOTAL, STATEFUL_SEQUENCE, USE_AFTER_DELETE } from './stateful-checks.js';
import { UPDATE_METHODS, type ResourceFamily } from './resource-families.js';
import { createResource } from './resources.js';
import type { RouteBook } from './route-book.js';
import type { Sequence, StepValues } from './sequence.js';

/** Reads the collection's `X-WP-Total`, or undefined when the list does not send it. */
async function listTotal(sequence: Sequence, list: Operation): Promise<number | undefined> {
  const answer = await sequence.send(list, {});
  sequence.expect(answer, list, 'success', 'read the list', STATEFUL_SEQUENCE);
  const header = answer.header('x-wp-total');
  return header !== undefined && /^\d+$/.test(header.trim()) ? Number(header) : undefined;
}

/** After the delete: a 2xx is a use after delete, anything but 404 another departure. */
async function expectGone(sequence: Sequence, op: Operation, values: StepValues, what: string): Promise<void> {
  const answer = await sequence.send(op, values);
  if (answer.status !== undefined && answer.status >= 200 && answer.status < 300) {
    sequence.fail(USE_AFTER_DELETE, op, `${what} after the delete answered ${describeAnswer(answer)}; expected 404`);
  }
  sequence.expect(answer, op, 'gone', `${what} after the delete`, STATEFUL_SEQUENCE);
}

export async function resourceLifecycle(sequence: Sequence, family: ResourceFamily, book: RouteBook, others: readonly RouteBook[], token: string): Promise<void> {
  const list = book.operation(family.collection, 'GET');
  const read = book.operation(family.item, 'GET')!;
  const remove = book.operation(family.item, 'DELETE')!;
  const update = family.update === undefined ? undefined : book.firstOperation(family.item, UPDATE_METHODS);

  const totalBefore = list === undefined ? undefined : await listTotal(sequence, list);
  const created = await createResource(sequence, book, family, token, STATEFUL_SEQUENCE);
  const { path, id } = created;

  const first = await sequence.send(read, { path });
  sequence.expect(first, read, 'success', `read the new ${family.name}`, STATEFUL_SEQUENCE);
  if (idText(first.field(family.idField)) !== id) {
    sequence.fail(STATEFUL_SEQUENCE, read, `reading ${family.name} ${id} answered ${family.idField} ${JSON.stringify(first.field(family.idField))}`);
  }
  for (const other of others) {
    const elsewhere = other.operation(family.item, 'GET');
    if (elsewhere === undefined) continue;
    const answer = await sequence.send(elsewhere, { path });
    sequence.expect(answer, elsewhere, 'success', `read the ${family.name} created through ${book.locale} through ${other.locale}`, CROSS_LOCALE_VISIBILITY);
  }

  if (list !== undefined) {
    const listed = await sequence.send(list, { query: family.listQuery(id, created.parentId) });
    sequence.expect(listed, list, 'success', `list ${family.name}s`, STATEFUL_SEQUENCE);
    if (itemsWith(listed, family.idField, id).length === 0) sequence.fail(LIST_TOTAL, list, `the new ${family.name} ${id} is not in its list`);
    if (totalBefore !== undefined) {
      const totalAfter = await listTotal(sequence, list);
      if (totalAfter !== totalBefore + 1) sequence.fail(LIST_TOTAL, list, `X-WP-Total went from ${totalBefore} to ${totalAfter ?? '(none)'} after one create`);
    }
  }

  if (update !== undefined && family.update !== undefined) {
    const value = family.update.value(token);
    const updated = await sequence.send(update, { path, body: { [family.update.field]: value } });
    sequence.expect(updated, update, 'success', `update the ${family.name}`, STATEFUL_SEQUENCE);
    const reread = await sequence.send(read, { path });
    sequence.expect(reread, read, 'success', `read the updated ${family.name}`, STATEFUL_SEQUENCE);
    if (!sameJsonMeaning(reread.field(family.update.field), value)) {
      sequence.fail(STATEFUL_SEQUENCE, read, `the update of ${family.update.field} does not show: read ${JSON.stringify(reread.field(family.update.field))}, wrote ${JSON.stringify(value)}`);
    }
  }

  const deleted = await sequence.send(remove, { path });
  sequence.expect(deleted, remove, 'success', `delete the ${family.name}`, STATEFUL_SEQUENCE);
  created.forget();
  await expectGone(sequence, read, { path }, `reading the ${family.name}`);
  if (update !== undefined && family.update !== undefined) {
    await expectGone(sequence, update, { path, body: { [family.update.field]: family.update.value(`${token}x`) } }, `updating the ${family.name}`);
  }
  await expectGone(sequence, remove, { path }, `deleting the ${family.name} again`);

  if (list !== undefined && totalBefore !== undefined) {
    const totalFinal = await listTotal(sequence, list);
    if (totalFinal !== totalBefore) sequence.fail(LIST_TOTAL, list, `X-WP-Total is ${totalFinal ?? '(none)'} after the delete, ${totalBefore} before the create`);
  }
}
