/**
 * Writes judged by their effect (`unauthorised_write_effect`), beside the access matrix. The matrix sends each
 * write as every identity, least privileged first, and its rows run side by side, so what the administrator reads
 * around one row could be another row's doing. So the matrix only names suspects: the least privileged identity
 * below a moderator whose write succeeded where it should be in doubt — its own read of the same path is refused,
 * the path names an item it did not make, or the body names one of the run's accounts. After the matrix, one at a
 * time, each suspect's write is sent again (with a fresh body where the path allows, so a setting written once
 * changes again) between the administrator's reads of what it could change: the route's own GET at the same path,
 * the item's collection, and every account's rights (`AccountRoles`, which also puts rights back). A DELETE that
 * succeeded without credentials needs no reads: it is judged at once.
 *
 * Where a write's argument names an account (an e-mail address, a login, a user id), the matrix also tries it with
 * the values of one of the run's own accounts: a write that grants rights to the account it names is only
 * exercised with an account the server knows (the other-account probes send it with another account's values:
 * `accountValuedCase`, `sendBetweenReads`).
 *
 * A DELETE's second send meets a 404 (the matrix's own send deleted the item), so a delete in doubt is judged on
 * its first: where the run's records say another identity made the item, the administrator reads it before the
 * row, and a success below a moderator followed by its absence is a deletion (`itemBeforeDelete`).
 *
 * Rights can change after any write: after each row in which an identity other than an administrator wrote
 * successfully, every account's rights are read (and put back). Rows run side by side, so a change is laid at the
 * door of every such write whose row ran between that read and the one before it; each is sent again after the
 * matrix, one at a time, between reads, to tell which it was.
 */
import type { ReadBack } from '../../../checks/auth/account-probe.js';
import { changeOf, unauthorisedWriteEffect, type EffectRead, type WriteEffectEvidence } from '../../../checks/auth/unauthorised-write-effect.js';
import { isRefusal, isSuccess, seenAnswer } from '../../../checks/answer-seen.js';
import { SAFE_METHODS, type ArgDescriptor, type Operation } from '../../../descriptor/types.js';
import type { RequestCase } from '../../../generate/types.js';
import type { Exchange } from '../../../http/types.js';
import { buildRequest } from '../../../request/index.js';
import { ordinaryAccounts, rankOf, type Identity } from '../../../request/identity.js';
import { pathValues } from '../../execution/rest-path.js';
import { AccountRoles, type AccountValues } from './account-roles.js';
import type { PhaseContext } from '../phase.js';
import { sampleCases } from '../../sample-cases.js';

const PHASE = 'auth';
/** Identities from this rank up (moderators, editors, administrators) may change what others made. */
const MANAGER_RANK = 4;
/** Valid cases looked through for a fresh body for the second send. */
const FRESH_TRIES = 6;

/** One identity's matrix attempt, as the matrix hands it over. */
export interface MatrixAttempt {
  identity: Identity;
  exchange: Exchange;
}

export interface Suspect {
  op: Operation;
  requestCase: RequestCase;
  actor: Identity;
  suspicion: string;
  /** Sent again as it was (a body naming a run account: the rights it granted were put back), not with a fresh body. */
  sameBody: boolean;
}

/** The administrator's read of an item before a delete in doubt, and who the run's records say made it. */
export interface ItemBefore {
  read: Operation;
  path: Record<string, string>;
  exchange: Exchange;
  maker: string;
  makerUser: string | undefined;
}

/** A matrix row in which some identity other than an administrator wrote successfully, for the rights watcher. */
interface Written {
  suspect: Suspect;
  /** Rights reads started before the row began, and before it ended. */
  started: number;
  ended: number;
}

const RIGHTS_SUSPICION = "every account's rights were read after it and had changed";

/** Which of an account's values an argument takes, by its name, format or description. */
function namedValue(name: string, arg: ArgDescriptor): keyof Omit<AccountValues, 'identity' | 'name'> | undefined {
  const description = typeof arg.description === 'string' ? arg.description : '';
  if (arg.format === 'email' || /e-?mail/i.test(name) || /\be-?mail address\b/i.test(description)) return 'email';
  if (/^(user_?login|login|user_?name|username)$/i.test(name) || /\b(login|user ?name)\b/i.test(description)) return 'login';
  const numeric = arg.type === 'integer' || arg.type === 'number' || (Array.isArray(arg.type) && arg.type.includes('integer'));
  if (numeric && (/^(user_?id|userid|user|member_?id|account_?id)$/i.test(name) || /\b(id|identifier) of the (user|account|member)\b/i.test(description)))
    return 'id';
  return undefined;
}

