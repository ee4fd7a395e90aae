/** A step's answer, read the way sequences and their checks need it: status, JSON body, WordPress error code, headers. */
import type { Exchange } from '../../http/types.js';
import { describeSeen, isSuccess as isSuccessStatus, seenAnswer } from '../answer-seen.js';

export interface StepAnswer {
  exchange: Exchange;
  /** Undefined when no response arrived. */
  status: number | undefined;
  json: unknown;
  /** The `code` of a WordPress error body. */
  code: string | undefined;
  /** A response header (names are lower-case). */
  header(name: string): string | undefined;
  /** A member of the JSON body when it is an object. */
  field(name: string): unknown;
}

/** What `exchange` answered, status and error code read as every evidence check reads them (`seenAnswer`). */
export function answerOf(exchange: Exchange): StepAnswer {
  const json = exchange.response?.json;
  const body = typeof json === 'object' && json !== null && !Array.isArray(json) ? (json as Record<string, unknown>) : undefined;
  const { status, code } = seenAnswer(exchange);
  return {
    exchange,
    status,
    json,
    code,
    header: (name) => exchange.response?.headers[name.toLowerCase()],
    field: (name) => body?.[name],
  };
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
