/**
 * The life of one resource of a model family (`wordpress-behaviour.md` §2): create (201 + Location; a file body
 * where the family's create is an upload) → read, showing what the create sent →
 * read through every other locale → found in its list (narrowed by filters or by walking its pages), found by
 * `search`, X-WP-Total + 1 → a duplicate of its unique values refused → every writable field updated and read
 * back → each free-text field updated to "" answered without a 5xx → every ordinary account that did not make it
 * refused an update and a delete → delete as declared (`force=true` where declared) → read, update, delete again
 * 404/410 → gone from the list, X-WP-Total back.
 */
import type { ArgDescriptor, Operation } from '../../descriptor/types.js';
import { ordinaryAccounts, type Identity } from '../../request/index.js';
import { classifyValue } from '../../schema/wordpress-rules.js';
import { freshValue, schemaTypes, type ResourceFamily } from '../../resources/index.js';
import { describeAnswer, idText, itemsWith, type StepAnswer } from './answer.js';
import { createResource, deleteArgs, familyOperations, idInUrl, type CreatedResource, type FamilyEnv, type FamilyOperations } from './resources.js';
import {
  ACCESS_OTHER_RESOURCE,
  COLLECTION_SEARCH,
  CREATE_LOCATION,
  CREATE_PERSISTED,
  CROSS_LOCALE_VISIBILITY,
  DUPLICATE_CREATE,
  LIST_TOTAL,
  STATEFUL_SEQUENCE,
  UPDATE_PERSISTED,
  USE_AFTER_DELETE,
} from './stateful-checks.js';
import type { Sequence, StepValues } from './sequence.js';
import { holdsWritten } from './written.js';

/** Pages walked at most to find a resource in a list that cannot be narrowed to it. */
const MAX_PAGES = 50;

const isSuccess = (answer: StepAnswer): boolean => answer.status !== undefined && answer.status >= 200 && answer.status < 300;

/** The query of a list narrowed to one parent's resources (and to the resource's status, where the list filters by it). */
function listBase(family: ResourceFamily, resource: Pick<CreatedResource, 'body' | 'parentIds'>, status: unknown): Record<string, unknown> {
  const query: Record<string, unknown> = {};
  for (const [filter, arg] of Object.entries(family.list?.filters ?? {})) {
    const value = resource.body[arg] ?? resource.parentIds[arg];
    if (value !== undefined) query[filter] = value;
  }
  if (typeof status === 'string' && family.list?.status?.includes(status)) query.status = status;
  return query;
}

async function listTotal(sequence: Sequence, list: Operation, path: Record<string, string>, query: Record<string, unknown>): Promise<number | undefined> {
  const answer = await sequence.send(list, { path, query });
  sequence.expect(answer, list, 'success', 'read the list', STATEFUL_SEQUENCE);
  const header = answer.header('x-wp-total');
  return header !== undefined && /^\d+$/.test(header.trim()) ? Number(header) : undefined;
}

/**
 * Whether the list holds the resource: asked for by `include` where the list declares it, else found by walking
 * its pages (as many as X-WP-TotalPages says, the largest page size the list takes).
 */
async function listed(
  sequence: Sequence,
  family: ResourceFamily,
  list: Operation,
  resource: CreatedResource,
  base: Record<string, unknown>,
): Promise<{ found: boolean; how: string }> {
  const numeric = /^\d+$/.test(resource.id);
  if (family.list?.include && numeric) {
    const answer = await sequence.send(list, { path: resource.collectionPath, query: { ...base, include: [Number(resource.id)] } });
    sequence.expect(answer, list, 'success', `list ${family.name} narrowed by include`, STATEFUL_SEQUENCE);
    return { found: itemsWith(answer, family.idField, resource.id).length > 0, how: 'narrowed by include' };
  }
  const perPage = family.list?.perPage;
  let pages = 1;
  for (let page = 1; page <= Math.min(pages, MAX_PAGES); page += 1) {
    const query = { ...base, ...(perPage === undefined ? {} : { per_page: perPage }), ...(family.list?.page ? { page } : {}) };
    const answer = await sequence.send(list, { path: resource.collectionPath, query });
    sequence.expect(answer, list, 'success', `list ${family.name}, page ${page}`, STATEFUL_SEQUENCE);
    if (itemsWith(answer, family.idField, resource.id).length > 0) return { found: true, how: `on page ${page}` };
    const total = Number(answer.header('x-wp-totalpages'));
    if (!family.list?.page || !Number.isInteger(total)) break;
    pages = total;
  }
  return { found: false, how: `walking ${Math.min(pages, MAX_PAGES)} page(s)` };
}

