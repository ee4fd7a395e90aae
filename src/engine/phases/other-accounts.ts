/**
 * Members against each other, on purpose: after the access matrix, each ordinary account (a member or an author)
 * tries to write another account's resources, and to raise its own roles. Each write must be refused, and a read
 * of the same resource by the administrator, before and after, must show nothing changed: a refusal that still
 * changed the data is as broken as a success.
 *
 * Which resources belong to an account is read from the descriptor: the collection of a `…/me` route
 * (`/wp/v2/users/`, `/community/v1/members/`) followed by the account's id (`members/{id}`,
 * `members/{user_id}/avatar`), or any path variable named `user_id` (`profile/{field_id}/data/{user_id}`).
 */
import { accessOtherAccount } from '../../checks/access/access-other-account.js';
import { readsAlike, type AccountProbeEvidence, type ReadBack } from '../../checks/access/account-probe.js';
import { accessRoleEscalation } from '../../checks/access/access-role-escalation.js';
import { seenAnswer } from '../../checks/answer-seen.js';
import type { EvidenceCheck } from '../../checks/types.js';
import { SAFE_METHODS, type LoadedDescriptor, type Operation } from '../../descriptor/types.js';
import type { RequestCase } from '../../generate/types.js';
import type { Exchange } from '../../http/types.js';
import { ordinaryAccounts, type Identity } from '../../request/identity.js';
import type { PhaseContext } from './phase.js';
import { sampleCases } from './sample-cases.js';

const PHASE = 'auth';
/** Path variables that name an account wherever they appear. */
const USER_VARIABLES = /^(user_?id|userid)$/i;

/** `/wp/v2/users/`: the collections whose `…/me` route answers the logged-in account. */
function accountCollections(descriptor: LoadedDescriptor): string[] {
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
  return (await ctx.run.execute(read, requestCase, PHASE, { credentials: ctx.run.credentials ?? null })).exchange;
}

const readOf = (exchange: Exchange): ReadBack => ({ status: exchange.response?.status, body: exchange.response?.bodyText ?? '' });

interface Probe {
  check: EvidenceCheck<AccountProbeEvidence>;
  op: Operation;
  actor: Identity;
  requestCase: RequestCase;
  /** What was tried, for the message: "wrote member2's resource", "raised its own roles". */
  attempt: string;
}

/**
 * Sends the probe's write as its actor (on purpose past the protection of the run's accounts), with the
 * administrator's reads around it, and hands what they answered to the probe's check.
 */
async function probe(ctx: PhaseContext, { check, op, actor, requestCase, attempt }: Probe): Promise<void> {
  const read = readOperation(ctx, op);
  const before = read && ctx.run.credentials ? [await readBack(ctx, read, requestCase.path), await readBack(ctx, read, requestCase.path)] : [];
  const reads = before.map(readOf);
  const write = await ctx.run.execute(op, requestCase, PHASE, { credentials: actor.credentials, unguarded: true });
  // A resource that reads differently twice in a row (a counter, a time) cannot show a change: no read after.
  const after = readsAlike(reads) ? await readBack(ctx, read!, requestCase.path) : undefined;
  const evidence: AccountProbeEvidence = {
    method: op.method,
    route: op.route,
    actor: { name: actor.name, role: actor.role },
    attempt,
    write: seenAnswer(write.exchange),
    before: reads,
  };
  if (after !== undefined) evidence.after = readOf(after);
  ctx.run.judge(check, evidence, { operation: op, phase: PHASE, exchanges: [...before.slice(1), write.exchange, ...(after ? [after] : [])], requestCase });
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
        const victimId = victim && ctx.run.accountOf(victim)?.id;
        if (victim === undefined || victimId === undefined) continue;
        probes.push({
          check: accessOtherAccount,
          op,
          actor,
          requestCase: { ...sample, path: { ...sample.path, [variable]: String(victimId) } },
          attempt: `wrote ${victim.name}'s resource`,
        });
      }
    }
  }
  return probes;
}

/** Each ordinary account's write of roles [administrator] to its own `…/{own id}` where the update takes `roles`. */
function roleProbes(ctx: PhaseContext, actors: readonly Identity[]): Probe[] {
  const probes: Probe[] = [];
  for (const descriptor of ctx.descriptors) {
    const collections = accountCollections(descriptor);
    const updates = ctx.operations.filter(
      (op) => op.locale === descriptor.locale && ['POST', 'PUT', 'PATCH'].includes(op.method) && op.args.roles !== undefined,
    );
    // One method per route is enough: POST, PUT and PATCH of a WordPress route share one callback.
    const seen = new Set<string>();
    for (const op of updates) {
      const variable = op.pattern.variables.length === 1 ? op.pattern.variables[0]!.name : undefined;
      if (variable === undefined || !collections.some((collection) => op.pattern.template === `${collection}{${variable}}`) || seen.has(op.route)) continue;
      seen.add(op.route);
      for (const actor of actors) {
        const id = ctx.run.accountOf(actor)?.id;
        if (id === undefined) continue;
        const roles = op.args.roles?.type === 'string' ? 'administrator' : ['administrator'];
        probes.push({
          check: accessRoleEscalation,
          op,
          actor,
          requestCase: { operationId: op.id, kind: 'valid', path: { [variable]: String(id) }, query: {}, body: { roles } },
          attempt: 'raised its own roles to administrator',
        });
      }
    }
  }
  return probes;
}

/** Runs the probes one at a time: each reads, writes and reads the same resource, which a parallel probe could change. */
export async function probeOtherAccounts(ctx: PhaseContext): Promise<void> {
  if (ctx.safeMethodsOnly) return;
  const ordinary = ordinaryAccounts(ctx.run.identities);
  // Deletes after the other writes (a broken server that lets one through removes the account the rest address),
  // role escalation last (a broken server that grants it changes who the actor is for anything after).
  const others = otherAccountProbes(ctx, ordinary, ordinary);
  const ordered = [
    ...others.filter((next) => next.op.method !== 'DELETE'),
    ...others.filter((next) => next.op.method === 'DELETE'),
    ...roleProbes(ctx, ordinary),
  ];
  for (const next of ordered) {
    if (ctx.run.stopped) return;
    await probe(ctx, next);
  }
}
