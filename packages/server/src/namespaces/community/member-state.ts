/**
 * The members module's slice of the store. Accounts themselves live in `store.members` (the core reads them to
 * authenticate); this slice holds what only the community namespace knows about them.
 */
import type { Store } from '../../types.js';
import { storeSlice } from './store-slice.js';

/** Name of the members module, and the key of its slice. */
export const MEMBERS_MODULE = 'members';

export interface MembersState {
  /** Members who uploaded an avatar of their own (others get the default). */
  uploadedAvatars: Set<number>;
  /** Members who uploaded a cover image. */
  uploadedCovers: Set<number>;
}

export function membersState(store: Store): MembersState {
  return storeSlice<MembersState>(store, MEMBERS_MODULE, () => ({ uploadedAvatars: new Set(), uploadedCovers: new Set() }));
}