/** After the delete: a 2xx is a use after delete, anything but 404/410 another departure. */
async function expectGone(sequence: Sequence, op: Operation, values: StepValues, what: string): Promise<void> {
  const answer = await sequence.send(op, values);
  if (isSuccess(answer)) sequence.fail(USE_AFTER_DELETE, op, `${what} after the delete answered ${describeAnswer(answer)}; expected 404`);
  sequence.expect(answer, op, 'gone', `${what} after the delete`, STATEFUL_SEQUENCE);
}

/** The create's `Location`: present (warning when not), and naming the item that reads back with the same id. */
async function checkLocation(sequence: Sequence, family: ResourceFamily, ops: FamilyOperations, resource: CreatedResource): Promise<void> {
  const location = resource.answer.header('location');
  if (location === undefined) {
    sequence.report(
      CREATE_LOCATION,
      ops.create,
      `the ${family.name} create answered ${resource.answer.status} without a Location header; WordPress's posts, terms, users and comments controllers answer 201 with the new item's URL there`,
    );
    return;
  }
  const named = idInUrl(location, sequence.ctx.run.restUrl(ops.create.locale), ops.read);
  if (named !== resource.id) {
    sequence.report(
      CREATE_LOCATION,
      ops.create,
      `the ${family.name} create's Location ${location} does not name the new ${family.name} ${resource.id}`,
      'failure',
    );
    return;
  }
  if (resource.answer.status !== 201)
    sequence.report(CREATE_LOCATION, ops.create, `the ${family.name} create answered ${resource.answer.status} with a Location; WordPress answers 201 Created`);
  sequence.record('create answered with Location', 'ok');
}

/** Every string value of the create that carries the token: what `search` must find the resource by. */
function searchable(resource: CreatedResource, token: string): boolean {
  return Object.values(resource.body).some((value) => typeof value === 'string' && value.toLowerCase().includes(token.toLowerCase()));
}

async function checkSearch(
  sequence: Sequence,
  family: ResourceFamily,
  list: Operation,
  resource: CreatedResource,
  base: Record<string, unknown>,
  token: string,
): Promise<void> {
  if (!family.list?.search || !searchable(resource, token)) return;
  const perPage = family.list.perPage === undefined ? {} : { per_page: family.list.perPage };
  const answer = await sequence.send(list, { path: resource.collectionPath, query: { ...base, ...perPage, search: token.toLowerCase() } });
  sequence.expect(answer, list, 'success', `search ${family.name}s for "${token.toLowerCase()}"`, STATEFUL_SEQUENCE);
  if (itemsWith(answer, family.idField, resource.id).length === 0) {
    sequence.report(
      COLLECTION_SEARCH,
      list,
      `the new ${family.name} ${resource.id}, created with "${token.toLowerCase()}" in its fields, is not found by search=${token.toLowerCase()}`,
    );
  } else {
    sequence.record('found by search', 'ok');
  }
}

/**
 * The first read of the new resource shows every value the create sent as sent (where it shows the field at all):
 * a value dropped on the way in is as lost as an update that does not stick.
 */
function checkCreated(sequence: Sequence, family: ResourceFamily, ops: FamilyOperations, resource: CreatedResource, shown: unknown): void {
  if (shown === null || typeof shown !== 'object' || Array.isArray(shown)) return;
  const read = shown as Record<string, unknown>;
  const sent = Object.keys(resource.body).filter((field) => field in read);
  const lost = sent.filter((field) => !holdsWritten(read[field], resource.body[field], field));
  for (const field of lost) {
    sequence.report(
      CREATE_PERSISTED,
      ops.read,
      `the ${family.name} create sent ${field} ${JSON.stringify(resource.body[field])}${resource.upload === undefined ? '' : ' beside its upload'}; the new ${family.name} reads ${JSON.stringify(read[field])}`,
    );
  }
  if (lost.length === 0 && sent.length > 0) sequence.record('created values read back', 'ok', sent.join(', '));
}

