/**
 * The life of one resource of a model family (`docs/wordpress/behaviour.md#the-life-of-a-resource`): create (201 + Location; a file body
 * where the family's create is an upload) → read, showing what the create sent →
 * read through every other locale → found in its list (narrowed by filters, `include` or its search token, or by
 * walking its pages), found by `search`, X-WP-Total + 1 → a duplicate of its unique values refused → every writable field updated and read
 * back → each free-text field updated to "" answered without a 5xx → every ordinary account that did not make it
 * refused an update and a delete → delete as declared (`force=true` where declared) → read, update, delete again
 * 404/410 → gone from the list, X-WP-Total back. The totals are read of the list narrowed to what the run can
 * attribute to itself (`include`, its token, its parent), with the list's other items, so that another writer on
 * the same server (a parallel shard, another user) is not taken for a wrong total. The steps gather what the server answered; the checks of
 * `checks/stateful/` judge it.
 */
import type { Operation } from '../../../descriptor/types.js';
import { ordinaryAccounts, type Identity } from '../../../request/index.js';
import { freshValue, requiredUpdateValues, type ResourceFamily } from '../../../resources/index.js';
import { accessOtherResource } from '../../../checks/stateful/access-other-resource.js';
import { collectionSearch } from '../../../checks/stateful/collection-search.js';
import type { ListTotalRead, ListTotalStep } from '../../../checks/collections/evidence.js';
import { listTotal, totalsComparable } from '../../../checks/stateful/list-total.js';
import { createLocation } from '../../../checks/stateful/create-location.js';
import { createPersisted, fieldsShown } from '../../../checks/stateful/create-persisted.js';
import { crossLocaleVisibility } from '../../../checks/stateful/cross-locale-visibility.js';
import { duplicateCreate } from '../../../checks/stateful/duplicate-create.js';
import { statefulSequence } from '../../../checks/stateful/stateful-sequence.js';
import { describeAnswer, idText, isSuccess, itemsWith, type StepAnswer } from '../../../checks/stateful/step-answer.js';
import { useAfterDelete } from '../../../checks/stateful/use-after-delete.js';
import {
  defaultNarrowing,
  findInList,
  listBase,
  listRead,
  readList,
  searchable,
  searchFor,
  totalsAfterCreate,
  totalWithResource,
  type DefaultNarrowing,
  type ListRead,
  walkList,
} from './own-in-list.js';
import { learnLeftOut, leavesItemsOut } from '../../left-out.js';
import { emptyTextAnswered, readQuery, updateEveryField, writableFields } from './updates.js';
import { createResource, deleteArgs, familyOperations, idInUrl, type CreatedResource, type FamilyEnv, type FamilyOperations } from '../../steps/resources.js';
import type { StepScript, StepValues } from '../../steps/step-script.js';

/**
 * Judges the list bodies `findInList` read. A resource missing from them while the list's X-WP-Total did not count
 * it either (the same before and after its create) is left out by the product's own rule of what it lists (a
 * member without "last activity" on BuddyPress): a note, not a failure. True when the list shows it.
 */
function judgeListed(
  script: StepScript,
  list: Operation,
  listed: ListTotalStep & { step: 'listed' },
  before: ListTotalRead | undefined,
  after: ListTotalRead,
): boolean {
  const shown = listed.pages.some((page) => itemsWith({ json: page }, listed.idField, listed.id).length > 0);
  const uncounted = before !== undefined && before.query === after.query && before.total !== undefined && after.total === before.total;
  const learnt = leavesItemsOut(script.ctx.execution, listed.family);
  if (!shown && (uncounted || learnt)) {
    const why = uncounted ? `its X-WP-Total (${after.total}) did not count it` : 'its family leaves items out by a rule learnt earlier in the run';
    const note = `the new ${listed.family} ${listed.id} is not in its list (${listed.how}) and ${why}: the list leaves it out by a rule of its own`;
    learnLeftOut(script.ctx.execution, listed.family);
    script.ctx.execution.note(list, `${script.phase}: ${note}`);
    script.record('listed', 'skipped', note);
    return false;
  }
  script.judgeOrStop(listTotal, list, listed);
  script.record('listed', 'ok', listed.how);
  return true;
}

