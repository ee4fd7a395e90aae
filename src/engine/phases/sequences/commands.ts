/**
 * The commands a sequence is drawn from, one kind per thing a client does to a family's resources: create, read,
 * update, delete, list and the actions on an item. Each holds only what fast-check drew (which family, locale,
 * identity, resource and fields, as indices): it resolves them against the model when it runs, so a shrunk or
 * replayed sequence means the same steps. Preconditions read the model; `run` sends the step, holds its answer and
 * a read against the model, and changes the model by what the server answered.
 */
import { createBody, createUpload, freshValue, requiredUpdateValues } from '../../../resources/index.js';
import { idText, isSuccess, type StepAnswer } from '../../../checks/stateful/step-answer.js';
import { deleteArgs, idInUrl, itemPath } from '../../steps/resources.js';
import type { ModelResource, SiteModel } from './model.js';
import { goneExpectation, type SequenceRun } from './sequence-run.js';
import { answeredBefore, type WorldFamily } from './world.js';
import { ModelCommand } from './command-base.js';
import { act } from './actions.js';
import { readBack } from './reads.js';
import { listsAfterWrite } from './list-command.js';

class CreateCommand extends ModelCommand {
  check(model: Readonly<SiteModel>): boolean {
    return this.parentLinks().every((link) => model.ofFamily(link.family, ['live']).length > 0);
  }

  parentLinks(): WorldFamily['family']['parents'] {
    return this.wf.family.parents.filter((link) => !(link.name in this.wf.family.createValues));
  }

  async run(model: SiteModel, run: SequenceRun): Promise<void> {
    model.step += 1;
    const { family } = this.wf;
    const ops = this.wf.ops[this.drawn.locale]!;
    const parentIds: Record<string, string> = {};
    const collectionPath: Record<string, string> = {};
    for (const link of this.parentLinks()) {
      const parent = this.pickFrom(model.ofFamily(link.family, ['live']))!;
      parentIds[link.name] = parent.id;
      if (link.via === 'path') collectionPath[link.name] = parent.id;
    }
    const token = `${run.token}n${model.creates}`;
    model.creates += 1;
    const made = createBody(family, token, parentIds);
    const parents = Object.entries(parentIds).map(([name, id]) => `${name} ${id}`);
    const step = `step ${model.step}: create a ${family.name}${parents.length > 0 ? ` under ${parents.join(', ')}` : ''} ${this.where()}`;
    if ('missing' in made) {
      run.script.record(step, 'skipped', `no valid value for the required ${made.missing}`);
      return;
    }
    const answer = await run.send(ops.create, { path: collectionPath, body: made.body, upload: createUpload(family, token) }, this.identity);
    run.judge(step, ops.create, { kind: 'answer', expected: 'answered', why: 'a create with values its descriptor allows', answer });
    if (!isSuccess(answer)) {
      run.record(step, `refused: ${answer.status ?? 'no answer'}`);
      return;
    }
    const location = answer.header('location');
    const id =
      idText(answer.field(family.idField)) ??
      (location === undefined ? undefined : idInUrl(location, run.script.ctx.execution.restUrl(ops.create.locale), ops.read));
    run.judge(step, ops.create, { kind: 'created', family: family.name, id });
    // An id the server gives again once its resource is deleted (a widget's `block-7`) now names the new one.
    for (const reused of model.ofFamily(family.name, ['deleted']).filter((resource) => resource.id === id)) {
      reused.state = 'unknown';
      reused.why = `its id ${id} was given again to a new ${family.name} at step ${model.step}`;
    }
    const existing = model.ofFamily(family.name).find((resource) => resource.id === id && resource.state !== 'deleted' && resource.state !== 'unknown');
    if (existing !== undefined) {
      // A second create answered with the id of one the sequence made: the same resource, made by two.
      existing.shared = true;
      existing.makers.push(this.identity.name);
      run.record(step, `answered with ${existing.label}, made before`);
      return;
    }
    const joined = id !== undefined && answeredBefore(run.world, family.name, id);
    const path = itemPath(ops.read, collectionPath, id!);
    const deleteBody = deleteArgs(family, token);
    const written = Object.fromEntries(Object.entries(made.body).filter(([field]) => this.wf.writable.includes(field)));
    const resource: ModelResource = {
      family,
      id: id!,
      label: `${family.name} ${id!}`,
      path,
      collectionPath,
      parentIds,
      makers: [this.identity.name],
      written,
      state: joined ? 'unknown' : 'live',
      ...(joined ? { why: `its id ${id} was answered by an earlier create of the phase: another sequence's creates may hold it too` } : {}),
      deleteBody,
      forget: run.script.cleanup(ops.remove, { path, body: deleteBody }),
    };
    model.add(resource);
    run.record(step, joined ? `joined ${resource.label}, made before this sequence` : `made ${resource.label}`);
    if (!joined) await readBack(model, run, this.wf, resource, this.drawn.locale, step, Object.keys(written));
    await listsAfterWrite(model, run, this.wf, resource, step, true);
  }

