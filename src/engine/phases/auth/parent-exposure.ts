/**
 * Lists narrowed to a parent the identity may not read, gathered early in the auth phase (after who may read what):
 * for each list argument the resource model links to a parent family (`post`, `author`, `parent`,
 * `profile_group_id`…) and each path variable that names one (`{field_id}`, `{user_id}`, a revision's `{parent}`),
 * the answer narrowed to a parent the identity's own item read refuses, the administrator's same answer, and the
 * identity's answer narrowed to a parent it may read. `parent_exposure` judges them.
 *
 * Cheap on purpose: one locale, the parent families' lists read once per identity, at most `HIDDEN_TRIES` parents
 * read to find one hidden from the identity, and nothing narrowed for an identity that every parent is shown to.
 */
import { isRefusal, isSuccess, seenAnswer, type SeenAnswer } from '../../../checks/answer-seen.js';
import { childrenOf, namedAnswers, parentExposure, type NarrowedAnswer, type ParentExposureEvidence } from '../../../checks/auth/parent-exposure.js';
import type { Operation } from '../../../descriptor/types.js';
import type { RequestCase } from '../../../generate/types.js';
import type { Exchange } from '../../../http/types.js';
import type { Identity } from '../../../request/identity.js';
import type { Credentials } from '../../../request/types.js';
import { familyForIdName, familyNamed, inferResources, mergedHints, schemaTypes, type ResourceFamily, type ResourceModel } from '../../../resources/index.js';
import type { PhaseContext } from '../phase.js';
import { gatheredIdentity } from './gathered-identity.js';
import { listQueries, probingIdentities } from './visibility.js';
import { get as getAs, ReadsSent } from './reads-sent.js';

const PHASE = 'auth';
/** Parents shown to the administrator and not to the identity, read to find one its read refuses, at most. */
export const HIDDEN_TRIES = 2;
/** Arguments that pick or leave out items of the list's own family, not of a parent. */
const NOT_PARENTS = /(^|_)(include|exclude)$/;

/** A parent family as the gathering reads it: its list and its item read. */
interface ParentSide {
  family: ResourceFamily;
  list: Operation;
  item: Operation;
  variable: string;
}

/** A way to narrow an answer to one parent: a query argument of a list, or a path variable of a read. */
export interface Door {
  op: Operation;
  argument: string;
  via: 'query' | 'path';
  parent: ParentSide;
  /** Fields of a child's answer that name its parent (`parent`, `post`, `group_id`). */
  relation: string[];
  /** The argument takes a list of ids (`author[]`), not one. */
  takesList: boolean;
  /** The read's other path variables, each filled with a parent of its family the identity may read. */
  others: Array<{ name: string; side: ParentSide }>;
}

interface Read {
  seen: SeenAnswer;
  exchange: Exchange;
}

/** The family's list and item read in `operations`, when it has both (a list under a path variable is no parent list). */
function parentSide(family: ResourceFamily | undefined, operations: readonly Operation[]): ParentSide | undefined {
  if (family === undefined) return undefined;
  const list = operations.find((op) => op.method === 'GET' && op.route === family.collection && op.pattern.variables.length === 0);
  const item = operations.find((op) => op.method === 'GET' && op.route === family.item && op.pattern.variables.length === 1);
  return list === undefined || item === undefined ? undefined : { family, list, item, variable: item.pattern.variables[0]!.name };
}

/**
 * The family whose ids an argument holds. Plugins on WordPress's users call them members (`community/v1/members`,
 * `buddypress/v1/members`) and name their ids `user_id`: a members family of the argument's own namespace comes
 * before `wp/v2 users`, whose reads answer by other rules (an account without published posts is hidden there, not
 * from the members directory).
 */
function idFamily(model: ResourceModel, name: string, namespace: string, inferred: string | undefined): ResourceFamily | undefined {
  if (/^user(_ids?)?$/.test(name)) {
    const members = familyForIdName(model, 'member_id', namespace);
    if (members !== undefined && members.namespace === namespace) return members;
  }
  return inferred === undefined ? familyForIdName(model, name, namespace) : familyNamed(model, inferred);
}

