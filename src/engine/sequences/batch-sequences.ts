/**
 * The batch sequences: the size limit (the largest batch accepted, one more rejected before anything runs),
 * items answered in request order with their own statuses, and the two validation modes, each checked by
 * reading back what should (not) have been created.
 */
import type { Operation } from '../../descriptor/types.js';
import { describeAnswer, idText, type StepAnswer } from './answer.js';
import { UNKNOWN_ITEM_PATH, type BatchableFamily, type BatchPlan } from './batch-plan.js';
import { BATCH_ITEMS, BATCH_SIZE_LIMIT, BATCH_VALIDATION } from './batch-checks.js';
import type { Sequence } from './sequence.js';

/** One item of `requests`. */
interface BatchItem {
  method: string;
  path: string;
  body: Record<string, unknown>;
}

/** One item's answer inside a 207. */
interface ItemAnswer {
  status: number | undefined;
  code: string | undefined;
  body: unknown;
  /** The answer as JSON text, to look for the values an item sent. */
  text: string;
}

function itemAnswers(answer: StepAnswer): ItemAnswer[] | undefined {
  const responses = answer.field('responses');
  if (!Array.isArray(responses)) return undefined;
  return responses.map((response) => {
    const item = typeof response === 'object' && response !== null ? (response as Record<string, unknown>) : {};
    const body = item.body;
    const code = typeof body === 'object' && body !== null ? (body as Record<string, unknown>).code : undefined;
    return {
      status: typeof item.status === 'number' ? item.status : undefined,
      code: typeof code === 'string' ? code : undefined,
      body,
      text: JSON.stringify(response ?? null),
    };
  });
}

function describeItem(item: ItemAnswer | undefined): string {
  if (item === undefined) return 'no answer';
  return item.code === undefined ? String(item.status ?? 'no status') : `${item.status ?? 'no status'} ${item.code}`;
}

function idOf(family: BatchableFamily, item: ItemAnswer): string | undefined {
  const body = typeof item.body === 'object' && item.body !== null ? (item.body as Record<string, unknown>) : {};
  return idText(body[family.family.idField]);
}

function createItem(family: BatchableFamily, token: string): BatchItem {
  return { method: family.create.method, path: family.create.pattern.build({}), body: family.family.createBody(token) };
}

async function sendBatch(sequence: Sequence, plan: BatchPlan, items: BatchItem[], validation?: string): Promise<StepAnswer> {
  return sequence.send(plan.batch, { body: { ...(validation === undefined ? {} : { validation }), requests: items } });
}

/** Ids of the family's resources whose tokens start with `prefix`, found through the list's search. */
async function createdWith(sequence: Sequence, family: BatchableFamily, prefix: string): Promise<string[] | undefined> {
  if (family.list === undefined || family.family.searchQuery === undefined) return undefined;
  const found = await sequence.send(family.list, { query: family.family.searchQuery(prefix) });
  if (!Array.isArray(found.json)) return undefined;
  const ids = found.json.map((item) => idText((item as Record<string, unknown> | null)?.[family.family.idField]));
  const created = ids.filter((id): id is string => id !== undefined);
  for (const id of created) sequence.cleanup(family.remove, { path: { [family.family.itemVariable]: id }, body: family.family.deleteBody });
  return created;
}

/** The largest batch is accepted: 207 with one answer per item. Its items go to no route, so nothing changes. */
export async function largestBatchAccepted(sequence: Sequence, plan: BatchPlan): Promise<void> {
  const items = Array.from({ length: plan.maxItems }, (_, index) => ({ method: 'POST', path: `${UNKNOWN_ITEM_PATH}/${index}`, body: {} }));
  const answer = await sendBatch(sequence, plan, items);
  sequence.expect(answer, plan.batch, 'success', `a batch of ${plan.maxItems} items`, BATCH_SIZE_LIMIT);
  if (answer.status !== 207) sequence.fail(BATCH_SIZE_LIMIT, plan.batch, `a batch of ${plan.maxItems} items answered ${describeAnswer(answer)}; expected 207`);
  const answers = itemAnswers(answer);
  if (answers?.length !== plan.maxItems)
    sequence.fail(BATCH_SIZE_LIMIT, plan.batch, `a batch of ${plan.maxItems} items got ${answers?.length ?? 'no list of'} answers`);
}

/** One item too many is rejected with 400, and (read back) none of its items ran. */
export async function oversizedBatchRejected(sequence: Sequence, plan: BatchPlan, token: string): Promise<void> {
  const count = plan.maxItems + 1;
  const family = plan.batchable;
  const items = Array.from({ length: count }, (_, index) =>
    family === undefined ? { method: 'POST', path: `${UNKNOWN_ITEM_PATH}/${index}`, body: {} } : createItem(family, `${token}x${index.toString(36)}`),
  );
  const answer = await sendBatch(sequence, plan, items);
  const created = family === undefined ? undefined : await createdWith(sequence, family, `${token}x`);
  const ran = created !== undefined && created.length > 0 ? `; ${created.length} of its items ran (read back afterwards)` : '';
  if (answer.status !== 400) sequence.fail(BATCH_SIZE_LIMIT, plan.batch, `a batch of ${count} items answered ${describeAnswer(answer)}; expected 400${ran}`);
  if (ran !== '') sequence.fail(BATCH_SIZE_LIMIT, plan.batch, `a batch of ${count} items was rejected with 400, but${ran}`);
}

