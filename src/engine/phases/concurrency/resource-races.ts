/**
 * The races on a family of the resource model: N creates with the same unique values, N updates of one resource,
 * N deletes of one resource. Each makes what it races on itself and registers its deletes as clean-up, the
 * resources a race made beside the one it was meant to make included (named by their answers, or found by the
 * unique values they hold).
 */
import { concurrentCreate } from '../../../checks/concurrency/concurrent-create.js';
import { concurrentDelete } from '../../../checks/concurrency/concurrent-delete.js';
import { concurrentUpdate } from '../../../checks/concurrency/concurrent-update.js';
import { holderIds, sharedTexts } from '../../../checks/concurrency/holders.js';
import { statefulSequence } from '../../../checks/stateful/stateful-sequence.js';
import { idText, isSuccess, type StepAnswer } from '../../../checks/stateful/step-answer.js';
import type { Operation } from '../../../descriptor/types.js';
import { createBody, freshValue, type ResourceFamily } from '../../../resources/index.js';
import { createParents, createResource, deleteArgs, familyOperations, itemPath, type FamilyEnv, type FamilyOperations } from '../../steps/resources.js';
import type { StepScript } from '../../steps/step-script.js';
import { judgeRace, raceAnswer, sendRace } from './race.js';

/** The unique fields a create race shares: all of them (`undefined`), or one, the others differing per request. */
export type CreateVariant = string | undefined;

/** The create races of a family: all its unique values shared, and where it has several, each one alone shared. */
export function createVariants(family: ResourceFamily): CreateVariant[] {
  if (family.unique.length === 0) return [];
  return family.unique.length === 1 ? [undefined] : [undefined, ...family.unique];
}

/** The read that shows everything written: edit context where the route declares it. */
function editQuery(family: ResourceFamily): Record<string, unknown> {
  return family.read?.contexts.includes('edit') ? { context: 'edit' } : {};
}

/**
 * The resources holding `shared` afterwards, by `search` on the list for each shared text value (edit context,
 * where the list takes it, so an account's e-mail address shows): undefined when the list cannot search.
 */
async function holdersOf(
  script: StepScript,
  family: ResourceFamily,
  list: Operation | undefined,
  collectionPath: Record<string, string>,
  shared: Record<string, unknown>,
): Promise<string[] | undefined> {
  const values = sharedTexts(shared);
  if (list === undefined || !family.list?.search || values.length === 0) return undefined;
  const edit = Array.isArray(list.args.context?.enum) && list.args.context.enum.includes('edit') ? { context: 'edit' } : {};
  const perPage = family.list.perPage === undefined ? {} : { per_page: family.list.perPage };
  const holders = new Set<string>();
  for (const value of values.filter((one) => /[a-z]/i.test(one))) {
    const answer = await script.send(list, { path: collectionPath, query: { search: value, ...edit, ...perPage } });
    if (!isSuccess(answer) || !Array.isArray(answer.json)) return undefined;
    for (const id of holderIds([answer.json], values, family.idField)) holders.add(id);
  }
  return [...holders];
}

/** Deletes `id` of the family when the sequence ends. */
function cleanupOf(script: StepScript, family: ResourceFamily, ops: FamilyOperations, collectionPath: Record<string, string>, id: string, token: string): void {
  script.cleanup(ops.remove, { path: itemPath(ops.read, collectionPath, id), body: deleteArgs(family, token) });
}

/** N creates sent together sharing the family's unique values (`variant`: only that one), fresh values otherwise. */
export async function createRace(
  script: StepScript,
  env: FamilyEnv,
  family: ResourceFamily,
  token: string,
  width: number,
  variant: CreateVariant,
): Promise<void> {
  const ops = familyOperations(env.book, family)!;
  const parents = await createParents(script, env, family, token, ops.create);
  const base = createBody(family, token, parents.ids);
  if ('missing' in base) script.stop(ops.create, `no valid value for the required argument "${base.missing}" of a ${family.name} create`);
  const fields = (variant === undefined ? family.unique : [variant]).filter((name) => base.body[name] !== undefined);
  if (fields.length === 0) script.stop(ops.create, `no create value of a ${family.name} must be unique`);
  const shared = Object.fromEntries(fields.map((name) => [name, base.body[name]]));
  const bodies = Array.from({ length: width }, (_, index) => {
    const own = createBody(family, `${token}r${index.toString(36)}`, parents.ids);
    return { ...('body' in own ? own.body : base.body), ...shared };
  });
  const answers = await sendRace(
    script,
    ops.create,
    bodies.map((body) => ({ path: parents.collectionPath, body })),
  );
  if (answers.every((answer) => answer.status === 401 || answer.status === 403))
    script.stop(ops.create, `the ${family.name} creates were refused 401/403: the credentials lack the right`);
  const named = new Set(
    answers.map((answer) => (isSuccess(answer) ? idText(answer.field(family.idField)) : undefined)).filter((id): id is string => id !== undefined),
  );
  for (const id of named) cleanupOf(script, family, ops, parents.collectionPath, id, token);
  const holders = await holdersOf(script, family, ops.list, parents.collectionPath, shared);
  // A resource a race made without naming it (a 5xx that created all the same) is deleted too.
  for (const id of holders ?? []) if (!named.has(id)) cleanupOf(script, family, ops, parents.collectionPath, id, token);
  const evidence = { family: family.name, shared, answers: answers.map((answer) => raceAnswer(answer, family.idField)), holders };
  judgeRace(script, concurrentCreate, ops.create, evidence, `${width} creates with the same ${fields.join(' and ')}`, {
    idField: family.idField,
    deleteArgs: deleteArgs(family, token),
  });
}

