/**
 * Before the phases: is every account the run logs in as accepted? A wrong application password does not fail a
 * request by itself on every server: WordPress may read such a request as anonymous, and a run that went on would
 * then blame the server for refusing "the administrator" on every write. So each account reads its own `…/me`
 * once, and a refusal (401 or 403) stops the run naming the account and the variable its password came from.
 */
import type { LoadedDescriptor } from '../descriptor/index.js';
import { meRoutes } from '../engine/own-account.js';
import type { Sender } from '../engine/execution/execution.js';
import { basicAuthorization } from '../request/index.js';
import type { Credentials } from '../request/types.js';
import { UsageError } from './errors.js';

/** WordPress's own `…/me`: read when the descriptor declares no such route. */
const WORDPRESS_ME = '/wp/v2/users/me';

/** One account to check: its login, its credentials and where its password was read from (none for the bundled server's). */
export interface AccountToCheck {
  credentials: Credentials;
  passwordEnv?: string;
}

/** The `…/me` path (inside the REST root) an account's credentials are checked with: the descriptor's first, else WordPress's. */
export function mePath(descriptor: LoadedDescriptor): string {
  return meRoutes(descriptor)[0]?.pattern.template ?? WORDPRESS_ME;
}

/** The error code of a WordPress error body, when it has one that is a plain word. */
function errorCode(json: unknown): string | undefined {
  const code = json && typeof json === 'object' ? (json as { code?: unknown }).code : undefined;
  return typeof code === 'string' && /^[\w.-]{1,80}$/.test(code) ? code : undefined;
}

/** The one line that says an account was refused: its login and its variable, never its password. */
export function refusedAccountMessage(account: AccountToCheck, what: string): string {
  const from = account.passwordEnv === undefined ? '' : ` (application password from ${account.passwordEnv})`;
  return `the account ${account.credentials.user}${from} was refused: ${what}; check its login and application password`;
}

/**
 * Reads `…/me` as each account, in turn, in the first descriptor's locale; throws a usage error for the first one
 * refused with 401 or 403. Any other answer (a 404 on a server without such a route, a 500) judges nothing here.
 * A read that got no answer in time ends the check: the next accounts would wait as long for nothing, and the
 * engine's work before the phases, bounded, tells whether the target answers at all.
 */
export async function checkAccounts(options: {
  descriptor: LoadedDescriptor;
  restUrl: string;
  sender: Sender;
  accounts: readonly AccountToCheck[];
  signal?: AbortSignal;
}): Promise<void> {
  const path = mePath(options.descriptor);
  const url = `${options.restUrl.replace(/\/+$/, '')}${path}`;
  for (const account of options.accounts) {
    if (options.signal?.aborted) return;
    const headers = { accept: 'application/json', authorization: basicAuthorization(account.credentials) };
    const exchange = await options.sender.send({ method: 'GET', url, headers }, options.signal);
    if (exchange.error?.code === 'timeout') return;
    const status = exchange.response?.status;
    if (status !== 401 && status !== 403) continue;
    const code = errorCode(exchange.response?.json);
    throw new UsageError(refusedAccountMessage(account, `GET ${url} answered ${status}${code === undefined ? '' : ` ${code}`}`));
  }
}
