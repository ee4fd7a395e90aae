/**
 * The members module's slice of the store. Accounts themselves live in `store.members` (the core reads them to
 * authenticate); this slice holds what only the community namespace knows about them.
 */
import type { Store } from '../../types.js';

/** Name of the members module, and the key of its slice. */
export const MEMBERS_MODULE = 'members';

export interface MembersState {
  /** Members who uploaded an avatar of their own (others get the default). */
  uploadedAvatars: Set<number>;
  /** Members who uploaded a cover image. */
  uploadedCovers: Set<number>;
}

/** The slice, created on first use so handlers work before (or without) the seed. */
export function membersState(store: Store): MembersState {
  const existing = store.namespaces[MEMBERS_MODULE] as MembersState | undefined;
  if (existing !== undefined) return existing;
  const created: MembersState = { uploadedAvatars: new Set(), uploadedCovers: new Set() };
  store.namespaces[MEMBERS_MODULE] = created;
  return created;
}
