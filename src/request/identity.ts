/**
 * Who a request is sent as: anonymous, or a named account with an application password. A run tests several
 * identities at once (an administrator, members, a moderator) to tell their rights apart.
 */
import type { Credentials } from './types.js';

/**
 * The roles an account can be given in the configuration, least privileged first. WordPress's own role names are
 * roles too: `subscriber` (reads and keeps a profile, as a member), `contributor` (writes drafts of its own, more
 * than a member, less than an author who publishes); `author`, `editor` and `administrator` are already shared.
 */
export const ACCOUNT_ROLES = ['subscriber', 'member', 'contributor', 'author', 'editor', 'moderator', 'administrator'] as const;

export type AccountRole = (typeof ACCOUNT_ROLES)[number];

/** One identity of a run. `credentials` is absent exactly for anonymous. */
export interface Identity {
  /** How reports call it: `anonymous`, or the account's login. */
  name: string;
  role: AccountRole | 'anonymous';
  credentials?: Credentials;
  /** The environment variable the password came from, for curl lines (the password itself never leaves). */
  passwordEnv?: string;
}

/** The identity without credentials. */
export const ANONYMOUS: Identity = Object.freeze({ name: 'anonymous', role: 'anonymous' });

// Editors and moderators both manage other people's content; an author only their own, a contributor only its
// drafts; a subscriber, like a member, only its own account.
const RANKS: Record<Identity['role'], number> = {
  anonymous: 0,
  subscriber: 1,
  member: 1,
  contributor: 2,
  author: 3,
  editor: 4,
  moderator: 4,
  administrator: 5,
};

/** How privileged an identity is by its declared role: anonymous 0 … administrator 5. */
export function rankOf(identity: Pick<Identity, 'role'>): number {
  return RANKS[identity.role];
}

/** Roles that own nothing but their own account and content (a subscriber, member, contributor, author): never someone else's. */
const ORDINARY_ROLES: ReadonlySet<Identity['role']> = new Set(['subscriber', 'member', 'contributor', 'author']);

/** The logged-in identities with an ordinary role: those that may change only what is theirs. */
export function ordinaryAccounts(identities: readonly Identity[]): Identity[] {
  return identities.filter((identity) => identity.credentials !== undefined && ORDINARY_ROLES.has(identity.role));
}

/** Identities ordered least privileged first (stable within a rank), the order a write is tried in. */
export function byPrivilege(identities: readonly Identity[]): Identity[] {
  return [...identities].sort((a, b) => rankOf(a) - rankOf(b));
}
