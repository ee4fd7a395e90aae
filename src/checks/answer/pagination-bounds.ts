/**
 * A list never holds more than `per_page` items, and `X-WP-Total` / `X-WP-TotalPages` agree with each other
 * and with `per_page` when present.
 */
import type { CheckFailure, ExchangeCheck } from '../types.js';

function wholeNumber(raw: string | undefined): number | undefined {
  if (raw === undefined || !/^\s*\d+\s*$/.test(raw)) return undefined;
  return Number(raw);
}

/** The per_page the server saw: sent (in any spelling WordPress accepts) or the declared default. */
function perPageOf(query: Record<string, unknown>, declaredDefault: unknown): number | undefined {
  const sent = query.per_page ?? declaredDefault;
  const value = typeof sent === 'string' ? Number(sent.trim()) : sent;
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : undefined;
}

export const paginationBounds: ExchangeCheck = {
  name: 'pagination_bounds',
  evidence: 'exchange',
  severity: 'failure',
  needsCase: true,
  appliesTo: (ctx) => ctx.requestCase.mutation === undefined && ctx.operation.args.per_page !== undefined,
  description: 'Lists hold at most `per_page` items; `X-WP-Total` and `X-WP-TotalPages` agree.',
  judge({ context: ctx, exchange }) {
    const response = exchange.response;
    const perPageArg = ctx.operation.args.per_page;
    if (!response || response.status !== 200 || ctx.requestCase.mutation || !perPageArg) return [];
    const perPage = perPageOf(ctx.requestCase.query, perPageArg.default);
    const failures: CheckFailure[] = [];
    if (perPage !== undefined && Array.isArray(response.json) && response.json.length > perPage) {
      failures.push({ message: `list holds ${response.json.length} items, per_page is ${perPage}`, cause: 'too-many-items' });
    }
    const totalHeader = response.headers['x-wp-total'];
    const pagesHeader = response.headers['x-wp-totalpages'];
    if (totalHeader === undefined && pagesHeader === undefined) return failures;
    const total = wholeNumber(totalHeader);
    const pages = wholeNumber(pagesHeader);
    if (total === undefined || pages === undefined) {
      failures.push({ message: `X-WP-Total "${totalHeader}" / X-WP-TotalPages "${pagesHeader}" are not both whole numbers`, cause: 'headers-malformed' });
    } else if (perPage !== undefined && pages !== Math.ceil(total / perPage)) {
      failures.push({
        message: `X-WP-TotalPages is ${pages}, but X-WP-Total ${total} at per_page ${perPage} makes ${Math.ceil(total / perPage)}`,
        cause: 'pages-disagree',
      });
    }
    return failures;
  },
};
