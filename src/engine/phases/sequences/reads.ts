/**
 * The reads a step ends with, and what an action's answer says it made: after a create or an update, the
 * resource read back as the run's own account (edit context where declared) must hold every value the sequence
 * wrote; an action that answers with the id of a new account (a signup's activation: `user_id`) made a
 * resource the model now holds and the sequence deletes at its end.
 */
import { idText, type StepAnswer } from '../../../checks/stateful/step-answer.js';
import { holdsWritten } from '../../../checks/stateful/written.js';
import type { Identity } from '../../../request/index.js';
import { deleteArgs, itemPath } from '../../steps/resources.js';
import type { ModelResource, SiteModel } from './model.js';
import type { SequenceRun } from './sequence-run.js';
import type { WorldFamily } from './world.js';

/**
 * Reads `resource` back as the run's own account: a 2xx holding every value written so far. A value this very step
 * wrote that the read does not show as written is the life cycle's `update_persisted` finding (or
 * `create_persisted`'s), not the sequence's: the model takes the server's value for it and holds it from then on,
 * so what the sequence judges is what later steps do to values that held.
 */
export async function readBack(
  model: SiteModel,
  run: SequenceRun,
  wf: WorldFamily,
  resource: ModelResource,
  locale: number,
  step: string,
  justWritten: readonly string[],
): Promise<void> {
  const main = run.world.main!;
  const read = wf.ops[locale]!.read;
  const query = wf.family.read?.contexts.includes('edit') ? { context: 'edit' } : {};
  const answer = await run.send(read, { path: resource.path, query }, main);
  const what = `${step}, then read ${resource.label} as ${main.name}`;
  run.judge(what, read, { kind: 'answer', expected: 'success', why: `${resource.label} is live`, answer });
  const shown = answer.json;
  if (shown !== null && typeof shown === 'object' && !Array.isArray(shown)) {
    const fields = shown as Record<string, unknown>;
    for (const field of justWritten)
      if (field in fields && !holdsWritten(fields[field], resource.written[field], field)) {
        run.record(what, `${field} reads ${JSON.stringify(fields[field])}, not as written: the model takes it`);
        resource.written[field] = fields[field];
      }
  }
  run.judge(what, read, { kind: 'values', resource: resource.label, written: resource.written, read: shown });
  const status = answer.field('status');
  if (typeof status === 'string') resource.status = status;
}

/** The family an answer's `<word>_id` names: the accounts for `user` and `author`, else the family called `word`. */
function familyNamedBy(run: SequenceRun, field: string): WorldFamily | undefined {
  const word = field.replace(/_id$/, '');
  const accounts = run.world.accounts;
  if ((word === 'user' || word === 'author') && accounts !== undefined) return run.world.families.find((wf) => wf.family.name === accounts);
  return run.world.families.find((wf) => {
    const last = wf.family.name.split(/[ /]/).at(-1) ?? '';
    return last === word || last === `${word}s`;
  });
}

/** Ids of the run's own identities' accounts: never taken for something a sequence made. */
function runAccountIds(run: SequenceRun): Set<string> {
  return new Set(run.world.identities.flatMap((identity) => idText(run.script.ctx.execution.accountOf(identity)?.id) ?? []));
}

/** Resources an action's answer names by `<word>_id` that the model does not know yet: made by the action. */
export function recordActionMade(model: SiteModel, run: SequenceRun, answer: StepAnswer, identity: Identity, step: string): void {
  const json = answer.json;
  if (json === null || typeof json !== 'object' || Array.isArray(json)) return;
  const accounts = runAccountIds(run);
  for (const [field, value] of Object.entries(json as Record<string, unknown>)) {
    const id = idText(value);
    if (!field.endsWith('_id') || id === undefined || accounts.has(id)) continue;
    const wf = familyNamedBy(run, field);
    // Only a resource without parents can be addressed by its id alone.
    if (wf === undefined || wf.family.parents.length > 0 || model.has(wf.family.name, id)) continue;
    const ops = wf.ops[0]!;
    const path = itemPath(ops.read, {}, id);
    const deleteBody = deleteArgs(wf.family, run.token);
    model.add({
      family: wf.family,
      id,
      label: `${wf.family.name} ${id}`,
      path,
      collectionPath: {},
      parentIds: {},
      makers: [identity.name],
      written: {},
      state: 'live',
      deleteBody,
      forget: run.script.cleanup(ops.remove, { path, body: deleteBody }),
    });
    // The run made it: on a target where the run writes only to what it made, its delete at the end must be allowed.
    run.script.ctx.execution.owned?.adopt(ops.remove.locale, wf.family.name, id, identity.credentials);
    run.record(step, `made ${wf.family.name} ${id}`);
  }
}
