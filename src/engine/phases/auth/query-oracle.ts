/**
 * A query as an oracle, gathered early in the auth phase: for a few items of each list with `search` (or a filter
 * named after a field) and an item read with `edit` context, the fields the administrator's `edit` read shows and the
 * identity's own reads (its default and, where it is allowed, its `edit` read) leave out. Each such field's value is
 * sent as the identity once as it is and once as a false value of the same shape; `query_oracle` judges the two
 * answers.
 *
 * Cheap on purpose: one locale, `ORACLE_ITEMS` items per list, `FIELDS_PER_ITEM` fields per item and identity, and a
 * value a visible field of the item already holds is never asked for (the search may match it there, rightly).
 */
import { isSuccess } from '../../../checks/answer-seen.js';
import { guessAnswer, queryOracle, type GuessAnswer, type QueryOracleEvidence } from '../../../checks/auth/query-oracle.js';
import type { ArgDescriptor, Operation } from '../../../descriptor/types.js';
import type { RequestCase } from '../../../generate/types.js';
import type { Exchange } from '../../../http/types.js';
import type { Identity } from '../../../request/identity.js';
import type { Credentials } from '../../../request/types.js';
import { schemaTypes } from '../../../resources/index.js';
import type { PhaseContext } from '../phase.js';
import { listedIds } from '../../../checks/auth/visibility.js';
import { gatheredIdentity } from './gathered-identity.js';
import { listedRoutes, listQueries, probingIdentities } from './visibility.js';
import { ReadsSent } from './reads-sent.js';

const PHASE = 'auth';
/** Items per list whose hidden fields are guessed at. */
export const ORACLE_ITEMS = 2;
/** Hidden fields guessed at per item and identity, at most. */
export const FIELDS_PER_ITEM = 3;
/** An ISO date: a search does not match on one, and a filter of dates takes ranges, not guesses. */
const DATE = /^\d{4}-\d{2}-\d{2}/;

type ListedRoute = ReturnType<typeof listedRoutes>[number];

/**
 * A false value of the same shape: each letter and digit moved one on (`ada@example.org` → `beb@fybnqmf.psh`),
 * what separates them kept.
 */
export function falseValue(value: string): string {
  return value.replace(/[a-z0-9]/gi, (char) => {
    if (char === 'z') return 'a';
    if (char === 'Z') return 'A';
    if (char === '9') return '0';
    return String.fromCharCode(char.charCodeAt(0) + 1);
  });
}

/** Every string an answer holds, at any depth, lower-cased: what the identity may already see. */
function visibleStrings(value: unknown, into: string[] = []): string[] {
  if (typeof value === 'string') into.push(value.toLowerCase());
  else if (typeof value === 'number') into.push(String(value));
  else if (Array.isArray(value)) for (const one of value) visibleStrings(one, into);
  else if (typeof value === 'object' && value !== null) for (const one of Object.values(value)) visibleStrings(one, into);
  return into;
}

/** A guessable value: a string (or a list's first string) with a letter in it, not a date, and not too long to send. */
function guessable(value: unknown): string | undefined {
  const first = Array.isArray(value) ? value.find((one) => typeof one === 'string') : value;
  if (typeof first !== 'string' || first.length < 3 || first.length > 200 || !/[a-z]/i.test(first) || DATE.test(first)) return undefined;
  return first;
}

function bodyOf(exchange: Exchange): Record<string, unknown> | undefined {
  const json = exchange.response?.json;
  return isSuccess(exchange.response?.status) && typeof json === 'object' && json !== null && !Array.isArray(json)
    ? (json as Record<string, unknown>)
    : undefined;
}

/** The list arguments a field's value could be matched by: `search` for a string field, a filter of its name. */
function argumentsFor(list: Operation, field: string, isList: boolean): Array<{ name: string; schema: ArgDescriptor }> {
  const found: Array<{ name: string; schema: ArgDescriptor }> = [];
  if (!isList && list.args.search !== undefined) found.push({ name: 'search', schema: list.args.search });
  for (const name of [field, `${field}s`, field.replace(/s$/, '')]) {
    const schema = list.args[name];
    const types = schema === undefined ? [] : schemaTypes(schema);
    if (name !== 'search' && (types.includes('string') || types.includes('array')) && !found.some((one) => one.name === name))
      found.push({ name, schema: schema! });
  }
  return found;
}

interface Guess {
  answer: GuessAnswer;
  exchange: Exchange;
  requestCase: RequestCase;
}

async function guess(ctx: PhaseContext, route: ListedRoute, query: Record<string, unknown>, item: string, as: Credentials | null): Promise<Guess> {
  const requestCase: RequestCase = { operationId: route.list.id, kind: 'valid', path: {}, query, body: undefined };
  const exchange = (await ctx.execution.execute(route.list, requestCase, PHASE, { credentials: as })).exchange;
  return { answer: guessAnswer(exchange, item, route.variable), exchange, requestCase };
}

