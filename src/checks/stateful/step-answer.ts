/** A step's answer, read the way sequences and their checks need it: status, JSON body, WordPress error code, headers. */
import type { Exchange } from '../../http/types.js';
import { describeSeen, isSuccess as isSuccessStatus, seenAnswer } from '../answer-seen.js';

export interface StepAnswer {
  exchange: Exchange;
  /** Undefined when no response arrived. */
  status: number | undefined;
  json: unknown;
  /**
   * The one resource the answer is about: the JSON object, or the only object of a one-element array (BuddyPress
   * answers every create, read, update and delete of one item so); undefined for anything else.
   */
  item: Record<string, unknown> | undefined;
  /** True when the one resource came wrapped in a one-element array. */
  wrapped: boolean;
  /** The `code` of a WordPress error body. */
  code: string | undefined;
  /** A response header (names are lower-case). */
  header(name: string): string | undefined;
  /** A member of the one resource (`item`). */
  field(name: string): unknown;
}

/** What `exchange` answered, status and error code read as every evidence check reads them (`seenAnswer`). */
export function answerOf(exchange: Exchange): StepAnswer {
  const json = exchange.response?.json;
  const wrapped = Array.isArray(json) && json.length === 1 && isObject(json[0]);
  const body = isObject(json) ? json : wrapped ? ((json as unknown[])[0] as Record<string, unknown>) : undefined;
  const { status, code } = seenAnswer(exchange);
  return {
    exchange,
    status,
    json,
    item: body,
    wrapped,
    code,
    header: (name) => exchange.response?.headers[name.toLowerCase()],
    field: (name) => body?.[name],
  };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `404 rest_no_route`, or the transport error when nothing came back. */
export function describeAnswer(answer: StepAnswer): string {
  return describeSeen({ status: answer.status, code: answer.code, error: answer.exchange.error?.code });
}

/** True for a 2xx answer. */
export function isSuccess(answer: Pick<StepAnswer, 'status'>): boolean {
  return isSuccessStatus(answer.status);
}

/** An id as a path value: numbers and non-empty strings. */
export function idText(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'string' && value !== '') return value;
  return undefined;
}

/** The items of a list answer whose `field` equals `id` (compared as text). */
export function itemsWith(answer: Pick<StepAnswer, 'json'>, field: string, id: string): unknown[] {
  if (!Array.isArray(answer.json)) return [];
  return answer.json.filter((item) => typeof item === 'object' && item !== null && idText((item as Record<string, unknown>)[field]) === id);
}

/** The members of a JSON object answer (none for anything else). */
export function fieldsOf(json: unknown): string[] {
  return json !== null && typeof json === 'object' && !Array.isArray(json) ? Object.keys(json) : [];
}
