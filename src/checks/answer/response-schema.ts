/**
 * Every success answer of a route that publishes an item schema meets that schema in the answer's context
 * (WordPress's dialect, see `schema/answer-json-schema.ts`): each item of a list, a delete answer's `previous`, or
 * the answer itself. Answers cut by `_fields` or wrapped by `_envelope`/`_jsonp` are left to their own checks.
 */
import { contextOfAnswer, itemsOfAnswer } from '../answer-validators.js';
import type { ExchangeCheck } from '../types.js';

/** Global parameters that change an answer's shape on purpose. */
const RESHAPING_PARAMS = ['_fields', '_envelope', '_jsonp', '_embed'];

export const responseSchema: ExchangeCheck = {
  name: 'response_schema',
  evidence: 'exchange',
  severity: 'failure',
  // The context an answer is in comes from the case's values; a phase's own requests (sequences) carry none.
  needsCase: true,
  description:
    "Every 2xx answer of a route that publishes an item schema meets it for the answer's context (WordPress's dialect: a property's `context` list, `required` where the context shows it, WordPress's formats); the schemas are fetched once per run (`?context=help` per namespace, `OPTIONS` where that fails).",
  judge({ context: ctx, exchange }) {
    const response = exchange.response;
    const schemas = ctx.answerSchemas;
    if (!schemas || !response || response.status < 200 || response.status >= 300 || response.json === undefined) return [];
    const { operation, requestCase } = ctx;
    const schema = schemas.schema(operation.locale, operation.route);
    if (schema === undefined || requestCase.mutation) return [];
    if (RESHAPING_PARAMS.some((name) => name in requestCase.query || (requestCase.body !== undefined && name in requestCase.body))) return [];
    const method = exchange.request.method;
    if (method === 'HEAD' || method === 'OPTIONS') return [];
    const context = contextOfAnswer(method, { ...requestCase.body, ...requestCase.query }, operation.args.context?.default);
    const validator = schemas.validator(operation.locale, operation.route, context)!;
    const items = itemsOfAnswer(response.json, schema);
    for (const [index, item] of items.entries()) {
      const problem = validator.validate(item);
      if (problem !== undefined) {
        const which = items.length > 1 || Array.isArray(response.json) ? `item ${index}: ` : '';
        return [
          {
            message: `answer in context ${context} does not meet the published schema${schema.title ? ` "${schema.title}"` : ''}: ${which}${problem}`,
            cause: `${context} ${problem}`,
          },
        ];
      }
    }
    return [];
  },
};