/** The fields of `full` the identity's own reads of the item leave out, with a value worth guessing. */
async function hiddenFields(
  ctx: PhaseContext,
  route: ListedRoute,
  item: string,
  full: Record<string, unknown>,
  identity: Identity,
  readsSent: ReadsSent,
): Promise<Map<string, string>> {
  const as = identity.credentials ?? null;
  const own = bodyOf(await readsSent.get(ctx, route.item, { [route.variable]: item }, {}, as));
  // An item the identity may not read at all is the lists' concern (`list_exposure`), not a field's.
  if (own === undefined) return new Map();
  const missing = (seen: Record<string, unknown>) => Object.keys(full).filter((field) => !(field in seen) && guessable(full[field]) !== undefined);
  let shown: Record<string, unknown> = own;
  if (missing(own).length > 0) {
    // The identity's own `edit` read, where it is allowed one, shows what it may see there.
    const edit = bodyOf(await readsSent.get(ctx, route.item, { [route.variable]: item }, { context: 'edit' }, as));
    if (edit !== undefined) shown = { ...edit, ...own };
  }
  const visible = visibleStrings(shown);
  const hidden = new Map<string, string>();
  for (const field of missing(shown)) {
    const value = guessable(full[field])!;
    const wrong = falseValue(value).toLowerCase();
    // A value some visible field holds (a login that is also the slug) may be matched there, rightly; a search that
    // takes words one by one (WordPress's posts) matches each word wherever it is.
    const words = value
      .toLowerCase()
      .split(/\s+/)
      .filter((word) => word !== '');
    if (words.every((word) => visible.some((text) => text.includes(word))) || visible.some((text) => text.includes(wrong))) continue;
    hidden.set(field, value);
    if (hidden.size >= FIELDS_PER_ITEM) break;
  }
  return hidden;
}

type Probing = NonNullable<ReturnType<typeof probingIdentities>>;

/** Guesses at the hidden fields of one list's first items; false when a hard stop left it unfinished. */
async function judgeRoute(ctx: PhaseContext, route: ListedRoute, { administrator, others, stopped }: Probing, readsSent: ReadsSent): Promise<boolean> {
  const contexts = route.item.args.context?.enum ?? [];
  if (!contexts.includes('edit')) return true;
  // The first items of the administrator's plain list, which who may read what read already (a page of them).
  const perPage = route.list.args.per_page === undefined ? {} : { per_page: ORACLE_ITEMS };
  const listed =
    readsSent.sentList(route.list, listQueries(route.list)[0]!, administrator, route.variable) ??
    listedIds(await readsSent.get(ctx, route.list, {}, perPage, administrator), route.variable) ??
    [];
  const items = listed.slice(0, ORACLE_ITEMS);
  for (const item of items) {
    const full = bodyOf(await readsSent.get(ctx, route.item, { [route.variable]: item }, { context: 'edit' }, administrator));
    if (full === undefined) continue;
    for (const identity of others) {
      if (stopped()) return false;
      for (const [field, value] of await hiddenFields(ctx, route, item, full, identity, readsSent)) {
        for (const argument of argumentsFor(route.list, field, Array.isArray(full[field]))) {
          // Narrowed to the item where the list can be, so that its total counts it alone.
          const narrowedToItem = route.list.args.include !== undefined;
          const base: Record<string, unknown> = narrowedToItem
            ? { include: [Number.isInteger(Number(item)) ? Number(item) : item] }
            : route.list.args.per_page === undefined
              ? {}
              : { per_page: 100 };
          const asList = schemaTypes(argument.schema).includes('array') && !schemaTypes(argument.schema).includes('string');
          const send = (text: string) => ({ ...base, [argument.name]: asList ? [text] : text });
          const as = identity.credentials ?? null;
          const right = await guess(ctx, route, send(value), item, as);
          const wrong = await guess(ctx, route, send(falseValue(value)), item, as);
          const evidence: QueryOracleEvidence = {
            listRoute: route.list.route,
            itemRoute: `GET ${route.item.route}`,
            identity: { name: identity.name, role: identity.role },
            idVariable: route.variable,
            item,
            field,
            argument: argument.name,
            query: base,
            narrowedToItem,
            rightGuess: right.answer,
            wrongGuess: wrong.answer,
          };
          ctx.execution.judge(queryOracle, evidence, {
            operation: route.list,
            phase: PHASE,
            exchanges: [right.exchange, wrong.exchange],
            requestCase: right.requestCase,
            gathered: {
              identity: gatheredIdentity(identity),
              exchanges: [
                { label: 'true', as: 'identity', part: 'gather', exchange: right.exchange },
                { label: 'false', as: 'identity', part: 'gather', exchange: wrong.exchange },
              ],
            },
          });
        }
      }
    }
  }
  return true;
}

/**
 * Guesses at hidden fields through every searchable list this shard owns. Stops only at a hard stop (it runs early in
 * its phase, so a spent share does not leave it out). Returns the routes left unjudged. What the probes before it
 * read (`readsSent`) is not sent again.
 */
export async function gatherQueryOracles(ctx: PhaseContext, readsSent = new ReadsSent()): Promise<string[]> {
  const probing = probingIdentities(ctx);
  if (probing === undefined) return [];
  const unjudged: string[] = [];
  for (const route of listedRoutes(ctx.operations.filter((op) => ctx.shard.ownsOperation(op)))) {
    if (probing.stopped() || !(await judgeRoute(ctx, route, probing, readsSent))) unjudged.push(route.list.route);
  }
  return unjudged;
}
