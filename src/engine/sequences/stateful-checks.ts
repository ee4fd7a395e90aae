/** The checks the `stateful` phase reports under. */
import type { PhaseCheck } from '../phases/index.js';

export const STATEFUL_SEQUENCE: PhaseCheck = {
  name: 'stateful_sequence',
  severity: 'failure',
  description:
    'Each step of a resource sequence (create, read, update, delete, activate, block, follow, field data) answers as the step requires, and what was written reads back.',
};

export const USE_AFTER_DELETE: PhaseCheck = {
  name: 'use_after_delete',
  severity: 'failure',
  description: 'A deleted resource answers 404 to a read, an update and a second delete.',
};

export const CROSS_LOCALE_VISIBILITY: PhaseCheck = {
  name: 'cross_locale_visibility',
  severity: 'failure',
  description: 'A resource created through one locale can be read through every other locale.',
};

export const LIST_TOTAL: PhaseCheck = {
  name: 'list_total',
  severity: 'failure',
  description: "A created resource appears in its list, the list's X-WP-Total grows by one, and shrinks back after the delete.",
};

export const UPDATE_PERSISTED: PhaseCheck = {
  name: 'update_persisted',
  severity: 'failure',
  description:
    "Every writable field an update accepts (2xx) reads back with the written value, after WordPress's normalisation (raw in edit context, trimmed text, dates).",
};

export const CREATE_PERSISTED: PhaseCheck = {
  name: 'create_persisted',
  severity: 'failure',
  description:
    "Every value a create sends (in its JSON body, or in the query string beside an uploaded file) that a read of the new resource shows holds the value sent, after WordPress's normalisation.",
};

export const DUPLICATE_CREATE: PhaseCheck = {
  name: 'duplicate_create',
  severity: 'failure',
  description:
    'A create repeating the unique values of an existing resource (login, e-mail, term name) is refused with a 4xx and an error code: never a 5xx, never a second resource.',
};

export const CREATE_LOCATION: PhaseCheck = {
  name: 'create_location',
  severity: 'warning',
  description: 'A create answers 201 with a Location header naming the new item (warning when missing); a Location naming another resource is a failure.',
};

export const COLLECTION_SEARCH: PhaseCheck = {
  name: 'collection_search',
  severity: 'failure',
  description: 'A resource created with a unique token in a searchable field is found by `search` on its list, where the list declares `search`.',
};

export const ACCESS_OTHER_RESOURCE: PhaseCheck = {
  name: 'access_other_resource',
  severity: 'failure',
  description:
    "An ordinary account (a member, an author) cannot update or delete a resource another account made, nor read its edit context: each attempt is refused (or the edit read shows no field beyond view), and its maker's read afterwards shows it unchanged.",
};

export const STATEFUL_CHECKS: readonly PhaseCheck[] = [
  STATEFUL_SEQUENCE,
  USE_AFTER_DELETE,
  CROSS_LOCALE_VISIBILITY,
  LIST_TOTAL,
  UPDATE_PERSISTED,
  CREATE_PERSISTED,
  DUPLICATE_CREATE,
  CREATE_LOCATION,
  COLLECTION_SEARCH,
  ACCESS_OTHER_RESOURCE,
];