  toString(): string {
    return `create ${this.wf.family.name} ${this.where()}`;
  }
}

class ReadCommand extends ModelCommand {
  check(model: Readonly<SiteModel>): boolean {
    return model.ofFamily(this.wf.family.name).length > 0;
  }

  context(): string | undefined {
    const contexts = this.wf.family.read?.contexts ?? [];
    return contexts.length === 0 ? undefined : contexts[this.drawn.choice % contexts.length];
  }

  async run(model: SiteModel, run: SequenceRun): Promise<void> {
    model.step += 1;
    const resource = this.target(model)!;
    const ops = this.wf.ops[this.drawn.locale]!;
    const context = this.context();
    const step = `step ${model.step}: read ${resource.label}${context === undefined ? '' : ` in context ${context}`} ${this.where()}`;
    const answer = await run.send(ops.read, { path: resource.path, query: context === undefined ? {} : { context } }, this.identity);
    const main = run.isMain(this.identity);
    if (resource.state === 'unknown') run.judge(step, ops.read, { kind: 'answer', expected: 'answered', why: resource.why ?? '', answer });
    else if (resource.state === 'deleted') run.judge(step, ops.read, goneExpectation(run, this.identity, resource, answer));
    else if (resource.state === 'orphaned') judgeOrphan(model, run, resource, step, ops.read, answer, main);
    else {
      run.judge(step, ops.read, { kind: 'answer', expected: main ? 'success' : 'answered', why: `${resource.label} is live`, answer });
      // Only the edit context shows values as written (`raw`); a context-less route shows what it has.
      if (main && (context === undefined || context === 'edit'))
        run.judge(step, ops.read, { kind: 'values', resource: resource.label, written: resource.written, read: answer.json });
    }
    run.record(step, String(answer.status ?? 'no answer'));
  }

  toString(): string {
    return `read ${this.wf.family.name}${this.context() === undefined ? '' : ` (${this.context()})`} ${this.where()}`;
  }
}

/** An orphan read: gone, or under another parent; the run's own reads teach the model which. */
export function judgeOrphan(
  model: SiteModel,
  run: SequenceRun,
  resource: ModelResource,
  step: string,
  op: Parameters<SequenceRun['judge']>[1],
  answer: StepAnswer,
  main: boolean,
): void {
  const parent = resource.orphanOf!;
  run.judge(step, op, { kind: 'orphan', resource: resource.label, parent, answer });
  if (!main) return;
  if (answer.status === 404 || answer.status === 410) model.removedWithParent(resource);
  else if (isSuccess(answer)) model.reparented(resource, parent.field, idText(answer.field(parent.field)) ?? '');
}

