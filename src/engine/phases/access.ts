/**
 * The access matrix of the auth phase: every sampled operation sent as each identity of the run (anonymous, the
 * members, a moderator, the administrator), least privileged first, with the same request. What each identity
 * got is recorded for the reports, and judged:
 * - a write that succeeds anonymously (`ignored_auth`): a failure when a named account was refused the same
 *   request, a warning when nobody was (the interface lists no permissions);
 * - a write that succeeds for an identity while a more privileged one is refused (`access_privilege`);
 * - a refusal that is 403 for anonymous or 401 for a logged-in caller (`auth_refusal_status`, a warning);
 * - an `Allow` header that omits a method the caller just used, or lists one it was refused (`allow_header`).
 *
 * The order matters: a write changes state, and a second identity's attempt meets that changed state (blocking
 * twice is refused). The less privileged identity tries first, on fresh state, so its success is never hidden by
 * a refusal for another reason.
 */
import { SAFE_METHODS, type Operation } from '../../descriptor/types.js';
import type { RequestCase } from '../../generate/types.js';
import type { Exchange } from '../../http/types.js';
import { buildRequest } from '../../request/index.js';
import { ANONYMOUS, rankOf, type Identity } from '../../request/identity.js';
import { anonymousWriteReason, mergedHints } from '../../resources/index.js';
import type { AccessCell } from '../events.js';
import { answerOf, describeAnswer } from '../sequences/answer.js';
import type { PhaseCheck } from './index.js';
import type { PhaseContext } from './phase.js';
import { sampleCases } from './sample-cases.js';

const PHASE = 'auth';

/** Valid cases tried per write until one succeeds for some identity. */
const VALID_TRIES = 3;

export const IGNORED_AUTH: PhaseCheck = {
  name: 'ignored_auth',
  severity: 'warning',
  description:
    'A write does not succeed without credentials: a failure when a named account is refused the same request, a warning when none is (the interface does not list permissions; a failure with --strict-auth).',
};

export const ACCESS_PRIVILEGE: PhaseCheck = {
  name: 'access_privilege',
  severity: 'failure',
  description:
    'A write that a more privileged account is refused (401/403) does not succeed for a less privileged one (a member where only an administrator or moderator may).',
};

export const AUTH_REFUSAL_STATUS: PhaseCheck = {
  name: 'auth_refusal_status',
  severity: 'warning',
  description: "A refusal is 401 for an anonymous caller and 403 for a logged-in one (WordPress's rest_authorization_required_code()).",
};

export const ALLOW_HEADER: PhaseCheck = {
  name: 'allow_header',
  severity: 'failure',
  description:
    'Allow lists the methods the caller may use: never without a method the caller just used successfully (a failure), never with one the caller was refused (a warning: the refusal may depend on the values sent).',
};

export const ACCESS_MATRIX_CHECKS: readonly PhaseCheck[] = [IGNORED_AUTH, ACCESS_PRIVILEGE, AUTH_REFUSAL_STATUS, ALLOW_HEADER];

/** One identity's attempt at a matrix request. */
interface Attempt {
  identity: Identity;
  exchange: Exchange;
  cell: AccessCell;
}

export const isSuccess = (status: number | null | undefined): boolean => status != null && status >= 200 && status < 300;
export const isRefusal = (status: number | null | undefined): boolean => status === 401 || status === 403;

/** The codes of a login that no longer works (the account was deleted or lost its password): not a refusal of the request. */
const LOGIN_FAILED = new Set(['invalid_username', 'incorrect_password']);

/** A 401/403 that refuses the request itself, not the login. */
const refusedRequest = (cell: AccessCell): boolean => isRefusal(cell.status) && !(cell.code !== undefined && LOGIN_FAILED.has(cell.code));

function cellOf(identity: Identity, exchange: Exchange): AccessCell {
  const answer = answerOf(exchange);
  const cell: AccessCell = { identity: identity.name, role: identity.role, status: answer.status ?? null };
  if (answer.code !== undefined) cell.code = answer.code;
  const allow = answer.header('allow');
  if (allow !== undefined) cell.allow = allow;
  return cell;
}

