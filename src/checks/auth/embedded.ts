/**
 * What an answer asked with `_embed` embedded, as the evidence of `embed_exposure` reads it (the auth phase when it
 * gathers, replay when it judges again): the links `_embed` follows and the items it put in `_embedded`, each with
 * the address of its own read. WordPress's error objects (an embed refused with the caller's own permissions) are
 * left out.
 */
import type { Exchange } from '../../http/types.js';

type Json = Record<string, unknown>;

const isRecord = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** An answer's items: a list's entries, or the one item. */
function itemsOf(exchange: Exchange): Json[] {
  const body = exchange.response?.json;
  if (exchange.response?.status !== 200) return [];
  return Array.isArray(body) ? body.filter(isRecord) : isRecord(body) ? [body] : [];
}

/** An item's links that `_embed` embeds, by relation: their `href`s in order (the order of `_embedded[rel]`). */
function embeddableLinks(item: Json): Map<string, string[]> {
  const links = new Map<string, string[]>();
  if (!isRecord(item._links)) return links;
  for (const [rel, entries] of Object.entries(item._links)) {
    if (!Array.isArray(entries)) continue;
    const hrefs = entries.filter((entry): entry is Json => isRecord(entry) && entry.embeddable === true && typeof entry.href === 'string');
    if (hrefs.length > 0)
      links.set(
        rel,
        hrefs.map((entry) => entry.href as string),
      );
  }
  return links;
}

/** True when some item of the answer carries a link `_embed` would embed. */
export function carriesEmbeddableLinks(exchange: Exchange): boolean {
  return itemsOf(exchange).some((item) => embeddableLinks(item).size > 0);
}

/** WordPress's error object, as an embed the caller may not have is answered inside `_embedded`. */
function isErrorObject(value: Json): boolean {
  return typeof value.code === 'string' && typeof value.message === 'string' && value.id === undefined;
}

function selfHref(value: Json): string | undefined {
  const self = isRecord(value._links) && Array.isArray(value._links.self) ? value._links.self[0] : undefined;
  return isRecord(self) && typeof self.href === 'string' ? self.href : undefined;
}

/**
 * The items an answer embedded, each with the address of its own read: an embedded item is its link's target, an
 * embedded list (`replies`, `wp:term`) holds items with links of their own. Refused embeds are left out.
 */
export function embeddedItems(exchange: Exchange): Array<{ rel: string; href: string }> {
  const found: Array<{ rel: string; href: string }> = [];
  for (const item of itemsOf(exchange)) {
    if (!isRecord(item._embedded)) continue;
    const links = embeddableLinks(item);
    for (const [rel, entries] of Object.entries(item._embedded)) {
      if (!Array.isArray(entries)) continue;
      entries.forEach((entry: unknown, index) => {
        const objects = (Array.isArray(entry) ? entry : [entry]).filter(isRecord).filter((value) => !isErrorObject(value));
        for (const value of objects) {
          const href = selfHref(value) ?? (Array.isArray(entry) ? undefined : links.get(rel)?.[index]);
          if (href !== undefined) found.push({ rel, href });
        }
      });
    }
  }
  return found;
}
