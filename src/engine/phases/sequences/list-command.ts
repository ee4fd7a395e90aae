/**
 * Lists held against the model: a family's list read with the model's resources of it, narrowed by `include` where
 * the list declares it, else to one parent by the filter that names it. The live ones must be listed, the deleted
 * ones not, and X-WP-Total must count the live ones. A list step of its own (any identity, any locale), and after
 * every write the lists of the written family through every locale, as the run's own account.
 */
import { isSuccess, itemsWith, type StepAnswer } from '../../../checks/stateful/step-answer.js';
import type { Identity } from '../../../request/index.js';
import { schemaTypes } from '../../../resources/index.js';
import { learnLeftOut, leavesItemsOut } from '../../left-out.js';
import { ModelCommand } from './command-base.js';
import type { ModelResource, SiteModel } from './model.js';
import type { SequenceRun } from './sequence-run.js';
import type { WorldFamily } from './world.js';

/** How a list is narrowed to what the model knows: by include, or by the filter naming a parent. */
type Narrowing = { by: 'include' } | { by: 'parent'; filter: string; arg: string; parentFamily: string };

function idsOf(resources: readonly ModelResource[], states: readonly ModelResource['state'][]): string[] {
  return resources.filter((resource) => states.includes(resource.state)).map((resource) => resource.id);
}

export function narrowing(wf: WorldFamily): Narrowing | undefined {
  const { family } = wf;
  // A sub-resource's list is under one parent's path: not modelled.
  if (wf.ops[0]!.list === undefined || family.parents.some((parent) => parent.via === 'path')) return undefined;
  if (family.list?.include) return { by: 'include' };
  for (const [filter, arg] of Object.entries(family.list?.filters ?? {})) {
    const link = family.parents.find((parent) => parent.name === arg);
    if (link !== undefined) return { by: 'parent', filter, arg, parentFamily: link.family };
  }
  return undefined;
}

/**
 * The status filter a list of `members` needs, and the members it counts: those whose status the vocabulary has,
 * all asked for at once where the argument takes a list, else the first one's alone. Undefined: no vocabulary.
 */
function statusesOf(
  wf: WorldFamily,
  locale: number,
  members: readonly ModelResource[],
): { query: string | string[] | undefined; counted: ModelResource[] } | undefined {
  const vocabulary = wf.family.list?.status;
  // A status filter without a vocabulary (a comment list's `approve`, where a comment reads `approved` or `hold`):
  // what it shows by default is the server's rule, so only what has no status is counted.
  if (vocabulary === undefined)
    return wf.ops[locale]!.list!.args.status === undefined
      ? undefined
      : { query: undefined, counted: members.filter((resource) => resource.status === undefined) };
  const known = members.filter((resource) => resource.status !== undefined && vocabulary.includes(resource.status));
  const statuses = [...new Set(known.map((resource) => resource.status!))];
  const takesList = schemaTypes(wf.ops[locale]!.list!.args.status ?? {}).includes('array');
  if (statuses.length === 0) return { query: vocabulary[0] ?? '', counted: [] };
  if (takesList) return { query: statuses, counted: known };
  return { query: statuses[0]!, counted: known.filter((resource) => resource.status === statuses[0]) };
}

function numeric(resource: ModelResource): boolean {
  return /^\d+$/.test(resource.id);
}

/**
 * Whether `created`, just made, is left out of the list by the product's own rule: the list, seen whole, does not
 * show it and its X-WP-Total does not count it either (one less than the live resources the model holds in it). An
 * empty list without X-WP-Total counts nothing: BuddyPress sends no totals when it found none.
 */
function leftOut(
  created: ModelResource | undefined,
  live: readonly string[],
  answer: StepAnswer,
  idField: string,
  total: number | undefined,
  learnt = false,
): boolean {
  if (created === undefined || created.unlisted || !live.includes(created.id)) return false;
  if (itemsWith(answer, idField, created.id).length > 0) return false;
  const counted = total ?? (Array.isArray(answer.json) && answer.json.length === 0 ? 0 : undefined);
  return learnt || counted === live.length - 1;
}

/**
 * Reads `wf`'s list through locale `locale` as `identity`, narrowed to what the model holds (to the parent `parent`
 * for a list narrowed by one), and holds it against the model when the identity is the run's own. `created`: the
 * resource the step just made, which the list may leave out by a rule of its own (then a note, not a failure).
 */
