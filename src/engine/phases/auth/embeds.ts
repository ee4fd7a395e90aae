/**
 * What `_embed` shows each identity, gathered with who may read what (`visibility.ts`): where the administrator's
 * list of a route carries `_links` that `_embed` would embed (`embeddable: true`), each other identity asks the
 * same list with `_embed`, and every item it was answered inside `_embedded` is held to that identity's own read of
 * the item (already known from the visibility reads, or read now, a few per route), with the administrator's read
 * where the identity's was refused. `embed_exposure` judges it.
 *
 * Cheap on purpose: nothing at all on a route whose answers carry no embeddable link (the bundled server's), one
 * list per identity and route, and at most `EMBED_READS` new item reads per identity and route.
 */
import { seenAnswer, isRefusal } from '../../../checks/answer-seen.js';
import { embedExposure, type EmbedEvidence, type EmbeddedItem } from '../../../checks/auth/embed-exposure.js';
import type { ItemReads } from '../../../checks/auth/visibility.js';
import type { Operation } from '../../../descriptor/types.js';
import type { Exchange } from '../../../http/types.js';
import type { Identity } from '../../../request/identity.js';
import type { Credentials } from '../../../request/types.js';
import { pathInRoot, pathValues } from '../../execution/rest-path.js';
import type { PhaseContext } from '../phase.js';

const PHASE = 'auth';
/** Embedded items read as the identity per list route, at most (those already read for visibility are free). */
export const EMBED_READS = 3;
/** The page size of the list asked with `_embed`: each item embeds several more, so a smaller page. */
const EMBED_PAGE = 20;

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
function embeddedItems(exchange: Exchange): Array<{ rel: string; href: string }> {
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

/** The item read an embedded item's address names (a GET with path variables), with its path values. */
function readAt(ctx: PhaseContext, locale: string | null, href: string): { op: Operation; path: Record<string, string> } | undefined {
  const restUrl = ctx.execution.restUrl(locale);
  if (!href.startsWith(`${restUrl}/`) || href.includes('?')) return undefined;
  const path = pathInRoot(href, restUrl);
  const op = ctx.allOperations.find(
    (candidate) => candidate.locale === locale && candidate.method === 'GET' && candidate.pattern.variables.length > 0 && candidate.pattern.matcher.test(path),
  );
  if (op === undefined) return undefined;
  const values = pathValues(op, href, restUrl);
  return { op, path: Object.fromEntries(op.pattern.variables.map((variable, index) => [variable.name, values[index]!])) };
}

async function get(ctx: PhaseContext, op: Operation, path: Record<string, string>, query: Record<string, unknown>, as: Credentials | null): Promise<Exchange> {
  const requestCase = { operationId: op.id, kind: 'valid' as const, path, query, body: undefined };
  return (await ctx.execution.execute(op, requestCase, PHASE, { credentials: as })).exchange;
}

export interface EmbedRoute {
  list: Operation;
  item: Operation;
  variable: string;
}

/**
 * One identity's list of `route` asked with `_embed`, its embedded items held to its own reads, judged. `known` are
 * the identity's reads of the route's items already sent for visibility. Returns false when a hard stop left it
 * unfinished.
 */
export async function judgeEmbeds(
  ctx: PhaseContext,
  route: EmbedRoute,
  query: Record<string, unknown>,
  identity: Identity,
  known: readonly ItemReads[],
  administrator: Credentials,
  stopped: () => boolean,
): Promise<boolean> {
  const embedQuery: Record<string, unknown> = { ...query, _embed: '1' };
  if (typeof query.per_page === 'number') embedQuery.per_page = Math.min(query.per_page, EMBED_PAGE);
  const list = await get(ctx, route.list, {}, embedQuery, identity.credentials ?? null);
  const embedded: EmbeddedItem[] = [];
  const exchanges: Exchange[] = [list];
  const seen = new Set<string>();
  let reads = 0;
  for (const { rel, href } of embeddedItems(list)) {
    if (seen.has(href)) continue;
    seen.add(href);
    const target = readAt(ctx, route.list.locale, href);
    if (target === undefined) continue;
    const already = target.op.id === route.item.id ? known.find((read) => read.id === target.path[route.variable]) : undefined;
    if (already !== undefined) {
      embedded.push({ rel, href, reads: already });
      continue;
    }
    if (reads >= EMBED_READS) continue;
    if (stopped()) return false;
    reads++;
    const own = await get(ctx, target.op, target.path, {}, identity.credentials ?? null);
    const seenOwn = seenAnswer(own);
    const item: EmbeddedItem = { rel, href, reads: { id: href, identity: seenOwn, administrator: { status: undefined, code: undefined } } };
    // The administrator's read only where it decides something: the identity was refused or not found.
    if (isRefusal(seenOwn.status) || seenOwn.status === 404) {
      const theirs = await get(ctx, target.op, target.path, {}, administrator);
      item.reads.administrator = seenAnswer(theirs);
      exchanges.push(own, theirs);
    }
    embedded.push(item);
  }
  const evidence: EmbedEvidence = { listRoute: route.list.route, query: embedQuery, identity: { name: identity.name, role: identity.role }, embedded };
  const requestCase = { operationId: route.list.id, kind: 'valid' as const, path: {}, query: embedQuery, body: undefined };
  ctx.execution.judge(embedExposure, evidence, { operation: route.list, phase: PHASE, exchanges, requestCase });
  return true;
}
