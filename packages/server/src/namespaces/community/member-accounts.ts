/**
 * Member accounts in `store.members`: lookup, creation with WordPress's uniqueness rules, deletion. Shared by the
 * members routes and signup activation, which both create accounts.
 */
import { MEMBER_TYPES as CONTRACT_MEMBER_TYPES } from '@restconform/interface';
import { MEMBER_ID_KIND } from '../../store.js';
import { WpError, type Member, type Role, type Store } from '../../types.js';
import { restNow } from './dates.js';
import { membersState } from './member-state.js';

/** The member types the interface enumerates. */
export const MEMBER_TYPES: readonly string[] = CONTRACT_MEMBER_TYPES;

/** Roles a member may hold. */
export const ROLES: readonly Role[] = ['administrator', 'moderator', 'subscriber'];

/** The interface calls `user_login` an alphanumeric identifier; WordPress caps it at 60 characters. */
export function isValidLogin(login: string): boolean {
  return /^[A-Za-z0-9]{1,60}$/.test(login);
}

export function findMember(store: Store, id: number): Member | undefined {
  return store.members.get(id);
}

/** Logins compare case-insensitively, as MySQL's collation makes them in WordPress. */
export function findMemberByLogin(store: Store, login: string): Member | undefined {
  const wanted = login.toLowerCase();
  return [...store.members.values()].find((member) => member.user_login.toLowerCase() === wanted);
}

export function findMemberByEmail(store: Store, email: string): Member | undefined {
  const wanted = email.trim().toLowerCase();
  return [...store.members.values()].find((member) => member.email.toLowerCase() === wanted);
}

/** The member with this id, or 404 `rest_member_invalid_id`. */
export function requireMember(store: Store, id: number): Member {
  const member = store.members.get(id);
  if (member === undefined) throw new WpError('rest_member_invalid_id', 'Invalid member ID.', 404);
  return member;
}

/** What a new account needs. */
export interface NewMember {
  user_login: string;
  email: string;
  password: string;
  name?: string;
  roles?: Role[];
  member_types?: string[];
  registered_date?: string;
}

/** Creates an account, refusing what `wp_insert_user` refuses: a bad or taken login, a taken e-mail address. */
export function createMember(store: Store, input: NewMember): Member {
  if (!isValidLogin(input.user_login)) {
    throw new WpError('rest_user_invalid_username', 'This username is invalid because it uses illegal characters. Please enter a valid username.', 400, {
      params: ['user_login'],
    });
  }
  if (findMemberByLogin(store, input.user_login) !== undefined) {
    throw new WpError('existing_user_login', 'Sorry, that username already exists!', 400, { params: ['user_login'] });
  }
  if (findMemberByEmail(store, input.email) !== undefined) {
    throw new WpError('existing_user_email', 'Sorry, that email address is already used!', 400, { params: ['email'] });
  }
  const member: Member = {
    id: allocateMemberId(store),
    user_login: input.user_login,
    email: input.email.trim(),
    name: input.name !== undefined && input.name.trim() !== '' ? input.name.trim() : input.user_login,
    password: input.password,
    applicationPasswords: [],
    roles: input.roles !== undefined && input.roles.length > 0 ? [...input.roles] : ['subscriber'],
    member_types: [...(input.member_types ?? [])],
    registered_date: input.registered_date ?? restNow(),
    following: new Set(),
  };
  store.members.set(member.id, member);
  return member;
}

/** Removes an account and every follow pointing at it. */
export function deleteMember(store: Store, id: number): void {
  store.members.delete(id);
  for (const member of store.members.values()) member.following.delete(id);
  const state = membersState(store);
  state.uploadedAvatars.delete(id);
  state.uploadedCovers.delete(id);
}

/** Ids of the members following `id`. */
export function followersOf(store: Store, id: number): number[] {
  return [...store.members.values()].filter((member) => member.following.has(id)).map((member) => member.id);
}

/** A login built from `base` (reduced to letters and digits) that neither an account nor `taken` already uses. */
export function freeLogin(store: Store, base: string, taken: (login: string) => boolean = () => false): string {
  const stem = (base.toLowerCase().replace(/[^a-z0-9]/g, '') || 'member').slice(0, 50);
  for (let suffix = 0; ; suffix += 1) {
    const login = suffix === 0 ? stem : `${stem}${suffix}`;
    if (findMemberByLogin(store, login) === undefined && !taken(login)) return login;
  }
}

/** Ids come from the core's member counter, like an auto-increment column: a deleted id is never reused. */
function allocateMemberId(store: Store): number {
  let id = store.nextId(MEMBER_ID_KIND);
  while (store.members.has(id)) id = store.nextId(MEMBER_ID_KIND);
  return id;
}
