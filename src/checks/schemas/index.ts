/** The schemas phase's checks: published item schemas and contexts. */
import { contextFieldSets } from './context-field-sets.js';
import { editContextRights } from './edit-context-rights.js';
import { fieldsParameter } from './fields-parameter.js';
import { headAsGet } from './head-as-get.js';
import type { AnyEvidenceCheck } from '../types.js';

export const SCHEMAS_CHECKS: readonly AnyEvidenceCheck[] = [contextFieldSets, editContextRights, fieldsParameter, headAsGet];
