/**
 * Typed parameter values → what WordPress receives once `request/` has encoded them, and WordPress's verdict
 * on a whole request case. This is the "as the server will see it" round trip every label is checked through.
 *
 * - path: the string captured by the route regex.
 * - query: `request/query.ts` encoding read back by PHP: scalars become strings (`true`/`false` for booleans,
 *   `String(n)` for numbers), lists `a[]=…` (indexed `a[0][k]=…` when they hold containers), objects
 *   `o[k]=…`, an empty list or object `key=` (the empty string); null and undefined are left out.
 * - body: a JSON round trip (what `JSON.stringify` cannot carry is left out or becomes null).
 */
import type { Operation, ParamLocation } from '../descriptor/types.js';
import { classifyRequestArgs, type ArgsVerdict } from '../schema/request-rules.js';
import type { RequestCase } from './types.js';

/** Stands for "this parameter is not sent at all" where a value is expected. */
export const ABSENT: unique symbol = Symbol('absent');

export type Received = { present: true; value: unknown } | { present: false };

const absent: Received = { present: false };
const present = (value: unknown): Received => ({ present: true, value });

function queryForm(value: unknown): Received {
  switch (typeof value) {
    case 'string':
      return present(value);
    case 'number':
    case 'bigint':
      return present(String(value));
    case 'boolean':
      return present(value ? 'true' : 'false');
    case 'object':
      if (value === null) return absent;
      return Array.isArray(value) ? queryList(value) : queryObject(value as Record<string, unknown>);
    default:
      return absent;
  }
}

function queryList(list: unknown[]): Received {
  if (list.length === 0) return present('');
  const indexed = list.some((item) => item !== null && typeof item === 'object');
  const entries: Array<[number, unknown]> = [];
  list.forEach((item, index) => {
    const received = queryForm(item);
    if (received.present) entries.push([index, received.value]);
  });
  if (entries.length === 0) return absent;
  // `a[]=` appends, so items stay a list; indexes keep their gaps, which PHP keeps as integer keys.
  if (!indexed || entries.every(([index], position) => index === position)) return present(entries.map(([, item]) => item));
  return present(Object.fromEntries(entries.map(([index, item]) => [String(index), item])));
}

function queryObject(object: Record<string, unknown>): Received {
  const keys = Object.keys(object);
  if (keys.length === 0) return present('');
  const entries = keys.flatMap((key) => {
    const received = queryForm(object[key]);
    return received.present ? [[key, received.value] as const] : [];
  });
  return entries.length === 0 ? absent : present(Object.fromEntries(entries));
}

function bodyForm(value: unknown): Received {
  // Scalars need no round trip (it runs on every generated value): JSON keeps strings and booleans as they are,
  // turns -0 into 0 and non-finite numbers into null.
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return present(value);
    case 'number':
      return present(Number.isFinite(value) ? (Object.is(value, -0) ? 0 : value) : null);
  }
  const text = JSON.stringify(value);
  return text === undefined ? absent : present(JSON.parse(text));
}

/** What WordPress receives for one typed value sent in `location` (`ABSENT` and unsendable values: nothing). */
export function asReceived(value: unknown, location: ParamLocation): Received {
  if (value === ABSENT || value === undefined) return absent;
  switch (location) {
    case 'path':
      return present(String(value));
    case 'query':
      return queryForm(value);
    case 'body':
      return bodyForm(value);
  }
}

/**
 * The parameters WordPress sees for a case, merged by its precedence (JSON body over query over path).
 * A GET or HEAD request carries no body (`request/` does not send one).
 */
export function receivedParams(operation: Operation, requestCase: RequestCase): { params: Record<string, unknown>; present: Set<string> } {
  const params: Record<string, unknown> = {};
  const names = new Set<string>();
  const add = (values: Record<string, unknown> | undefined, location: ParamLocation): void => {
    for (const [name, value] of Object.entries(values ?? {})) {
      const received = asReceived(value, location);
      if (!received.present) continue;
      params[name] = received.value;
      names.add(name);
    }
  };
  add(requestCase.path, 'path');
  add(requestCase.query, 'query');
  if (operation.method !== 'GET' && operation.method !== 'HEAD') add(requestCase.body, 'body');
  return { params, present: names };
}

/** WordPress's verdict on a whole case: missing required names, else invalid names with their codes. */
export function requestCaseVerdict(operation: Operation, requestCase: RequestCase): ArgsVerdict {
  const { params, present: names } = receivedParams(operation, requestCase);
  return classifyRequestArgs(operation.args, params, names);
}

/**
 * The top-level parameter names WordPress would name in a 400 for this case (empty when it accepts the
 * parameters). What the engine uses to re-check a shrunk request before reporting it.
 */
export function classifyRequestCase(operation: Operation, requestCase: RequestCase): Set<string> {
  const verdict = requestCaseVerdict(operation, requestCase);
  return new Set(verdict.missing.length > 0 ? verdict.missing : Object.keys(verdict.invalid));
}