/**
 * A valid case of `op` whose arguments that name an account (outside the path) carry `account`'s values; undefined
 * when no argument names an account or `account` lacks a value one of them takes.
 */
export function accountValuedCase(ctx: PhaseContext, op: Operation, account: AccountValues, purpose = `${PHASE} account values`): RequestCase | undefined {
  if (SAFE_METHODS.includes(op.method)) return undefined;
  // Path variables are left as sampled: a path that names a run account is never written by the matrix.
  const inPath = new Set(op.pattern.variables.map((variable) => variable.name));
  const named = Object.entries(op.args).flatMap(([name, arg]) => {
    const value = inPath.has(name) ? undefined : namedValue(name, arg);
    return value === undefined ? [] : [{ name, value }];
  });
  if (named.length === 0 || !named.every(({ value }) => account[value] !== undefined)) return undefined;
  const [sample] = sampleCases(ctx, op, 'valid', 1, purpose);
  if (sample === undefined) return undefined;
  const body: Record<string, unknown> = { ...((sample.body ?? {}) as Record<string, unknown>) };
  for (const { name, value } of named) body[name] = value === 'id' && op.args[name]?.type !== 'string' ? Number(account.id) : account[value];
  return { ...sample, body };
}

/** Whether a write of `op` takes an argument (outside its path) that names an account. */
export function namesAnAccount(op: Operation): boolean {
  const inPath = new Set(op.pattern.variables.map((variable) => variable.name));
  return !SAFE_METHODS.includes(op.method) && Object.entries(op.args).some(([name, arg]) => !inPath.has(name) && namedValue(name, arg) !== undefined);
}

export class WriteEffects {
  readonly #rights: AccountRoles;
  readonly #suspects: Suspect[] = [];
  readonly #suspected = new WeakSet<RequestCase>();
  readonly #accountValued = new WeakSet<RequestCase>();
  /** Rights reads started so far, those that found a change (by number), and the rows that may have caused one. */
  #rightsReads = 0;
  readonly #rightsChangedAt: number[] = [];
  #written: Written[] = [];

  private constructor(rights: AccountRoles) {
    this.#rights = rights;
  }

  /** Reads every named account's rights (and the values a write naming it would carry). */
  static async start(ctx: PhaseContext): Promise<WriteEffects> {
    const accounts = ctx.execution.identities.filter((identity) => identity.credentials !== undefined);
    return new WriteEffects(await AccountRoles.read(ctx, accounts));
  }

  /**
   * A valid case of `op` whose arguments that name an account carry one of the run's ordinary accounts' values
   * (the first whose values are known), or none when no argument names an account.
   */
  accountCases(ctx: PhaseContext, op: Operation): RequestCase[] {
    const ordinary = new Set(ordinaryAccounts(ctx.execution.identities).map((identity) => identity.name));
    for (const account of this.#rights.values.filter((values) => ordinary.has(values.identity.name))) {
      const requestCase = accountValuedCase(ctx, op, account);
      if (requestCase === undefined) continue;
      this.#accountValued.add(requestCase);
      return [requestCase];
    }
    return [];
  }

  /** The number a matrix row is started with, for `consider`: which rights reads ran while it did. */
  rowStarted(): number {
    return this.#rightsReads;
  }

