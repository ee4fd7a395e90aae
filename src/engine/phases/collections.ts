/**
 * Phase `collections`: what a list's answers mean (wordpress-behaviour.md §3), as relations between requests to
 * one list route: the total headers on every answer, an empty one included, and against a walk of the pages;
 * `per_page` and its declared default; pages that are disjoint and together the list; a page past the last;
 * `include`, `exclude` and `offset`; `order=asc` as `order=desc` reversed. Each relation is checked only where the
 * route declares its argument, with values taken from the list's own answers (ids that are in it), and whatever
 * needs a total order only with `orderby=id`. Reads only, so it runs against any target.
 */
import type { Operation } from '../../descriptor/types.js';
import type { RequestCase } from '../../generate/types.js';
import type { Exchange } from '../../http/types.js';
import { idsAreUsable, listAnswer, showIds, type ListAnswer } from '../collections/list-answer.js';
import { listRouteOf, type ListRoute } from '../collections/list-route.js';
import { forEachConcurrently } from '../pool.js';
import { sequenceToken } from '../sequences/token.js';
import { reportExecuted } from './examples.js';
import type { PhaseCheck } from './index.js';
import type { Phase, PhaseContext } from './phase.js';
import { sampleCases } from './sample-cases.js';

const PHASE = 'collections';

/** A walk of the pages aims at this many pages (a few requests, yet a middle page and a last one). */
const WALK_PAGES = 3;

export const COLLECTION_HEADERS: PhaseCheck = {
  name: 'collection_headers',
  severity: 'failure',
  description:
    'Every answer of a paginated list, an empty one included, carries X-WP-Total and X-WP-TotalPages as whole numbers (0 and 0 for an empty list); walking the pages finds X-WP-Total items.',
};

export const COLLECTION_LINKS: PhaseCheck = {
  name: 'collection_links',
  severity: 'warning',
  description:
    'Where a list sends Link headers, every page but the last has rel="next" and every page but the first rel="prev", to the neighbouring page with the same other arguments.',
};

export const COLLECTION_PAGING: PhaseCheck = {
  name: 'collection_paging',
  severity: 'failure',
  description:
    'per_page is honoured and its declared default applies when it is absent; with orderby=id the pages are disjoint and together are the list; a page past the last is answered 400 or [], never with items.',
};

export const COLLECTION_FILTERS: PhaseCheck = {
  name: 'collection_filters',
  severity: 'failure',
  description:
    'include answers those ids and only those; exclude never answers them and X-WP-Total drops by their number; offset=k starts the list (ordered by id) at its item k.',
};

export const COLLECTION_ORDER: PhaseCheck = {
  name: 'collection_order',
  severity: 'failure',
  description: 'With orderby=id (a total order), order=asc answers the items of order=desc in reverse.',
};

export const COLLECTION_CHECKS: readonly PhaseCheck[] = [COLLECTION_HEADERS, COLLECTION_LINKS, COLLECTION_PAGING, COLLECTION_FILTERS, COLLECTION_ORDER];

/** The requests of one list route, sent and judged in order. */
class ListProbe {
  readonly #ctx: PhaseContext;
  readonly route: ListRoute;
  readonly #base: RequestCase;
  /** Exchanges already reported as missing total headers, so one answer is not reported twice. */
  readonly #headerless = new Set<Exchange>();

  constructor(ctx: PhaseContext, route: ListRoute, base: RequestCase) {
    this.#ctx = ctx;
    this.route = route;
    this.#base = base;
  }

  get op(): Operation {
    return this.route.op;
  }

  get stopped(): boolean {
    return this.#ctx.run.stopped;
  }

  /** Sends the base request with `query` added; stateless checks are reported as in every phase. */
  async get(query: Record<string, unknown>, options: { anonymous?: boolean } = {}): Promise<ListAnswer> {
    const requestCase: RequestCase = { ...this.#base, query: { ...this.#base.query, ...query } };
    if (options.anonymous) {
      // Judged as any answer is (no_sensitive_data among them, as an anonymous caller's), not as a generated case.
      const executed = await this.#ctx.run.execute(this.op, requestCase, PHASE, { credentials: null });
      return listAnswer(executed.exchange);
    }
    const executed = await this.#ctx.run.execute(this.op, requestCase, PHASE, { judgeCase: true });
    reportExecuted(this.#ctx, this.op, requestCase, executed, PHASE);
    const answer = listAnswer(executed.exchange);
    if (answer.status === 200 && answer.items !== undefined) this.#checkHeaders(answer);
    return answer;
  }

  fail(check: PhaseCheck, message: string, cause: string, answers: readonly ListAnswer[]): void {
    this.#ctx.run.report({
      check: check.name,
      severity: check.severity,
      operation: this.op,
      message,
      cause,
      phase: PHASE,
      exchanges: answers.map((answer) => answer.exchange),
    });
  }

