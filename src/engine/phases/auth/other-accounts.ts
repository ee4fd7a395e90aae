/**
 * Members against each other, on purpose: first in the auth phase, each ordinary account (a member or an author)
 * tries to write another account's resources (data the other account wrote itself first: `victim-state.ts`), and
 * to raise its own roles, at `…/{own id}` and at `…/me`. Each write must be refused, and a read of the same resource
 * by the administrator, before and after, must show nothing changed: a refusal that still changed the data is as
 * broken as a success. Roles a granted probe changed are put back at once (`account-roles.ts`).
 *
 * Which resources belong to an account is read from the descriptor: the collection of a `…/me` route
 * (`/wp/v2/users/`, `/community/v1/members/`) followed by the account's id (`members/{id}`,
 * `members/{user_id}/avatar`), or any path variable named `user_id` (`profile/{field_id}/data/{user_id}`).
 */
import { accessOtherAccount } from '../../../checks/auth/access-other-account.js';
import { changedPlaces, readable, type AccountProbeEvidence, type ReadBack } from '../../../checks/auth/account-probe.js';
import { accessRoleEscalation } from '../../../checks/auth/access-role-escalation.js';
import { seenAnswer } from '../../../checks/answer-seen.js';
import type { EvidenceCheck } from '../../../checks/types.js';
import { SAFE_METHODS, type LoadedDescriptor, type Operation } from '../../../descriptor/types.js';
import type { RequestCase } from '../../../generate/types.js';
import type { Exchange } from '../../../http/types.js';
import { ordinaryAccounts, type Identity } from '../../../request/identity.js';
import { AccountRoles } from './account-roles.js';
import type { PhaseContext } from '../phase.js';
import { makeVictimData, removeVictimData } from './victim-state.js';
import { accountValuedCase, judgeRightsChanged, namesAnAccount, sendBetweenReads } from './write-effects.js';
import { buildRequest } from '../../../request/index.js';
import { sampleCases } from '../../sample-cases.js';

const PHASE = 'auth';
/** Path variables that name an account wherever they appear. */
const USER_VARIABLES = /^(user_?id|userid)$/i;

/** `/wp/v2/users/`: the collections whose `…/me` route answers the logged-in account. */
export function accountCollections(descriptor: LoadedDescriptor): string[] {
  return descriptor.operations
    .filter((op) => op.method === 'GET' && op.pattern.variables.length === 0 && /\/me$/i.test(op.pattern.template))
    .map((op) => op.pattern.template.slice(0, -'me'.length));
}

/** The path variable of `op` that names an account, if any. */
function accountVariable(op: Operation, collections: readonly string[]): string | undefined {
  for (const variable of op.pattern.variables) {
    if (USER_VARIABLES.test(variable.name)) return variable.name;
    if (collections.some((collection) => op.pattern.template.startsWith(`${collection}{${variable.name}}`))) return variable.name;
  }
  return undefined;
}

/** The GET of the same route (same locale), to read the resource back. */
function readOperation(ctx: PhaseContext, op: Operation): Operation | undefined {
  return ctx.operations.find((other) => other.locale === op.locale && other.route === op.route && other.method === 'GET');
}

/** A read of `path` values as the administrator, in `edit` context where the route offers it (roles show there). */
async function readBack(ctx: PhaseContext, read: Operation, path: Record<string, string>): Promise<Exchange> {
  const context = read.args.context?.enum?.includes('edit') ? { context: 'edit' } : {};
  const requestCase: RequestCase = { operationId: read.id, kind: 'valid', path, query: context, body: undefined };
  return (await ctx.execution.execute(read, requestCase, PHASE, { credentials: ctx.execution.credentials ?? null })).exchange;
}

const readOf = (exchange: Exchange): ReadBack => ({ status: exchange.response?.status, body: exchange.response?.bodyText ?? '' });