export async function checkList(
  model: SiteModel,
  run: SequenceRun,
  wf: WorldFamily,
  locale: number,
  identity: Identity,
  parent: ModelResource | undefined,
  step: string,
  created?: ModelResource,
): Promise<number | undefined> {
  const { family } = wf;
  const list = wf.ops[locale]!.list!;
  const perPage = Math.min(family.list?.perPage ?? 100, 100);
  const narrowed = narrowing(wf);
  if (narrowed === undefined) return undefined;
  let query: Record<string, unknown>;
  let members: ModelResource[];
  let what: string;
  if (narrowed.by === 'include') {
    members = model.ofFamily(family.name).filter(numeric).slice(-perPage);
    if (members.length === 0) return undefined;
    query = { include: members.map((resource) => Number(resource.id)), per_page: perPage };
    what = `narrowed by include to ${members.map((resource) => resource.id).join(', ')}`;
  } else {
    if (parent === undefined) return undefined;
    members = model.ofFamily(family.name).filter((resource) => resource.parentIds[narrowed.arg] === parent.id);
    query = { [narrowed.filter]: numeric(parent) ? Number(parent.id) : parent.id, per_page: perPage };
    what = `of ${parent.label}`;
  }
  // Under a parent the model cannot place (orphaned, or shared and taken back), the list is only held to answer.
  const placed = parent === undefined || parent.state === 'live' || parent.state === 'deleted';
  const deletedParent = parent !== undefined && parent.state === 'deleted';
  // A list with a status vocabulary shows only the statuses asked for (WordPress: published posts unless asked).
  const statuses = statusesOf(wf, locale, members);
  if (statuses?.query !== undefined) query.status = statuses.query;
  const counted = statuses === undefined ? members : statuses.counted;
  const locally = `${step}: list ${family.name} ${what} as ${identity.name} (${run.world.locales[locale]!.book.locale ?? 'no locale'})`;
  const answer = await run.send(list, { path: {}, query }, identity);
  const main = run.isMain(identity);
  run.judge(locally, list, { kind: 'answer', expected: main && !deletedParent ? 'success' : 'answered', why: 'a list the model can count', answer });
  if (!main || !placed || !isSuccess(answer)) return answer.status;
  const header = answer.header('x-wp-total');
  const total = header !== undefined && /^\d+$/.test(header.trim()) ? Number(header) : undefined;
  // A list paged by an argument the descriptor does not call per_page (a signup list's `number`) shows one page.
  const whole = !(Number(answer.header('x-wp-totalpages')) > 1);
  // Under a deleted parent nothing may still name it; orphans elsewhere may have gone or moved: not counted.
  let live = deletedParent
    ? []
    : idsOf(
        counted.filter((resource) => !resource.unlisted),
        ['live'],
      );
  // A family the run learnt leaves items out by its own rule (`engine/left-out.ts`) needs no count to show it.
  const learnt = leavesItemsOut(run.script.ctx.execution, family.name);
  if ((whole || learnt) && leftOut(created, live, answer, family.idField, learnt ? undefined : total, learnt)) {
    learnLeftOut(run.script.ctx.execution, family.name);
    created!.unlisted = true;
    live = live.filter((id) => id !== created!.id);
    // One note for the list, whichever resource (a line per resource would grow with the sequences run).
    const note = `a new ${family.name}, right after its create, is not in its list and X-WP-Total does not count it: the list leaves it out by a rule of its own`;
    run.script.ctx.execution.note(list, `${run.script.phase}: ${note}`);
    run.record(locally, `${created!.label}: ${note}`);
  }
  // What was deleted is listed under no status.
  const deleted = deletedParent ? members.map((resource) => resource.id) : idsOf(members, ['deleted']);
  const exact = deletedParent || (counted.length === members.length && members.every((resource) => resource.state === 'live' || resource.state === 'deleted'));
  run.judge(locally, list, { kind: 'listed', family: family.name, idField: family.idField, live, deleted, exact, whole, list: answer.json, total });
  return answer.status;
}

/** After a write to `resource` (`created`: its create): its family's list through every locale, as the run's own account. */
export async function listsAfterWrite(
  model: SiteModel,
  run: SequenceRun,
  wf: WorldFamily,
  resource: ModelResource,
  step: string,
  created = false,
): Promise<void> {
  const narrowed = narrowing(wf);
  if (narrowed === undefined) return;
  const parent =
    narrowed.by === 'parent' ? model.ofFamily(narrowed.parentFamily).find((candidate) => candidate.id === resource.parentIds[narrowed.arg]) : undefined;
  for (const index of run.world.locales.keys())
    await checkList(model, run, wf, index, run.world.main!, parent, `${step}, then`, created ? resource : undefined);
}

export class ListCommand extends ModelCommand {
  check(model: Readonly<SiteModel>): boolean {
    const narrowed = narrowing(this.wf);
    if (narrowed === undefined) return false;
    if (narrowed.by === 'include') return model.ofFamily(this.wf.family.name).some(numeric);
    return model.ofFamily(narrowed.parentFamily).length > 0;
  }

  async run(model: SiteModel, run: SequenceRun): Promise<void> {
    model.step += 1;
    const narrowed = narrowing(this.wf)!;
    const parent = narrowed.by === 'parent' ? this.pickFrom(model.ofFamily(narrowed.parentFamily)) : undefined;
    const step = `step ${model.step}`;
    const status = await checkList(model, run, this.wf, this.drawn.locale, this.identity, parent, step);
    run.record(`${step}: list ${this.wf.family.name} ${this.where()}`, String(status ?? 'no answer'));
  }

  toString(): string {
    return `list ${this.wf.family.name} ${this.where()}`;
  }
}
