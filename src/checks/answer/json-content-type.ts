/** WordPress answers JSON with `Content-Type: application/json`, and the body parses (oEmbed XML aside). */
import type { ExchangeCheck } from '../types.js';
import { mediaType } from './response-helpers.js';

/** oEmbed routes answer `text/xml` when asked for `format=xml`. */
function xmlWasRequested(query: Record<string, unknown>): boolean {
  return query.format === 'xml';
}

export const jsonContentType: ExchangeCheck = {
  name: 'json_content_type',
  evidence: 'exchange',
  severity: 'failure',
  description: 'Answers are JSON with an `application/json` content type (XML only where `format=xml` was asked for).',
  judge({ context: ctx, exchange }) {
    const response = exchange.response;
    // A HEAD answer has no body to judge, whatever operation it was sent for (the schemas phase sends HEAD for GET).
    if (!response || response.status === 204 || ctx.operation.method === 'HEAD' || exchange.request.method === 'HEAD') return [];
    const type = mediaType(response);
    if (xmlWasRequested(ctx.requestCase.query) && /(^|\/|\+)xml$/.test(type)) return [];
    if (type !== 'application/json' && !type.endsWith('+json')) {
      return [{ message: `content type is "${response.headers['content-type'] ?? '(none)'}", expected application/json`, cause: `type:${type}` }];
    }
    if (response.json === undefined && !response.truncated) {
      return [{ message: `body is not valid JSON: ${JSON.stringify(response.bodyText.slice(0, 80))}`, cause: 'not-json' }];
    }
    return [];
  },
};
