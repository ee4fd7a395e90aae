/**
 * The batch sequences: the size limit (the largest batch accepted, one more rejected before anything runs),
 * items answered in request order with their own statuses, and the two validation modes, each checked by
 * reading back what should (not) have been created.
 */
import { batchItems, type SentItem } from '../../../checks/batch/batch-items.js';
import { batchSizeLimit } from '../../../checks/batch/batch-size-limit.js';
import { batchValidation } from '../../../checks/batch/batch-validation.js';
import { describeItem, itemAnswers, lacksRight, type ItemAnswer } from '../../../checks/batch/evidence.js';
import { isSuccess, seenAnswer } from '../../../checks/answer-seen.js';
import type { EvidenceCheck } from '../../../checks/types.js';
import type { Operation } from '../../../descriptor/types.js';
import { idText, type StepAnswer } from '../../../checks/stateful/step-answer.js';
import { UNKNOWN_ITEM_PATH, type BatchableFamily, type BatchPlan } from '../../steps/batch-plan.js';
import { ScriptStopped, type StepScript } from '../../steps/step-script.js';

/** One item of `requests`. */
interface BatchItem {
  method: string;
  path: string;
  body: Record<string, unknown>;
}

/** Hands one step's evidence to `check`; a rule it found broken is reported with the sequence so far and ends it. */
function judgeStep<E>(script: StepScript, check: EvidenceCheck<E>, op: Operation, evidence: E): void {
  const [failure] = script.judge(check, op, evidence);
  if (failure !== undefined) throw new ScriptStopped(failure.message);
}

/** A 401 or 403 where success was expected is no finding: the sequence stops with a note (see `StepScript.expect`). */
function stopWhenRefused(script: StepScript, op: Operation, answer: StepAnswer, what: string): void {
  if (lacksRight(seenAnswer(answer.exchange))) script.stop(op, `${what} answered ${answer.status}: the credentials lack the right`);
}

function idOf(family: BatchableFamily, item: ItemAnswer): string | undefined {
  const body = typeof item.body === 'object' && item.body !== null ? (item.body as Record<string, unknown>) : {};
  return idText(body[family.family.idField]);
}

function createItem(family: BatchableFamily, token: string): BatchItem {
  return { method: family.create.method, path: family.create.pattern.build({}), body: family.family.createBody(token) };
}

async function sendBatch(script: StepScript, plan: BatchPlan, items: BatchItem[], validation?: string): Promise<StepAnswer> {
  return script.send(plan.batch, { body: { ...(validation === undefined ? {} : { validation }), requests: items } });
}

/** Ids of the family's resources whose tokens start with `prefix`, found through the list's search. */
async function createdWith(script: StepScript, family: BatchableFamily, prefix: string): Promise<string[] | undefined> {
  if (family.list === undefined || family.family.searchQuery === undefined) return undefined;
  const found = await script.send(family.list, { query: family.family.searchQuery(prefix) });
  if (!Array.isArray(found.json)) return undefined;
  const ids = found.json.map((item) => idText((item as Record<string, unknown> | null)?.[family.family.idField]));
  const created = ids.filter((id): id is string => id !== undefined);
  for (const id of created) script.cleanup(family.remove, { path: { [family.family.itemVariable]: id }, body: family.family.deleteBody });
  return created;
}

/** The largest batch is accepted: 207 with one answer per item. Its items go to no route, so nothing changes. */
export async function largestBatchAccepted(script: StepScript, plan: BatchPlan): Promise<void> {
  const items = Array.from({ length: plan.maxItems }, (_, index) => ({ method: 'POST', path: `${UNKNOWN_ITEM_PATH}/${index}`, body: {} }));
  const answer = await sendBatch(script, plan, items);
  stopWhenRefused(script, plan.batch, answer, `a batch of ${plan.maxItems} items`);
  const answers = itemAnswers(answer.field('responses'));
  judgeStep(script, batchSizeLimit, plan.batch, { step: 'largest', items: plan.maxItems, answer: seenAnswer(answer.exchange), answers: answers?.length });
}