  /** A paginated list's answer carries both total headers as whole numbers, an empty one too. */
  #checkHeaders(answer: ListAnswer): void {
    if (!this.route.paginated || (answer.total !== undefined && answer.pages !== undefined) || this.#headerless.has(answer.exchange)) return;
    this.#headerless.add(answer.exchange);
    const empty = answer.items!.length === 0 ? 'an empty ' : 'a ';
    const missing = answer.totalHeader === undefined && answer.pagesHeader === undefined;
    this.fail(
      COLLECTION_HEADERS,
      missing
        ? `${empty}list answer has no X-WP-Total and X-WP-TotalPages headers`
        : `${empty}list answer has X-WP-Total ${JSON.stringify(answer.totalHeader ?? null)} and X-WP-TotalPages ${JSON.stringify(answer.pagesHeader ?? null)}; both must be whole numbers`,
      `${answer.items!.length === 0 ? 'empty' : 'list'}:${missing ? 'missing' : 'malformed'}`,
      [answer],
    );
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
  return `zqxj${sequenceToken(ctx.run.seed, 'c', 0)}`;
}

/** An empty list is 200 `[]` with X-WP-Total 0 and X-WP-TotalPages 0. */
function checkEmpty(probe: ListProbe, empty: ListAnswer, how: string): void {
  if (empty.status !== 200 || empty.items === undefined || empty.items.length > 0 || !probe.route.paginated) return;
  if (empty.total === undefined || empty.pages === undefined) return; // reported by the header check
  if (empty.total !== 0 || empty.pages !== 0) {
    probe.fail(
      COLLECTION_HEADERS,
      `an empty list (${how}) has X-WP-Total ${empty.total} and X-WP-TotalPages ${empty.pages}; expected 0 and 0`,
      'empty:not-zero',
      [empty],
    );
  }
}

/** Without `per_page` the first page holds the declared default number of items (or all, when fewer). */
function checkDefaultPerPage(probe: ListProbe, first: ListAnswer): void {
  const declared = probe.route.perPage?.default;
  if (declared === undefined || first.total === undefined || first.items === undefined) return;
  const expected = Math.min(declared, first.total);
  if (first.items.length !== expected) {
    probe.fail(
      COLLECTION_PAGING,
      `without per_page the list holds ${first.items.length} items; X-WP-Total ${first.total} and the declared default per_page ${declared} make ${expected}`,
      'default-per-page',
      [first],
    );
  }
}

/** Sorted by id where a total order exists, the order every relation that compares sequences uses. */
function orderQuery(route: ListRoute, order: 'asc' | 'desc' = 'asc'): Record<string, unknown> {
  return route.orderById === undefined ? {} : { [route.orderById]: 'id', order };
}

/**
 * Walks the pages at a per_page that makes about three: each page holds per_page items (the last the rest), all
 * report the same total, and a page past the last holds nothing. Returns the items' ids of the whole walk when
 * the list is ordered by id (for the other relations), else undefined.
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
    const expected = Math.min(perPage, total - (page - 1) * perPage);
    if (answer.items.length !== expected) {
      probe.fail(
        COLLECTION_PAGING,
        `page ${page} at per_page ${perPage} holds ${answer.items.length} items; X-WP-Total ${total} makes ${expected}`,
        `page-size:${page === pageCount ? 'last' : 'full'}`,
        [answer],
      );
      return undefined;
    }
    if (answer.total !== undefined && answer.total !== total) {
      probe.fail(
        COLLECTION_HEADERS,
        `page ${page} reports X-WP-Total ${answer.total}, the first page ${total}, with nothing written between`,
        'walk:total-changes',
        [answer],
      );
      return undefined;
    }
  }
  if (pages.length < pageCount) return undefined;
  checkLinks(probe, pages, perPage);
  if (probe.stopped) return undefined;
  const past = await probe.get({ ...ordered, per_page: perPage, page: pageCount + 1 });
  if (past.status === 200 && past.items !== undefined && past.items.length > 0) {
    probe.fail(
      COLLECTION_PAGING,
      `page ${pageCount + 1}, past the last of ${pageCount} (X-WP-Total ${total}, per_page ${perPage}), holds ${past.items.length} items ${showIds(past.ids)}; expected 400 or []`,
      'past-last:items',
      [past],
    );
  }
  if (route.orderById === undefined || !pages.every(idsAreUsable)) return undefined;
  const walked = pages.flatMap((page) => page.ids as string[]);
  if (new Set(walked).size !== walked.length) {
    const seen = new Set<string>();
    const repeated = walked.filter((id) => seen.has(id) || !seen.add(id));
    probe.fail(
      COLLECTION_PAGING,
      `ordered by id, the pages at per_page ${perPage} repeat items ${showIds(repeated)}: pages must be disjoint`,
      'pages-overlap',
      pages,
    );
    return undefined;
  }
  // Together the pages are the list: the same ids as one page that holds it all.
  if (total <= limits.maximum && pageCount > 1 && !probe.stopped) {
    const whole = await probe.get({ ...ordered, per_page: Math.max(limits.minimum, total) });
    if (whole.status === 200 && idsAreUsable(whole) && whole.ids.join(',') !== walked.join(',')) {
      probe.fail(
        COLLECTION_PAGING,
        `ordered by id, the pages at per_page ${perPage} hold ${showIds(walked)} but the whole list is ${showIds(whole.ids)}`,
        'pages-not-the-list',
        [...pages, whole],
      );
      return undefined;
    }
  }
  return walked;
}

/** The query arguments of a URL, for comparing a Link with the request it continues. */
function queryOf(url: string): URLSearchParams | undefined {
  try {
    return new URL(url).searchParams;
  } catch {
    return undefined;
  }
}

/** Where the pages carry Link: next on all but the last, prev on all but the first, each to its neighbour. */
function checkLinks(probe: ListProbe, pages: readonly ListAnswer[], perPage: number): void {
  if (!pages.some((page) => page.links.has('next') || page.links.has('prev'))) return;
  for (const [index, page] of pages.entries()) {
    const number = index + 1;
    const wanted: Array<[string, boolean, number]> = [
      ['next', number < pages.length, number + 1],
      ['prev', number > 1, number - 1],
    ];
    for (const [rel, expected, target] of wanted) {
      const url = page.links.get(rel);
      if (expected !== (url !== undefined)) {
        probe.fail(
          COLLECTION_LINKS,
          `page ${number} of ${pages.length} ${expected ? 'lacks' : 'has'} a Link rel="${rel}"`,
          `link:${rel}:${expected ? 'missing' : 'extra'}`,
          [page],
        );
        return;
      }
      if (url === undefined) continue;
      const query = queryOf(url);
      const linkedPage = query?.get('page') ?? '1';
      const linkedPerPage = query?.get('per_page');
      if (Number(linkedPage) !== target || linkedPerPage === null || linkedPerPage === undefined || Number(linkedPerPage) !== perPage) {
        probe.fail(COLLECTION_LINKS, `page ${number}'s Link rel="${rel}" is ${url}; expected page ${target} with per_page ${perPage}`, `link:${rel}:target`, [
          page,
        ]);
        return;
      }
    }
  }
}

/** include=[a, b] answers a and b and nothing else. */
async function checkInclude(probe: ListProbe, ids: readonly string[]): Promise<void> {
  const chosen = [...new Set([ids[0]!, ids.at(-1)!])];
  const answer = await probe.get({ include: chosen.map(idValue) });
  if (answer.status !== 200 || answer.items === undefined) return;
  const got = new Set(answer.ids);
  const extra = answer.ids.filter((id) => id === undefined || !chosen.includes(id));
  const missing = chosen.filter((id) => !got.has(id));
  if (extra.length > 0 || missing.length > 0) {
    const problems = [extra.length > 0 ? `also ${showIds(extra)}` : '', missing.length > 0 ? `not ${showIds(missing)}` : ''].filter(Boolean).join(' and ');
    probe.fail(
      COLLECTION_FILTERS,
      `include=${showIds(chosen)} (ids from the list itself) answers ${showIds(answer.ids)}: ${problems}`,
      `include:${extra.length > 0 ? 'extra' : 'missing'}`,
      [answer],
    );
  }
}

/** exclude=[a] never answers a, and X-WP-Total is one less. */
async function checkExclude(probe: ListProbe, ids: readonly string[], total: number | undefined): Promise<void> {
  const excluded = ids[0]!;
  const answer = await probe.get({ exclude: [idValue(excluded)] });
  if (answer.status !== 200 || answer.items === undefined) return;
  if (answer.ids.includes(excluded)) {
    probe.fail(COLLECTION_FILTERS, `exclude=[${excluded}] (an id from the list itself) still answers ${excluded}: ${showIds(answer.ids)}`, 'exclude:present', [
      answer,
    ]);
  } else if (total !== undefined && answer.total !== undefined && answer.total !== total - 1) {
    probe.fail(
      COLLECTION_FILTERS,
      `exclude=[${excluded}] answers X-WP-Total ${answer.total}; the list without it has ${total}, so ${total - 1} were expected`,
      'exclude:total',
      [answer],
    );
  }
}

/** offset=1 (ordered by id) starts at the second item of the list. */
async function checkOffset(probe: ListProbe, walked: readonly string[]): Promise<void> {
  const perPage = probe.route.perPage;
  const count = Math.min(walked.length - 1, perPage?.maximum ?? walked.length);
  const query = { ...orderQuery(probe.route), offset: 1, ...(perPage ? { per_page: Math.max(perPage.minimum, count) } : {}) };
  const answer = await probe.get(query);
  if (answer.status !== 200 || !idsAreUsable(answer)) return;
  const expected = walked.slice(1, 1 + answer.ids.length);
  if (answer.ids.length === 0 || answer.ids.join(',') !== expected.join(',')) {
    probe.fail(
      COLLECTION_FILTERS,
      `offset=1, ordered by id, answers ${showIds(answer.ids)}; the list from its second item is ${showIds(walked.slice(1))}`,
      'offset',
      [answer],
    );
  }
}

/** order=desc is order=asc reversed (both ordered by id, the whole list on one page). */
async function checkOrder(probe: ListProbe, ascending: readonly string[]): Promise<void> {
  const perPage = probe.route.perPage;
  if (perPage !== undefined && ascending.length > perPage.maximum) return;
  const query = { ...orderQuery(probe.route, 'desc'), ...(perPage ? { per_page: Math.max(perPage.minimum, ascending.length) } : {}) };
  const answer = await probe.get(query);
  if (answer.status !== 200 || !idsAreUsable(answer)) return;
  const reversed = [...ascending].reverse();
  if (answer.ids.join(',') !== reversed.join(',')) {
    probe.fail(
      COLLECTION_ORDER,
      `ordered by id, order=desc answers ${showIds(answer.ids)}; order=asc answered ${showIds(ascending)}, reversed ${showIds(reversed)}`,
      'desc-not-reversed',
      [answer],
    );
  }
}

/** An id as the list answered it: a number stays a number, so an integer list argument takes it. */
function idValue(id: string): number | string {
  return /^\d+$/.test(id) ? Number(id) : id;
}

async function probeList(ctx: PhaseContext, route: ListRoute): Promise<void> {
  const base = baseCase(ctx, route.op);
  if (base === undefined) return;
  const probe = new ListProbe(ctx, route, base);
  const first = await probe.get({});
  if (first.status !== 200 || first.items === undefined) return;
  if (ctx.run.credentials !== undefined && !probe.stopped) await probe.get({}, { anonymous: true });
  checkEmpty(probe, first, 'the list itself');
  if (route.search && !probe.stopped) checkEmpty(probe, await probe.get({ search: unmatchedTerm(ctx) }), 'a search no item matches');
  const total = first.total;
  if (first.items.length === 0) return;
  checkDefaultPerPage(probe, first);
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
  checks: COLLECTION_CHECKS,
  skipReason: (ctx) => (ctx.operations.some((op) => listRouteOf(op) !== undefined) ? undefined : 'no list route declares a collection argument'),
  async run(ctx) {
    const routes = ctx.operations.map(listRouteOf).filter((route): route is ListRoute => route !== undefined);
    await forEachConcurrently(
      routes,
      ctx.concurrency,
      (route) => probeList(ctx, route),
      () => ctx.run.stopped,
    );
  },
};
