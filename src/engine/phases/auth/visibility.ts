/**
 * Who may read what, gathered early in the auth phase (after the account probes, before the access matrix): for
 * each list route with an item read beside it, the administrator's list (plainly, and with every status the
 * route's `status` argument offers, where it declares one), each further identity's list with the same queries, and
 * a few sampled items read as every identity. Before its lists, the run makes the items of the route's family that
 * only some identities may read (a private, a draft, a password-protected item, a pending signup: `made-items.ts`);
 * they are read as every identity whatever the lists show, and deleted once the route is judged. The identity's own
 * item read is the rule; the checks of `checks/auth/` (`list_exposure`, `total_exposure`, `embed_exposure`) hold its
 * lists, totals and `_embed`ded items to it (`embeds.ts`). An identity's own items its lists show (its account, an
 * item naming it as `user_id` or `author`) are no exposure: one of them is read too, and a read that refuses its
 * owner is `own_item_refused`.
 *
 * Cheap on purpose (a security probe must not cost the run its other work): one locale's routes (visibility is the
 * data's, not the language's), at most `ITEMS_PER_LIST` items read per route, and the administrator's read only of an
 * item some identity was refused.
 */
import { seenAnswer, isRefusal } from '../../../checks/answer-seen.js';
import { listExposure } from '../../../checks/auth/list-exposure.js';
import { ownItemRefused } from '../../../checks/auth/own-item-refused.js';
import { totalExposure } from '../../../checks/auth/total-exposure.js';
import { listedIds, ownedIds, totalOf, type ItemReads, type VisibilityEvidence } from '../../../checks/auth/visibility.js';
import type { GatheredExchange, GatheredMarks } from '../../../checks/regather.js';
import type { Operation } from '../../../descriptor/types.js';
import type { Exchange } from '../../../http/types.js';
import type { Identity } from '../../../request/identity.js';
import type { Credentials } from '../../../request/types.js';
import type { PhaseContext } from '../phase.js';
import { gatheredIdentity } from './gathered-identity.js';
import { carriesEmbeddableLinks } from '../../../checks/auth/embedded.js';
import { judgeEmbeds, type KnownRead } from './embeds.js';
import { makeItems, madeItemsPlan, type MadeItems, type MadeItemsPlan } from './made-items.js';
import { ReadsSent } from './reads-sent.js';

const PHASE = 'auth';
/** Items read as every identity per list route, at most. */
export const ITEMS_PER_LIST = 3;
/** The page size asked for, where the route declares `per_page` (its maximum when lower). */
const PAGE_SIZE = 100;

export interface ListedRoute {
  list: Operation;
  item: Operation;
  variable: string;
}

/** Each list of this shard's first locale with the item read `{list}/{id}` beside it (no `…/me`, no nested lists). */
export function listedRoutes(operations: readonly Operation[]): ListedRoute[] {
  const locale = operations[0]?.locale;
  const gets = operations.filter((op) => op.method === 'GET' && op.locale === locale);
  const routes: ListedRoute[] = [];
  for (const list of gets.filter((op) => op.pattern.variables.length === 0)) {
    const item = gets.find(
      (op) => op.pattern.variables.length === 1 && op.pattern.template === `${list.pattern.template.replace(/\/$/, '')}/{${op.pattern.variables[0]!.name}}`,
    );
    if (item !== undefined) routes.push({ list, item, variable: item.pattern.variables[0]!.name });
  }
  return routes;
}

/** The queries a list is sent with: as it is, and, where `status` offers them, with every status at once. */
export function listQueries(list: Operation): Array<Record<string, unknown>> {
  const perPage = list.args.per_page;
  const size = perPage === undefined ? undefined : Math.min(PAGE_SIZE, typeof perPage.maximum === 'number' ? perPage.maximum : PAGE_SIZE);
  const base: Record<string, unknown> = size === undefined ? {} : { per_page: size };
  const status = list.args.status;
  const offered = status?.enum ?? (status?.items as { enum?: unknown[] } | undefined)?.enum;
  if (status === undefined || offered === undefined) return [base];
  if (offered.includes('any')) return [base, { ...base, status: 'any' }];
  return status.type === 'array' ? [base, { ...base, status: offered.map(String) }] : [base];
}

interface AnsweredList {
  query: Record<string, unknown>;
  ids: string[];
  total: number | undefined;
  exchange: Exchange;
}

/**
 * Items worth reading, up to `ITEMS_PER_LIST`: first those not in every list (a status only some see, an item only
 * some are shown), then the lists' items in turn, so items every list shows are tried too.
 */
function sampledItems(lists: readonly AnsweredList[], made: readonly string[]): string[] {
  const counts = new Map<string, number>();
  for (const list of lists) for (const id of new Set(list.ids)) counts.set(id, (counts.get(id) ?? 0) + 1);
  const differing = [...counts].filter(([, count]) => count < lists.length).map(([id]) => id);
  const longest = Math.max(0, ...lists.map((list) => list.ids.length));
  // Then the lists' items in turn, first of each, second of each…: every list is sampled, not only the first.
  const inTurn = Array.from({ length: longest }, (_, index) => lists.flatMap((list) => list.ids.slice(index, index + 1))).flat();
  const sampled = [...new Set([...differing, ...inTurn])].filter((id) => !made.includes(id)).slice(0, ITEMS_PER_LIST);
  // The items the run made are read whatever the lists showed: they are the ones only some identities may read.
  return [...made, ...sampled];
}