/** One item too many is rejected with 400, and (read back) none of its items ran. */
export async function oversizedBatchRejected(script: StepScript, plan: BatchPlan, token: string): Promise<void> {
  const count = plan.maxItems + 1;
  const family = plan.batchable;
  const items = Array.from({ length: count }, (_, index) =>
    family === undefined ? { method: 'POST', path: `${UNKNOWN_ITEM_PATH}/${index}`, body: {} } : createItem(family, `${token}x${index.toString(36)}`),
  );
  const answer = await sendBatch(script, plan, items);
  const created = family === undefined ? undefined : await createdWith(script, family, `${token}x`);
  judgeStep(script, batchSizeLimit, plan.batch, { step: 'oversized', items: count, answer: seenAnswer(answer.exchange), ran: created?.length });
}

/**
 * `normal` mode: every item answered in request order with its own status: a create 2xx, an unknown path 404,
 * a route without batch permission 400 `rest_batch_not_allowed`, an invalid create 400; the valid creates ran.
 */
export async function itemsInOrder(script: StepScript, plan: BatchPlan, token: string): Promise<void> {
  const family = plan.batchable!;
  const sent: Array<SentItem & { item: BatchItem }> = [];
  const first = `${token}a`;
  const last = `${token}z`;
  sent.push({ kind: 'create', item: createItem(family, first), what: `a valid ${family.family.name} create` });
  sent.push({ kind: 'unknown path', item: { method: 'POST', path: UNKNOWN_ITEM_PATH, body: {} }, what: 'an item for an unknown path' });
  if (plan.notAllowed !== undefined) {
    const op: Operation = plan.notAllowed;
    sent.push({
      kind: 'not allowed',
      item: { method: op.method, path: op.pattern.build({}), body: {} },
      what: `an item for ${op.method} ${op.route}, which does not allow batching`,
    });
  }
  sent.push({
    kind: 'invalid create',
    item: { method: family.create.method, path: family.create.pattern.build({}), body: family.invalidBody },
    what: `a ${family.family.name} create missing a required parameter`,
  });
  sent.push({ kind: 'create', item: createItem(family, last), what: `another valid ${family.family.name} create` });

  const answer = await sendBatch(
    script,
    plan,
    sent.map((next) => next.item),
    'normal',
  );
  stopWhenRefused(script, plan.batch, answer, 'a normal batch of mixed items');
  judgeStep(script, batchItems, plan.batch, { step: 'answer', answer: seenAnswer(answer.exchange) });
  const answers = itemAnswers(answer.field('responses'));
  // Whatever the batch created is deleted at the end, even when a check below fails first.
  const createdIds = (answers ?? []).map((item) => (isSuccess(item.status) ? idOf(family, item) : undefined));
  for (const id of createdIds)
    if (id !== undefined) script.cleanup(family.remove, { path: { [family.family.itemVariable]: id }, body: family.family.deleteBody });
  const items = sent.map(({ kind, what }) => ({ kind, what }));
  judgeStep(script, batchItems, plan.batch, { step: 'items', items, answers, firstValue: first, lastValue: last });
  const firstAnswer = answers![0]!;
  const lastAnswer = answers![answers!.length - 1]!;
  if (!isSuccess(firstAnswer.status) || !isSuccess(lastAnswer.status)) {
    script.stop(plan.batch, `the batch's creates answered ${describeItem(firstAnswer)}: the credentials lack the right`);
  }
  for (const [position, id] of [
    [1, createdIds[0]],
    [sent.length, createdIds[sent.length - 1]],
  ] as const) {
    judgeStep(script, batchItems, plan.batch, { step: 'created id', position, idField: family.family.idField, id });
    const path = { [family.family.itemVariable]: id! };
    const read = await script.send(family.read, { path });
    const what = `read the ${family.family.name} item ${position} of a normal batch created`;
    stopWhenRefused(script, family.read, read, what);
    judgeStep(script, batchValidation, family.read, { step: 'read back', what, answer: seenAnswer(read.exchange) });
  }
}

/** `require-all-validate` with one invalid item: 207 `failed: "validation"`, and (read back) nothing ran. */
export async function requireAllValidate(script: StepScript, plan: BatchPlan, token: string): Promise<void> {
  const family = plan.batchable!;
  const prefix = `${token}v`;
  const items = [createItem(family, prefix), { method: family.create.method, path: family.create.pattern.build({}), body: family.invalidBody }];
  const answer = await sendBatch(script, plan, items, 'require-all-validate');
  const created = await createdWith(script, family, prefix);
  judgeStep(script, batchValidation, plan.batch, {
    step: 'require-all-validate',
    family: family.family.name,
    answer: seenAnswer(answer.exchange),
    failed: answer.field('failed'),
    created,
  });
}
