/**
 * The request-level rules of `WP_REST_Request` on the harness side: which arguments WordPress validates at all,
 * what counts as missing, how defaults are filled in and validated, and which parameters a 400 answer names.
 * Each value is judged by the value rules of `wordpress-rules.ts`.
 *
 * Values are JSON-shaped as WordPress receives them: a query value is a string (or an array of them),
 * a JSON body value is whatever the JSON held. Use `generate/as-received.ts` to get there from typed values.
 */
import type { ArgDescriptor, ArgSchema } from '../descriptor/types.js';
import { isSet } from './php-values.js';
import { classifyValue } from './wordpress-rules.js';

/** Error codes of the request-level rules. */
export const MISSING_PARAM_CODE = 'rest_missing_callback_param';

/** Whether WordPress validates an argument at all: only when it declares a non-empty `type`. */
export function isValidatedArg(arg: ArgSchema): boolean {
  const type = arg.type as unknown;
  return Array.isArray(type) ? type.length > 0 : typeof type === 'string' && type !== '';
}

/**
 * Whether WordPress takes `value` for the argument `name` declared by `arg`: anything when the route declares no
 * such argument or one without a type (never validated), else what the value rules accept.
 */
export function argAccepts(arg: ArgSchema | undefined, value: unknown, name: string): boolean {
  return arg === undefined || !isValidatedArg(arg) || classifyValue(arg, value, name).valid;
}

/** The outcome of request-level validation: missing required names (checked first), else invalid ones. */
export interface ArgsVerdict {
  /** Required args absent or JSON null and without a default (`rest_missing_callback_param`); when any, WordPress reports only these. */
  missing: string[];
  /** Args whose value (or default) WordPress rejects, with the code of each (`rest_invalid_param` details). */
  invalid: Record<string, string>;
}

/**
 * The request-level rules of `WP_REST_Request::has_valid_params` and `sanitize_params` over the
 * parameters WordPress received (merged by precedence, as received: query values are strings).
 * Defaults fill in missing values and are validated too; arguments without a `type` accept anything.
 */
export function classifyRequestArgs(args: Record<string, ArgDescriptor>, params: Record<string, unknown>, present: Set<string>): ArgsVerdict {
  const missing: string[] = [];
  for (const [name, arg] of Object.entries(args)) {
    const value = present.has(name) ? params[name] : undefined;
    if (arg.required === true && (value === undefined || value === null) && !isSet(arg.default)) missing.push(name);
  }
  if (missing.length > 0) return { missing, invalid: {} };
  const invalid: Record<string, string> = {};
  for (const [name, arg] of Object.entries(args)) {
    if (!isValidatedArg(arg)) continue;
    const verdict = present.has(name) && params[name] !== undefined ? classifyValue(arg, params[name], name) : undefined;
    if (verdict !== undefined && !verdict.valid) invalid[name] = verdict.code;
    else if (isSet(arg.default)) {
      const defaultCode = defaultRejection(arg, name);
      if (defaultCode !== null) invalid[name] = defaultCode;
    }
  }
  return { missing: [], invalid };
}

/**
 * The code WordPress rejects an argument's own default with, or null: remembered per argument and name, because
 * every case of every operation is held to the same defaults, and the generators classify many thousand cases.
 */
const defaultRejections = new WeakMap<ArgDescriptor, Map<string, string | null>>();

function defaultRejection(arg: ArgDescriptor, name: string): string | null {
  let byName = defaultRejections.get(arg);
  if (byName === undefined) {
    byName = new Map();
    defaultRejections.set(arg, byName);
  }
  let code = byName.get(name);
  if (code === undefined) {
    const verdict = classifyValue(arg, arg.default, name);
    code = verdict.valid ? null : verdict.code;
    byName.set(name, code);
  }
  return code;
}

/**
 * The top-level parameter names WordPress would name in its 400 answer: the missing ones
 * (`rest_missing_callback_param`) if any, else the invalid ones (`rest_invalid_param`). Empty when it accepts.
 */
export function classifyArgs(args: Record<string, ArgDescriptor>, params: Record<string, unknown>, present: Set<string>): Set<string> {
  const verdict = classifyRequestArgs(args, params, present);
  return new Set(verdict.missing.length > 0 ? verdict.missing : Object.keys(verdict.invalid));
}
