/** The write guards of a run, composed around its sender (see `layer.ts`). */
import type { Operation } from '../../../descriptor/types.js';
import type { HttpRequest } from '../../../request/types.js';
import type { OwnedResources } from '../../owned-resources.js';
import type { RunIdentities } from '../identities.js';
import { addExtraValues } from './extra-values.js';
import type { WriteGuard } from './layer.js';
import { spareForeignResources } from './spare-foreign-resources.js';
import { spareRunAccounts } from './spare-run-accounts.js';

export { composeGuards, type GuardedSend, type Sending, type WriteGuard } from './layer.js';

export interface WriteGuardsOptions {
  identities: RunIdentities;
  pathIn(request: HttpRequest, op: Operation): string;
  note(op: Operation, note: string): void;
  /** Given when writes go only to what the run made: writes to anything else go without credentials. */
  ownedOnly?: OwnedResources;
  /** The `extra-values` setting. */
  extraValues?: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
}

/** The guards a run needs, outermost first: a write to a run account goes without credentials, then one to what the run did not make. */
export function writeGuards({ identities, pathIn, note, ownedOnly, extraValues }: WriteGuardsOptions): WriteGuard[] {
  const guards = [spareRunAccounts({ identities, pathIn, note })];
  if (ownedOnly) guards.push(spareForeignResources({ owned: ownedOnly, identityOf: (request) => identities.identityOf(request), note }));
  if (extraValues) guards.push(addExtraValues(extraValues));
  return guards;
}
