/** Every error answer is `{code, message, data: {status}}` with `data.status` equal to the HTTP status. */
import type { ExchangeCheck } from '../types.js';
import { mediaType } from './response-helpers.js';

export const errorShape: ExchangeCheck = {
  name: 'error_shape',
  evidence: 'exchange',
  severity: 'failure',
  description: 'Errors are `{code, message, data: {status}}` with `data.status` equal to the HTTP status.',
  judge({ exchange }) {
    const response = exchange.response;
    // A HEAD answer has no body, so no error body to judge.
    if (!response || response.status < 400 || response.truncated || exchange.request.method === 'HEAD') return [];
    // A non-JSON error page is json_content_type's finding; judging its shape too would report it twice.
    if (response.json === undefined && mediaType(response) !== 'application/json') return [];
    const body = response.json;
    if (!body || typeof body !== 'object' || Array.isArray(body)) {
      return [{ message: `error body is not an object: ${JSON.stringify(response.bodyText.slice(0, 80))}`, cause: 'not-object' }];
    }
    const { code, message, data } = body as Record<string, unknown>;
    const problems: string[] = [];
    if (typeof code !== 'string') problems.push('`code` is not a string');
    if (typeof message !== 'string') problems.push('`message` is not a string');
    const status = data && typeof data === 'object' ? (data as Record<string, unknown>).status : undefined;
    if (status !== response.status) problems.push(`\`data.status\` is ${JSON.stringify(status)}, HTTP status is ${response.status}`);
    return problems.length ? [{ message: `error body: ${problems.join('; ')}`, cause: problems.join(';') }] : [];
  },
};