/** After the delete: `use_after_delete` judges a 2xx, and anything but 404/410 is another departure. */
async function expectGone(script: StepScript, op: Operation, values: StepValues, what: string): Promise<void> {
  const answer = await script.send(op, values);
  script.judgeOrStop(useAfterDelete, op, { step: 'sent', what, answer });
  script.expectStatus(statefulSequence, op, answer, 'gone', `${what} after the delete`);
}

/** The create's `Location`: present (warning when not), and naming the item that reads back with the same id. */
function checkLocation(script: StepScript, family: ResourceFamily, ops: FamilyOperations, resource: CreatedResource): void {
  const location = resource.answer.header('location');
  const named = location === undefined ? undefined : idInUrl(location, script.ctx.execution.restUrl(ops.create.locale), ops.read);
  script.judge(createLocation, ops.create, { family: family.name, id: resource.id, status: resource.answer.status, location, named });
  if (named === resource.id) script.record('create answered with Location', 'ok');
}

/**
 * The search for the new resource's token. A search that misses it is the product's own rule only where the list
 * leaves it out as well: `include` found it, but the list without `include` (walked whole) does not show it, as a
 * product whose lists and searches skip members without "last activity" while `include` names them. The run learns
 * that rule of the family then, before judging the search, since on such a product the search's own X-WP-Total may
 * not be readable (no totals on an empty answer). A search that misses an item its plain list shows fails, whatever
 * the run learnt; only where the plain list cannot be seen whole does a search's X-WP-Total that did not count the
 * item (the same as the same search before the create), or the family's rule learnt earlier, make it a note.
 */
async function checkSearch(
  script: StepScript,
  family: ResourceFamily,
  list: Operation,
  resource: CreatedResource,
  base: Record<string, unknown>,
  token: string,
  before: ListTotalRead | undefined,
  listedHow: string,
): Promise<void> {
  if (!family.list?.search || !searchable(resource, token)) return;
  const perPage = family.list.perPage === undefined ? {} : { per_page: family.list.perPage };
  const term = token.toLowerCase();
  const answer = await script.send(list, { path: resource.collectionPath, query: { ...base, ...perPage, search: term } });
  script.expectStatus(statefulSequence, list, answer, 'success', `search ${family.name}s for "${term}"`);
  const search = { family: family.name, id: resource.id, idField: family.idField, token: term, list: answer.json };
  if (itemsWith(answer, family.idField, resource.id).length > 0) {
    if (script.judge(collectionSearch, list, search).length === 0) script.record('found by search', 'ok');
    return;
  }
  // Found only narrowed by include: is it in the list without it?
  const plain = listedHow === 'narrowed by include' ? await walkList(script, family, list, resource, base) : undefined;
  const plainShows = plain === undefined || plain.page !== undefined;
  const total = listRead(family, answer, searchFor(base, token), resource.id).read.total;
  const uncounted = before?.total !== undefined && total === before.total;
  let why: string | undefined;
  if (!plainShows && plain.whole)
    why = `nor is it in its list without include (${plain.pages.length} page(s) walked), which include finds it in: its lists and searches leave it out by a rule of their own`;
  else if (!plainShows && uncounted) why = "and the search's X-WP-Total did not count it: the search leaves it out by a rule of its own, as lists may";
  else if (!plainShows && leavesItemsOut(script.ctx.execution, family.name))
    why = 'and its family leaves items out by a rule learnt earlier in the run (its list without include, not seen whole, did not show it either)';
  if (why !== undefined) {
    const note = `the new ${family.name} ${resource.id} is not found by search=${term} ${why}`;
    learnLeftOut(script.ctx.execution, family.name);
    script.ctx.execution.note(list, `${script.phase}: ${note}`);
    script.record('found by search', 'skipped', note);
    return;
  }
  script.judge(collectionSearch, list, search);
}

/**
 * The first read of the new resource shows every value the create sent as sent (where it shows the field at all):
 * a value dropped on the way in is as lost as an update that does not stick.
 */
function checkCreated(script: StepScript, family: ResourceFamily, ops: FamilyOperations, resource: CreatedResource, shown: unknown): void {
  const created = { family: family.name, sent: resource.body, upload: resource.upload !== undefined, read: shown };
  const lost = script.judge(createPersisted, ops.read, created);
  const sent = fieldsShown(resource.body, shown);
  if (lost.length === 0 && sent.length > 0) script.record('created values read back', 'ok', sent.join(', '));
}

