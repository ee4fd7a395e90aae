/**
 * The one registry of rules: every check of the harness, whatever evidence it judges, in the order reports list
 * them. A check lives in its own file, named for it, in the folder of what it judges; adding one is that file and
 * its line here (see "Adding a check" in the README).
 */
import { accessOtherAccount } from './access/access-other-account.js';
import { accessOtherResource } from './access/access-other-resource.js';
import { accessPrivilege } from './access/access-privilege.js';
import { accessRoleEscalation } from './access/access-role-escalation.js';
import { allowHeader } from './access/allow-header.js';
import { authRefusalStatus } from './access/auth-refusal-status.js';
import { authWrongCredentials } from './access/auth-wrong-credentials.js';
import { ignoredAuth } from './access/ignored-auth.js';
import { invalidRejectedAnonymous } from './access/invalid-rejected-anonymous.js';
import { unauthorisedWriteEffect } from './access/unauthorised-write-effect.js';
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
import { batchItems } from './batch/batch-items.js';
import { batchSizeLimit } from './batch/batch-size-limit.js';
import { batchValidation } from './batch/batch-validation.js';
import { collectionFilters } from './collections/collection-filters.js';
import { collectionHeaders } from './collections/collection-headers.js';
import { collectionLinks } from './collections/collection-links.js';
import { collectionOrder } from './collections/collection-order.js';
import { collectionPaging } from './collections/collection-paging.js';
import { collectionSearch } from './collections/collection-search.js';
import { listTotal } from './collections/list-total.js';
import { paginationBounds } from './collections/pagination-bounds.js';
import { contractDrift } from './contract/contract-drift.js';
import { contractUndocumentedRoute } from './contract/contract-undocumented-route.js';
import { localeMismatch } from './locale/locale-mismatch.js';
import { localeMissingDescription } from './locale/locale-missing-description.js';
import { localeResponseMismatch } from './locale/locale-response-mismatch.js';
import { localeUntranslated } from './locale/locale-untranslated.js';
import { concurrentCreate } from './races/concurrent-create.js';
import { concurrentDelete } from './races/concurrent-delete.js';
import { concurrentRelation } from './races/concurrent-relation.js';
import { concurrentUpdate } from './races/concurrent-update.js';
import { createLocation } from './resources/create-location.js';
import { createPersisted } from './resources/create-persisted.js';
import { crossLocaleVisibility } from './resources/cross-locale-visibility.js';
import { duplicateCreate } from './resources/duplicate-create.js';
import { statefulSequence } from './resources/stateful-sequence.js';
import { updatePersisted } from './resources/update-persisted.js';
import { useAfterDelete } from './resources/use-after-delete.js';
import { sequenceModel } from './sequences/sequence-model.js';
import { contextFieldSets } from './schemas/context-field-sets.js';
import { editContextRights } from './schemas/edit-context-rights.js';
import { fieldsParameter } from './schemas/fields-parameter.js';
import { headAsGet } from './schemas/head-as-get.js';
import { isExchangeCheck, type Check, type ExchangeCheck } from './types.js';

/** Every check: those over single exchanges first, then those over what the phases gather, in the phases' order. */
export const CHECKS: readonly Check[] = [
  // One exchange, whichever phase sent it.
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
  // The descriptors against the contract.
  contractDrift,
  contractUndocumentedRoute,
  // The locales' descriptors and answers side by side.
  localeMismatch,
  localeMissingDescription,
  localeUntranslated,
  localeResponseMismatch,
  // Published item schemas and contexts.
  contextFieldSets,
  editContextRights,
  fieldsParameter,
  headAsGet,
  // A list's pages and filters.
  collectionHeaders,
  collectionLinks,
  collectionPaging,
  collectionFilters,
  collectionOrder,
  // A resource's life.
  statefulSequence,
  useAfterDelete,
  crossLocaleVisibility,
  listTotal,
  updatePersisted,
  createPersisted,
  duplicateCreate,
  createLocation,
  collectionSearch,
  accessOtherResource,
  // Model-based sequences across resources and accounts.
  sequenceModel,
  // Requests that race.
  concurrentCreate,
  concurrentUpdate,
  concurrentDelete,
  concurrentRelation,
  // Batches.
  batchSizeLimit,
  batchItems,
  batchValidation,
  // Access: wrong credentials, the matrix of identities, other accounts, invalid input without credentials.
  authWrongCredentials,
  ignoredAuth,
  accessPrivilege,
  authRefusalStatus,
  allowHeader,
  accessOtherAccount,
  accessRoleEscalation,
  unauthorisedWriteEffect,
  invalidRejectedAnonymous,
];

/** The checks over single exchanges. */
export const EXCHANGE_CHECKS: readonly ExchangeCheck[] = CHECKS.filter(isExchangeCheck);
