/**
 * One answer of a list route, read the way the collection relations need it: the items and their ids, the
 * `X-WP-Total` / `X-WP-TotalPages` headers, and the `Link` relations.
 */
import type { Exchange } from '../../http/types.js';

export interface ListAnswer {
  exchange: Exchange;
  status: number | undefined;
  /** The items, when the body is a JSON array. */
  items: unknown[] | undefined;
  /** Each item's `id` as text (undefined for an item without one), in the answer's order. */
  ids: Array<string | undefined>;
  /** The raw header values (undefined when absent). */
  totalHeader: string | undefined;
  pagesHeader: string | undefined;
  /** The headers as whole numbers; undefined when absent or malformed. */
  total: number | undefined;
  pages: number | undefined;
  /** `rel` → URL of the `Link` header (empty when none was sent). */
  links: Map<string, string>;
}

function wholeNumber(raw: string | undefined): number | undefined {
  return raw !== undefined && /^\s*\d+\s*$/.test(raw) ? Number(raw) : undefined;
}

function idOf(item: unknown): string | undefined {
  if (!item || typeof item !== 'object') return undefined;
  const id = (item as { id?: unknown }).id;
  if (typeof id === 'number' && Number.isFinite(id)) return String(id);
  return typeof id === 'string' && id !== '' ? id : undefined;
}

/** `<url>; rel="next", <url>; rel="prev"` → rel → url. */
export function parseLinks(header: string | undefined): Map<string, string> {
  const links = new Map<string, string>();
  if (header === undefined) return links;
  for (const match of header.matchAll(/<([^>]*)>\s*((?:;\s*[^;,]+)*)/g)) {
    const rel = /;\s*rel\s*=\s*"?([^";,]+)"?/i.exec(match[2] ?? '')?.[1];
    if (rel !== undefined) for (const name of rel.trim().split(/\s+/)) links.set(name.toLowerCase(), match[1]!);
  }
  return links;
}

export function listAnswer(exchange: Exchange): ListAnswer {
  const response = exchange.response;
  const items = Array.isArray(response?.json) ? (response.json as unknown[]) : undefined;
  const totalHeader = response?.headers['x-wp-total'];
  const pagesHeader = response?.headers['x-wp-totalpages'];
  return {
    exchange,
    status: response?.status,
    items,
    ids: items?.map(idOf) ?? [],
    totalHeader,
    pagesHeader,
    total: wholeNumber(totalHeader),
    pages: wholeNumber(pagesHeader),
    links: parseLinks(response?.headers.link),
  };
}

/** Every item has an id and no two share one: the ids can stand for the items. */
export function idsAreUsable(answer: ListAnswer): answer is ListAnswer & { ids: string[] } {
  return answer.ids.every((id) => id !== undefined) && new Set(answer.ids).size === answer.ids.length;
}

/** A short list of ids for a message. */
export function showIds(ids: readonly (string | undefined)[]): string {
  const shown = ids.slice(0, 12).map((id) => id ?? '?');
  return `[${shown.join(', ')}${ids.length > shown.length ? `, … (${ids.length})` : ''}]`;
}
