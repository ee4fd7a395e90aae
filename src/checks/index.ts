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
// contract, locale, schemas, collections: the checks of the phases of the same names.
import { contractDrift } from './contract/contract-drift.js';
import { contractUndocumentedRoute } from './contract/contract-undocumented-route.js';
import { localeMismatch } from './locale/locale-mismatch.js';
import { localeMissingDescription } from './locale/locale-missing-description.js';
import { localeResponseMismatch } from './locale/locale-response-mismatch.js';
import { localeUntranslated } from './locale/locale-untranslated.js';
import { contextFieldSets } from './schemas/context-field-sets.js';
import { editContextRights } from './schemas/edit-context-rights.js';
import { fieldsParameter } from './schemas/fields-parameter.js';
import { headAsGet } from './schemas/head-as-get.js';
import { collectionFilters } from './collections/collection-filters.js';
import { collectionHeaders } from './collections/collection-headers.js';
import { collectionLinks } from './collections/collection-links.js';
import { collectionOrder } from './collections/collection-order.js';
import { collectionPaging } from './collections/collection-paging.js';
// The stateful phase's checks: a resource's life, its list, and another account's attempts on it.
import { accessOtherResource } from './access/access-other-resource.js';
import { collectionSearch } from './collections/collection-search.js';
import { listTotal } from './collections/list-total.js';
import { createLocation } from './resources/create-location.js';
import { createPersisted } from './resources/create-persisted.js';
import { crossLocaleVisibility } from './resources/cross-locale-visibility.js';
import { duplicateCreate } from './resources/duplicate-create.js';
import { statefulSequence } from './resources/stateful-sequence.js';
import { updatePersisted } from './resources/update-persisted.js';
import { useAfterDelete } from './resources/use-after-delete.js';
import { isExchangeCheck, type Check, type ExchangeCheck } from './types.js';

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

/** The checks of the contract, locale, schemas and collections phases, in the order the phases run. */
const DESCRIPTOR_AND_LIST_CHECKS: readonly Check[] = [
  contractDrift,
  contractUndocumentedRoute,
  localeMismatch,
  localeMissingDescription,
  localeUntranslated,
  localeResponseMismatch,
  contextFieldSets,
  editContextRights,
  fieldsParameter,
  headAsGet,
  collectionHeaders,
  collectionLinks,
  collectionPaging,
  collectionFilters,
  collectionOrder,
];

/** The checks of a resource's life (the `stateful` phase), in report order. */
const STATEFUL_CHECKS: readonly Check[] = [
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
];

/** Every check. */
export const CHECKS: readonly Check[] = [...ANSWER_CHECKS, ...DESCRIPTOR_AND_LIST_CHECKS, ...STATEFUL_CHECKS];

/** The checks over single exchanges. */
export const EXCHANGE_CHECKS: readonly ExchangeCheck[] = CHECKS.filter(isExchangeCheck);
