/** The auth phase's checks: wrong credentials, the matrix of identities, other accounts, invalid input without credentials. */
import { authWrongCredentials } from './auth-wrong-credentials.js';
import { ignoredAuth } from './ignored-auth.js';
import { accessPrivilege } from './access-privilege.js';
import { authRefusalStatus } from './auth-refusal-status.js';
import { allowHeader } from './allow-header.js';
import { accessOtherAccount } from './access-other-account.js';
import { accessRoleEscalation } from './access-role-escalation.js';
import { unauthorisedWriteEffect } from './unauthorised-write-effect.js';
import { invalidRejectedAnonymous } from './invalid-rejected-anonymous.js';
import { listExposure } from './list-exposure.js';
import { ownItemRefused } from './own-item-refused.js';
import { totalExposure } from './total-exposure.js';
import { parentExposure } from './parent-exposure.js';
import { queryOracle } from './query-oracle.js';
import { readonlyFieldWrite } from './readonly-field-write.js';
import { embedExposure } from './embed-exposure.js';
import type { AnyEvidenceCheck } from '../types.js';

export const AUTH_CHECKS: readonly AnyEvidenceCheck[] = [
  authWrongCredentials,
  ignoredAuth,
  accessPrivilege,
  authRefusalStatus,
  allowHeader,
  accessOtherAccount,
  accessRoleEscalation,
  unauthorisedWriteEffect,
  invalidRejectedAnonymous,
  listExposure,
  ownItemRefused,
  totalExposure,
  parentExposure,
  queryOracle,
  readonlyFieldWrite,
  embedExposure,
];
