/** Reading WordPress-style answers: the error body, header values. Shared by the built-in checks. */
import type { HttpResponse } from '../../http/types.js';

export interface WpErrorBody {
  code: string;
  message: string;
  data?: { status?: unknown; params?: unknown; details?: unknown; [key: string]: unknown };
}

/** The body as a WordPress error, when it has that shape (a string `code` at least). */
export function wpErrorBody(response: HttpResponse): WpErrorBody | undefined {
  const body = response.json;
  if (body && typeof body === 'object' && !Array.isArray(body) && typeof (body as WpErrorBody).code === 'string') {
    return body as WpErrorBody;
  }
  return undefined;
}

/** Parameter names an error body names: `data.params` is a map (invalid) or a list (missing). */
export function namedParams(error: WpErrorBody): string[] {
  const params = error.data?.params;
  if (Array.isArray(params)) return params.filter((p): p is string => typeof p === 'string');
  if (params && typeof params === 'object') return Object.keys(params);
  return [];
}

/**
 * The argument names a 400 says are missing, and where it says so: WordPress's `rest_missing_callback_param` lists them
 * in `data.params`; a product's own refusal may key its `message` by field instead (`{"code": "…_register_errors",
 * "message": {"field_3": "This is a required field"}}`, a registration form's required profile field). Undefined for
 * any other answer.
 */
export function missingParams(error: WpErrorBody): { names: string[]; keyedMessage: boolean } | undefined {
  if (error.code === 'rest_missing_callback_param') return { names: namedParams(error), keyedMessage: false };
  const message: unknown = error.message;
  if (typeof message !== 'object' || message === null || Array.isArray(message)) return undefined;
  const keyed = Object.entries(message);
  // Every value a message: an object of anything else is not a refusal keyed by field.
  if (keyed.length === 0 || !keyed.every(([, text]) => typeof text === 'string')) return undefined;
  return { names: keyed.map(([name]) => name), keyedMessage: true };
}

/** The media type of a response, lower-cased and without parameters. */
export function mediaType(response: HttpResponse): string {
  return (response.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
}

/** Validation error codes of WordPress's generic argument handling. */
export const VALIDATION_CODES: ReadonlySet<string> = new Set(['rest_invalid_param', 'rest_missing_callback_param']);