interface Probe {
  check: EvidenceCheck<AccountProbeEvidence>;
  op: Operation;
  actor: Identity;
  requestCase: RequestCase;
  /** What was tried, for the message: "wrote member2's resource", "raised its own roles". */
  attempt: string;
  /** Where the resource is read back, when not at the write's own route and path (a write to `…/me`). */
  readAt?: { op: Operation; path: Record<string, string> };
  /** Whose resource a probe of another account's resources addresses, and the path variable naming that account. */
  victim?: Identity;
  accountVariable?: string;
  /**
   * A write whose body names the victim (its e-mail address, login or id) rather than its path: judged by what it
   * changed (`unauthorised_write_effect`, through `sendBetweenReads`), since naming another account in a body (a
   * message's recipient) is no fault in itself.
   */
  namesVictim?: boolean;
  /**
   * Probes of one rule on one route by one actor, in every locale and update method: once one is granted the rest
   * are not sent (the escalation is reported once, on its route).
   */
  once?: string;
}

/**
 * Sends the probe's write as its actor (on purpose past the protection of the run's accounts), with the
 * administrator's reads around it, and hands what they answered to the probe's check.
 */
async function probe(ctx: PhaseContext, { check, op, actor, requestCase, attempt, readAt }: Probe): Promise<{ reported: boolean; write: Exchange }> {
  const read = readAt?.op ?? readOperation(ctx, op);
  const path = readAt?.path ?? requestCase.path;
  const before = read && ctx.execution.credentials ? [await readBack(ctx, read, path), await readBack(ctx, read, path)] : [];
  const reads = before.map(readOf);
  const write = await ctx.execution.execute(op, requestCase, PHASE, { credentials: actor.credentials, unguarded: true });
  const after = readable(reads) ? await readBack(ctx, read!, path) : undefined;
  const evidence: AccountProbeEvidence = {
    method: op.method,
    route: op.route,
    actor: { name: actor.name, role: actor.role },
    attempt,
    write: seenAnswer(write.exchange),
    before: reads,
  };
  if (after !== undefined) evidence.after = readOf(after);
  // A change seen once is read again: a field that differs between two reads with no write between is volatile.
  const again = changedPlaces(evidence).length > 0 ? await readBack(ctx, read!, path) : undefined;
  if (again !== undefined) evidence.afterAgain = readOf(again);
  const exchanges = [...before.slice(1), write.exchange, ...(after ? [after] : []), ...(again ? [again] : [])];
  return { reported: ctx.execution.judge(check, evidence, { operation: op, phase: PHASE, exchanges, requestCase }).length > 0, write: write.exchange };
}

/** Each ordinary account's write of every account-addressed operation, pointed at another ordinary account. */
function otherAccountProbes(ctx: PhaseContext, actors: readonly Identity[], victims: readonly Identity[]): Probe[] {
  const probes: Probe[] = [];
  for (const descriptor of ctx.descriptors) {
    const collections = accountCollections(descriptor);
    const writes = ctx.operations.filter((op) => op.locale === descriptor.locale && !SAFE_METHODS.includes(op.method));
    for (const op of writes) {
      const variable = accountVariable(op, collections);
      if (variable === undefined) continue;
      const [sample] = sampleCases(ctx, op, 'valid', 1, PHASE);
      if (sample === undefined) continue;
      for (const actor of actors) {
        const victim = victims.find((candidate) => candidate !== actor);
        const victimId = victim && ctx.execution.accountOf(victim)?.id;
        if (victim === undefined || victimId === undefined) continue;
        probes.push({
          check: accessOtherAccount,
          op,
          actor,
          requestCase: { ...sample, path: { ...sample.path, [variable]: String(victimId) } },
          attempt: `wrote ${victim.name}'s resource`,
          victim,
          accountVariable: variable,
        });
      }
    }
  }
  return probes;
}