class UpdateCommand extends ModelCommand {
  check(model: Readonly<SiteModel>): boolean {
    return this.wf.writable.length > 0 && model.ofFamily(this.wf.family.name).length > 0;
  }

  fields(): string[] {
    const { writable } = this.wf;
    const chosen = writable.filter((_, index) => (this.drawn.choice >> index) & 1);
    return chosen.length > 0 ? chosen : [writable[this.drawn.choice % writable.length]!];
  }

  async run(model: SiteModel, run: SequenceRun): Promise<void> {
    model.step += 1;
    const resource = this.target(model)!;
    const ops = this.wf.ops[this.drawn.locale]!;
    const update = ops.update!;
    const body: Record<string, unknown> = {};
    for (const field of this.fields()) {
      const value = freshValue(field, this.wf.family.update!.fields[field]!, `${run.token}u${model.step}`, resource.written[field]);
      if (value !== undefined) body[field] = value;
    }
    const step = `step ${model.step}: update ${Object.keys(body).join(', ') || 'nothing'} of ${resource.label} ${this.where()}`;
    if (Object.keys(body).length === 0) {
      run.script.record(step, 'skipped', 'no value the descriptor makes sure of');
      return;
    }
    // With the fields the update requires, as the model holds them: without them WordPress refuses it (400) first.
    const sent = { ...requiredUpdateValues(this.wf.family, resource.written, `${run.token}r${model.step}`), ...body };
    const answer = await run.send(update, { path: resource.path, body: sent }, this.identity);
    // WordPress validates an update's values before it looks the resource up: a value it refuses is a 400 first.
    if (resource.state === 'deleted' && answer.status === 400 && answer.code === 'rest_invalid_param')
      run.judge(step, update, { kind: 'answer', expected: 'refused', why: `${resource.label} ${resource.why ?? 'was deleted'}`, answer });
    else if (resource.state === 'deleted') run.judge(step, update, goneExpectation(run, this.identity, resource, answer, true));
    else if (resource.state === 'orphaned' || resource.state === 'unknown')
      run.judge(step, update, { kind: 'answer', expected: 'answered', why: resource.why ?? '', answer });
    else {
      const refused = run.mustBeRefused(this.identity, this.wf, resource);
      const why = refused ? `${this.identity.name} did not make ${resource.label} (${resource.makers.join(' and ')} did)` : `${resource.label} is live`;
      run.judge(step, update, { kind: 'answer', expected: refused ? 'refused' : 'answered', why, answer });
      if (isSuccess(answer)) {
        Object.assign(resource.written, body);
        // WordPress keeps a date and its `_gmt` twin as one instant: writing one moves the other.
        for (const field of Object.keys(body)) {
          const twin = field.endsWith('_gmt') ? field.slice(0, -4) : `${field}_gmt`;
          if (!(twin in body)) delete resource.written[twin];
        }
        await readBack(model, run, this.wf, resource, this.drawn.locale, step, Object.keys(body));
      }
    }
    run.record(step, String(answer.status ?? 'no answer'));
  }

  toString(): string {
    return `update ${this.fields().join('+')} of ${this.wf.family.name} ${this.where()}`;
  }
}

class DeleteCommand extends ModelCommand {
  check(model: Readonly<SiteModel>): boolean {
    return model.ofFamily(this.wf.family.name).length > 0;
  }