/** Sends one case as every identity (or, without `accounts`, as anonymous only), least privileged first. */
async function tryEveryIdentity(ctx: PhaseContext, op: Operation, requestCase: RequestCase, accounts: boolean): Promise<Attempt[]> {
  const attempts: Attempt[] = [];
  for (const identity of accounts ? ctx.run.identities : [ANONYMOUS]) {
    if (ctx.run.stopped) break;
    // The other phases ask as the main account: here answers to anonymous callers and members are judged as
    // theirs (no_sensitive_data among the checks of any answer, reported as each is sent).
    const executed = await ctx.run.execute(op, requestCase, PHASE, { credentials: identity.credentials ?? null });
    attempts.push({ identity, exchange: executed.exchange, cell: cellOf(identity, executed.exchange) });
  }
  return attempts;
}

/**
 * Builds the matrix row of one operation and judges it. Returns the row's attempts (empty when no case could be
 * sent: every sampled one addressed a run identity's account, which the matrix never writes to).
 */
export async function accessRow(ctx: PhaseContext, op: Operation): Promise<Attempt[]> {
  const write = !SAFE_METHODS.includes(op.method);
  const cases = sampleCases(ctx, op, 'valid', write ? VALID_TRIES : 1, PHASE);
  let attempts: Attempt[] = [];
  let sent: RequestCase | undefined;
  let path = '';
  for (const requestCase of cases) {
    if (ctx.run.stopped) return [];
    const request = buildRequest({ restUrl: ctx.run.restUrl(op.locale), operation: op, requestCase });
    path = ctx.run.pathIn(request, op);
    // Deleting or re-roling a run identity would change who the later requests are sent as: probes of that kind
    // are the other-account checks' business, sent on purpose and read back.
    if (write && ctx.run.accountAddressed(op.locale, path) !== undefined) continue;
    // On a target whose data the run may not change, a write to what the run did not make goes without
    // credentials, so the accounts would all meet a refusal the run itself caused: only anonymous tries it. The
    // accounts try creates only. (Their rights on items are judged in the life cycles, on what the run made;
    // choosing items here by what the run made would depend on what this process made, and a split run would
    // judge otherwise than a whole one.)
    const accountsMayTry = !write || !ctx.run.ownedWritesOnly || (op.pattern.variables.length === 0 && ctx.run.mayWriteWithCredentials(request, op));
    if (!accountsMayTry)
      ctx.run.note(
        op,
        `${PHASE}: the accounts did not try this write: on this target writes go only to what the run made (--allow-destructive tries every account)`,
      );
    attempts = await tryEveryIdentity(ctx, op, requestCase, accountsMayTry);
    sent = requestCase;
    if (!write || attempts.some((attempt) => isSuccess(attempt.cell.status))) break;
  }
  if (sent === undefined || attempts.length === 0) return [];
  ctx.run.recordAccess({ operationId: op.id, locale: op.locale, method: op.method, route: op.route, path, cells: attempts.map((attempt) => attempt.cell) });
  if (write) judgeWrite(ctx, op, sent, attempts);
  judgeRefusals(ctx, op, sent, attempts);
  return attempts;
}

const who = (attempt: Attempt): string => `${attempt.identity.name} (${attempt.identity.role})`;
const got = (attempt: Attempt): string => describeAnswer(answerOf(attempt.exchange));

