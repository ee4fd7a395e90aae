/**
 * The one registry of rules: every check of the harness, whatever evidence it judges, in the order reports list
 * them. A check lives in its own file, named for it, in the folder of what it judges (`answer/` for one exchange,
 * else the folder named for the phase that gathers its evidence); each folder's `index.ts` lists its checks once,
 * and the registry is the concatenation of those lists (see "A check" in docs/extending.md).
 */
import { ANSWER_CHECKS } from './answer/index.js';
import { AUTH_CHECKS } from './auth/index.js';
import { BATCH_CHECKS } from './batch/index.js';
import { COLLECTIONS_CHECKS } from './collections/index.js';
import { CONCURRENCY_CHECKS } from './concurrency/index.js';
import { CONTRACT_CHECKS } from './contract/index.js';
import { LOCALE_CHECKS } from './locale/index.js';
import { SCHEMAS_CHECKS } from './schemas/index.js';
import { SEQUENCES_CHECKS } from './sequences/index.js';
import { STATEFUL_CHECKS } from './stateful/index.js';
import { isExchangeCheck, type Check, type ExchangeCheck } from './types.js';

/** Every check: those over single exchanges first, then those over what the phases gather, in the phases' order. */
export const CHECKS: readonly Check[] = [
  ...ANSWER_CHECKS,
  ...CONTRACT_CHECKS,
  ...LOCALE_CHECKS,
  ...SCHEMAS_CHECKS,
  ...COLLECTIONS_CHECKS,
  ...STATEFUL_CHECKS,
  ...SEQUENCES_CHECKS,
  ...CONCURRENCY_CHECKS,
  ...BATCH_CHECKS,
  ...AUTH_CHECKS,
];

/** The checks over single exchanges. */
export const EXCHANGE_CHECKS: readonly ExchangeCheck[] = CHECKS.filter(isExchangeCheck);
