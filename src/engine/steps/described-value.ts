/**
 * A value for an argument learnt from a refusal (`learned-arguments.ts`) that the argument's own route describes: a
 * registration form's `field_3` is profile field 3, whose route says its type and options (a select box takes one of
 * its options, a date box a date, a number a number). Without such a route, or for free text, the learnt text stays.
 */
import type { StepAnswer } from '../../checks/stateful/step-answer.js';
import type { Operation } from '../../descriptor/types.js';

/** `field_3` → the word `field` and the id `3`. */
const NAMED_ITEM = /^([a-z][a-z-]*)_(\d+)$/i;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The read of item `word`s/{id} in `op`'s namespace and locale (`/community/v1/profile/fields/(?P<id>[\d]+)`). */
function itemRead(operations: readonly Operation[], op: Operation, word: string): Operation | undefined {
  const namespace = op.route.split('/').slice(0, 3).join('/');
  const tail = new RegExp(`/${word}s/\\(\\?P<\\w+>[^/]*\\)$`, 'i');
  return operations.find(
    (candidate) =>
      candidate.method === 'GET' &&
      candidate.locale === op.locale &&
      candidate.route.startsWith(`${namespace}/`) &&
      tail.test(candidate.route) &&
      candidate.pattern.variables.length === 1,
  );
}

/** A value a field of `type` takes, from its `options` where it has them; undefined for free text. */
function valueOfType(type: unknown, options: unknown): unknown {
  const names = Array.isArray(options) ? options.flatMap((option) => (isObject(option) && typeof option.name === 'string' ? [option.name] : [])) : [];
  switch (type) {
    case 'selectbox':
    case 'radio':
      return names[0];
    case 'multiselectbox':
    case 'checkbox':
      return names.length === 0 ? undefined : [names[0]];
    case 'datebox':
      return '2000-01-01 00:00:00';
    case 'number':
      return 1;
    case 'url':
      return 'https://example.org/';
    case 'checkbox_acceptance':
      return 1;
    default:
      return undefined;
  }
}

/**
 * The value `name`'s own route describes for it, among `operations`, read with `send` (the sequence's, so the read is
 * part of its reproduction); undefined when none says.
 */
export async function describedValue(
  operations: readonly Operation[],
  op: Operation,
  name: string,
  send: (read: Operation, values: { path: Record<string, string>; query: Record<string, unknown> }) => Promise<StepAnswer>,
): Promise<unknown> {
  const [, word, id] = NAMED_ITEM.exec(name) ?? [];
  if (word === undefined || id === undefined) return undefined;
  const read = itemRead(operations, op, word);
  if (read === undefined) return undefined;
  const answer = await send(read, { path: { [read.pattern.variables[0]!.name]: id }, query: { context: 'edit' } });
  if (answer.item === undefined) return undefined;
  return valueOfType(answer.item.type, answer.item.options);
}