/** Gathers and judges one list route; returns false when a hard stop left it unfinished. */
async function judgeRoute(
  ctx: PhaseContext,
  route: ListedRoute,
  administrator: Credentials,
  others: readonly Identity[],
  stopped: () => boolean,
  creates: MadeItems['creates'],
  readsSent: ReadsSent,
): Promise<boolean> {
  const made = creates.map((create) => create.id);
  const queries = listQueries(route.list);
  const administratorLists: AnsweredList[] = [];
  for (const query of queries) {
    const exchange = await readsSent.get(ctx, route.list, {}, query, administrator);
    const ids = listedIds(exchange, route.variable);
    if (ids !== undefined) administratorLists.push({ query, ids, total: totalOf(exchange), exchange });
  }
  if (administratorLists.length === 0) return true;
  const identityLists = new Map<Identity, AnsweredList[]>();
  for (const identity of others) {
    if (stopped()) return false;
    const answered: AnsweredList[] = [];
    for (const { query } of administratorLists) {
      const exchange = await readsSent.get(ctx, route.list, {}, query, identity.credentials ?? null);
      const ids = listedIds(exchange, route.variable);
      if (ids !== undefined) answered.push({ query, ids, total: totalOf(exchange), exchange });
    }
    identityLists.set(identity, answered);
  }
  const items = sampledItems([...administratorLists, ...[...identityLists.values()].flat()], made);
  // Each identity also reads one of its own items its lists show, where the sample has none: a read that refuses its
  // owner is a fault of its own (`own_item_refused`), never an exposure.
  const ownListed = new Map(
    others.map((identity) => {
      const owned = (identityLists.get(identity) ?? []).flatMap((list) => ownItemsListed(ctx, route, identity, list.exchange));
      return [identity, [...new Set(owned)]] as const;
    }),
  );
  const reads = new Map<Identity, ItemReads[]>();
  const readExchanges = new Map<Identity, GatheredExchange[]>();
  const administratorReads = new Map<string, { seen: ItemReads['administrator']; exchange: Exchange }>();
  for (const identity of others) {
    const own: ItemReads[] = [];
    const sent: GatheredExchange[] = [];
    const owned = ownListed.get(identity) ?? [];
    const ownRead = owned.some((id) => items.includes(id)) ? [] : owned.slice(0, 1);
    for (const id of [...items, ...ownRead]) {
      if (stopped()) return false;
      const exchange = await readsSent.get(ctx, route.item, { [route.variable]: id }, {}, identity.credentials ?? null);
      const seen = seenAnswer(exchange);
      // The administrator's read only where it decides something: the identity was refused or not found.
      if ((isRefusal(seen.status) || seen.status === 404) && !administratorReads.has(id)) {
        const read = await readsSent.get(ctx, route.item, { [route.variable]: id }, {}, administrator);
        administratorReads.set(id, { seen: seenAnswer(read), exchange: read });
      }
      own.push({ id, identity: seen, administrator: administratorReads.get(id)?.seen ?? { status: undefined, code: undefined } });
      sent.push({ label: `read:${id}`, as: 'identity', part: 'gather', exchange });
    }
    reads.set(identity, own);
    readExchanges.set(identity, sent);
  }
  // `_embed`, where the administrator's answers carry links it would embed: the same reads are the rule.
  const [plain] = administratorLists;
  if (plain !== undefined && carriesEmbeddableLinks(plain.exchange)) {
    for (const identity of others) {
      if (!identityLists.get(identity)?.some((list) => list.query === plain.query)) continue;
      const sent = readExchanges.get(identity) ?? [];
      const known = new Map(
        (reads.get(identity) ?? []).map((read, index): [string, KnownRead] => [
          read.id,
          {
            reads: read,
            identity: sent[index]!.exchange,
            ...(administratorReads.has(read.id) ? { administrator: administratorReads.get(read.id)!.exchange } : {}),
          },
        ]),
      );
      if (stopped() || !(await judgeEmbeds(ctx, route, plain.query, identity, known, administrator, stopped))) return false;
    }
  }
  for (const identity of others) {
    for (const list of identityLists.get(identity) ?? []) {
      const administratorList = administratorLists.find((candidate) => candidate.query === list.query)!;
      const evidence: VisibilityEvidence = {
        listRoute: route.list.route,
        itemRoute: `GET ${route.item.route}`,
        idVariable: route.variable,
        identity: { name: identity.name, role: identity.role },
        query: list.query,
        listed: list.ids,
        administratorListed: administratorList.ids,
        reads: reads.get(identity) ?? [],
      };
      const owned = ownListed.get(identity)?.filter((id) => list.ids.includes(id)) ?? [];
      if (owned.length > 0) evidence.ownedByIdentity = owned;
      if (list.total !== undefined) evidence.total = list.total;
      if (administratorList.total !== undefined) evidence.administratorTotal = administratorList.total;
      if (typeof list.query.per_page === 'number') evidence.perPage = list.query.per_page;
      const requestCase = { operationId: route.list.id, kind: 'valid' as const, path: {}, query: list.query, body: undefined };
      const exchanges = [list.exchange, administratorList.exchange, ...[...administratorReads.values()].map((read) => read.exchange)];
      const gathered: GatheredMarks = {
        identity: gatheredIdentity(identity),
        exchanges: [
          ...creates.map(({ id, exchange, deleteArgs }): GatheredExchange => ({
            label: `make:${id}`,
            as: 'administrator',
            part: 'set-up',
            exchange,
            made: { id, deleteArgs },
          })),
          { label: 'administrator-list', as: 'administrator', part: 'gather', exchange: administratorList.exchange },
          { label: 'list', as: 'identity', part: 'gather', exchange: list.exchange },
          ...(readExchanges.get(identity) ?? []),
          ...[...administratorReads].map(([id, read]): GatheredExchange => ({
            label: `administrator-read:${id}`,
            as: 'administrator',
            part: 'gather',
            exchange: read.exchange,
          })),
        ],
      };
      const at = { operation: route.list, phase: PHASE, exchanges, requestCase, gathered };
      for (const check of [listExposure, ownItemRefused, totalExposure]) ctx.execution.judge(check, evidence, at);
    }
  }
  return true;
}