  async run(model: SiteModel, run: SequenceRun): Promise<void> {
    model.step += 1;
    const resource = this.target(model)!;
    const ops = this.wf.ops[this.drawn.locale]!;
    const step = `step ${model.step}: delete ${resource.label} ${this.where()}`;
    const answer = await run.send(ops.remove, { path: resource.path, body: resource.deleteBody }, this.identity);
    const main = run.isMain(this.identity);
    if (resource.state === 'deleted') run.judge(step, ops.remove, goneExpectation(run, this.identity, resource, answer, true));
    else if (resource.state === 'unknown') run.judge(step, ops.remove, { kind: 'answer', expected: 'answered', why: resource.why ?? '', answer });
    else if (resource.state === 'orphaned') {
      run.judge(step, ops.remove, { kind: 'answer', expected: 'answered', why: resource.why ?? '', answer });
      if (main && (isSuccess(answer) || answer.status === 404 || answer.status === 410)) model.delete(resource, `deleted at step ${model.step}`);
    } else {
      const refused = run.mustBeRefused(this.identity, this.wf, resource);
      // The run's own account may lack the right (401/403): no finding, as in the life cycles.
      const lacksRight = main && (answer.status === 401 || answer.status === 403);
      const expected = refused ? 'refused' : main && !lacksRight ? 'success' : 'answered';
      const why = refused ? `${this.identity.name} did not make ${resource.label} (${resource.makers.join(' and ')} did)` : `${resource.label} is live`;
      run.judge(step, ops.remove, { kind: 'answer', expected, why, answer });
      if (isSuccess(answer) && resource.shared === true) model.delete(resource, `was deleted at step ${model.step}`);
      else if (isSuccess(answer)) {
        model.delete(resource, `was deleted at step ${model.step}`);
        // Gone everywhere: read back through every locale as the run's own account.
        for (const [index, env] of run.world.locales.entries()) {
          const read = run.world.families[this.drawn.family]!.ops[index]!.read;
          const after = await run.send(read, { path: resource.path }, run.world.main!);
          run.judge(`${step}, then read through ${env.book.locale ?? 'the root'}`, read, goneExpectation(run, run.world.main!, resource, after));
        }
        await this.readOrphans(model, run, resource, step);
        // Nothing is left to act on: each action on it is refused.
        for (const action of this.wf.actions)
          await act(model, run, action, resource, this.drawn.locale, run.world.main!, `${step}, then ${action.name} it as ${run.world.main!.name}`);
        await listsAfterWrite(model, run, this.wf, resource, step);
      }
    }
    run.record(step, String(answer.status ?? 'no answer'));
  }

  /** Each child the delete left without its parent, read as the run's own account: gone, or under another parent. */
  async readOrphans(model: SiteModel, run: SequenceRun, parent: ModelResource, step: string): Promise<void> {
    const orphans = model.resources.filter(
      (child) => child.state === 'orphaned' && child.orphanOf?.family === parent.family.name && child.orphanOf.id === parent.id,
    );
    for (const orphan of orphans) {
      const wf = run.world.families.find((candidate) => candidate.family.name === orphan.family.name);
      if (wf === undefined) continue;
      const read = wf.ops[this.drawn.locale]!.read;
      const answer = await run.send(read, { path: orphan.path }, run.world.main!);
      judgeOrphan(model, run, orphan, `${step}, then read ${orphan.label}`, read, answer, true);
    }
  }

  toString(): string {
    return `delete ${this.wf.family.name} ${this.where()}`;
  }
}

class ActionCommand extends ModelCommand {
  check(model: Readonly<SiteModel>): boolean {
    return this.wf.actions.length > 0 && model.ofFamily(this.wf.family.name).length > 0;
  }

  get action(): WorldFamily['actions'][number] {
    return this.wf.actions[this.drawn.choice % this.wf.actions.length]!;
  }

  async run(model: SiteModel, run: SequenceRun): Promise<void> {
    model.step += 1;
    const resource = this.target(model)!;
    const step = `step ${model.step}: ${this.action.name} ${resource.label} ${this.where()}`;
    const answer = await act(model, run, this.action, resource, this.drawn.locale, this.identity, step);
    run.record(step, String(answer.status ?? 'no answer'));
  }

  toString(): string {
    return `${this.action.name} ${this.wf.family.name} ${this.where()}`;
  }
}

export const COMMAND_KINDS = {
  create: CreateCommand,
  read: ReadCommand,
  update: UpdateCommand,
  delete: DeleteCommand,
  action: ActionCommand,
} as const;
