/**
 * An action on an item (a write below the family's collection that is neither its update nor its delete: a
 * signup's activation, a member's follow), sent with the values its required arguments take. On a live resource
 * it must answer without a 5xx; on a deleted one it must be refused, as nothing is left to act on. What a
 * successful action made (an account, named by `user_id`) is taken into the model first, so it is deleted at the
 * sequence's end even when the step breaks the model.
 */
import { isSuccess, type StepAnswer } from '../../../checks/stateful/step-answer.js';
import type { Identity } from '../../../request/index.js';
import { freshValue } from '../../../resources/index.js';
import { itemPath } from '../../steps/resources.js';
import type { ModelResource, SiteModel } from './model.js';
import { recordActionMade } from './reads.js';
import type { SequenceRun } from './sequence-run.js';
import type { ItemAction } from './world.js';

export async function act(
  model: SiteModel,
  run: SequenceRun,
  action: ItemAction,
  resource: ModelResource,
  locale: number,
  identity: Identity,
  step: string,
): Promise<StepAnswer> {
  const op = action.ops[locale]!;
  const variables = op.pattern.variables.map((variable) => variable.name);
  const body: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(op.args)) {
    if (!schema.required || variables.includes(name)) continue;
    const value = freshValue(name, schema, `${run.token}a${model.step}`);
    if (value !== undefined) body[name] = value;
  }
  const what = `${step}${Object.keys(body).length > 0 ? ` with ${JSON.stringify(body)}` : ''}`;
  const answer = await run.send(op, { path: itemPath(op, resource.collectionPath, resource.id), body }, identity);
  if (isSuccess(answer)) recordActionMade(model, run, answer, identity, what);
  if (resource.state === 'deleted') {
    const why = `${resource.label} ${resource.why ?? 'was deleted'}: nothing is left to ${action.name}`;
    run.judge(what, op, { kind: 'answer', expected: 'refused', why, answer });
  } else run.judge(what, op, { kind: 'answer', expected: 'answered', why: `${resource.label} is ${resource.state}`, answer });
  return answer;
}