/** A second create with the first one's unique values: a 4xx with a code, never a 5xx or a second resource. */
async function checkDuplicate(sequence: Sequence, family: ResourceFamily, ops: FamilyOperations, resource: CreatedResource, token: string): Promise<void> {
  const unique = family.unique.filter((name) => resource.body[name] !== undefined);
  if (unique.length === 0) {
    sequence.record(
      'duplicate create',
      'skipped',
      resource.upload === undefined
        ? "no create value the server must keep unique (an account's login or e-mail, or a hinted one)"
        : 'an upload of the same file is a second file (WordPress suffixes its name), and no other create value must be unique',
    );
    return;
  }
  const body = { ...resource.body };
  const answer = await sequence.send(ops.create, { path: resource.collectionPath, body, upload: resource.upload });
  const values = unique.map((name) => `${name} ${JSON.stringify(body[name])}`).join(', ');
  if (isSuccess(answer)) {
    const second = idText(answer.field(family.idField));
    if (second !== undefined && second !== resource.id)
      sequence.cleanup(ops.remove, { path: { ...resource.path, [ops.read.pattern.variables.at(-1)!.name]: second }, body: deleteArgs(family, token) });
    sequence.report(
      DUPLICATE_CREATE,
      ops.create,
      `a second ${family.name} create with the same ${values} answered ${describeAnswer(answer)}${second !== undefined && second !== resource.id ? `: a second resource, ${second}` : ''}; expected a 4xx refusal`,
    );
    return;
  }
  if (answer.status === undefined || answer.status >= 500) {
    sequence.report(
      DUPLICATE_CREATE,
      ops.create,
      `a second ${family.name} create with the same ${values} answered ${describeAnswer(answer)}; expected a 4xx refusal with a code`,
    );
    return;
  }
  if (answer.code === undefined) {
    sequence.report(DUPLICATE_CREATE, ops.create, `a second ${family.name} create with the same ${values} answered ${answer.status} without an error code`);
    return;
  }
  sequence.record('duplicate refused', 'ok', describeAnswer(answer));
}

/** The read that shows everything written: edit context where the route declares it. */
function readQuery(family: ResourceFamily): Record<string, unknown> {
  return family.read?.contexts.includes('edit') ? { context: 'edit' } : {};
}

/** The update's fields a life cycle writes: all it declares, but those hinted fixed and those naming a parent. */
function writableFields(family: ResourceFamily): Array<[string, ArgDescriptor]> {
  const parentArgs = new Set(family.parents.map((parent) => parent.name));
  return Object.entries(family.update?.fields ?? {}).filter(([field]) => !(field in family.fixedFields) && !parentArgs.has(field));
}

/** Writes each writable field with a fresh value and reads it back; a 4xx leaves the field out (its rules are not all declared). */
async function updateEveryField(
  sequence: Sequence,
  family: ResourceFamily,
  ops: FamilyOperations,
  resource: CreatedResource,
  token: string,
): Promise<Record<string, unknown> | undefined> {
  const update = ops.update;
  if (update === undefined || family.update === undefined) return undefined;
  let current = (await sequence.send(ops.read, { path: resource.path, query: readQuery(family) })).json as Record<string, unknown> | undefined;
  let lastWrite: Record<string, unknown> | undefined;
  for (const [field, schema] of writableFields(family)) {
    const value = freshValue(field, schema, `${token}u`, (current as Record<string, unknown> | undefined)?.[field]);
    if (value === undefined) {
      sequence.record(`update ${field}`, 'skipped', 'no value the descriptor makes sure of');
      continue;
    }
    const body = { [field]: value };
    const answer = await sequence.send(update, { path: resource.path, body });
    if (answer.status !== undefined && answer.status >= 400 && answer.status < 500) {
      if (answer.status === 401 || answer.status === 403)
        sequence.stop(update, `update the ${family.name}'s ${field} answered ${answer.status}: the credentials lack the right`);
      sequence.record(`update ${field}`, 'skipped', `refused: ${describeAnswer(answer)}`);
      continue;
    }
    sequence.expect(answer, update, 'success', `update the ${family.name}'s ${field}`, STATEFUL_SEQUENCE);
    lastWrite = body;
    const reread = await sequence.send(ops.read, { path: resource.path, query: readQuery(family) });
    sequence.expect(reread, ops.read, 'success', `read the ${family.name} after updating ${field}`, STATEFUL_SEQUENCE);
    const shown = reread.json as Record<string, unknown> | undefined;
    if (shown === undefined || typeof shown !== 'object' || !(field in shown)) {
      sequence.record(`update ${field}`, 'ok', 'written; a read does not show it');
    } else if (!holdsWritten(shown[field], value, field)) {
      sequence.report(UPDATE_PERSISTED, ops.read, `the update of ${field} does not show: read ${JSON.stringify(shown[field])}, wrote ${JSON.stringify(value)}`);
    } else {
      sequence.record(`update ${field}`, 'ok');
    }
    current = shown;
  }
  return lastWrite;
}

