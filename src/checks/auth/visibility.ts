/**
 * The evidence of who may read what (`phases/auth/visibility.ts`): for one list route, one identity and one query,
 * the ids the list answered that identity and its `X-WP-Total`, the same list as the administrator, and each
 * sampled item's read as the identity and as the administrator. What an identity may read is what its own item
 * read answers it, never a guess from its role.
 */
import { isRefusal, isSuccess, type SeenAnswer } from '../answer-seen.js';

export interface ItemReads {
  id: string;
  /** The item read as the identity. */
  identity: SeenAnswer;
  /** The item read as the administrator: the item exists (a 2xx) or not. */
  administrator: SeenAnswer;
}

export interface VisibilityEvidence {
  /** The list route (`GET /community/v1/members`) and the item read route, for the messages. */
  listRoute: string;
  itemRoute: string;
  identity: { name: string; role: string };
  /** The query both lists were sent with (`{ status: 'any', per_page: 100 }`). */
  query: Record<string, unknown>;
  /** The ids the identity's list answered, and its `X-WP-Total`. */
  listed: string[];
  total?: number;
  /** The administrator's list with the same query. */
  administratorListed: string[];
  administratorTotal?: number;
  /** The `per_page` both lists asked for (undefined: the route's default). */
  perPage?: number;
  /** The sampled items' reads (only items that either list answered). */
  reads: ItemReads[];
}

/** An item the identity's own read refuses (401/403) or does not find (404), while the administrator's read finds it. */
export function hiddenFrom(read: ItemReads): boolean {
  const status = read.identity.status;
  return (isRefusal(status) || status === 404) && isSuccess(read.administrator.status);
}

/** `GET /community/v1/members?status=any` */
export function listLine(evidence: Pick<VisibilityEvidence, 'listRoute' | 'query'>): string {
  const query = Object.entries(evidence.query)
    .map(([key, value]) => `${key}=${Array.isArray(value) ? value.join(',') : String(value)}`)
    .join('&');
  return `GET ${evidence.listRoute}${query === '' ? '' : `?${query}`}`;
}

/** `anonymous`, `member (member)`. */
export function whoIs(identity: VisibilityEvidence['identity']): string {
  return identity.role === 'anonymous' ? 'anonymous callers' : `${identity.name} (${identity.role})`;
}
