/**
 * Who the run is: anonymous, the account it logs in as, and its further named accounts, each with the paths
 * that address its own account (so no write can lock the run out of its target).
 */
import { ANONYMOUS, basicAuthorization, byPrivilege, type CurlOptions, type Identity } from '../../request/index.js';
import type { Credentials, HttpRequest } from '../../request/types.js';
import type { OwnAccount } from '../own-account.js';

export class RunIdentities {
  /**
   * Every identity of the run, least privileged first: anonymous, then the named accounts by role; the main
   * account (`credentials`) counts as an administrator.
   */
  readonly all: readonly Identity[];
  /** The account the run logs in as. */
  readonly credentials: Credentials | undefined;
  /** The Authorization header of the run's own identity (undefined: anonymous). */
  readonly runAuthorization: string | undefined;
  #ownAccount: OwnAccount | undefined;
  #otherAccounts: ReadonlyMap<string, OwnAccount> = new Map();

  constructor(credentials: Credentials | undefined, accounts: readonly Identity[] = []) {
    this.credentials = credentials;
    const main: Identity[] = credentials ? [{ name: credentials.user, role: 'administrator', credentials }] : [];
    this.all = [ANONYMOUS, ...byPrivilege([...accounts, ...main])];
    this.runAuthorization = credentials ? basicAuthorization(credentials) : undefined;
  }

  /** The identity whose credentials a request carries (anonymous for none, undefined for other credentials). */
  identityOf(request: HttpRequest): Identity | undefined {
    const authorization = request.headers.authorization;
    if (authorization === undefined) return ANONYMOUS;
    return this.all.find((identity) => identity.credentials !== undefined && basicAuthorization(identity.credentials) === authorization);
  }

  /** Records the accounts of the main identity and of each further identity (by name), once found. */
  protect(account: OwnAccount | undefined, others: ReadonlyMap<string, OwnAccount> = new Map()): void {
    this.#ownAccount = account;
    this.#otherAccounts = others;
  }

  /** True once any identity's account is known (there is something to protect). */
  get protectsAny(): boolean {
    return this.#ownAccount !== undefined || this.#otherAccounts.size > 0;
  }

  /** The account (`…/me` paths and its id) of a named identity, when the descriptor has a `…/me` route. */
  accountOf(identity: Identity): OwnAccount | undefined {
    if (identity.credentials === undefined) return undefined;
    if (this.credentials !== undefined && identity.credentials.user === this.credentials.user) return this.#ownAccount;
    return this.#otherAccounts.get(identity.name);
  }

  /** The identity whose account `path` (inside the REST root, no query) addresses, if any. */
  accountAddressed(locale: string | null, path: string): Identity | undefined {
    return this.all.find((identity) => this.accountOf(identity)?.addresses(locale, path));
  }

  /** A further account's curl line names its login and its own password variable; the main account keeps the defaults. */
  curlOptions(request: HttpRequest): CurlOptions {
    const identity = this.identityOf(request);
    if (identity?.passwordEnv === undefined || identity.credentials === undefined) return {};
    return { userLogin: identity.credentials.user, passwordVariable: identity.passwordEnv };
  }
}