/**
 * Whether `schema` is text that takes the empty string: a string type (alone or with others) whose value `""` the
 * rule book accepts as given, enum, format, pattern and minimum length included. WordPress validates such a value
 * as given (`rest_validate_value_from_schema`), so the server owes it an answer, accepted or refused by a rule of
 * its own, never a 5xx.
 */
function takesEmptyText(schema: ArgDescriptor): boolean {
  return schemaTypes(schema).includes('string') && classifyValue(schema, '').valid;
}

/**
 * Updates each writable free-text field to the empty string, one at a time: WordPress 6.1 answers 500 where a
 * function it calls returns an error without a status (an empty term name: `empty_term_name`). The value may be
 * refused or normalised (an empty slug is made again from the title), so only the answer is judged, not the read.
 */
async function emptyTextAnswered(sequence: Sequence, family: ResourceFamily, ops: FamilyOperations, resource: CreatedResource): Promise<void> {
  if (ops.update === undefined) return;
  for (const [field, schema] of writableFields(family)) {
    if (!takesEmptyText(schema)) continue;
    const answer = await sequence.send(ops.update, { path: resource.path, body: { [field]: '' } });
    if (answer.status === undefined || answer.status >= 500) {
      sequence.report(
        STATEFUL_SEQUENCE,
        ops.update,
        `updating the ${family.name}'s ${field} to "" (a value its descriptor allows) answered ${describeAnswer(answer)}; expected it taken or refused with a 4xx`,
      );
    } else {
      sequence.record(`update ${field} to ""`, 'ok', describeAnswer(answer));
    }
  }
}

/** The first field an update may write, with a fresh value for it; undefined when there is none. */
function oneWritableField(family: ResourceFamily, current: Record<string, unknown> | undefined, token: string): { field: string; value: unknown } | undefined {
  for (const [field, schema] of writableFields(family)) {
    const value = freshValue(field, schema, token, current?.[field]);
    if (value !== undefined) return { field, value };
  }
  return undefined;
}

/**
 * `context=edit` read by an account that may not edit the resource: refused (401/403), or no field beyond what
 * `context=view` shows that account (`wordpress-behaviour.md` §4: edit fields are for those who may edit).
 */
async function editContextHidden(
  sequence: Sequence,
  family: ResourceFamily,
  ops: FamilyOperations,
  resource: CreatedResource,
  identity: Identity,
  who: string,
): Promise<void> {
  const edit = await sequence.send(ops.read, { path: resource.path, query: { context: 'edit' } }, { credentials: identity.credentials });
  if (!isSuccess(edit)) return;
  const view = await sequence.send(ops.read, { path: resource.path, query: { context: 'view' } }, { credentials: identity.credentials });
  const keys = (answer: StepAnswer): string[] =>
    answer.json !== null && typeof answer.json === 'object' && !Array.isArray(answer.json) ? Object.keys(answer.json) : [];
  const beyond = keys(edit).filter((key) => !keys(view).includes(key));
  if (isSuccess(view) && beyond.length > 0) {
    sequence.report(
      ACCESS_OTHER_RESOURCE,
      ops.read,
      `${who} read the ${family.name} ${resource.id} it may not edit with context=edit and got fields view does not show: ${beyond.join(', ')}; expected 401/403 rest_forbidden_context`,
    );
  }
}

/**
 * Every ordinary account (a member, an author) that did not make the resource tries to update it and to delete
 * it (`wordpress-behaviour.md` §4): each attempt must be refused, and the maker's read afterwards must show the
 * resource still there and the field unchanged. A refusal that changed the data anyway is as broken as a success.
 */
