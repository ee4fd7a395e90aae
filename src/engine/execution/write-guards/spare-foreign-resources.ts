/**
 * Sparing what the run did not make, on a target where writes go only to the run's own resources (a target that
 * is not the bundled server, no --allow-destructive): a write carrying the run's credentials to anything else goes
 * out without them, so the server refuses it and nothing of its own changes.
 */
import { SAFE_METHODS, type HttpMethod, type Operation } from '../../../descriptor/types.js';
import type { HttpRequest } from '../../../request/types.js';
import type { Identity } from '../../../request/identity.js';
import type { OwnedResources } from '../../owned-resources.js';
import { withoutCredentials, type WriteGuard } from './layer.js';

/** Phases that write only to what their sequences made (members made by an activation, blocks of their own members). */
const WRITES_ONLY_ITS_OWN = new Set(['batch', 'stateful']);

export interface SpareForeignResourcesOptions {
  owned: Pick<OwnedResources, 'allowsWrite'>;
  identityOf(request: HttpRequest): Identity | undefined;
  note(op: Operation, note: string): void;
}

export function spareForeignResources({ owned, identityOf, note }: SpareForeignResourcesOptions): WriteGuard {
  return (next) => (request, sending) => {
    if (sending.unguarded || WRITES_ONLY_ITS_OWN.has(sending.phase) || SAFE_METHODS.includes(request.method as HttpMethod)) return next(request, sending);
    // Only the run's own credentials are held back: a probe with wrong ones changes nothing and must go as it is.
    if (identityOf(request)?.credentials === undefined || owned.allowsWrite(sending.op, sending.pathValues)) return next(request, sending);
    note(
      sending.op,
      'writes to resources the run did not make were sent without credentials, so they could not change them (--allow-destructive sends them as they are)',
    );
    return next(withoutCredentials(request), sending);
  };
}
