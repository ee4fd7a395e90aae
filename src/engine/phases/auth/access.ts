/**
 * The access matrix of the auth phase: every sampled operation sent as each identity of the run (anonymous, the
 * members, a moderator, the administrator), least privileged first, with the same request. What each identity
 * got is recorded for the reports, and handed to the checks of `checks/auth/`: the row as a whole to
 * `ignored_auth` and `access_privilege`, each attempt to `auth_refusal_status` and `allow_header`.
 *
 * The order matters: a write changes state, and a second identity's attempt meets that changed state (blocking
 * twice is refused). The less privileged identity tries first, on fresh state, so its success is never hidden by
 * a refusal for another reason.
 */
import { allowHeader } from '../../../checks/auth/allow-header.js';
import { accessPrivilege } from '../../../checks/auth/access-privilege.js';
import { loginFailed, type AccessAttempt, type AccessRowCheck, type AccessRowEvidence } from '../../../checks/auth/attempt.js';
import { authRefusalStatus } from '../../../checks/auth/auth-refusal-status.js';
import { ignoredAuth } from '../../../checks/auth/ignored-auth.js';
import { isSuccess, seenAnswer } from '../../../checks/answer-seen.js';
import { SAFE_METHODS, type Operation } from '../../../descriptor/types.js';
import type { RequestCase } from '../../../generate/types.js';
import type { Exchange } from '../../../http/types.js';
import { buildRequest } from '../../../request/index.js';
import { ANONYMOUS, rankOf, type Identity } from '../../../request/identity.js';
import { anonymousWriteReason, mergedHints } from '../../../resources/index.js';
import type { AccessCell } from '../../events.js';
import type { PhaseContext } from '../phase.js';
import { sampleCases } from '../../sample-cases.js';
import type { ItemBefore, WriteEffects } from './write-effects.js';

// The fuzz phase tells a carried-out DELETE by it.

const PHASE = 'auth';

/** Valid cases tried per write until one succeeds for some identity. */
const VALID_TRIES = 3;

/** One identity's attempt at a matrix request: the evidence, and the exchange that reproduces it. */
interface Attempt {
  identity: Identity;
  exchange: Exchange;
  cell: AccessCell;
  seen: AccessAttempt;
}

function attemptOf(identity: Identity, exchange: Exchange): Attempt {
  const answer = seenAnswer(exchange);
  const cell: AccessCell = { identity: identity.name, role: identity.role, status: answer.status ?? null };
  if (answer.code !== undefined) cell.code = answer.code;
  const seen: AccessAttempt = { identity: identity.name, role: identity.role, rank: rankOf(identity), anonymous: identity.credentials === undefined, answer };
  const allow = exchange.response?.headers.allow;
  if (allow !== undefined) {
    cell.allow = allow;
    seen.allow = allow;
  }
  return { identity, exchange, cell, seen };
}

/** Sends one case as every identity (or, without `accounts`, as anonymous only), least privileged first. */
async function tryEveryIdentity(ctx: PhaseContext, op: Operation, requestCase: RequestCase, accounts: boolean): Promise<Attempt[]> {
  const attempts: Attempt[] = [];
  for (const identity of accounts ? ctx.execution.identities : [ANONYMOUS]) {
    if (ctx.execution.stopped) break;
    // The other phases ask as the main account: here answers to anonymous callers and members are judged as
    // theirs (no_sensitive_data among the checks of any answer, reported as each is sent).
    const executed = await ctx.execution.execute(op, requestCase, PHASE, { credentials: identity.credentials ?? null });
    attempts.push(attemptOf(identity, executed.exchange));
  }
  return attempts;
}

/**
 * Builds the matrix row of one operation and judges it. Returns the row's attempts (empty when no case could be
 * sent: every sampled one addressed a run identity's account, which the matrix never writes to).
 */
