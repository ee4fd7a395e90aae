/**
 * The one registry of rules: every check of the harness, whatever evidence it judges, in the order reports list
 * them. A check lives in its own file, named for it, in the folder of what it judges.
 */
import { declaredRouteServed } from './answer/declared-route-served.js';
import { errorShape } from './answer/error-shape.js';
import { invalidRejected } from './answer/invalid-rejected.js';
import { jsonContentType } from './answer/json-content-type.js';
import { noSensitiveData } from './answer/no-sensitive-data.js';
import { notAServerError } from './answer/not-a-server-error.js';
import { responseReceived } from './answer/response-received.js';
import { responseSchema } from './answer/response-schema.js';
import { undeclaredRequiredArgument } from './answer/undeclared-required-argument.js';
import { unsupportedMethod } from './answer/unsupported-method.js';
import { validAccepted } from './answer/valid-accepted.js';
import { paginationBounds } from './collections/pagination-bounds.js';
import { isExchangeCheck, type Check, type ExchangeCheck } from './types.js';

// The batch phase's checks.
import { batchItems } from './batch/batch-items.js';
import { batchSizeLimit } from './batch/batch-size-limit.js';
import { batchValidation } from './batch/batch-validation.js';

// The auth phase's checks.
import { accessOtherAccount } from './access/access-other-account.js';
import { accessPrivilege } from './access/access-privilege.js';
import { accessRoleEscalation } from './access/access-role-escalation.js';
import { allowHeader } from './access/allow-header.js';
import { authRefusalStatus } from './access/auth-refusal-status.js';
import { authWrongCredentials } from './access/auth-wrong-credentials.js';
import { ignoredAuth } from './access/ignored-auth.js';
import { invalidRejectedAnonymous } from './access/invalid-rejected-anonymous.js';

/** The checks over single exchanges, run by the engine on every phase's requests. */
const ANSWER_CHECKS: readonly ExchangeCheck[] = [
  responseReceived,
  notAServerError,
  jsonContentType,
  errorShape,
  validAccepted,
  invalidRejected,
  undeclaredRequiredArgument,
  unsupportedMethod,
  declaredRouteServed,
  noSensitiveData,
  paginationBounds,
  responseSchema,
];

/** The batch phase's: the size limit, the items' answers, the validation modes. */
const BATCH_CHECKS: readonly Check[] = [batchSizeLimit, batchItems, batchValidation];

/** The auth phase's: wrong credentials, the access matrix, other accounts, invalid input without credentials. */
const AUTH_CHECKS: readonly Check[] = [
  authWrongCredentials,
  ignoredAuth,
  accessPrivilege,
  authRefusalStatus,
  allowHeader,
  accessOtherAccount,
  accessRoleEscalation,
  invalidRejectedAnonymous,
];

/** Every check. */
export const CHECKS: readonly Check[] = [...ANSWER_CHECKS, ...BATCH_CHECKS, ...AUTH_CHECKS];

/** The checks over single exchanges. */
export const EXCHANGE_CHECKS: readonly ExchangeCheck[] = CHECKS.filter(isExchangeCheck);
