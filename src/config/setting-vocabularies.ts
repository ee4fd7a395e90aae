/**
 * The vocabularies of `restconform run`'s settings: the profiles, phase names, shards, accounts, what fails a run. The settings
 * themselves (`RunSettings`, `RunConfigInput`, their defaults) are the rows of `settings-table.ts`.
 */
import type { AccountRole } from '../request/identity.js';

/** The bundled profiles in `config/`. */
export const PROFILE_NAMES = ['default', 'ci', 'fuzz'] as const;

export type ProfileName = (typeof PROFILE_NAMES)[number];

/** One slice of the operations: `--shard 2/4` is `{ index: 2, count: 4 }`. `index` is 1-based (1..count). */
export interface Shard {
  index: number;
  count: number;
}

/** A named account besides the main one: its login, its role, and where its application password is. */
export interface AccountSetting {
  user: string;
  role: AccountRole;
  /** The environment variable holding the application password (never the password itself). */
  appPasswordEnv: string;
}

/** What besides failures fails a run: `warning` (a new warning), `incomplete` (phases or operations left untested). */
export const FAIL_ON_NAMES = ['warning', 'incomplete'] as const;

export type FailOn = (typeof FAIL_ON_NAMES)[number];