/** The family whose ids a path variable holds: the route's own parent link, else its `…_id` name. */
function variableFamily(model: ResourceModel, op: Operation, name: string): ResourceFamily | undefined {
  const own = model.families.find((family) => family.collection === op.route || family.item === op.route);
  const linked = own?.parents.find((parent) => parent.via === 'path' && parent.name === name);
  if (linked !== undefined) return familyNamed(model, linked.family);
  if (own !== undefined && own.item === op.route && own.itemVariable === name) return undefined;
  return idFamily(model, name, op.namespace, undefined);
}

function listDoors(model: ResourceModel, owned: readonly Operation[], all: readonly Operation[]): Door[] {
  const doors: Door[] = [];
  for (const family of model.families) {
    const op = owned.find((candidate) => candidate.method === 'GET' && candidate.route === family.collection && candidate.pattern.variables.length === 0);
    if (op === undefined) continue;
    const links = new Map<string, { parent: string; relation: string[] }>();
    for (const [argument, createArg] of Object.entries(family.list?.filters ?? {})) {
      const link = family.parents.find((parent) => parent.via === 'arg' && parent.name === createArg);
      if (link !== undefined) links.set(argument, { parent: link.family, relation: [...new Set([argument, createArg])] });
    }
    for (const reference of family.references) {
      const parent = idFamily(model, reference.name, family.namespace, reference.family)?.name;
      // A tree's `parent` is a parent of the family's own; its other own-family arguments (a members list's
      // `user_ids`) pick items, not parents.
      if (parent === undefined || NOT_PARENTS.test(reference.name) || (parent === family.name && reference.name !== 'parent')) continue;
      if (!links.has(reference.name)) links.set(reference.name, { parent, relation: [reference.name] });
    }
    for (const [argument, { parent, relation }] of links) {
      const schema = op.args[argument];
      const side = parentSide(familyNamed(model, parent), all);
      if (schema === undefined || side === undefined) continue;
      const types = schemaTypes(schema);
      doors.push({ op, argument, via: 'query', parent: side, relation, takesList: types.includes('array') && !types.includes('integer'), others: [] });
    }
  }
  return doors;
}

function pathDoors(model: ResourceModel, owned: readonly Operation[], all: readonly Operation[]): Door[] {
  const doors: Door[] = [];
  for (const op of owned.filter((candidate) => candidate.method === 'GET' && candidate.pattern.variables.length > 0)) {
    const sides = op.pattern.variables.map((variable) => ({ name: variable.name, side: parentSide(variableFamily(model, op, variable.name), all) }));
    if (sides.some(({ side }) => side === undefined)) continue;
    const known = sides as Array<{ name: string; side: ParentSide }>;
    for (const { name, side } of known) {
      doors.push({ op, argument: name, via: 'path', parent: side, relation: [name], takesList: false, others: known.filter((other) => other.name !== name) });
    }
  }
  return doors;
}

/** The ways to narrow `owned`'s answers to one parent: list arguments first, then path variables. */
export function narrowingDoors(model: ResourceModel, owned: readonly Operation[], all: readonly Operation[]): Door[] {
  return [...listDoors(model, owned, all), ...pathDoors(model, owned, all)];
}

/** Whether a child's answer names `parent` in one of `fields`. */
function namesParent(entry: unknown, fields: readonly string[], parent: string): boolean {
  if (typeof entry !== 'object' || entry === null) return false;
  return fields.some((field) => {
    const value = (entry as Record<string, unknown>)[field];
    return Array.isArray(value) ? value.some((one) => String(one) === parent) : value !== undefined && value !== null && String(value) === parent;
  });
}

/**
 * What the gathering reads of the parent families, once per identity, shared by every door: most of it who may read
 * what read already (`readsSent`), and is not sent again.
 */
