/**
 * The evidence of the batch checks: what a `POST /batch/v1` answered, as a whole and item by item, and what reading
 * back afterwards found. The batch sequences gather it one step at a time and hand each step over as it comes, so a
 * broken rule ends the sequence where it was seen.
 */
import { describeSeen, isRefusal, isSuccess, type SeenAnswer } from '../answer-seen.js';
import type { CheckFailure } from '../types.js';

/** One item's answer inside a 207. */
export interface ItemAnswer {
  status: number | undefined;
  code: string | undefined;
  body: unknown;
  /** The answer as JSON text, to look for the values an item sent. */
  text: string;
}

/** The item answers of a batch answer's `responses` member, or undefined when it is not a list. */
export function itemAnswers(responses: unknown): ItemAnswer[] | undefined {
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

/** `400 rest_batch_not_allowed`, `404`, or `no answer` for an item the batch did not answer. */
export function describeItem(item: ItemAnswer | undefined): string {
  if (item === undefined) return 'no answer';
  return item.code === undefined ? String(item.status ?? 'no status') : `${item.status ?? 'no status'} ${item.code}`;
}

/**
 * A step that must succeed, as `what` says (`a batch of 25 items`): a failure unless it answered 2xx. A 401 or
 * 403 is no finding (the interface does not say who may do what): the sequence stops there with a note.
 */
export function expectSuccess(what: string, answer: SeenAnswer): CheckFailure[] {
  if (isSuccess(answer.status) || lacksRight(answer)) return [];
  return [{ message: `${what}: expected a 2xx answer, got ${describeSeen(answer)}` }];
}

/** A 401 or 403 where success was expected: the credentials lack the right, which says nothing about batches. */
export const lacksRight = (answer: SeenAnswer): boolean => isRefusal(answer.status);