/** The writes whose body names an account (and whose path names none): sent by each ordinary account naming another. */
function accountNamingWrites(ctx: PhaseContext): Operation[] {
  return ctx.descriptors.flatMap((descriptor) => {
    const collections = accountCollections(descriptor);
    return ctx.operations.filter(
      (op) => op.locale === descriptor.locale && namesAnAccount(op) && accountVariable(op, collections) === undefined && op.args.roles === undefined,
    );
  });
}

/**
 * Each ordinary account's write of every operation whose body names an account, with another ordinary account's
 * values (its e-mail address, login, id, as its first read answered them): a route that grants rights to the account
 * it names is only exercised with one the server knows. Left out where the path addresses a run account, or where
 * the run may not write there with credentials (what it did not make, on a target not its own).
 */
function accountNamingProbes(ctx: PhaseContext, writes: readonly Operation[], actors: readonly Identity[], roles: AccountRoles): Probe[] {
  const probes: Probe[] = [];
  for (const op of writes) {
    for (const actor of actors) {
      const victim = roles.values.find((values) => values.identity !== actor && actors.includes(values.identity));
      const requestCase = victim && accountValuedCase(ctx, op, victim, `${PHASE} named account`);
      if (victim === undefined || requestCase === undefined) continue;
      const request = buildRequest({ restUrl: ctx.execution.restUrl(op.locale), operation: op, requestCase });
      if (ctx.execution.accountAddressed(op.locale, ctx.execution.pathIn(request, op)) !== undefined || !ctx.execution.mayWriteWithCredentials(request, op))
        continue;
      probes.push({
        check: accessOtherAccount,
        op,
        actor,
        requestCase,
        attempt: `named ${victim.identity.name} in its body`,
        victim: victim.identity,
        namesVictim: true,
        once: `${op.route} ${actor.name} named`,
      });
    }
  }
  return probes;
}

/** The order update methods are tried in: PATCH as a client changing one field sends it. */
const UPDATE_ORDER: readonly string[] = ['PATCH', 'POST', 'PUT'];

/** The roles value that raises an account to administrator, in the shape the update takes. */
const administrator = (op: Operation): string | string[] => (op.args.roles?.type === 'string' ? 'administrator' : ['administrator']);

/**
 * Each ordinary account's write of roles [administrator] to its own account where the update takes `roles`: at
 * `…/{own id}`, and at `…/me` with its own credentials (a server that guards the one and forgets the other), read
 * back at `…/{own id}`. The roles a granted probe changed are put back at once (`AccountRoles`).
 */
function roleProbes(ctx: PhaseContext, actors: readonly Identity[]): Probe[] {
  const byId: Probe[] = [];
  const atMe: Probe[] = [];
  for (const descriptor of ctx.descriptors) {
    const collections = accountCollections(descriptor);
    const updates = ctx.operations.filter(
      (op) => op.locale === descriptor.locale && ['POST', 'PUT', 'PATCH'].includes(op.method) && op.args.roles !== undefined,
    );
    // Every update method, PATCH first: WordPress gives POST, PUT and PATCH of a route one callback, but a server
    // or a gateway in front of it that guards one method and forgets another is caught too.
    for (const op of [...updates].sort((a, b) => UPDATE_ORDER.indexOf(a.method) - UPDATE_ORDER.indexOf(b.method))) {
      const variable = op.pattern.variables.length === 1 ? op.pattern.variables[0]!.name : undefined;
      const collection = collections.find((candidate) =>
        variable === undefined ? op.pattern.template === `${candidate}me` : op.pattern.template === `${candidate}{${variable}}`,
      );
      if (collection === undefined || (variable === undefined && op.pattern.variables.length > 0)) continue;
      const read = variable === undefined ? itemRead(ctx, op.locale, collection) : undefined;
      if (variable === undefined && read === undefined) continue;
      for (const actor of actors) {
        const id = ctx.execution.accountOf(actor)?.id;
        if (id === undefined) continue;
        const body = { roles: administrator(op) };
        const once = `${op.route} ${actor.name}`;
        if (variable !== undefined) {
          byId.push({
            check: accessRoleEscalation,
            op,
            actor,
            requestCase: { operationId: op.id, kind: 'valid', path: { [variable]: String(id) }, query: {}, body },
            attempt: 'raised its own roles to administrator',
            once,
          });
          continue;
        }
        atMe.push({
          check: accessRoleEscalation,
          op,
          actor,
          requestCase: { operationId: op.id, kind: 'valid', path: {}, query: {}, body },
          attempt: 'raised its own roles to administrator through its own credentials',
          readAt: { op: read!, path: { [read!.pattern.variables[0]!.name]: String(id) } },
          once,
        });
      }
    }
  }
  return [...byId, ...atMe];
}

