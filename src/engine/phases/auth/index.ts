/**
 * Phase `auth` (runs when credentials are given): wrong credentials get 401 on every route, unknown ones
 * included (WordPress authenticates before routing); the access matrix (`access.ts`) sends each sampled
 * operation as every identity of the run; ordinary accounts try other accounts' resources and their own roles
 * (`other-accounts.ts`, first: a spent time budget does not leave them out); invalid input on a route that needs credentials gets 400 even without them (WordPress
 * validates before it checks permissions).
 * What each answered goes to the checks of `checks/auth/`, which judge it.
 */
import { authWrongCredentials, needsAnonymousComparison } from '../../../checks/auth/auth-wrong-credentials.js';
import { invalidRejectedAnonymous, needsCredentialedComparison } from '../../../checks/auth/invalid-rejected-anonymous.js';
import { isRefusal, seenAnswer } from '../../../checks/answer-seen.js';
import { routeMeaningDifference } from '../../../contract/diff.js';
import { SAFE_METHODS, type Operation } from '../../../descriptor/types.js';
import type { RequestCase } from '../../../generate/types.js';
import type { Credentials } from '../../../request/types.js';
import { BATCH_ROUTE } from '../../steps/batch-plan.js';
import { forEachConcurrently } from '../../pool.js';
import { namedParams, wpErrorBody } from '../../../checks/answer/response-helpers.js';
import type { Exchange } from '../../../http/types.js';
import { accessRow } from './access.js';
import { probeOtherAccounts } from './other-accounts.js';
import { gatherVisibility } from './visibility.js';
import { gatherParentExposure } from './parent-exposure.js';
import { gatherQueryOracles } from './query-oracle.js';
import { ReadsSent } from './reads-sent.js';
import { probeReadonlyWrites } from './readonly-writes.js';
import type { Phase, PhaseContext } from '../phase.js';
import { sampleCases } from '../../sample-cases.js';
import { syntheticOperation, UNKNOWN_ROUTE } from '../../synthetic-operation.js';
import { AUTH_CHECKS } from '../../../checks/auth/index.js';
import { WriteEffects } from './write-effects.js';

const PHASE = 'auth';

/** Routes per locale sent with wrong credentials, spread over the operations. */
export const WRONG_CREDENTIAL_ROUTES = 24;
/** Writes tried as every identity, at most. */
export const AUTH_WRITES = 200;
/** Reads tried as every identity (also to find those that refuse anonymous callers), at most. */
export const AUTH_READS = 80;
/** Invalid cases tried per operation to find one whose broken rule is not in the path. */
const INVALID_TRIES = 5;
const WRONG_PASSWORD = 'restconform wrong password';

/** `count` items spread evenly over `items`, in order. */
function spread<T>(items: readonly T[], count: number): T[] {
  if (items.length <= count) return [...items];
  return Array.from({ length: count }, (_, index) => items[Math.floor((index * items.length) / count)]!);
}

// Deleting the caller's own account (`…/me`) would end the run's credentials; a batch answers 207 whether or
// not its items were allowed, so its own status says nothing about credentials.
function excluded(op: Operation): boolean {
  return (op.method === 'DELETE' && /\/me$/.test(op.pattern.template)) || routeMeaningDifference(op.route, BATCH_ROUTE) === undefined;
}

function emptyCase(ctx: PhaseContext, op: Operation, synthetic: boolean): RequestCase {
  // Path values from a valid case, so only the credentials are wrong.
  const path = synthetic ? {} : (sampleCases(ctx, op, 'valid', 1, PHASE)[0]?.path ?? {});
  return { operationId: op.id, kind: 'valid', path, query: {}, body: SAFE_METHODS.includes(op.method) ? undefined : {} };
}

/** The operations sent wrong credentials: some of each locale's, and an unknown route per method. */
function wrongCredentialTargets(ctx: Pick<PhaseContext, 'descriptors' | 'allOperations' | 'safeMethodsOnly'>): Array<{ op: Operation; synthetic: boolean }> {
  const targets: Array<{ op: Operation; synthetic: boolean }> = [];
  for (const descriptor of ctx.descriptors) {
    const own = ctx.allOperations.filter((op) => op.locale === descriptor.locale);
    if (own.length === 0) continue;
    for (const op of spread(own, WRONG_CREDENTIAL_ROUTES)) targets.push({ op, synthetic: false });
    for (const method of ctx.safeMethodsOnly ? (['GET'] as const) : (['GET', 'POST'] as const)) {
      targets.push({ op: syntheticOperation(descriptor.locale, method, UNKNOWN_ROUTE), synthetic: true });
    }
  }
  return targets;
}