/** The items of an identity's list that are its own: its account (in its accounts' collection) or ones naming it. */
function ownItemsListed(ctx: PhaseContext, route: ListedRoute, identity: Identity, exchange: Exchange): string[] {
  const account = ctx.execution.accountOf(identity);
  if (account?.id === undefined) return [];
  const accountsList = account.collections.some((collection) => collection.locale === route.list.locale && collection.route === route.list.route);
  return ownedIds(exchange, route.variable, String(account.id), accountsList);
}

/** Makes the route's items (`made-items.ts`), judges the route with them, and deletes them. */
async function judgeWithMadeItems(
  ctx: PhaseContext,
  plan: MadeItemsPlan | undefined,
  index: number,
  route: ListedRoute,
  administrator: Credentials,
  others: readonly Identity[],
  stopped: () => boolean,
  readsSent: ReadsSent,
): Promise<boolean> {
  const made = plan === undefined ? undefined : await makeItems(ctx, plan, route.list, index + 1);
  try {
    if (made !== undefined && made.described.length > 0)
      ctx.execution.note(route.list, `${PHASE}: who may read what, with items made for it: ${made.described.join(', ')}`);
    return await judgeRoute(ctx, route, administrator, others, stopped, made?.creates ?? [], readsSent);
  } finally {
    // One its delete left (WordPress refuses to delete a private or draft reusable block until it is published) is
    // still the run's own: the run's clean-up at its end makes it deletable where a hint says how, and deletes it.
    const leftovers = (await made?.finish()) ?? [];
    for (const left of leftovers)
      ctx.execution.note(route.list, `${PHASE}: an item made for who may read what was left to the run's clean-up at its end: ${left}`);
    readsSent.madeItemsGone(route, made?.ids ?? [], leftovers.length > 0);
  }
}

/**
 * What a probe of who may read what needs: the administrator's credentials (the reads that find what exists), the
 * other identities, and whether a hard stop (an interrupt, a dead target) came; a spent time share is none, as these
 * probes run early in their phase and go on past it. Undefined when there is nobody to compare.
 */
export function probingIdentities(ctx: PhaseContext): { administrator: Credentials; others: Identity[]; stopped: () => boolean } | undefined {
  const administrator = ctx.execution.credentials;
  if (administrator === undefined) return undefined;
  const others = ctx.execution.identities.filter((identity) => identity.credentials?.user !== administrator.user);
  if (others.length === 0) return undefined;
  const stopped = (): boolean => {
    const reason = ctx.execution.control.reason;
    return reason !== undefined && reason.kind !== 'time-budget';
  };
  return { administrator, others, stopped };
}

/**
 * Who may read what, for every listed route this shard owns. Stops only at a hard stop (an interrupt, a dead target):
 * it runs early in its phase, so a spent share does not leave it out. Returns the routes left unjudged. Its reads go
 * to `readsSent`, for the probes after it (`reads-sent.ts`).
 */
export async function gatherVisibility(ctx: PhaseContext, readsSent = new ReadsSent()): Promise<string[]> {
  const probing = probingIdentities(ctx);
  if (probing === undefined) return [];
  const { administrator, others, stopped } = probing;
  const routes = listedRoutes(ctx.operations.filter((op) => ctx.shard.ownsOperation(op)));
  const plan = routes.length === 0 ? undefined : madeItemsPlan(ctx, routes[0]!.list.locale);
  const unjudged: string[] = [];
  for (const [index, route] of routes.entries()) {
    if (stopped() || !(await judgeWithMadeItems(ctx, plan, index, route, administrator, others, stopped, readsSent))) unjudged.push(route.list.route);
  }
  return unjudged;
}
