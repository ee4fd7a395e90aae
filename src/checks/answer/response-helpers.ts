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

/** The media type of a response, lower-cased and without parameters. */
export function mediaType(response: HttpResponse): string {
  return (response.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
}

/** Validation error codes of WordPress's generic argument handling. */
export const VALIDATION_CODES: ReadonlySet<string> = new Set(['rest_invalid_param', 'rest_missing_callback_param']);
