/**
 * Sparing the run's own accounts: a write that carries a run identity's credentials to a run identity's account
 * goes out without them. A fuzzer that writes to its own account ends its own run (see `own-account.ts`); without
 * credentials the server still validates the write, and nothing changes.
 */
import { SAFE_METHODS, type HttpMethod, type Operation } from '../../../descriptor/types.js';
import type { HttpRequest } from '../../../request/types.js';
import type { RunIdentities } from '../identities.js';
import { withoutCredentials, type WriteGuard } from './layer.js';

export interface SpareRunAccountsOptions {
  identities: RunIdentities;
  /** The path a request to `op` is sent to inside the REST root, as a route sees it. */
  pathIn(request: HttpRequest, op: Operation): string;
  /** Says on the operation's coverage that its writes went without credentials. */
  note(op: Operation, note: string): void;
}

export function spareRunAccounts({ identities, pathIn, note }: SpareRunAccountsOptions): WriteGuard {
  return (next) => (request, sending) => {
    if (sending.unguarded || !identities.protectsAny) return next(request, sending);
    if (SAFE_METHODS.includes(request.method as HttpMethod) || identities.identityOf(request)?.credentials === undefined) return next(request, sending);
    const { op } = sending;
    const addressed = identities.accountAddressed(op.locale, pathIn(request, op));
    if (addressed === undefined) return next(request, sending);
    note(
      op,
      addressed.credentials?.user === identities.credentials?.user
        ? 'writes to the account the run logs in as were sent without credentials, so they could not change it'
        : "writes to the run's other accounts were sent without credentials, so they could not change them",
    );
    return next(withoutCredentials(request), sending);
  };
}
