/**
 * Phase `collections`: what a list's answers mean (docs/wordpress/behaviour.md#collections), as relations between requests to
 * one list route: the total headers on every answer, an empty one included, and against a walk of the pages;
 * `per_page` and its declared default; pages that are disjoint and together the list; a page past the last;
 * `include`, `exclude` and `offset`; `order=asc` as `order=desc` reversed. Each relation is checked only where the
 * route declares its argument, with values taken from the list's own answers (ids that are in it), and whatever
 * needs a total order only with `orderby=id`. Reads only, so it runs against any target.
 *
 * The relations hold only while nothing else writes to the list. On a server others write to (a parallel shard of
 * the same run, other users), a list read before and after them must show the same (`ListProbe.stamp`); when it
 * does not, what they found is not the server's fault and they are tried again. A relation found broken is tried
 * once more, since an item made and deleted again between the two reads leaves no trace in them: only one broken
 * both times is reported. At most `ATTEMPTS` tries, then a note.
 *
 * A family's rule of leaving items out (`engine/left-out.ts`: BuddyPress's members without "last activity") is not
 * consulted here, neither learnt nor waited for: every id these relations use comes from the list's own answers, so
 * an item the list leaves out by its rule is in none of them. An `include` or `exclude` that misses an item the list
 * itself showed breaks the filter whatever the family's rule, as a search that misses an item its plain list shows
 * does (`phases/stateful/lifecycle.ts`). The rule is learnt where the run looks for an item the list may not show:
 * its own new resources, in the stateful and sequences phases.
 */
import { collectionFilters } from '../../../checks/collections/collection-filters.js';
import { collectionHeaders } from '../../../checks/collections/collection-headers.js';
import { collectionLinks } from '../../../checks/collections/collection-links.js';
import { collectionOrder } from '../../../checks/collections/collection-order.js';
import { collectionPaging } from '../../../checks/collections/collection-paging.js';
import { idsAreUsable, listAnswer, type ListAnswer } from '../../../checks/collections/list-answer.js';
import type { CheckFailure, EvidenceCheck } from '../../../checks/types.js';
import type { Operation } from '../../../descriptor/types.js';
import type { RequestCase } from '../../../generate/types.js';
import { listRouteOf, type ListRoute } from './list-route.js';
import { forEachConcurrently } from '../../pool.js';
import { seededToken } from '../../steps/token.js';
import { reportExecuted } from '../../report-executed-case.js';
import type { Phase, PhaseContext } from '../phase.js';
import { sampleCases } from '../../sample-cases.js';
import { COLLECTIONS_CHECKS } from '../../../checks/collections/index.js';

const PHASE = 'collections';

/** A walk of the pages aims at this many pages (a few requests, yet a middle page and a last one). */
const WALK_PAGES = 3;

/** Tries of a list's relations while another writer keeps changing the list under them. */
const ATTEMPTS = 3;

/** What a note says of a relation broken at one try and not at the next. */
const ONCE_BROKEN = 'a relation between list reads broke once (another writer on the server may have made and deleted an item between them)';

/** The requests of one list route, sent and judged in order. */
class ListProbe {
  readonly #ctx: PhaseContext;
  readonly route: ListRoute;
  readonly #base: RequestCase;
  /** Reports of broken relations held back until the list is known not to have changed meanwhile. */
  #held: Array<() => void> | undefined;

  constructor(ctx: PhaseContext, route: ListRoute, base: RequestCase) {
    this.#ctx = ctx;
    this.route = route;
    this.#base = base;
  }

  get op(): Operation {
    return this.route.op;
  }

  get stopped(): boolean {
    return this.#ctx.execution.stopped;
  }

