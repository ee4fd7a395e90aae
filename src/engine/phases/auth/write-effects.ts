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
 * exercised with an account the server knows.
 */
import type { ReadBack } from '../../../checks/auth/account-probe.js';
import { changeOf, unauthorisedWriteEffect, type EffectRead, type WriteEffectEvidence } from '../../../checks/auth/unauthorised-write-effect.js';
import { isRefusal, isSuccess, seenAnswer } from '../../../checks/answer-seen.js';
import { SAFE_METHODS, type ArgDescriptor, type Operation } from '../../../descriptor/types.js';
import type { RequestCase } from '../../../generate/types.js';
import type { Exchange } from '../../../http/types.js';
import { ordinaryAccounts, rankOf, type Identity } from '../../../request/identity.js';
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

interface Suspect {
  op: Operation;
  requestCase: RequestCase;
  actor: Identity;
  suspicion: string;
  /** The body names a run account: sent again as it was (the rights it grants were put back). */
  accountValued: boolean;
}

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

export class WriteEffects {
  readonly #rights: AccountRoles;
  readonly #suspects: Suspect[] = [];
  readonly #accountValued = new WeakSet<RequestCase>();

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
    if (SAFE_METHODS.includes(op.method)) return [];
    const ordinary = new Set(ordinaryAccounts(ctx.execution.identities).map((identity) => identity.name));
    // Path variables are left as sampled: a path that names a run account is never written by the matrix.
    const inPath = new Set(op.pattern.variables.map((variable) => variable.name));
    const named = Object.entries(op.args).flatMap(([name, arg]) => {
      const value = inPath.has(name) ? undefined : namedValue(name, arg);
      return value === undefined ? [] : [{ name, value }];
    });
    const account = this.#rights.values.find((values) => ordinary.has(values.identity.name) && named.every(({ value }) => values[value] !== undefined));
    if (named.length === 0 || account === undefined) return [];
    const [sample] = sampleCases(ctx, op, 'valid', 1, `${PHASE} account values`);
    if (sample === undefined) return [];
    const body: Record<string, unknown> = { ...((sample.body ?? {}) as Record<string, unknown>) };
    for (const { name, value } of named) body[name] = value === 'id' && op.args[name]?.type !== 'string' ? Number(account.id) : account[value];
    const requestCase: RequestCase = { ...sample, body };
    this.#accountValued.add(requestCase);
    return [requestCase];
  }

  /**
   * Looks at a matrix row: puts back rights a body naming an account changed, judges a DELETE that succeeded
   * without credentials, and keeps the least privileged success that should be in doubt for `confirm`.
   */
  async consider(
    ctx: PhaseContext,
    op: Operation,
    requestCase: RequestCase,
    attempts: readonly MatrixAttempt[],
    openBecause: string | undefined,
  ): Promise<void> {
    if (SAFE_METHODS.includes(op.method)) return;
    const accountValued = this.#accountValued.has(requestCase);
    // Rows run side by side: who changed the rights is told by `confirm`; here they are only put back.
    if (accountValued) await this.#rights.keep(ctx, op);
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
    // A sign-up its resource hint leaves open is a create of one's own, whatever its route's read says.
    if (anonymous && openBecause !== undefined && !accountValued) return;
    const suspicion = accountValued
      ? "its body names one of the run's accounts"
      : op.pattern.variables.length > 0
        ? 'the path names an item it did not make'
        : await this.#readRefused(ctx, op, requestCase, actor);
    if (suspicion !== undefined) this.#suspects.push({ op, requestCase, actor, suspicion, accountValued });
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

  async #confirm(ctx: PhaseContext, { op, requestCase, actor, suspicion, accountValued }: Suspect): Promise<void> {
    const places = readPlaces(ctx, op, requestCase.path);
    const before = await Promise.all(places.map(async (place) => ({ ...place, read: await adminRead(ctx, place.op, place.path) })));
    let again = accountValued ? requestCase : freshCase(ctx, op, requestCase);
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
    const rightsChanged = await this.#rights.keep(ctx, op);
    judgeEffect(ctx, op, again, { actor, write: write.exchange, suspicion, reads, rightsChanged }, exchanges);
  }
}

interface Found {
  actor: Identity;
  write: Exchange;
  suspicion: string;
  reads: EffectRead[];
  rightsChanged: string[];
}

function judgeEffect(ctx: PhaseContext, op: Operation, requestCase: RequestCase, found: Found, exchanges: Exchange[]): void {
  const evidence: WriteEffectEvidence = {
    method: op.method,
    route: op.route,
    actor: { name: found.actor.name, role: found.actor.role, anonymous: found.actor.credentials === undefined },
    write: seenAnswer(found.write),
    suspicion: found.suspicion,
    reads: found.reads,
    rightsChanged: found.rightsChanged,
  };
  ctx.execution.judge(unauthorisedWriteEffect, evidence, { operation: op, phase: PHASE, exchanges, requestCase });
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