  /**
   * Before a DELETE of the matrix is sent: where the run's records say the item was made by another identity than
   * some identity below a moderator that will send it, the administrator's read of the item (when it answers 200).
   * Only such deletes in doubt cost a read.
   */
  async itemBeforeDelete(ctx: PhaseContext, op: Operation, requestCase: RequestCase): Promise<ItemBefore | undefined> {
    if (op.method !== 'DELETE' || op.pattern.variables.length === 0 || ctx.execution.stopped) return undefined;
    const request = buildRequest({ restUrl: ctx.execution.restUrl(op.locale), operation: op, requestCase });
    const made = ctx.execution.owned?.madeItem(op, pathValues(op, request.url, ctx.execution.restUrl(op.locale)));
    const read = routeRead(ctx, op);
    if (made === undefined || read === undefined) return undefined;
    const makerUser = made.maker?.user;
    const inDoubt = ctx.execution.identities.some(
      (identity) => identity.credentials !== undefined && rankOf(identity) < MANAGER_RANK && identity.credentials.user !== makerUser,
    );
    if (!inDoubt) return undefined;
    const exchange = await adminRead(ctx, read, requestCase.path);
    if (exchange.response?.status !== 200) return undefined;
    const maker =
      made.maker === undefined
        ? 'an anonymous caller'
        : (ctx.execution.identities.find((identity) => identity.credentials?.user === makerUser)?.name ?? makerUser!);
    return { read, path: requestCase.path, exchange, maker, makerUser };
  }

  /**
   * Looks at a matrix row: judges a DELETE that succeeded without credentials, or of an item the run's records say
   * another identity made (`itemBefore`), keeps the least privileged success that should be in doubt for `confirm`,
   * and after a success of an identity other than an administrator reads every account's rights.
   */
  async consider(
    ctx: PhaseContext,
    op: Operation,
    requestCase: RequestCase,
    attempts: readonly MatrixAttempt[],
    openBecause: string | undefined,
    row: { started: number; itemBefore?: ItemBefore | undefined } = { started: this.#rightsReads },
  ): Promise<void> {
    if (SAFE_METHODS.includes(op.method)) return;
    const accountValued = this.#accountValued.has(requestCase);
    await this.#suspect(ctx, op, requestCase, attempts, openBecause, accountValued, row.itemBefore);
    const writer = attempts.find((attempt) => attempt.identity.role !== 'administrator' && isSuccess(attempt.exchange.response?.status));
    if (writer === undefined) {
      // The administrator's write naming an account may grant it rights: put back before the next row's identities.
      if (accountValued) await this.#watchRights(ctx, op);
      return;
    }
    const written: Written = {
      // Sent again with a fresh body (a second report of the same thing may be refused as a duplicate).
      suspect: { op, requestCase, actor: writer.identity, suspicion: RIGHTS_SUSPICION, sameBody: accountValued },
      started: row.started,
      ended: this.#rightsReads,
    };
    // A change found while the row ran may be its doing.
    if (this.#rightsChangedAt.some((read) => read >= written.started && read <= written.ended)) this.#add(written.suspect);
    this.#written.push(written);
    await this.#watchRights(ctx, op);
  }

  async #suspect(
    ctx: PhaseContext,
    op: Operation,
    requestCase: RequestCase,
    attempts: readonly MatrixAttempt[],
    openBecause: string | undefined,
    accountValued: boolean,
    itemBefore: ItemBefore | undefined,
  ): Promise<void> {
    const index = attempts.findIndex((attempt) => rankOf(attempt.identity) >= MANAGER_RANK || isSuccess(attempt.exchange.response?.status));
    const success = attempts[index];
    if (success === undefined || rankOf(success.identity) >= MANAGER_RANK) return;
    const actor = success.identity;
    const anonymous = actor.credentials === undefined;
    if (anonymous && op.method === 'DELETE') {
      judgeEffect(ctx, op, requestCase, { actor, write: success.exchange, suspicion: 'it was sent without credentials', reads: [], rightsChanged: [] }, [
        success.exchange,
      ]);
      return;
    }
    // Sent again, a delete meets a 404: the item the administrator read before the row is read again now.
    if (itemBefore !== undefined) {
      // An item of its own is its to delete.
      if (actor.credentials?.user !== itemBefore.makerUser) await judgeDeletion(ctx, op, requestCase, actor, success.exchange, itemBefore);
      return;
    }
    // A sign-up its resource hint leaves open is a create of one's own, whatever its route's read says.
    if (anonymous && openBecause !== undefined && !accountValued) return;
    const suspicion = accountValued
      ? "its body names one of the run's accounts"
      : op.pattern.variables.length > 0
        ? 'the path names an item it did not make'
        : await this.#readRefused(ctx, op, requestCase, actor);
    if (suspicion !== undefined) this.#add({ op, requestCase, actor, suspicion, sameBody: accountValued });
  }

  #add(suspect: Suspect): void {
    if (this.#suspected.has(suspect.requestCase)) return;
    this.#suspected.add(suspect.requestCase);
    this.#suspects.push(suspect);
  }

  /**
   * Reads every account's rights and puts back what changed. A change is laid at the door of every write whose row
   * ran between this read and the one before it (`Written.started` ≤ this read ≤ `Written.ended` + 1).
   */
  async #watchRights(ctx: PhaseContext, op: Operation): Promise<void> {
    const read = ++this.#rightsReads;
    const changed = await this.#rights.keep(ctx, op);
    if (changed.length > 0) {
      this.#rightsChangedAt.push(read);
      // Each is sent again after the matrix, alone, to tell which changed them.
      for (const written of this.#written) if (written.started <= read && read <= written.ended + 1) this.#add(written.suspect);
    }
    // A row that ended before this read began can be blamed by no later one.
    this.#written = this.#written.filter((written) => written.ended + 1 >= this.#rightsReads);
  }

  /** "its own read of the same path is refused (401)" when the route's GET at the same path refuses `actor`. */
  async #readRefused(ctx: PhaseContext, op: Operation, requestCase: RequestCase, actor: Identity): Promise<string | undefined> {
    const read = routeRead(ctx, op);
    if (read === undefined || ctx.execution.stopped) return undefined;
    const readCase: RequestCase = { operationId: read.id, kind: 'valid', path: requestCase.path, query: {}, body: undefined };
    const { exchange } = await ctx.execution.execute(read, readCase, PHASE, { credentials: actor.credentials ?? null });
    const status = exchange.response?.status;
    return isRefusal(status) ? `its own read of the same path is refused (${status})` : undefined;
  }