/** The GET of `{collection}{id}` (one variable) in a locale: where an account addressed as `…/me` is read back. */
export function itemRead(ctx: Pick<PhaseContext, 'operations'>, locale: string | null, collection: string): Operation | undefined {
  return ctx.operations.find(
    (op) =>
      op.locale === locale &&
      op.method === 'GET' &&
      op.pattern.variables.length === 1 &&
      op.pattern.template === `${collection}{${op.pattern.variables[0]!.name}}`,
  );
}

/**
 * Runs the probes one at a time: each reads, writes and reads the same resource, which a parallel probe could
 * change. After each, every account's roles are read, and put back if the probe changed them; an account whose
 * roles stay changed probes no more. Only an interrupt or a dead target stops them: they are few, and run first
 * in their phase, so a spent share of the time budget does not leave them out. Returns how many were not sent.
 */
export async function probeOtherAccounts(ctx: PhaseContext): Promise<number> {
  if (ctx.safeMethodsOnly) return 0;
  const ordinary = ordinaryAccounts(ctx.execution.identities);
  // Deletes after the other writes (a broken server that lets one through removes the account the rest address),
  // role escalation last (a broken server that grants it changes who the actor is until its roles are put back).
  const others = otherAccountProbes(ctx, ordinary, ordinary);
  const naming = accountNamingWrites(ctx);
  const escalations = roleProbes(ctx, ordinary);
  if (others.length + escalations.length === 0 && (naming.length === 0 || ordinary.length < 2)) return 0;
  const roles = await AccountRoles.read(ctx, ordinary);
  const ordered = [
    ...others.filter((next) => next.op.method !== 'DELETE'),
    ...accountNamingProbes(ctx, naming, ordinary, roles),
    ...others.filter((next) => next.op.method === 'DELETE'),
    ...escalations,
  ];
  const victimData = await makeVictimData(ctx, others);
  let unsent = 0;
  const granted = new Set<string>();
  for (const [index, next] of ordered.entries()) {
    if (hardStopped(ctx)) {
      unsent = ordered.length - index;
      break;
    }
    if (!roles.mayProbe(next.actor) || (next.once !== undefined && granted.has(next.once))) continue;
    if (next.namesVictim) {
      const suspicion = `its body names ${next.victim!.name}, another of the run's accounts`;
      const { reported } = await sendBetweenReads(ctx, roles, { ...next, suspicion, sameBody: true });
      if (reported) granted.add(next.once!);
      continue;
    }
    const { reported, write } = await probe(ctx, next);
    if (reported && next.once !== undefined) granted.add(next.once);
    const changed = await roles.keep(ctx, next.op);
    // Rights the probe changed that its own check did not see (a capability beside the roles) fail on its route.
    if (changed.length > 0 && !reported) judgeRightsChanged(ctx, next.op, next.requestCase, next.actor, write, changed);
  }
  await removeVictimData(ctx, victimData);
  return unsent;
}

/** The run stopped for a reason other than its time budget (an interrupt, a dead target). */
function hardStopped(ctx: PhaseContext): boolean {
  const reason = ctx.execution.control.reason;
  return reason !== undefined && reason.kind !== 'time-budget';
}
