/**
 * The reference server's in-memory store: the built-in accounts plus each resource module's slice,
 * filled deterministically from the seed.
 */
import { createHash } from 'node:crypto';
import { en, Faker } from '@faker-js/faker';
import type { ResourceModule } from './namespaces/module.js';
import type { Member, Role, Store } from './types.js';

/** The `nextId` kind of member ids; it starts after the two built-in accounts. */
export const MEMBER_ID_KIND = 'member';

/** Login and application password of one built-in account. */
export interface AccountCredentials {
  user: string;
  password: string;
}

export interface StoreAccounts {
  /** The administrator, id 1. */
  admin: AccountCredentials;
  /** An ordinary member (role subscriber), id 2. */
  member: AccountCredentials;
  /**
   * A second ordinary member (subscriber) and a moderator, added after the seeded data (so their ids follow it
   * and the seeded data does not change): a harness needs a member whose data another member must not change,
   * and an account with moderator rights between a member's and an administrator's.
   */
  otherMember?: AccountCredentials;
  moderator?: AccountCredentials;
}

/** A fixed registration date, so two starts with the same seed answer alike. */
const BUILT_IN_REGISTERED_DATE = '2024-01-01T00:00:00';

/**
 * Creates the store: accounts first (administrator id 1, subscriber id 2), then each module's `seed` in the
 * given order. Each module gets its own faker seeded from (seed, module name), so adding or changing one module
 * does not change the data of the others.
 */
export function createStore(seed: number, accounts: StoreAccounts, modules: readonly ResourceModule[]): Store {
  const counters = new Map<string, number>();
  const store: Store = {
    members: new Map(),
    namespaces: {},
    seed,
    nextId(kind: string): number {
      const next = (counters.get(kind) ?? 0) + 1;
      counters.set(kind, next);
      return next;
    },
  };
  addBuiltInMember(store, 1, accounts.admin, 'administrator');
  addBuiltInMember(store, 2, accounts.member, 'subscriber');
  counters.set(MEMBER_ID_KIND, 2);
  for (const module of modules) module.seed(store, seededFaker(seed, module.name));
  if (accounts.otherMember !== undefined) addBuiltInMember(store, store.nextId(MEMBER_ID_KIND), accounts.otherMember, 'subscriber');
  if (accounts.moderator !== undefined) addBuiltInMember(store, store.nextId(MEMBER_ID_KIND), accounts.moderator, 'moderator');
  return store;
}

function addBuiltInMember(store: Store, id: number, account: AccountCredentials, role: Role): void {
  const member: Member = {
    id,
    user_login: account.user,
    email: `${account.user}@example.org`,
    name: account.user.charAt(0).toUpperCase() + account.user.slice(1),
    password: account.password,
    applicationPasswords: [account.password],
    roles: [role],
    member_types: [],
    registered_date: BUILT_IN_REGISTERED_DATE,
    following: new Set(),
  };
  store.members.set(id, member);
}

function seededFaker(seed: number, moduleName: string): Faker {
  const faker = new Faker({ locale: [en] });
  faker.seed([seed, createHash('sha256').update(moduleName).digest().readUInt32BE(0)]);
  return faker;
}