  /** Sends each suspect's write again, one at a time, between the administrator's reads, and judges what changed. */
  async confirm(ctx: PhaseContext): Promise<void> {
    for (const suspect of this.#suspects) {
      if (ctx.execution.stopped) break;
      await this.#confirm(ctx, suspect);
    }
  }

  async #confirm(ctx: PhaseContext, suspect: Suspect): Promise<void> {
    await sendBetweenReads(ctx, this.#rights, suspect);
  }
}

/**
 * Sends `suspect`'s write (with a fresh body unless `sameBody`) between the administrator's reads of what it could
 * change and of every account's rights (put back after), and judges it under `unauthorised_write_effect`. Returns the
 * write, and whether it was reported.
 */
export async function sendBetweenReads(
  ctx: PhaseContext,
  rights: AccountRoles,
  { op, requestCase, actor, suspicion, sameBody }: Suspect,
): Promise<{ reported: boolean; write: Exchange }> {
  const places = readPlaces(ctx, op, requestCase.path);
  const before = await Promise.all(places.map(async (place) => ({ ...place, read: await adminRead(ctx, place.op, place.path) })));
  let again = sameBody ? requestCase : freshCase(ctx, op, requestCase);
  let write = await ctx.execution.execute(op, again, PHASE, { credentials: actor.credentials ?? null });
  // A fresh body the route does not accept changed nothing: the body the matrix saw accepted is sent instead.
  if (!isSuccess(write.exchange.response?.status) && again !== requestCase) {
    again = requestCase;
    write = await ctx.execution.execute(op, again, PHASE, { credentials: actor.credentials ?? null });
  }
  const reads: EffectRead[] = [];
  const exchanges: Exchange[] = [write.exchange];
  for (const place of before) {
    const read: EffectRead = { place: place.name, before: readOf(place.read) };
    const after = await adminRead(ctx, place.op, place.path);
    read.after = readOf(after);
    // A change seen once is read again: a value that differs between two reads with no write between is volatile.
    if (changeOf(read) !== undefined) {
      const afterAgain = await adminRead(ctx, place.op, place.path);
      read.afterAgain = readOf(afterAgain);
      exchanges.unshift(place.read);
      exchanges.push(after);
    }
    reads.push(read);
  }
  const rightsChanged = await rights.keep(ctx, op);
  const reported = judgeEffect(ctx, op, again, { actor, write: write.exchange, suspicion, reads, rightsChanged }, exchanges);
  return { reported, write: write.exchange };
}