/** A second create with the first one's unique values: a 4xx with a code, never a 5xx or a second resource. */
async function checkDuplicate(script: StepScript, family: ResourceFamily, ops: FamilyOperations, resource: CreatedResource, token: string): Promise<void> {
  const unique = family.unique.filter((name) => resource.body[name] !== undefined);
  if (unique.length === 0) {
    script.record(
      'duplicate create',
      'skipped',
      resource.upload === undefined
        ? "no create value the server must keep unique (an account's login or e-mail, or a hinted one)"
        : 'an upload of the same file is a second file (WordPress suffixes its name), and no other create value must be unique',
    );
    return;
  }
  const body = { ...resource.body };
  const answer = await script.send(ops.create, { path: resource.collectionPath, body, upload: resource.upload });
  const repeated = Object.fromEntries(unique.map((name) => [name, body[name]]));
  const second = isSuccess(answer) ? idText(answer.field(family.idField)) : undefined;
  // A second resource made all the same is deleted with the first.
  if (second !== undefined && second !== resource.id)
    script.cleanup(ops.remove, { path: { ...resource.path, [ops.read.pattern.variables.at(-1)!.name]: second }, body: deleteArgs(family, token) });
  const duplicate = { family: family.name, id: resource.id, repeated, answer, second };
  if (script.judge(duplicateCreate, ops.create, duplicate).length === 0) script.record('duplicate refused', 'ok', describeAnswer(answer));
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
 * `context=view` shows that account (`docs/wordpress/behaviour.md#contexts-fields-and-allow`: edit fields are for those who may edit).
 */
async function editContextHidden(
  script: StepScript,
  family: ResourceFamily,
  ops: FamilyOperations,
  resource: CreatedResource,
  identity: Identity,
  who: string,
): Promise<void> {
  const edit = await script.send(ops.read, { path: resource.path, query: { context: 'edit' } }, { credentials: identity.credentials });
  // What view shows is only worth asking when edit answered.
  const view = isSuccess(edit)
    ? await script.send(ops.read, { path: resource.path, query: { context: 'view' } }, { credentials: identity.credentials })
    : undefined;
  script.judge(accessOtherResource, ops.read, { attempt: 'edit context', who, family: family.name, id: resource.id, edit, view });
}

/**
 * Every ordinary account (a member, an author) that did not make the resource tries to update it and to delete
 * it (`docs/wordpress/behaviour.md#contexts-fields-and-allow`): each attempt must be refused, and the maker's read afterwards must show the
 * resource still there and the field unchanged. A refusal that changed the data anyway is as broken as a success.
 */
async function othersRefused(script: StepScript, family: ResourceFamily, ops: FamilyOperations, resource: CreatedResource, token: string): Promise<void> {
  const maker = script.ctx.execution.credentials?.user;
  const others = ordinaryAccounts(script.ctx.execution.identities).filter((identity) => identity.credentials?.user !== maker);
  if (others.length === 0) return;
  const names = others.map((identity) => identity.name).join(', ');
  const before = (await script.send(ops.read, { path: resource.path, query: readQuery(family) })).item;
  const write = ops.update === undefined ? undefined : oneWritableField(family, before, `${token}x`);
  const updates: StepAnswer[] = [];
  const attempt = { family: family.name, id: resource.id, maker };
  for (const identity of others) {
    const who = `${identity.name} (${identity.role})`;
    if (family.read?.contexts.includes('edit')) await editContextHidden(script, family, ops, resource, identity, who);
    if (write !== undefined) {
      // With the fields the update requires: without them WordPress refuses it (400) before it asks who may write.
      const body = { ...requiredUpdateValues(family, before, `${token}r`), [write.field]: write.value };
      const answer = await script.send(ops.update!, { path: resource.path, body }, { credentials: identity.credentials });
      updates.push(answer);
      script.judge(accessOtherResource, ops.update!, { attempt: 'update', who, ...attempt, field: write.field, answer });
    }
    const removed = await script.send(ops.remove, { path: resource.path, body: deleteArgs(family, token) }, { credentials: identity.credentials });
    script.judgeOrStop(accessOtherResource, ops.remove, { attempt: 'delete', who, ...attempt, answer: removed });
  }
  const after = await script.send(ops.read, { path: resource.path, query: readQuery(family) });
  script.judgeOrStop(accessOtherResource, ops.read, { attempt: 'maker read', others: names, family: family.name, answer: after });
  if (write !== undefined) {
    const unchanged = { attempt: 'unchanged' as const, others: names, field: write.field, before, after: after.item, updates };
    if (script.judge(accessOtherResource, ops.read, unchanged).length > 0) return;
  }
  script.record(`update and delete by ${names} refused`, 'ok');
}

/**
 * Deletes as the route declares it: with `force=true` where it declares `force`, so a resource with a trash is
 * removed, not trashed (WordPress 6.1 cannot force-delete a template once it is in the trash).
 */
async function deleteResource(
  script: StepScript,
  family: ResourceFamily,
  ops: FamilyOperations,
  resource: CreatedResource,
  token: string,
): Promise<'deleted' | 'trashed'> {
  const deleted = await script.send(ops.remove, { path: resource.path, body: deleteArgs(family, token) });
  script.expectStatus(statefulSequence, ops.remove, deleted, 'success', `delete the ${family.name}`);
  const forced = family.remove?.force === true;
  script.judgeOrStop(statefulSequence, ops.remove, { step: 'deleted', family: family.name, answer: deleted, forced });
  if (!forced && deleted.field('status') === 'trash') {
    // WordPress's delete without force: the resource is in the trash, still read; the clean-up deletes it for good.
    script.record('deleted', 'ok', 'moved to the trash (the route declares no force), so it is still read: the checks after a delete do not apply');
    return 'trashed';
  }
  script.record(forced ? 'deleted with force=true' : 'deleted', 'ok');
  resource.forget();
  return 'deleted';
}

export async function resourceLifecycle(script: StepScript, env: FamilyEnv, family: ResourceFamily, token: string): Promise<void> {
  const ops = familyOperations(env.book, family)!;
  const { list } = ops;
  // The status a create asks for (hinted), which the list may filter by.
  const created = family.create?.args.status === undefined ? undefined : family.createValues.status;
  // The total before is read once the parents exist: a sub-resource's list, or a list filtered by parent, is theirs.
  // Also narrowed by the token where the list searches: what it counts then is the run's own doing.
  const totalsBefore: { base?: ListTotalRead; searched?: ListTotalRead } = {};
  // The list's declared defaults may leave the new item out (a component it was not made for): read it with the
  // item's own values for them, before and after alike.
  let narrowing: DefaultNarrowing = { query: {}, unsettable: [] };
  const resource = await createResource(script, env, family, token, async (collectionPath, parentIds, body) => {
    if (list === undefined) return;
    narrowing = defaultNarrowing(list, family, body);
    if (narrowing.unsettable.length > 0) return;
    const query = { ...listBase(family, { body: {}, parentIds }, created), ...narrowing.query };
    totalsBefore.base = (await readList(script, family, list, collectionPath, query)).read;
    if (family.list?.search) totalsBefore.searched = (await readList(script, family, list, collectionPath, searchFor(query, token))).read;
  });
  checkLocation(script, family, ops, resource);

  const first = await script.send(ops.read, { path: resource.path, query: readQuery(family) });
  script.expectStatus(statefulSequence, ops.read, first, 'success', `read the new ${family.name}`);
  script.judgeOrStop(statefulSequence, ops.read, { step: 'read', family: family.name, id: resource.id, idField: family.idField, answer: first });
  script.record('read', 'ok');
  checkCreated(script, family, ops, resource, first.item);
  for (const other of env.others) {
    const elsewhere = other.operation(family.item!, 'GET');
    if (elsewhere === undefined) continue;
    const answer = await script.send(elsewhere, { path: resource.path });
    const what = `read the ${family.name} created through ${env.book.locale} through ${other.locale}`;
    script.expectStatus(crossLocaleVisibility, elsewhere, answer, 'success', what);
    script.record(`read through ${other.locale}`, 'ok');
  }

  let base = { ...listBase(family, resource, first.field('status')), ...narrowing.query };
  // The list leaves the resource out by a rule of its own: no total counts it.
  let leftOut = false;
  if (list !== undefined && narrowing.unsettable.length > 0) {
    const note = `the new ${family.name} ${resource.id} is left out by its list's default ${narrowing.unsettable.join(', ')}, which cannot be set to its value: neither its list nor its X-WP-Total is judged`;
    // On the create, which this run sent: the list may have had no request of its own.
    script.ctx.execution.note(ops.create, `${script.phase}: ${note}`);
    script.record('listed', 'skipped', note);
    leftOut = true;
  } else if (list !== undefined) {
    const narrowed = await findInList(script, family, list, resource, base, token);
    const totals = await totalsAfterCreate(script, family, list, resource, base, token, totalsBefore, narrowed);
    if (judgeListed(script, list, narrowed.listed, totals.before, totals.after)) {
      script.judgeOrStop(listTotal, list, { step: 'created', ...totals });
      if (totals.before !== undefined && !totalsComparable(totals.before, totals.after))
        script.record('list total one up', 'skipped', 'the list changed beside the create (another writer), or could not be seen whole');
      await checkSearch(script, family, list, resource, base, token, totalsBefore.searched, narrowed.listed.how);
    } else leftOut = true;
  }

  await checkDuplicate(script, family, ops, resource, token);
  const lastWrite = await updateEveryField(script, family, ops, resource, token);
  await emptyTextAnswered(script, family, ops, resource, token);
  await othersRefused(script, family, ops, resource, token);

  const beforeDelete = await script.send(ops.read, { path: resource.path, query: readQuery(family) });
  script.expectStatus(statefulSequence, ops.read, beforeDelete, 'success', `read the ${family.name} before the delete`);
  const status = beforeDelete.field('status');
  // A status the list cannot filter by (an update wrote one outside its vocabulary): no total counts the resource.
  const unlisted = leftOut || (typeof status === 'string' && family.list?.status !== undefined && !family.list.status.includes(status));
  // An update may have changed the status the list filters by: the totals compare under the new one.
  base = { ...listBase(family, resource, status), ...narrowing.query };
  const withIt = list === undefined || unlisted ? undefined : await totalWithResource(script, family, list, resource, base, token);
  if ((await deleteResource(script, family, ops, resource, token)) === 'trashed') return;
  await expectGone(script, ops.read, { path: resource.path }, `reading the ${family.name}`);
  if (ops.update !== undefined) await expectGone(script, ops.update, { path: resource.path, body: lastWrite ?? {} }, `updating the ${family.name}`);
  await expectGone(script, ops.remove, { path: resource.path, body: deleteArgs(family, token) }, `deleting the ${family.name} again`);
  script.record('gone after the delete', 'ok');

  if (list !== undefined) {
    let final: ListRead | undefined;
    if (family.list?.include && /^\d+$/.test(resource.id)) {
      const query = { ...base, include: [Number(resource.id)] };
      const after = await script.send(list, { path: resource.collectionPath, query });
      script.expectStatus(statefulSequence, list, after, 'success', `list ${family.name} narrowed by include after the delete`);
      script.judgeOrStop(useAfterDelete, list, { step: 'listed', family: family.name, id: resource.id, idField: family.idField, list: after.json });
      if (withIt?.read.query === JSON.stringify(query)) final = listRead(family, after, query, resource.id);
    }
    if (unlisted || withIt === undefined) {
      const why = leftOut ? 'its list leaves it out' : `the ${family.name} is ${JSON.stringify(status)}, a status its list cannot filter by`;
      script.record('list total back', 'skipped', why);
      return;
    }
    final ??= await readList(script, family, list, resource.collectionPath, withIt.query, resource.id);
    if (final.read.total === undefined) {
      // An answer without X-WP-Total is `collection_headers`' finding, not a total that is wrong.
      script.record('list total back', 'skipped', 'the list answered no X-WP-Total after the delete');
      return;
    }
    script.judgeOrStop(listTotal, list, { step: 'deleted', family: family.name, withIt: withIt.read, after: final.read });
    if (totalsComparable(withIt.read, final.read)) script.record('list total back', 'ok');
    else script.record('list total back', 'skipped', 'the list changed beside the delete (another writer), or could not be seen whole');
  }
}
