/**
 * The evidence of who may read what (`phases/auth/visibility.ts`): for one list route, one identity and one query,
 * the ids the list answered that identity and its `X-WP-Total`, the same list as the administrator, and each
 * sampled item's read as the identity and as the administrator. What an identity may read is what its own item
 * read answers it, never a guess from its role.
 */
import type { Exchange } from '../../http/types.js';
import { describeSeen, isRefusal, isSuccess, seenAnswer, type SeenAnswer } from '../answer-seen.js';
import type { Regather } from '../regather.js';

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
  /** The item route's variable: a list entry's id when it has no `id` (for replay). */
  idVariable?: string;
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
  /**
   * Listed items that are the identity's own, by what its list answered: its account itself (the list is its
   * accounts' collection) or an item whose owner field (`user_id`, `author`, `author_id`) names its account. A list
   * that shows a caller its own item exposes nothing, whatever its item read says.
   */
  ownedByIdentity?: string[];
}

/** Fields by which a listed item names the account it belongs to. */
const OWNER_FIELDS = ['user_id', 'author', 'author_id'];

/**
 * The ids of a list's items that belong to the account `accountId`: each whose owner field names it, and, where the
 * list is the accounts' own collection (`accountsList`), the account's own entry.
 */
export function ownedIds(exchange: Exchange, variable: string | undefined, accountId: string, accountsList: boolean): string[] {
  const body = exchange.response?.json;
  if (exchange.response?.status !== 200 || !Array.isArray(body)) return [];
  const owned: string[] = [];
  for (const entry of body) {
    if (typeof entry !== 'object' || entry === null) continue;
    const record = entry as Record<string, unknown>;
    const id = record.id ?? (variable === undefined ? undefined : record[variable]);
    if (typeof id !== 'number' && (typeof id !== 'string' || id === '')) continue;
    const names = (value: unknown): boolean => (typeof value === 'number' || typeof value === 'string') && String(value) === accountId;
    if ((accountsList && names(id)) || OWNER_FIELDS.some((field) => names(record[field]))) owned.push(String(id));
  }
  return owned;
}

/** An item the identity's own read refuses (401/403) or does not find (404), while the administrator's read finds it. */
export function hiddenFrom(read: ItemReads): boolean {
  const status = read.identity.status;
  return (isRefusal(status) || status === 404) && isSuccess(read.administrator.status);
}

/**
 * The sampled reads of items the identity's list shows and its own read refuses: of its own items (`own`), or of the
 * others. `list_exposure` judges the others, `own_item_refused` its own.
 */
export function listedButRefused(evidence: VisibilityEvidence, own: boolean): ItemReads[] {
  const listed = new Set(evidence.listed);
  const owned = new Set(evidence.ownedByIdentity ?? []);
  return evidence.reads.filter((read) => listed.has(read.id) && owned.has(read.id) === own && hiddenFrom(read));
}

/** `8 (its read answered 403 rest_forbidden), 9 (…)`: the refused reads, for a message. */
export function refusedReadsLine(reads: readonly ItemReads[]): string {
  return reads.map((read) => `${read.id} (its read answered ${describeSeen(read.identity)})`).join(', ');
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

/** The ids a list answered (its items' `id`, or the item route's variable), in order; undefined unless a 200 array. */
export function listedIds(exchange: Exchange, variable: string | undefined): string[] | undefined {
  const body = exchange.response?.json;
  if (exchange.response?.status !== 200 || !Array.isArray(body)) return undefined;
  const ids: string[] = [];
  for (const entry of body) {
    if (typeof entry !== 'object' || entry === null) continue;
    const record = entry as Record<string, unknown>;
    const id = record.id ?? (variable === undefined ? undefined : record[variable]);
    if (typeof id === 'number' || (typeof id === 'string' && id !== '')) ids.push(String(id));
  }
  return ids;
}

/** A list's `X-WP-Total`, when it is a whole number. */
export function totalOf(exchange: Exchange): number | undefined {
  const header = exchange.response?.headers['x-wp-total'];
  const total = header === undefined ? Number.NaN : Number(header);
  return Number.isInteger(total) ? total : undefined;
}

/**
 * Replay's rebuild of the evidence (`regather.ts`), by label: `list` and `administrator-list` (the identity's and the
 * administrator's lists), `read:ID` and `administrator-read:ID` (each sampled item's reads). A list that no longer
 * answers a list shows nothing; a read not re-sent keeps what was recorded.
 */
export const regatherVisibility: Regather<VisibilityEvidence> = (recorded, answers, recordedId) => {
  const list = (label: string): { ids: string[]; total: number | undefined } => {
    const exchange = answers.get(label);
    const ids = exchange === undefined ? undefined : listedIds(exchange, recorded.idVariable);
    return { ids: (ids ?? []).map(recordedId), total: exchange === undefined || ids === undefined ? undefined : totalOf(exchange) };
  };
  const own = list('list');
  const administrator = list('administrator-list');
  const { total: _total, administratorTotal: _administratorTotal, ...rest } = recorded;
  return {
    ...rest,
    listed: own.ids,
    administratorListed: administrator.ids,
    ...(own.total === undefined ? {} : { total: own.total }),
    ...(administrator.total === undefined ? {} : { administratorTotal: administrator.total }),
    reads: recorded.reads.map((read) => {
      const identity = answers.get(`read:${read.id}`);
      const byAdministrator = answers.get(`administrator-read:${read.id}`);
      return {
        id: read.id,
        identity: identity === undefined ? read.identity : seenAnswer(identity),
        administrator: byAdministrator === undefined ? read.administrator : seenAnswer(byAdministrator),
      };
    }),
  };
};