/** A request to a route no server has: a split run sends it from one shard. */
function unknownRouteUnit(op: Operation): string {
  return `${PHASE} ${op.id}`;
}

async function wrongCredentials(ctx: PhaseContext, credentials: Credentials): Promise<void> {
  const wrong: Credentials[] = [
    { user: credentials.user, password: WRONG_PASSWORD },
    { user: 'restconform-no-such-user', password: WRONG_PASSWORD },
  ];
  // Chosen and numbered over the whole run, then this shard's kept: a split run sends what a whole one does.
  const targets = wrongCredentialTargets(ctx)
    .map((target, index) => ({ ...target, index }))
    .filter(({ op, synthetic }) => (synthetic ? ctx.shard.owns(unknownRouteUnit(op)) : ctx.shard.ownsOperation(op)));
  await forEachConcurrently(
    targets,
    ctx.settings.connections,
    async ({ op, synthetic, index }) => {
      const given = wrong[index % wrong.length]!;
      const which = given.user === credentials.user ? `a wrong password for ${credentials.user}` : 'an unknown user';
      const requestCase = emptyCase(ctx, op, synthetic);
      const executed = await ctx.execution.execute(op, requestCase, PHASE, { credentials: given, probe: synthetic });
      const answer = seenAnswer(executed.exchange);
      if (!needsAnonymousComparison(answer) || ctx.execution.stopped) return;
      const anonymous = await ctx.execution.execute(op, requestCase, PHASE, { credentials: null, probe: synthetic });
      ctx.execution.judge(
        authWrongCredentials,
        { method: op.method, route: op.route, unknownRoute: synthetic, credentials: which, answer, anonymous: seenAnswer(anonymous.exchange) },
        { operation: op, phase: PHASE, exchanges: [executed.exchange, anonymous.exchange] },
      );
    },
    () => ctx.execution.stopped,
  );
}

/** The arguments an answer's `data.params` names (none without a WordPress error body). */
function namedIn(exchange: Exchange): string[] {
  const error = exchange.response === undefined ? undefined : wpErrorBody(exchange.response);
  return error === undefined ? [] : namedParams(error);
}

async function invalidWithoutCredentials(ctx: PhaseContext, op: Operation): Promise<void> {
  // A broken path variable routes nowhere (404): only parameters WordPress validates are useful here.
  const requestCase = sampleCases(ctx, op, 'invalid', INVALID_TRIES, PHASE).find((candidate) => candidate.mutation?.location !== 'path');
  if (requestCase === undefined) return;
  const executed = await ctx.execution.execute(op, requestCase, PHASE, { credentials: null });
  const answer = seenAnswer(executed.exchange);
  // Refused (401/403 or the route's own 4xx): the same input with the run's credentials (the phase runs only with
  // some) tells whether the route validates it before its callback at all.
  const credentialed = needsCredentialedComparison(answer) && !ctx.execution.stopped ? await ctx.execution.execute(op, requestCase, PHASE) : undefined;
  const compared =
    credentialed === undefined ? {} : { withCredentials: seenAnswer(credentialed.exchange), namedWithCredentials: namedIn(credentialed.exchange) };
  ctx.execution.judge(
    invalidRejectedAnonymous,
    { brokenRule: requestCase.mutation?.description, argument: requestCase.mutation?.param, answer, ...compared },
    { operation: op, phase: PHASE, exchanges: [executed.exchange, ...(credentialed === undefined ? [] : [credentialed.exchange])], requestCase },
  );
}

/** Requests per operation: a wrong password, an unknown user, a write without credentials (the workload estimate). */
const AUTH_REQUESTS_PER_OPERATION = 3;