async function othersRefused(sequence: Sequence, family: ResourceFamily, ops: FamilyOperations, resource: CreatedResource, token: string): Promise<void> {
  const maker = sequence.ctx.run.credentials?.user;
  const others = ordinaryAccounts(sequence.ctx.run.identities).filter((identity) => identity.credentials?.user !== maker);
  if (others.length === 0) return;
  const before = (await sequence.send(ops.read, { path: resource.path, query: readQuery(family) })).json as Record<string, unknown> | undefined;
  const write = ops.update === undefined ? undefined : oneWritableField(family, before, `${token}x`);
  let updatedBySomeone = false;
  for (const identity of others) {
    const who = `${identity.name} (${identity.role})`;
    if (family.read?.contexts.includes('edit')) await editContextHidden(sequence, family, ops, resource, identity, who);
    if (write !== undefined) {
      const answer = await sequence.send(ops.update!, { path: resource.path, body: { [write.field]: write.value } }, { credentials: identity.credentials });
      updatedBySomeone ||= isSuccess(answer);
      if (isSuccess(answer))
        sequence.report(
          ACCESS_OTHER_RESOURCE,
          ops.update!,
          `${who} updated the ${family.name} ${resource.id} that ${maker} made (${write.field}): ${describeAnswer(answer)}; expected 401/403`,
        );
    }
    const removed = await sequence.send(ops.remove, { path: resource.path, body: deleteArgs(family, token) }, { credentials: identity.credentials });
    if (isSuccess(removed))
      sequence.fail(
        ACCESS_OTHER_RESOURCE,
        ops.remove,
        `${who} deleted the ${family.name} ${resource.id} that ${maker} made: ${describeAnswer(removed)}; expected 401/403`,
      );
  }
  const after = await sequence.send(ops.read, { path: resource.path, query: readQuery(family) });
  if (!isSuccess(after))
    sequence.fail(
      ACCESS_OTHER_RESOURCE,
      ops.read,
      `after refused deletes by ${others.map((identity) => identity.name).join(', ')}, its maker's read of the ${family.name} answered ${describeAnswer(after)}`,
    );
  const shown = after.json as Record<string, unknown> | undefined;
  if (
    !updatedBySomeone &&
    write !== undefined &&
    before !== undefined &&
    shown !== undefined &&
    JSON.stringify(shown[write.field]) !== JSON.stringify(before[write.field])
  ) {
    sequence.report(
      ACCESS_OTHER_RESOURCE,
      ops.read,
      `after refused updates by ${others.map((identity) => identity.name).join(', ')}, ${write.field} reads ${JSON.stringify(shown[write.field])}, was ${JSON.stringify(before[write.field])}`,
    );
    return;
  }
  sequence.record(`update and delete by ${others.map((identity) => identity.name).join(', ')} refused`, 'ok');
}

/**
 * Deletes as the route declares it: with `force=true` where it declares `force`, so a resource with a trash is
 * removed, not trashed (WordPress 6.1 cannot force-delete a template once it is in the trash).
 */
async function deleteResource(sequence: Sequence, family: ResourceFamily, ops: FamilyOperations, resource: CreatedResource, token: string): Promise<void> {
  const deleted = await sequence.send(ops.remove, { path: resource.path, body: deleteArgs(family, token) });
  sequence.expect(deleted, ops.remove, 'success', `delete the ${family.name}`, STATEFUL_SEQUENCE);
  if (deleted.field('status') === 'trash')
    sequence.fail(STATEFUL_SEQUENCE, ops.remove, `a delete with force=true moved the ${family.name} to the trash instead of deleting it`);
  sequence.record(family.remove?.force ? 'deleted with force=true' : 'deleted', 'ok');
  resource.forget();
}