/**
 * `normal` mode: every item answered in request order with its own status: a create 2xx, an unknown path 404,
 * a route without batch permission 400 `rest_batch_not_allowed`, an invalid create 400; the valid creates ran.
 */
export async function itemsInOrder(sequence: Sequence, plan: BatchPlan, token: string): Promise<void> {
  const family = plan.batchable!;
  const expectations: Array<{ item: BatchItem; what: string; test(item: ItemAnswer): boolean; expected: string }> = [];
  const first = `${token}a`;
  const last = `${token}z`;
  const created = (status: number | undefined) => status !== undefined && status >= 200 && status < 300;
  expectations.push({
    item: createItem(family, first),
    what: `a valid ${family.family.name} create`,
    test: (item) => created(item.status) || item.status === 401 || item.status === 403,
    expected: 'a 2xx',
  });
  expectations.push({
    item: { method: 'POST', path: UNKNOWN_ITEM_PATH, body: {} },
    what: 'an item for an unknown path',
    test: (item) => item.status === 404,
    expected: '404 rest_no_route',
  });
  if (plan.notAllowed !== undefined) {
    const op: Operation = plan.notAllowed;
    expectations.push({
      item: { method: op.method, path: op.pattern.build({}), body: {} },
      what: `an item for ${op.method} ${op.route}, which does not allow batching`,
      test: (item) => item.status === 400 && item.code === 'rest_batch_not_allowed',
      expected: '400 rest_batch_not_allowed',
    });
  }
  expectations.push({
    item: { method: family.create.method, path: family.create.pattern.build({}), body: family.invalidBody },
    what: `a ${family.family.name} create missing a required parameter`,
    test: (item) => item.status === 400,
    expected: '400',
  });
  expectations.push({
    item: createItem(family, last),
    what: `another valid ${family.family.name} create`,
    test: (item) => created(item.status) || item.status === 401 || item.status === 403,
    expected: 'a 2xx',
  });

  const answer = await sendBatch(
    sequence,
    plan,
    expectations.map((expectation) => expectation.item),
    'normal',
  );
  sequence.expect(answer, plan.batch, 'success', 'a normal batch of mixed items', BATCH_ITEMS);
  if (answer.status !== 207) sequence.fail(BATCH_ITEMS, plan.batch, `a normal batch answered ${describeAnswer(answer)}; expected 207`);
  const answers = itemAnswers(answer);
  // Whatever the batch created is deleted at the end, even when a check below fails first.
  const createdIds = (answers ?? []).map((item) => (created(item.status) ? idOf(family, item) : undefined));
  for (const id of createdIds)
    if (id !== undefined) sequence.cleanup(family.remove, { path: { [family.family.itemVariable]: id }, body: family.family.deleteBody });
  if (answers?.length !== expectations.length)
    sequence.fail(BATCH_ITEMS, plan.batch, `${expectations.length} items got ${answers?.length ?? 'no list of'} answers`);
  for (const [index, expectation] of expectations.entries()) {
    const item = answers[index]!;
    if (!expectation.test(item))
      sequence.fail(BATCH_ITEMS, plan.batch, `item ${index + 1}, ${expectation.what}, answered ${describeItem(item)}; expected ${expectation.expected}`);
  }
  const firstAnswer = answers[0]!;
  const lastAnswer = answers[answers.length - 1]!;
  if (firstAnswer.text.includes(last) || lastAnswer.text.includes(first)) {
    sequence.fail(BATCH_ITEMS, plan.batch, "the answers are not in request order: the first item is answered with the last item's resource");
  }
  if (!created(firstAnswer.status) || !created(lastAnswer.status)) {
    sequence.stop(plan.batch, `the batch's creates answered ${describeItem(firstAnswer)}: the credentials lack the right`);
  }
  for (const [position, id] of [
    [1, createdIds[0]],
    [expectations.length, createdIds[expectations.length - 1]],
  ] as const) {
    if (id === undefined) sequence.fail(BATCH_ITEMS, plan.batch, `item ${position}'s answer has no "${family.family.idField}"`);
    const path = { [family.family.itemVariable]: id };
    const read = await sequence.send(family.read, { path });
    sequence.expect(read, family.read, 'success', `read the ${family.family.name} item ${position} of a normal batch created`, BATCH_VALIDATION);
  }
}

/** `require-all-validate` with one invalid item: 207 `failed: "validation"`, and (read back) nothing ran. */
export async function requireAllValidate(sequence: Sequence, plan: BatchPlan, token: string): Promise<void> {
  const family = plan.batchable!;
  const prefix = `${token}v`;
  const items = [createItem(family, prefix), { method: family.create.method, path: family.create.pattern.build({}), body: family.invalidBody }];
  const answer = await sendBatch(sequence, plan, items, 'require-all-validate');
  const created = await createdWith(sequence, family, prefix);
  if (created !== undefined && created.length > 0) {
    sequence.fail(
      BATCH_VALIDATION,
      plan.batch,
      `a require-all-validate batch with one invalid item ran its valid item (${family.family.name} ${created.join(', ')} exists afterwards)`,
    );
  }
  if (answer.status !== 207 || answer.field('failed') !== 'validation') {
    sequence.fail(
      BATCH_VALIDATION,
      plan.batch,
      `a require-all-validate batch with one invalid item answered ${describeAnswer(answer)} with failed ${JSON.stringify(answer.field('failed'))}; expected 207 with failed "validation"`,
    );
  }
}
