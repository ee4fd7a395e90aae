/**
 * WordPress's handling of a matched endpoint's arguments (`WP_REST_Request::has_valid_params` then
 * `::sanitize_params`), applied to the arg descriptors:
 *
 * 1. Sources, highest precedence first: the body (JSON or form), the query string, the route's captures, the
 *    declared defaults. A source's null value does not hide a lower source's value (PHP's `isset`).
 * 2. Required: an arg is missing when `required === true` and no source has a non-null value for it →
 *    400 `rest_missing_callback_param`, `data.params` listing the names in declaration order.
 * 3. Every value of every source whose name is a declared arg with a `type` is validated, then sanitised
 *    (shadowed values and defaults too, as WordPress does) → 400 `rest_invalid_param` with `data.params`
 *    (name → message) and `data.details` (name → `{code, message, data}`), names in the order first met.
 *    Args without a `type` are never validated: a bare `enum` or `oneOf` accepts anything.
 * 4. Unknown parameters are kept as sent and are never an error.
 */
import type { ArgDescriptor } from '@restconform/interface';
import { WpError } from '../types.js';
import { ValidationError } from './errors.js';
import { isPhpArray, isRecord, phpIsEmpty, setOwn, type PhpRecord } from './php-values.js';
import { sanitizeValue, validateValue } from './value-schema.js';

/** Where a request's parameters come from. */
export interface RequestArgsInput {
  /** The matched route's named groups (strings). */
  captures: Readonly<Record<string, string>>;
  /** The query string as PHP parses it (see `parsePhpQuery`). */
  query: Readonly<Record<string, unknown>>;
  /** The parameters of a JSON or form body; undefined when the request has none. */
  body: Readonly<Record<string, unknown>> | undefined;
}

/** The merged, validated and sanitised parameters, and the names the caller sent (body, query or path). */
export interface ProcessedArgs {
  params: Record<string, unknown>;
  sent: Set<string>;
}

/** A declared default, validated and sanitised once per args object. */
interface PreparedDefault {
  name: string;
  value: unknown;
  error: ValidationError | null;
}

/** What never changes for one args object; computed on first use. */
interface ArgsPlan {
  /** Names with `required === true`, in declaration order. */
  required: readonly string[];
  /** Args WordPress validates and sanitises: those with a non-empty `type`. */
  typed: ReadonlyMap<string, ArgDescriptor>;
  defaults: readonly PreparedDefault[];
  /** Names with a non-null default (such an arg is never missing). */
  defaulted: ReadonlySet<string>;
}

/** Plans by args object: descriptors are data built once, so each is planned once (treat them as immutable). */
const plans = new WeakMap<object, ArgsPlan>();

/**
 * Applies WordPress's defaults, required check, validation and sanitising to a request's parameters.
 * Returns the parameters, or the `WpError` WordPress would answer (status 400).
 */
export function processRequestArgs(args: Readonly<Record<string, ArgDescriptor>> | readonly [], input: RequestArgsInput): ProcessedArgs | WpError {
  const plan = planFor(args);
  const body = isRecord(input.body) ? input.body : undefined;
  const { query, captures } = input;

  let missing: string[] | undefined;
  for (const name of plan.required) {
    if (plan.defaulted.has(name) || hasValue(body, name) || hasValue(query, name) || hasValue(captures, name)) continue;
    (missing ??= []).push(name);
  }
  if (missing !== undefined) {
    return new WpError('rest_missing_callback_param', `Missing parameter(s): ${missing.join(', ')}`, 400, { params: missing });
  }

  const collected: Collected = { params: {}, sent: new Set<string>(), failures: undefined };
  if (body !== undefined) collectSource(body, plan, collected);
  collectSource(query, plan, collected);
  collectSource(captures, plan, collected);
  const { params, sent } = collected;
  for (const fallback of plan.defaults) {
    if (fallback.error !== null) (collected.failures ??= new Map()).set(fallback.name, fallback.error);
    else if (!hasValue(params, fallback.name)) setOwn(params, fallback.name, copyJson(fallback.value));
  }
  return collected.failures === undefined ? { params, sent } : invalidParamsError(collected.failures);
}