export async function resourceLifecycle(sequence: Sequence, env: FamilyEnv, family: ResourceFamily, token: string): Promise<void> {
  const ops = familyOperations(env.book, family)!;
  const { list } = ops;
  // The status a create asks for (hinted), which the list may filter by.
  const created = family.create?.args.status === undefined ? undefined : family.createValues.status;
  // The total before is read once the parents exist: a sub-resource's list, or a list filtered by parent, is theirs.
  let totalBefore: { query: string; total: number | undefined } | undefined;
  const resource = await createResource(sequence, env, family, token, STATEFUL_SEQUENCE, async (collectionPath, parentIds) => {
    if (list === undefined) return;
    const query = listBase(family, { body: {}, parentIds }, created);
    totalBefore = { query: JSON.stringify(query), total: await listTotal(sequence, list, collectionPath, query) };
  });
  await checkLocation(sequence, family, ops, resource);

  const first = await sequence.send(ops.read, { path: resource.path, query: readQuery(family) });
  sequence.expect(first, ops.read, 'success', `read the new ${family.name}`, STATEFUL_SEQUENCE);
  if (idText(first.field(family.idField)) !== resource.id) {
    sequence.fail(
      STATEFUL_SEQUENCE,
      ops.read,
      `reading ${family.name} ${resource.id} answered ${family.idField} ${JSON.stringify(first.field(family.idField))}`,
    );
  }
  sequence.record('read', 'ok');
  checkCreated(sequence, family, ops, resource, first.json);
  for (const other of env.others) {
    const elsewhere = other.operation(family.item!, 'GET');
    if (elsewhere === undefined) continue;
    const answer = await sequence.send(elsewhere, { path: resource.path });
    sequence.expect(
      answer,
      elsewhere,
      'success',
      `read the ${family.name} created through ${env.book.locale} through ${other.locale}`,
      CROSS_LOCALE_VISIBILITY,
    );
    sequence.record(`read through ${other.locale}`, 'ok');
  }

  let base = listBase(family, resource, first.field('status'));
  let totalAfter: number | undefined;
  if (list !== undefined) {
    const where = await listed(sequence, family, list, resource, base);
    if (!where.found) sequence.fail(LIST_TOTAL, list, `the new ${family.name} ${resource.id} is not in its list (${where.how})`);
    sequence.record('listed', 'ok', where.how);
    totalAfter = await listTotal(sequence, list, resource.collectionPath, base);
    if (totalBefore?.query === JSON.stringify(base) && totalBefore.total !== undefined && totalAfter !== totalBefore.total + 1) {
      sequence.fail(LIST_TOTAL, list, `X-WP-Total went from ${totalBefore.total} to ${totalAfter ?? '(none)'} after one create`);
    }
    await checkSearch(sequence, family, list, resource, base, token);
  }

  await checkDuplicate(sequence, family, ops, resource, token);
  const lastWrite = await updateEveryField(sequence, family, ops, resource, token);
  await emptyTextAnswered(sequence, family, ops, resource);
  await othersRefused(sequence, family, ops, resource, token);

  const beforeDelete = await sequence.send(ops.read, { path: resource.path, query: readQuery(family) });
  sequence.expect(beforeDelete, ops.read, 'success', `read the ${family.name} before the delete`, STATEFUL_SEQUENCE);
  const status = beforeDelete.field('status');
  // A status the list cannot filter by (an update wrote one outside its vocabulary): no total counts the resource.
  const unlisted = typeof status === 'string' && family.list?.status !== undefined && !family.list.status.includes(status);
  if (unlisted) totalAfter = undefined;
  else if (list !== undefined && JSON.stringify(listBase(family, resource, status)) !== JSON.stringify(base)) {
    // An update changed the status the list filters by: the totals compare under the new one.
    base = listBase(family, resource, status);
    totalAfter = await listTotal(sequence, list, resource.collectionPath, base);
  }
  await deleteResource(sequence, family, ops, resource, token);
  await expectGone(sequence, ops.read, { path: resource.path }, `reading the ${family.name}`);
  if (ops.update !== undefined) await expectGone(sequence, ops.update, { path: resource.path, body: lastWrite ?? {} }, `updating the ${family.name}`);
  await expectGone(sequence, ops.remove, { path: resource.path, body: deleteArgs(family, token) }, `deleting the ${family.name} again`);
  sequence.record('gone after the delete', 'ok');

  if (list !== undefined) {
    if (family.list?.include && /^\d+$/.test(resource.id)) {
      const after = await sequence.send(list, { path: resource.collectionPath, query: { ...base, include: [Number(resource.id)] } });
      sequence.expect(after, list, 'success', `list ${family.name} narrowed by include after the delete`, STATEFUL_SEQUENCE);
      if (itemsWith(after, family.idField, resource.id).length > 0)
        sequence.fail(USE_AFTER_DELETE, list, `the deleted ${family.name} ${resource.id} is still in its list`);
    }
    if (unlisted) {
      sequence.record('list total back', 'skipped', `the ${family.name} is ${JSON.stringify(status)}, a status its list cannot filter by`);
      return;
    }
    const totalFinal = await listTotal(sequence, list, resource.collectionPath, base);
    if (totalAfter !== undefined && totalFinal !== totalAfter - 1) {
      sequence.fail(LIST_TOTAL, list, `X-WP-Total is ${totalFinal ?? '(none)'} after the delete, ${totalAfter} with the ${family.name} in the list`);
    }
    sequence.record('list total back', 'ok');
  }
}