export async function accessRow(ctx: PhaseContext, op: Operation, effects?: WriteEffects): Promise<Attempt[]> {
  const write = !SAFE_METHODS.includes(op.method);
  // Last, a body naming one of the run's accounts: a route that acts on an account only works with one it knows.
  const cases = [...sampleCases(ctx, op, 'valid', write ? VALID_TRIES : 1, PHASE), ...(effects?.accountCases(ctx, op) ?? [])];
  let attempts: Attempt[] = [];
  let sent: RequestCase | undefined;
  let path = '';
  const started = effects?.rowStarted() ?? 0;
  let itemBefore: ItemBefore | undefined;
  for (const requestCase of cases) {
    if (ctx.execution.stopped) return [];
    const request = buildRequest({ restUrl: ctx.execution.restUrl(op.locale), operation: op, requestCase });
    path = ctx.execution.pathIn(request, op);
    // Deleting or re-roling a run identity would change who the later requests are sent as: probes of that kind
    // are the other-account checks' business, sent on purpose and read back.
    if (write && ctx.execution.accountAddressed(op.locale, path) !== undefined) continue;
    // On a target whose data the run may not change, a write to what the run did not make goes without
    // credentials, so the accounts would all meet a refusal the run itself caused: only anonymous tries it. The
    // accounts try creates only. (Their rights on items are judged in the life cycles, on what the run made;
    // choosing items here by what the run made would depend on what this process made, and a split run would
    // judge otherwise than a whole one.)
    const accountsMayTry =
      !write || !ctx.execution.ownedWritesOnly || (op.pattern.variables.length === 0 && ctx.execution.mayWriteWithCredentials(request, op));
    if (!accountsMayTry)
      ctx.execution.note(
        op,
        `${PHASE}: the accounts did not try this write: on this target writes go only to what the run made (--allow-destructive tries every account)`,
      );
    // A delete in doubt is judged on its first send: the administrator reads the item before it.
    itemBefore = accountsMayTry ? await effects?.itemBeforeDelete(ctx, op, requestCase) : undefined;
    attempts = await tryEveryIdentity(ctx, op, requestCase, accountsMayTry);
    sent = requestCase;
    if (!write || attempts.some((attempt) => isSuccess(attempt.cell.status))) break;
  }
  if (sent === undefined || attempts.length === 0) return [];
  ctx.execution.recordAccess({
    operationId: op.id,
    locale: op.locale,
    method: op.method,
    route: op.route,
    path,
    cells: attempts.map((attempt) => attempt.cell),
  });
  const row: AccessRowEvidence = {
    method: op.method,
    route: op.route,
    attempts: attempts.map((attempt) => attempt.seen),
    strictAuth: ctx.settings.strictAuth,
  };
  // Open by design (a sign-up), as the route's resource hint says: for `ignored_auth` to weigh.
  const openBecause = write ? anonymousWriteReason(mergedHints(ctx.resourceHints), op.pattern.template) : undefined;
  if (openBecause !== undefined) row.openBecause = openBecause;
  judgeRow(ctx, op, sent, ignoredAuth, row, attempts);
  judgeRow(ctx, op, sent, accessPrivilege, row, attempts);
  await effects?.consider(ctx, op, sent, attempts, openBecause, { started, itemBefore });
  for (const attempt of attempts) {
    if (loginFailed(attempt.seen)) {
      ctx.execution.note(
        op,
        `${attempt.identity.name} could no longer log in (${attempt.seen.answer.code}): its cells in the access matrix say nothing about rights`,
      );
      continue;
    }
    const where = { operation: op, phase: PHASE, exchanges: [attempt.exchange], requestCase: sent };
    ctx.execution.judge(authRefusalStatus, { method: op.method, route: op.route, attempt: attempt.seen }, where);
    ctx.execution.judge(allowHeader, { method: op.method, route: op.route, attempt: attempt.seen }, where);
  }
  return attempts;
}

/** Hands a matrix row to `check` and reports each rule it found broken with the attempts it names as the reproduction. */
function judgeRow(
  ctx: PhaseContext,
  op: Operation,
  requestCase: RequestCase,
  check: AccessRowCheck,
  row: AccessRowEvidence,
  attempts: readonly Attempt[],
): void {
  for (const failure of ctx.execution.selects(check) ? check.judge(row) : []) {
    if (failure.note) ctx.execution.note(op, `${check.name}: ${ctx.execution.redact(failure.message)}`);
    else
      ctx.execution.report({
        check: check.name,
        severity: failure.severity ?? check.severity,
        operation: op,
        message: failure.message,
        cause: failure.cause,
        phase: PHASE,
        exchanges: failure.attempts.map((index) => attempts[index]!.exchange),
        requestCase,
      });
  }
}