  /** Sends the base request with `query` added; stateless checks are reported as in every phase, and the total headers judged. */
  async get(query: Record<string, unknown>, options: { anonymous?: boolean } = {}): Promise<ListAnswer> {
    const requestCase: RequestCase = { ...this.#base, query: { ...this.#base.query, ...query } };
    if (options.anonymous) {
      // Judged as any answer is (no_sensitive_data among them, as an anonymous caller's), not as a generated case.
      const executed = await this.#ctx.execution.execute(this.op, requestCase, PHASE, { credentials: null });
      return listAnswer(executed.exchange);
    }
    const executed = await this.#ctx.execution.execute(this.op, requestCase, PHASE, { judgeCase: true });
    reportExecuted(this.#ctx, this.op, requestCase, executed, PHASE);
    const answer = listAnswer(executed.exchange);
    this.judgeAnswer(collectionHeaders, { seen: 'answer', paginated: this.route.paginated, answer }, [answer]);
    return answer;
  }

  /**
   * Hands what the answers show to `check`, with them as the reproduction; returns the rules it saw broken. While
   * held (`hold`), the report waits for `release`.
   */
  judge<E>(check: EvidenceCheck<E>, evidence: E, answers: readonly ListAnswer[]): CheckFailure[] {
    const judge = (): CheckFailure[] => this.judgeAnswer(check, evidence, answers);
    if (this.#held === undefined) return judge();
    const failures = this.#ctx.execution.verdictOf(check, evidence);
    if (failures.length > 0) this.#held.push(judge);
    return failures;
  }

  /** Hands to `check` what answers show on their own, whatever changed between them: never held back. */
  judgeAnswer<E>(check: EvidenceCheck<E>, evidence: E, answers: readonly ListAnswer[]): CheckFailure[] {
    return this.#ctx.execution.judge(check, evidence, { operation: this.op, phase: PHASE, exchanges: answers.map((answer) => answer.exchange) });
  }

  /** Holds back the reports of what is judged from now on. */
  hold(): void {
    this.#held = [];
  }

  /** Whether a broken rule is held back. */
  get holding(): boolean {
    return (this.#held?.length ?? 0) > 0;
  }

  /** Reports what was held back (`report`), or drops it: the list changed under the relations, not by the server's fault. */
  release(report: boolean): void {
    const held = this.#held ?? [];
    this.#held = undefined;
    if (report) for (const judge of held) judge();
  }

  /**
   * What shows a change of the list by anyone: its X-WP-Total and the ids of its first page, the newest first where
   * it can be ordered by id (an item made and another deleted leave the total as it was).
   */
  async stamp(): Promise<string> {
    const requestCase: RequestCase = { ...this.#base, query: { ...this.#base.query, ...orderQuery(this.route, 'desc') } };
    const answer = listAnswer((await this.#ctx.execution.execute(this.op, requestCase, PHASE)).exchange);
    return JSON.stringify([answer.status, answer.total, answer.items === undefined ? null : answer.ids]);
  }
}

/** The request every relation builds on: the route's required arguments (and path values) from a valid case. */
function baseCase(ctx: PhaseContext, op: Operation): RequestCase | undefined {
  const required = Object.entries(op.args)
    .filter(([, arg]) => arg.required)
    .map(([name]) => name);
  const sample = required.length === 0 ? undefined : sampleCases(ctx, op, 'valid', 1, PHASE)[0];
  if (required.length > 0 && sample === undefined) return undefined;
  const query: Record<string, unknown> = {};
  for (const name of required) if (sample!.query[name] !== undefined) query[name] = sample!.query[name];
  return { operationId: op.id, kind: 'valid', path: ctx.generators(op).samplePath(), query, body: undefined };
}

/** A search term no item holds: the run's own token, in letters no word has. */
function unmatchedTerm(ctx: PhaseContext): string {
  return `zqxj${seededToken(ctx.execution.seed, 'c', 0)}`;
}

/** Sorted by id where a total order exists, the order every relation that compares sequences uses. */
function orderQuery(route: ListRoute, order: 'asc' | 'desc' = 'asc'): Record<string, unknown> {
  return route.orderById === undefined ? {} : { [route.orderById]: 'id', order };
}

/**
 * Walks the pages at a per_page that makes about three, judging each page as it comes (a walk stops at the first
 * broken rule), their links, a page past the last, and, ordered by id, that the pages are disjoint and together
 * the list. Returns the items' ids of the whole walk when the list is ordered by id (for the other relations).
 */
async function walkPages(probe: ListProbe, total: number): Promise<string[] | undefined> {
  const { route } = probe;
  const limits = route.perPage!;
  const perPage = Math.min(limits.maximum, Math.max(limits.minimum, Math.ceil(total / WALK_PAGES)));
  const pageCount = Math.ceil(total / perPage);
  if (pageCount > WALK_PAGES + 1) return undefined;
  const ordered = orderQuery(route);
  const pages: ListAnswer[] = [];
  for (let page = 1; page <= pageCount && !probe.stopped; page += 1) {
    const answer = await probe.get({ ...ordered, per_page: perPage, page });
    if (answer.status !== 200 || answer.items === undefined) return undefined;
    pages.push(answer);
    if (probe.judge(collectionPaging, { seen: 'walk-page', page, pageCount, perPage, total, answer }, [answer]).length > 0) return undefined;
    if (probe.judge(collectionHeaders, { seen: 'walk-page', page, total, answer }, [answer]).length > 0) return undefined;
  }
  if (pages.length < pageCount) return undefined;
  for (const [index, page] of pages.entries()) if (probe.judge(collectionLinks, { pages, index, perPage }, [page]).length > 0) break;
  if (probe.stopped) return undefined;
  const past = await probe.get({ ...ordered, per_page: perPage, page: pageCount + 1 });
  probe.judge(collectionPaging, { seen: 'past-last', pageCount, perPage, total, answer: past }, [past]);
  if (route.orderById === undefined || !pages.every(idsAreUsable)) return undefined;
  if (probe.judge(collectionPaging, { seen: 'walk', perPage, pages }, pages).length > 0) return undefined;
  const walked = pages.flatMap((page) => page.ids);
  // Together the pages are the list: the same ids as one page that holds it all.
  if (total <= limits.maximum && pageCount > 1 && !probe.stopped) {
    const whole = await probe.get({ ...ordered, per_page: Math.max(limits.minimum, total) });
    if (probe.judge(collectionPaging, { seen: 'whole', perPage, walked, whole }, [...pages, whole]).length > 0) return undefined;
  }
  return walked;
}

/** include=[a, b] with the first and last ids of the list. */
async function checkInclude(probe: ListProbe, ids: readonly string[]): Promise<void> {
  const included = [...new Set([ids[0]!, ids.at(-1)!])];
  const answer = await probe.get({ include: included.map(idValue) });
  probe.judge(collectionFilters, { seen: 'include', included, answer }, [answer]);
}

/** exclude=[a] with the first id of the list. */
async function checkExclude(probe: ListProbe, ids: readonly string[], total: number | undefined): Promise<void> {
  const excluded = ids[0]!;
  const answer = await probe.get({ exclude: [idValue(excluded)] });
  probe.judge(collectionFilters, { seen: 'exclude', excluded, total, answer }, [answer]);
}

/** offset=1, ordered by id. */
async function checkOffset(probe: ListProbe, walked: readonly string[]): Promise<void> {
  const perPage = probe.route.perPage;
  const count = Math.min(walked.length - 1, perPage?.maximum ?? walked.length);
  const query = { ...orderQuery(probe.route), offset: 1, ...(perPage ? { per_page: Math.max(perPage.minimum, count) } : {}) };
  const answer = await probe.get(query);
  probe.judge(collectionFilters, { seen: 'offset', walked, answer }, [answer]);
}

/** order=desc by id, the whole list on one page, beside the ids of order=asc. */
async function checkOrder(probe: ListProbe, ascending: readonly string[]): Promise<void> {
  const perPage = probe.route.perPage;
  if (perPage !== undefined && ascending.length > perPage.maximum) return;
  const query = { ...orderQuery(probe.route, 'desc'), ...(perPage ? { per_page: Math.max(perPage.minimum, ascending.length) } : {}) };
  const answer = await probe.get(query);
  probe.judge(collectionOrder, { ascending, answer }, [answer]);
}

/** An id as the list answered it: a number stays a number, so an integer list argument takes it. */
function idValue(id: string): number | string {
  return /^\d+$/.test(id) ? Number(id) : id;
}

/**
 * The relations of one list route, judged once they held while the list did not change under them, or were broken
 * so twice in a row; else a note.
 */
async function probeList(ctx: PhaseContext, route: ListRoute): Promise<void> {
  const base = baseCase(ctx, route.op);
  if (base === undefined) return;
  const probe = new ListProbe(ctx, route, base);
  let brokenBefore = false;
  for (let attempt = 1; attempt <= ATTEMPTS && !probe.stopped; attempt += 1) {
    const before = await probe.stamp();
    probe.hold();
    await relations(ctx, probe, attempt === 1);
    const unchanged = !probe.stopped && (await probe.stamp()) === before;
    const broken = probe.holding;
    const settled = unchanged && (!broken || brokenBefore);
    probe.release(settled);
    if (settled && brokenBefore && !broken) ctx.execution.note(route.op, `collections: ${ONCE_BROKEN}, and held when tried again`);
    if (settled) return;
    if (unchanged) brokenBefore = true;
  }
  if (!probe.stopped)
    ctx.execution.note(
      route.op,
      brokenBefore
        ? `collections: ${ONCE_BROKEN}, and could not be tried again while the list stood still`
        : `collections: the list changed during each of ${ATTEMPTS} tries (another writer on the server): its relations were not judged`,
    );
}

async function relations(ctx: PhaseContext, probe: ListProbe, firstTry: boolean): Promise<void> {
  const { route } = probe;
  const first = await probe.get({});
  if (first.status !== 200 || first.items === undefined) return;
  if (firstTry && ctx.execution.credentials !== undefined && !probe.stopped) await probe.get({}, { anonymous: true });
  const { paginated } = route;
  probe.judgeAnswer(collectionHeaders, { seen: 'possibly-empty', paginated, answer: first, how: 'the list itself' }, [first]);
  if (route.search && !probe.stopped) {
    const none = await probe.get({ search: unmatchedTerm(ctx) });
    probe.judgeAnswer(collectionHeaders, { seen: 'possibly-empty', paginated, answer: none, how: 'a search no item matches' }, [none]);
  }
  const total = first.total;
  if (first.items.length === 0) return;
  probe.judgeAnswer(collectionPaging, { seen: 'without-per-page', declaredDefault: route.perPage?.default, answer: first }, [first]);
  const walked = route.perPage !== undefined && total !== undefined && total > 1 && !probe.stopped ? await walkPages(probe, total) : undefined;
  if (!idsAreUsable(first)) return;
  if (route.include && !probe.stopped) await checkInclude(probe, first.ids);
  if (route.exclude && !probe.stopped) await checkExclude(probe, first.ids, total);
  if (walked === undefined || walked.length !== total || walked.length < 2) return;
  if (route.offset && !probe.stopped) await checkOffset(probe, walked);
  if (!probe.stopped) await checkOrder(probe, walked);
}

export const collectionsPhase: Phase = {
  name: PHASE,
  description: 'List semantics as relations between requests: total headers, per_page and its default, pages, include, exclude, offset and order.',
  checks: COLLECTIONS_CHECKS,
  budgetShare: 0.03,
  // Reads only: a few requests per list route, too few to weigh in the estimate.
  workload: () => 0,
  skipReason: (ctx) => (ctx.operations.some((op) => listRouteOf(op) !== undefined) ? undefined : 'no list route declares a collection argument'),
  async gather(ctx) {
    const routes = ctx.operations.map(listRouteOf).filter((route): route is ListRoute => route !== undefined);
    await forEachConcurrently(
      routes,
      ctx.settings.connections,
      (route) => probeList(ctx, route),
      () => ctx.execution.stopped,
    );
  },
};
