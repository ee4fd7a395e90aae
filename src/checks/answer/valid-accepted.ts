/**
 * A request whose every parameter is valid under WordPress's rules is never rejected by WordPress's generic
 * argument handling (400 rest_invalid_param / rest_missing_callback_param naming one of those parameters).
 * Rules a descriptor cannot state are not departures from it, and are not reported:
 * - a 400 rest_missing_callback_param naming a parameter the descriptor does not mark required comes from the
 *   route's own cross-field rules (e.g. a note required for the category "other");
 * - a parameter rejected under `data.details` with a code the schema rules never give came from the route's own
 *   validate or sanitize callback (WordPress 6.1: `rest_user_invalid_username`, a page `template` that is not
 *   one of the theme's, `url` of url-details with no details at all).
 */
import { SCHEMA_RULE_CODES } from '../../schema/rule-codes.js';
import type { HttpResponse } from '../../http/types.js';
import type { ExchangeCheck } from '../types.js';
import { namedParams, wpErrorBody, type WpErrorBody } from './response-helpers.js';

/** Whether the rejection of `name` came from the declared schema; true when the server sends no details to tell. */
function rejectedBySchema(error: WpErrorBody, name: string): boolean {
  const details = error.data?.details;
  // WordPress always sends `details` (an empty list when no callback gave a WP_Error); without it nothing tells.
  if (details === undefined || details === null || typeof details !== 'object') return true;
  const detail = Array.isArray(details) ? undefined : (details as Record<string, unknown>)[name];
  const code = detail && typeof detail === 'object' ? (detail as { code?: unknown }).code : undefined;
  return typeof code === 'string' && SCHEMA_RULE_CODES.has(code);
}

/**
 * The parameters a 400 rest_invalid_param refused through the route's own callbacks rather than its declared
 * schema: nothing for any other answer, or when the server sends no details to tell.
 */
export function refusedByCallback(response: HttpResponse | undefined): string[] {
  if (response === undefined || response.status !== 400) return [];
  const error = wpErrorBody(response);
  if (error === undefined || error.code !== 'rest_invalid_param') return [];
  return namedParams(error).filter((name) => !rejectedBySchema(error, name));
}

export const validAccepted: ExchangeCheck = {
  name: 'valid_accepted',
  evidence: 'exchange',
  severity: 'failure',
  needsCase: true,
  appliesTo: (ctx) => ctx.requestCase.mutation === undefined,
  description: "A request whose parameters are all valid under WordPress's rules is never answered 400 `rest_invalid_param` / `rest_missing_callback_param`.",
  judge({ context: ctx, exchange }) {
    const response = exchange.response;
    if (ctx.requestCase.mutation || !response || response.status !== 400) return [];
    const error = wpErrorBody(response);
    if (!error) return [];
    const named = namedParams(error);
    if (error.code === 'rest_invalid_param') {
      const bySchema = named.filter((name) => rejectedBySchema(error, name));
      if (named.length > 0 && bySchema.length === 0) return [];
      return [
        {
          message: `valid request rejected as invalid: ${bySchema.join(', ') || '(no params named)'} (${error.message})`,
          cause: `invalid:${bySchema.sort().join(',')}`,
        },
      ];
    }
    if (error.code === 'rest_missing_callback_param') {
      const wrongly = named.filter((name) => ctx.operation.args[name]?.required === true);
      if (wrongly.length) {
        return [{ message: `required parameter(s) reported missing although sent: ${wrongly.join(', ')}`, cause: `missing:${wrongly.sort().join(',')}` }];
      }
    }
    return [];
  },
};