export const authPhase: Phase = {
  name: PHASE,
  description:
    'Wrong credentials get 401 everywhere; the access matrix: each identity tries the same requests, least privileged first; invalid input gets 400 without credentials.',
  checks: AUTH_CHECKS,
  budgetShare: 0.15,
  workload: (ctx) => ctx.operations.length * AUTH_REQUESTS_PER_OPERATION,
  skipReason: (ctx) =>
    ctx.execution.identities.length < 2
      ? 'no credentials given (--user or --account with the application password)'
      : ctx.allOperations.length === 0
        ? 'no operations to test'
        : undefined,
  units: (ctx) =>
    ctx.hasCredentials
      ? wrongCredentialTargets(ctx)
          .filter((target) => target.synthetic)
          .map(({ op }) => ({ name: unknownRouteUnit(op), cost: 2 }))
      : [],
  async gather(ctx) {
    // The account probes first: they are few, and the ones a security review needs; last, a spent time budget
    // left them out without a word. A run that could not send them all is incomplete.
    const unsent = await probeOtherAccounts(ctx);
    if (unsent > 0) ctx.execution.markIncomplete(`${unsent} account probes (other accounts' resources, own roles) not sent`);
    // Who may read what, next, for the same reason: lists and totals held to each identity's own item reads.
    // Its reads are handed on: the administrator's lists, the identities' lists and item reads the probes after it
    // need are not sent again.
    const readsSent = new ReadsSent();
    const unjudged = await gatherVisibility(ctx, readsSent);
    if (unjudged.length > 0) ctx.execution.markIncomplete(`who may read what not judged for ${unjudged.join(', ')}`);
    const unnarrowed = await gatherParentExposure(ctx, readsSent);
    if (unnarrowed.length > 0) ctx.execution.markIncomplete(`lists narrowed to hidden parents not judged for ${unnarrowed.join(', ')}`);
    const unguessed = await gatherQueryOracles(ctx, readsSent);
    if (unguessed.length > 0) ctx.execution.markIncomplete(`searches on hidden fields not judged for ${unguessed.join(', ')}`);
    // Fields a caller may not set, written to its own account: a security probe too, so before the matrix.
    const readonlyUnsent = await probeReadonlyWrites(ctx);
    if (readonlyUnsent > 0) ctx.execution.markIncomplete(`${readonlyUnsent} writes of readonly fields to the run's own accounts not sent`);
    // Wrong credentials are tried in the name of the main account, or else of the first named one.
    const named = ctx.execution.credentials ?? ctx.execution.identities.find((identity) => identity.credentials !== undefined)!.credentials!;
    await wrongCredentials(ctx, named);
    const refusing: Operation[] = [];
    // Spread over the whole run's operations, then this shard's kept.
    const usable = ctx.allOperations.filter((op) => !excluded(op));
    const writes = spread(
      usable.filter((op) => !SAFE_METHODS.includes(op.method)),
      AUTH_WRITES,
    );
    const reads = spread(
      usable.filter((op) => SAFE_METHODS.includes(op.method)),
      AUTH_READS,
    );
    const candidates = [...writes, ...reads].filter((op) => ctx.shard.ownsOperation(op));
    // Writes that succeeded where they should be in doubt are sent again after the matrix, one at a time, between
    // the administrator's reads (`write-effects.ts`).
    const effects = writes.length > 0 && !ctx.safeMethodsOnly ? await WriteEffects.start(ctx) : undefined;
    const writesLeft = new Set(candidates.filter((op) => !SAFE_METHODS.includes(op.method)));
    await forEachConcurrently(
      candidates,
      ctx.settings.connections,
      async (op) => {
        writesLeft.delete(op);
        const attempts = await accessRow(ctx, op, effects);
        if (attempts.some((attempt) => attempt.seen.anonymous && isRefusal(attempt.seen.answer.status))) refusing.push(op);
      },
      () => ctx.execution.stopped,
    );
    // The matrix's writes judge who may write what: a run whose time ran out before them says so.
    if (writesLeft.size > 0)
      ctx.execution.markIncomplete(`${writesLeft.size} writes of the access matrix not sent as every identity (the run stopped, or the phase spent its share)`);
    await effects?.confirm(ctx);
    await forEachConcurrently(
      refusing,
      ctx.settings.connections,
      (op) => invalidWithoutCredentials(ctx, op),
      () => ctx.execution.stopped,
    );
  },
};