/** What the sources have given so far; `failures` is created on the first invalid value. */
interface Collected {
  params: PhpRecord;
  sent: Set<string>;
  failures: Map<string, ValidationError> | undefined;
}

/** Validates and sanitises one source's declared typed args, and merges its values under higher sources'. */
function collectSource(source: Readonly<Record<string, unknown>>, plan: ArgsPlan, collected: Collected): void {
  const { params, sent } = collected;
  for (const name in source) {
    let value = source[name];
    // undefined never comes from JSON or a query string: a caller's unset slot, not a parameter.
    if (value === undefined || !Object.hasOwn(source, name)) continue;
    sent.add(name);
    const schema = plan.typed.get(name);
    if (schema !== undefined) {
      const parsed = parseRequestArg(value, schema, name);
      if (parsed instanceof ValidationError) {
        (collected.failures ??= new Map()).set(name, parsed);
        continue;
      }
      value = parsed;
    }
    if (!hasValue(params, name) && (value !== null || !Object.hasOwn(params, name))) setOwn(params, name, value);
  }
}

/** `rest_parse_request_arg`: validate, then sanitise. */
function parseRequestArg(value: unknown, schema: ArgDescriptor, name: string): unknown {
  return validateValue(value, schema, name) ?? sanitizeValue(value, schema, name);
}

function invalidParamsError(failures: ReadonlyMap<string, ValidationError>): WpError {
  const messages: PhpRecord = {};
  const details: PhpRecord = {};
  for (const [name, error] of failures) {
    setOwn(messages, name, error.message);
    setOwn(details, name, error.toDetails());
  }
  const names = [...failures.keys()].join(', ');
  return new WpError('rest_invalid_param', `Invalid parameter(s): ${names}`, 400, { params: messages, details });
}

/** PHP `isset($source[$name])`: present and not null. */
function hasValue(source: Readonly<Record<string, unknown>> | undefined, name: string): boolean {
  return source !== undefined && Object.hasOwn(source, name) && source[name] !== null && source[name] !== undefined;
}

function planFor(args: Readonly<Record<string, ArgDescriptor>> | readonly []): ArgsPlan {
  const known = plans.get(args);
  if (known !== undefined) return known;
  const required: string[] = [];
  const typed = new Map<string, ArgDescriptor>();
  const defaults: PreparedDefault[] = [];
  const declared: Readonly<Record<string, unknown>> = Array.isArray(args) ? {} : (args as Readonly<Record<string, unknown>>);
  for (const name of Object.keys(declared)) {
    const arg = declared[name];
    if (!isRecord(arg)) continue;
    const descriptor = arg as unknown as ArgDescriptor;
    if (descriptor.required === true) required.push(name);
    if (!phpIsEmpty(descriptor.type)) typed.set(name, descriptor);
    if (descriptor.default !== undefined && descriptor.default !== null) {
      defaults.push(prepareDefault(name, descriptor, typed.has(name)));
    }
  }
  const plan: ArgsPlan = { required, typed, defaults, defaulted: new Set(defaults.map((fallback) => fallback.name)) };
  plans.set(args, plan);
  return plan;
}

function prepareDefault(name: string, arg: ArgDescriptor, typed: boolean): PreparedDefault {
  if (!typed) return { name, value: arg.default, error: null };
  const parsed = parseRequestArg(arg.default, arg, name);
  return parsed instanceof ValidationError ? { name, value: undefined, error: parsed } : { name, value: parsed, error: null };
}

/** A fresh copy of a JSON-like default, so a handler changing its params never changes the next request's. */
function copyJson(value: unknown): unknown {
  if (!isPhpArray(value)) return value;
  if (Array.isArray(value)) return value.map(copyJson);
  const copy: PhpRecord = {};
  for (const key of Object.keys(value)) setOwn(copy, key, copyJson(value[key]));
  return copy;
}
