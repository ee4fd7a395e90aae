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
import { embedExposure, embedReadLabels, type EmbedEvidence, type EmbeddedItem } from '../../../checks/auth/embed-exposure.js';
import { embeddedItems } from '../../../checks/auth/embedded.js';
import type { ItemReads } from '../../../checks/auth/visibility.js';
import type { GatheredExchange } from '../../../checks/regather.js';
import type { Operation } from '../../../descriptor/types.js';
import type { Exchange } from '../../../http/types.js';
import type { Identity } from '../../../request/identity.js';
import type { Credentials } from '../../../request/types.js';
import { pathInRoot, pathValues } from '../../execution/rest-path.js';
import type { PhaseContext } from '../phase.js';
import { gatheredIdentity } from './gathered-identity.js';

const PHASE = 'auth';
/** Embedded items read as the identity per list route, at most (those already read for visibility are free). */
export const EMBED_READS = 3;
/** The page size of the list asked with `_embed`: each item embeds several more, so a smaller page. */
const EMBED_PAGE = 20;

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

/** An item read already sent for visibility: what it answered the identity (and the administrator), and the requests. */
export interface KnownRead {
  reads: ItemReads;
  identity: Exchange;
  administrator?: Exchange;
}

/**
 * One identity's list of `route` asked with `_embed`, its embedded items held to its own reads, judged. `known` are
 * the identity's reads of the route's items already sent for visibility, by id. Returns false when a hard stop left
 * it unfinished.
 */
export async function judgeEmbeds(
  ctx: PhaseContext,
  route: EmbedRoute,
  query: Record<string, unknown>,
  identity: Identity,
  known: ReadonlyMap<string, KnownRead>,
  administrator: Credentials,
  stopped: () => boolean,
): Promise<boolean> {
  const embedQuery: Record<string, unknown> = { ...query, _embed: '1' };
  if (typeof query.per_page === 'number') embedQuery.per_page = Math.min(query.per_page, EMBED_PAGE);
  const list = await get(ctx, route.list, {}, embedQuery, identity.credentials ?? null);
  const embedded: EmbeddedItem[] = [];
  const exchanges: Exchange[] = [list];
  // For replay (`checks/regather.ts`): the list and each embedded item's reads, labelled by its address.
  const steps: GatheredExchange[] = [{ label: 'list', as: 'identity', part: 'gather', exchange: list }];
  const record = (href: string, own: Exchange, theirs: Exchange | undefined): void => {
    const labels = embedReadLabels(href);
    steps.push({ label: labels.identity, as: 'identity', part: 'gather', exchange: own });
    if (theirs !== undefined) steps.push({ label: labels.administrator, as: 'administrator', part: 'gather', exchange: theirs });
  };
  const seen = new Set<string>();
  let reads = 0;
  for (const { rel, href } of embeddedItems(list)) {
    if (seen.has(href)) continue;
    seen.add(href);
    const target = readAt(ctx, route.list.locale, href);
    if (target === undefined) continue;
    const already = target.op.id === route.item.id ? known.get(target.path[route.variable]!) : undefined;
    if (already !== undefined) {
      embedded.push({ rel, href, reads: already.reads });
      record(href, already.identity, already.administrator);
      continue;
    }
    if (reads >= EMBED_READS) continue;
    if (stopped()) return false;
    reads++;
    const own = await get(ctx, target.op, target.path, {}, identity.credentials ?? null);
    const seenOwn = seenAnswer(own);
    const item: EmbeddedItem = { rel, href, reads: { id: href, identity: seenOwn, administrator: { status: undefined, code: undefined } } };
    // The administrator's read only where it decides something: the identity was refused or not found.
    let theirs: Exchange | undefined;
    if (isRefusal(seenOwn.status) || seenOwn.status === 404) {
      theirs = await get(ctx, target.op, target.path, {}, administrator);
      item.reads.administrator = seenAnswer(theirs);
      exchanges.push(own, theirs);
    }
    record(href, own, theirs);
    embedded.push(item);
  }
  const evidence: EmbedEvidence = { listRoute: route.list.route, query: embedQuery, identity: { name: identity.name, role: identity.role }, embedded };
  const requestCase = { operationId: route.list.id, kind: 'valid' as const, path: {}, query: embedQuery, body: undefined };
  const gathered = { identity: gatheredIdentity(identity), exchanges: steps };
  ctx.execution.judge(embedExposure, evidence, { operation: route.list, phase: PHASE, exchanges, requestCase, gathered });
  return true;
}