/** A delete in doubt that succeeded: the item the administrator read before the row, read again. */
async function judgeDeletion(ctx: PhaseContext, op: Operation, requestCase: RequestCase, actor: Identity, write: Exchange, before: ItemBefore): Promise<void> {
  const after = await adminRead(ctx, before.read, before.path);
  const read: EffectRead = { place: 'the item', before: readOf(before.exchange), after: readOf(after) };
  if (after.response?.status === 200 && changeOf(read) !== undefined) read.afterAgain = readOf(await adminRead(ctx, before.read, before.path));
  const suspicion = `the run's records say ${before.maker} made the item`;
  judgeEffect(ctx, op, requestCase, { actor, write, suspicion, reads: [read], rightsChanged: [] }, [before.exchange, write, after]);
}

interface Found {
  actor: Identity;
  write: Exchange;
  suspicion: string;
  reads: EffectRead[];
  rightsChanged: string[];
}

function judgeEffect(ctx: PhaseContext, op: Operation, requestCase: RequestCase, found: Found, exchanges: Exchange[]): boolean {
  const evidence: WriteEffectEvidence = {
    method: op.method,
    route: op.route,
    actor: { name: found.actor.name, role: found.actor.role, anonymous: found.actor.credentials === undefined },
    write: seenAnswer(found.write),
    suspicion: found.suspicion,
    reads: found.reads,
    rightsChanged: found.rightsChanged,
  };
  return ctx.execution.judge(unauthorisedWriteEffect, evidence, { operation: op, phase: PHASE, exchanges, requestCase }).length > 0;
}

/** Rights of other accounts that `actor`'s write changed, as the rights watcher found them after it: a failure on its route. */
export function judgeRightsChanged(
  ctx: PhaseContext,
  op: Operation,
  requestCase: RequestCase,
  actor: Identity,
  write: Exchange,
  rightsChanged: string[],
): void {
  judgeEffect(ctx, op, requestCase, { actor, write, suspicion: 'the rights watcher read every account after it', reads: [], rightsChanged }, [write]);
}

/** The GET of the same route (same locale). */
function routeRead(ctx: PhaseContext, op: Operation): Operation | undefined {
  return ctx.operations.find((other) => other.locale === op.locale && other.route === op.route && other.method === 'GET');
}

interface ReadPlace {
  name: string;
  op: Operation;
  path: Record<string, string>;
}

/** What a write at `path` could change that a GET shows: the route's own GET at the same path, and for an item its collection. */
function readPlaces(ctx: PhaseContext, op: Operation, path: Record<string, string>): ReadPlace[] {
  const places: ReadPlace[] = [];
  const own = routeRead(ctx, op);
  const item = op.pattern.variables.length > 0;
  if (own !== undefined) places.push({ name: item ? 'the item' : "the route's own GET", op: own, path });
  const last = op.pattern.variables.at(-1);
  const suffix = last === undefined ? undefined : `/{${last.name}}`;
  if (last !== undefined && suffix !== undefined && op.pattern.template.endsWith(suffix)) {
    const template = op.pattern.template.slice(0, -suffix.length);
    const list = ctx.operations.find((other) => other.locale === op.locale && other.method === 'GET' && other.pattern.template === template);
    const { [last.name]: _item, ...rest } = path;
    if (list !== undefined) places.push({ name: 'its collection', op: list, path: rest });
  }
  return places;
}

async function adminRead(ctx: PhaseContext, read: Operation, path: Record<string, string>): Promise<Exchange> {
  const requestCase: RequestCase = { operationId: read.id, kind: 'valid', path, query: {}, body: undefined };
  return (await ctx.execution.execute(read, requestCase, PHASE, { credentials: ctx.execution.credentials ?? null })).exchange;
}

const readOf = (exchange: Exchange): ReadBack => ({ status: exchange.response?.status, body: exchange.response?.bodyText ?? '' });

/** The same path and query with another valid body, so a value the first send wrote changes again; the sent case when there is none. */
function freshCase(ctx: PhaseContext, op: Operation, sent: RequestCase): RequestCase {
  if (op.method === 'DELETE') return sent;
  const body = JSON.stringify(sent.body ?? null);
  const other = sampleCases(ctx, op, 'valid', FRESH_TRIES, `${PHASE} effect`).find((candidate) => JSON.stringify(candidate.body ?? null) !== body);
  return other === undefined ? sent : { ...sent, body: other.body };
}
