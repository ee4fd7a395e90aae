/** missing_required: a required argument without a default left out (or, in a JSON body, sent as null). */
import fc from 'fast-check';
import { MISSING_PARAM_CODE } from '../../schema/request-rules.js';
import { ABSENT } from '../as-received.js';
import type { MutationOperator } from './types.js';

export const missingRequired: MutationOperator = {
  rule: 'missing_required',
  codes: [MISSING_PARAM_CODE],
  nested: false,
  candidates(_schema, context) {
    if (!context.missingBreaksRequired) return null;
    return context.location === 'body' ? fc.constantFrom<unknown>(ABSENT, null) : fc.constant<unknown>(ABSENT);
  },
  describe() {
    return 'required';
  },
};
