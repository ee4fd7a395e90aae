/** The checks the `stateful` phase reports under. */
import type { PhaseCheck } from '../phases/index.js';

const PHASE = 'stateful';

export const STATEFUL_SEQUENCE: PhaseCheck = {
  name: 'stateful_sequence',
  severity: 'failure',
  phase: PHASE,
  description: 'Each step of a resource sequence (create, read, update, delete, activate, block, follow, field data) answers as the step requires, and what was written reads back.',
};

export const USE_AFTER_DELETE: PhaseCheck = {
  name: 'use_after_delete',
  severity: 'failure',
  phase: PHASE,
  description: 'A deleted resource answers 404 to a read, an update and a second delete.',
};

export const CROSS_LOCALE_VISIBILITY: PhaseCheck = {
  name: 'cross_locale_visibility',
  severity: 'failure',
  phase: PHASE,
  description: 'A resource created through one locale can be read through every other locale.',
};

export const LIST_TOTAL: PhaseCheck = {
  name: 'list_total',
  severity: 'failure',
  phase: PHASE,
  description: "A created resource appears in its list, the list's X-WP-Total grows by one, and shrinks back after the delete.",
};

export const STATEFUL_CHECKS: readonly PhaseCheck[] = [STATEFUL_SEQUENCE, USE_AFTER_DELETE, CROSS_LOCALE_VISIBILITY, LIST_TOTAL];