function judgeWrite(ctx: PhaseContext, op: Operation, requestCase: RequestCase, attempts: readonly Attempt[]): void {
  const anonymous = attempts.find((attempt) => attempt.identity.credentials === undefined);
  const refusedNamed = attempts.filter((attempt) => attempt.identity.credentials !== undefined && refusedRequest(attempt.cell));
  if (anonymous !== undefined && isSuccess(anonymous.cell.status)) {
    const refused = refusedNamed[0];
    // Open by design (a sign-up): nothing to warn about unless an account was refused what anonymous was allowed.
    const openBecause = anonymousWriteReason(mergedHints(ctx.resourceHints), op.pattern.template);
    if (refused === undefined && openBecause !== undefined) {
      ctx.run.note(op, `${IGNORED_AUTH.name}: succeeded without credentials (${got(anonymous)}), as its resource hint says it should: ${openBecause}`);
      return;
    }
    const severity = refused !== undefined || ctx.strictAuth ? 'failure' : IGNORED_AUTH.severity;
    const others = attempts.filter((attempt) => attempt !== anonymous);
    ctx.run.report({
      check: IGNORED_AUTH.name,
      severity,
      operation: op,
      message:
        refused !== undefined
          ? `${op.method} ${op.route} succeeded without credentials (${got(anonymous)}) while ${who(refused)} was refused the same request (${got(refused)})`
          : others.length === 0
            ? `${op.method} ${op.route} succeeded without credentials (${got(anonymous)}); the accounts did not try it (on this target writes go only to what the run made)`
            : others.length === 1
              ? `${op.method} ${op.route} succeeded without credentials (${got(anonymous)}); with credentials it answered ${got(others[0]!)}`
              : `${op.method} ${op.route} succeeded without credentials (${got(anonymous)}); no account was refused it (${others.map((attempt) => `${attempt.identity.name} ${got(attempt)}`).join(', ')})`,
      cause: refused !== undefined ? 'anonymous succeeded, an account was refused' : 'anonymous succeeded',
      phase: PHASE,
      exchanges: [anonymous.exchange, ...(refused ? [refused.exchange] : [])],
      requestCase,
    });
    return;
  }
  // The least privileged account that succeeded, against a more privileged one that was refused.
  for (const attempt of attempts) {
    if (attempt.identity.credentials === undefined || !isSuccess(attempt.cell.status)) continue;
    const refused = refusedNamed.find((other) => rankOf(other.identity) > rankOf(attempt.identity));
    if (refused === undefined) continue;
    ctx.run.report({
      check: ACCESS_PRIVILEGE.name,
      severity: ACCESS_PRIVILEGE.severity,
      operation: op,
      message: `${op.method} ${op.route} succeeded for ${who(attempt)} (${got(attempt)}) while ${who(refused)} was refused the same request (${got(refused)})`,
      cause: `${attempt.identity.role} succeeded, ${refused.identity.role} refused`,
      phase: PHASE,
      exchanges: [attempt.exchange, refused.exchange],
      requestCase,
    });
    return;
  }
}

function judgeRefusals(ctx: PhaseContext, op: Operation, requestCase: RequestCase, attempts: readonly Attempt[]): void {
  for (const attempt of attempts) {
    const { status, allow, code } = attempt.cell;
    if (code !== undefined && LOGIN_FAILED.has(code)) {
      ctx.run.note(op, `${attempt.identity.name} could no longer log in (${code}): its cells in the access matrix say nothing about rights`);
      continue;
    }
    const anonymous = attempt.identity.credentials === undefined;
    if ((anonymous && status === 403) || (!anonymous && status === 401)) {
      ctx.run.report({
        check: AUTH_REFUSAL_STATUS.name,
        severity: AUTH_REFUSAL_STATUS.severity,
        operation: op,
        message: `${op.method} ${op.route} refused ${anonymous ? 'an anonymous caller with 403; expected 401 (not logged in)' : `${who(attempt)} with 401; expected 403 (logged in, not allowed)`}: ${got(attempt)}`,
        cause: `${anonymous ? 'anonymous' : 'logged in'} ${status}`,
        phase: PHASE,
        exchanges: [attempt.exchange],
        requestCase,
      });
    }
    if (allow === undefined) continue;
    const listed = allow
      .split(',')
      .map((method) => method.trim().toUpperCase())
      .includes(op.method);
    // WordPress computes Allow after the handler ran: after a successful DELETE the resource is gone, and the
    // permission checks that look it up refuse, so DELETE may rightly be missing then.
    if (isSuccess(status) && !listed && op.method !== 'DELETE') {
      ctx.run.report({
        check: ALLOW_HEADER.name,
        severity: ALLOW_HEADER.severity,
        operation: op,
        message: `${op.method} ${op.route} succeeded for ${who(attempt)} (${got(attempt)}) but its Allow header (${allow}) does not list ${op.method}`,
        cause: `${attempt.identity.role} used, not listed`,
        phase: PHASE,
        exchanges: [attempt.exchange],
        requestCase,
      });
    } else if (isRefusal(status) && listed) {
      ctx.run.report({
        check: ALLOW_HEADER.name,
        severity: 'warning',
        operation: op,
        message: `${op.method} ${op.route} refused ${who(attempt)} (${got(attempt)}) yet its Allow header (${allow}) lists ${op.method}`,
        cause: `${attempt.identity.role} refused, listed`,
        phase: PHASE,
        exchanges: [attempt.exchange],
        requestCase,
      });
    }
  }
}