/** The update's fields the race writes: text fields whose fresh values differ from request to request. */
function raceFields(family: ResourceFamily, current: Record<string, unknown> | undefined, token: string): string[] {
  const parentArgs = new Set(family.parents.map((parent) => parent.name));
  return Object.entries(family.update?.fields ?? {})
    .filter(([field]) => !(field in family.fixedFields) && !parentArgs.has(field) && !family.unique.includes(field))
    .filter(([field, schema]) => {
      const one = freshValue(field, schema, `${token}a`, current?.[field]);
      const other = freshValue(field, schema, `${token}b`, current?.[field]);
      return typeof one === 'string' && typeof other === 'string' && one !== other;
    })
    .map(([field]) => field)
    .slice(0, 3);
}

/**
 * N updates of one resource sent together, in two sets of fields taken in turn: with three fields or more, two of
 * them (which must then come from one request) and a third; with two, one each. Afterwards each set must hold what
 * one of its requests wrote: an update that reads the record, then writes it whole, loses the other set.
 */
export async function updateRace(script: StepScript, env: FamilyEnv, family: ResourceFamily, token: string, width: number): Promise<void> {
  const ops = familyOperations(env.book, family)!;
  const update = ops.update!;
  const resource = await createResource(script, env, family, token);
  const before = await script.send(ops.read, { path: resource.path, query: editQuery(family) });
  script.expectStatus(statefulSequence, ops.read, before, 'success', `read the new ${family.name}`);
  const current = before.json as Record<string, unknown> | undefined;
  const fields = raceFields(family, current, token);
  if (fields.length === 0) script.stop(update, `no field of a ${family.name} takes values that differ from request to request`);
  const sets = fields.length >= 3 ? [fields.slice(0, 2), fields.slice(2)] : fields.map((field) => [field]);
  const writes = Array.from({ length: width }, (_, index) => {
    const set = sets[index % sets.length]!;
    return {
      fields: Object.fromEntries(
        set.map((field) => [field, freshValue(field, family.update!.fields[field]!, `${token}w${index.toString(36)}`, current?.[field])]),
      ),
    };
  });
  const answers = await sendRace(
    script,
    update,
    writes.map((write) => ({ path: resource.path, body: write.fields })),
  );
  const after = await script.send(ops.read, { path: resource.path, query: editQuery(family) });
  script.expectStatus(statefulSequence, ops.read, after, 'success', `read the ${family.name} after the updates`);
  const evidence = { family: family.name, id: resource.id, writes, answers: answers.map((answer) => raceAnswer(answer)), read: after.json };
  judgeRace(script, concurrentUpdate, update, evidence, `${width} updates of ${fields.join(', ')}`, {
    idField: family.idField,
    deleteArgs: deleteArgs(family, token),
  });
}

/** N deletes of one resource sent together, then its read and its list narrowed to it. */
export async function deleteRace(script: StepScript, env: FamilyEnv, family: ResourceFamily, token: string, width: number): Promise<void> {
  const ops = familyOperations(env.book, family)!;
  const resource = await createResource(script, env, family, token);
  const answers = await sendRace(
    script,
    ops.remove,
    Array.from({ length: width }, () => ({ path: resource.path, body: deleteArgs(family, token) })),
  );
  if (answers.every((answer) => answer.status === 401 || answer.status === 403))
    script.stop(ops.remove, `the ${family.name} deletes were refused 401/403: the credentials lack the right`);
  const after = await script.send(ops.read, { path: resource.path });
  let listed: boolean | undefined;
  if (ops.list !== undefined && family.list?.include && /^\d+$/.test(resource.id)) {
    const list: StepAnswer = await script.send(ops.list, { path: resource.collectionPath, query: { include: [Number(resource.id)] } });
    listed =
      isSuccess(list) && Array.isArray(list.json)
        ? list.json.some((item) => idText((item as Record<string, unknown>)[family.idField]) === resource.id)
        : undefined;
  }
  const evidence = { family: family.name, id: resource.id, answers: answers.map((answer) => raceAnswer(answer)), after: raceAnswer(after), listed };
  judgeRace(script, concurrentDelete, ops.remove, evidence, `${width} deletes`, { idField: family.idField, deleteArgs: deleteArgs(family, token) });
}