class ParentBook {
  constructor(
    private readonly ctx: PhaseContext,
    private readonly administrator: Credentials,
    private readonly readsSent: ReadsSent,
  ) {}

  /** The parent family's ids: the administrator's list with every status, or the identity's plain list. */
  listed(side: ParentSide, identity: Identity | undefined): Promise<string[]> {
    const queries = listQueries(side.list);
    const query = identity === undefined ? queries.at(-1)! : queries[0]!;
    return this.readsSent.list(this.ctx, side.list, query, identity === undefined ? this.administrator : (identity.credentials ?? null), side.variable);
  }

  async read(side: ParentSide, id: string, identity: Identity | undefined): Promise<Read> {
    const as = identity === undefined ? this.administrator : (identity.credentials ?? null);
    const exchange = await this.readsSent.get(this.ctx, side.item, { [side.variable]: id }, {}, as);
    return { seen: seenAnswer(exchange), exchange };
  }

  /** A parent the administrator's list shows and the identity's does not, whose read refuses the identity and finds it for the administrator. */
  async hidden(side: ParentSide, identity: Identity): Promise<{ id: string; own: Read; administrator: Read } | undefined> {
    const shown = new Set(await this.listed(side, identity));
    const candidates = (await this.listed(side, undefined)).filter((id) => !shown.has(id)).slice(0, HIDDEN_TRIES);
    for (const id of candidates) {
      const own = await this.read(side, id, identity);
      if (!isRefusal(own.seen.status) && own.seen.status !== 404) continue;
      const administrator = await this.read(side, id, undefined);
      if (isSuccess(administrator.seen.status)) return { id, own, administrator };
    }
    return undefined;
  }

  /** A parent the identity's own read allows: one of those its list shows, else of the administrator's. */
  async readable(side: ParentSide, identity: Identity): Promise<string | undefined> {
    const own = await this.listed(side, identity);
    const candidates = own.length > 0 ? own.slice(0, 1) : (await this.listed(side, undefined)).slice(0, 1);
    for (const id of candidates) if (isSuccess((await this.read(side, id, identity)).seen.status)) return id;
    return undefined;
  }
}

interface Narrowed {
  answer: NarrowedAnswer;
  exchange: Exchange;
  body: unknown;
  requestCase: RequestCase;
}

/** Sends the door narrowed to `parent` as `as`; the other path variables hold `fill`. */
async function narrowed(ctx: PhaseContext, door: Door, parent: string, fill: Record<string, string>, as: Credentials | null): Promise<Narrowed> {
  const perPage = door.op.args.per_page === undefined ? {} : (listQueries(door.op)[0] ?? {});
  const value = Number.isInteger(Number(parent)) ? Number(parent) : parent;
  const path = door.via === 'path' ? { ...fill, [door.argument]: parent } : {};
  const query = door.via === 'query' ? { ...perPage, [door.argument]: door.takesList ? [value] : value } : {};
  const exchange = await getAs(ctx, door.op, path, query, as);
  const children = childrenOf(
    exchange,
    door.op.pattern.variables.map((v) => v.name),
  );
  const shownPath = door.op.pattern.template.replace(/\{([^}]+)\}/g, (_, name: string) => path[name] ?? `{${name}}`);
  const shownQuery = door.via === 'query' ? `?${door.argument}=${parent}` : '';
  const requestCase: RequestCase = { operationId: door.op.id, kind: 'valid', path, query, body: undefined };
  return { answer: { request: `GET ${shownPath}${shownQuery}`, seen: seenAnswer(exchange), children }, exchange, body: exchange.response?.json, requestCase };
}

