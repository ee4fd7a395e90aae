/** The reference server's options as callers give them, and resolved once with every default filled in. */
import { type Contract, INTERFACE_CONTRACT } from '@restconform/interface';
import { deriveApplicationPassword } from './credentials.js';
import type { DescriptorTexts } from './descriptor.js';
import { LOCALE_TEXTS } from './locales/index.js';
import { RESOURCE_MODULES } from './namespaces/index.js';
import type { ResourceModule } from './namespaces/module.js';
import type { StoreAccounts } from './store.js';

/** Options shared by `startReferenceServer` and `createRequestListener`. */
export interface ReferenceAppOptions {
  /** The REST root path segment, default `wp-json`. */
  restRoot?: string;
  /** Drives the seeded data and the derived passwords; default 1. */
  seed?: number;
  /** Administrator login (id 1), default `admin`. */
  adminUser?: string;
  /** Administrator application password; derived from the seed when absent. */
  adminPassword?: string;
  /** Ordinary member login (id 2, role subscriber), default `member`. */
  memberUser?: string;
  /** Ordinary member application password; derived from the seed when absent. */
  memberPassword?: string;
  /** Application password of the second ordinary member (`member2`); derived from the seed when absent. */
  otherMemberPassword?: string;
  /** Application password of the moderator (`moderator`); derived from the seed when absent. */
  moderatorPassword?: string;
  /** Resource modules, default the registry `RESOURCE_MODULES` (tests mount their own). */
  modules?: readonly ResourceModule[];
  /** The interface served, default `INTERFACE_CONTRACT` (tests use a small one). */
  contract?: Contract;
  /** Site texts and parameter descriptions per locale, default the `locales/` texts. */
  texts?: DescriptorTexts;
  /** Told about every exception that is not a `WpError`; the client gets a 500 `rest_internal_error` either way. */
  onUnexpectedError?: (error: unknown, request: { method: string; path: string }) => void;
}

/** Options of `startReferenceServer`. */
export interface ReferenceServerOptions extends ReferenceAppOptions {
  /** Default `127.0.0.1`. */
  host?: string;
  /** Default 0: a free port. */
  port?: number;
}

/** Options of `createRequestListener`: where the server is reachable, since its addresses appear in answers. */
export interface RequestListenerOptions extends ReferenceAppOptions {
  /** `http://HOST:PORT`, without a trailing slash. */
  baseUrl: string;
}

/** `ReferenceAppOptions` with every default resolved. */
export interface ResolvedAppOptions {
  restRoot: string;
  seed: number;
  accounts: StoreAccounts;
  modules: readonly ResourceModule[];
  contract: Contract;
  texts: DescriptorTexts;
  onUnexpectedError: ReferenceAppOptions['onUnexpectedError'];
}

export const DEFAULT_HOST = '127.0.0.1';
export const DEFAULT_REST_ROOT = 'wp-json';
export const DEFAULT_SEED = 1;
export const DEFAULT_ADMIN_USER = 'admin';
export const DEFAULT_MEMBER_USER = 'member';
/** Login of the second ordinary member (after the seeded members). */
export const OTHER_MEMBER_USER = 'member2';
/** Login of the built-in moderator (after the second member). */
export const MODERATOR_USER = 'moderator';

export function resolveAppOptions(options: ReferenceAppOptions): ResolvedAppOptions {
  const seed = options.seed ?? DEFAULT_SEED;
  if (!Number.isSafeInteger(seed)) throw new RangeError(`seed must be an integer, got ${seed}`);
  const restRoot = (options.restRoot ?? DEFAULT_REST_ROOT).replace(/^\/+|\/+$/g, '');
  if (restRoot === '') throw new RangeError('restRoot must not be empty');
  return {
    restRoot,
    seed,
    accounts: {
      admin: {
        user: options.adminUser ?? DEFAULT_ADMIN_USER,
        password: options.adminPassword ?? deriveApplicationPassword(seed, 'admin'),
      },
      member: {
        user: options.memberUser ?? DEFAULT_MEMBER_USER,
        password: options.memberPassword ?? deriveApplicationPassword(seed, 'member'),
      },
      otherMember: { user: OTHER_MEMBER_USER, password: options.otherMemberPassword ?? deriveApplicationPassword(seed, OTHER_MEMBER_USER) },
      moderator: { user: MODERATOR_USER, password: options.moderatorPassword ?? deriveApplicationPassword(seed, MODERATOR_USER) },
    },
    modules: options.modules ?? RESOURCE_MODULES,
    contract: options.contract ?? INTERFACE_CONTRACT,
    texts: options.texts ?? LOCALE_TEXTS,
    onUnexpectedError: options.onUnexpectedError,
  };
}