/** Gathers and judges one door for one identity. */
async function judgeDoor(ctx: PhaseContext, book: ParentBook, door: Door, identity: Identity, administrator: Credentials, readsSent: ReadsSent): Promise<void> {
  const hidden = await book.hidden(door.parent, identity);
  if (hidden === undefined) return;
  const readable = await book.readable(door.parent, identity);
  if (readable === undefined) return;
  const fill: Record<string, string> = {};
  for (const other of door.others) {
    const value = await book.readable(other.side, identity);
    if (value === undefined) return;
    fill[other.name] = value;
  }
  const as = identity.credentials ?? null;
  const own = await narrowed(ctx, door, hidden.id, fill, as);
  if (own.answer.children.length === 0) return;
  const theAdministrators = await narrowed(ctx, door, hidden.id, fill, administrator);
  const rule = await narrowed(ctx, door, readable, fill, as);
  // Children the identity sees anyway, whose own answer names the parent: the tie is told by the child itself.
  let toldOtherwise: string[] = [];
  if (door.via === 'query' && Array.isArray(own.body)) {
    const naming = (own.body as unknown[]).filter((entry) => namesParent(entry, door.relation, hidden.id));
    if (naming.length > 0) {
      const seenAnyway = new Set(await readsSent.list(ctx, door.op, listQueries(door.op)[0]!, as, 'id'));
      toldOtherwise = naming.map((entry) => String((entry as Record<string, unknown>).id)).filter((id) => seenAnyway.has(id));
    }
  }
  const named = namedAnswers(own.answer, theAdministrators.answer, rule.answer);
  const evidence: ParentExposureEvidence = {
    route: door.op.route,
    argument: door.argument,
    via: door.via,
    pathVariables: door.op.pattern.variables.map((v) => v.name),
    parentRoute: `GET ${door.parent.item.route}`,
    identity: { name: identity.name, role: identity.role },
    parent: hidden.id,
    parentRead: hidden.own.seen,
    parentReadAdministrator: hidden.administrator.seen,
    // An object answer's child is the whole answer: the identity's counts when it is the administrator's.
    ...named,
    readable: { ...named.readable, parent: readable },
    toldOtherwise,
  };
  ctx.execution.judge(parentExposure, evidence, {
    operation: door.op,
    phase: PHASE,
    exchanges: [own.exchange, theAdministrators.exchange, hidden.own.exchange, hidden.administrator.exchange, rule.exchange],
    requestCase: own.requestCase,
    gathered: {
      identity: gatheredIdentity(identity),
      exchanges: [
        { label: 'parent-read', as: 'identity', part: 'gather', exchange: hidden.own.exchange },
        { label: 'administrator-parent-read', as: 'administrator', part: 'gather', exchange: hidden.administrator.exchange },
        { label: 'narrowed', as: 'identity', part: 'gather', exchange: own.exchange },
        { label: 'administrator-narrowed', as: 'administrator', part: 'gather', exchange: theAdministrators.exchange },
        { label: 'readable-narrowed', as: 'identity', part: 'gather', exchange: rule.exchange },
      ],
    },
  });
}

/**
 * Lists and reads narrowed to a parent each identity may not read, for this shard's routes. Stops only at a hard stop
 * (it runs early in its phase, so a spent share does not leave it out). Returns the routes left unjudged. What the
 * probes before it read (`readsSent`) is not sent again.
 */
export async function gatherParentExposure(ctx: PhaseContext, readsSent = new ReadsSent()): Promise<string[]> {
  const probing = probingIdentities(ctx);
  const locale = ctx.operations[0]?.locale;
  const descriptor = ctx.descriptors.find((candidate) => candidate.locale === locale);
  if (probing === undefined || descriptor === undefined) return [];
  const { administrator, others, stopped } = probing;
  const all = ctx.allOperations.filter((op) => op.locale === locale);
  const doors = narrowingDoors(
    inferResources(descriptor, mergedHints(ctx.resourceHints)),
    all.filter((op) => ctx.shard.ownsOperation(op)),
    all,
  );
  const book = new ParentBook(ctx, administrator, readsSent);
  const unjudged = new Set<string>();
  for (const door of doors) {
    for (const identity of others) {
      if (stopped()) unjudged.add(door.op.route);
      else await judgeDoor(ctx, book, door, identity, administrator, readsSent);
    }
  }
  return [...unjudged];
}
