/** duplicate_create: a create repeating an existing resource's unique values is refused with a 4xx and an error code. */
import type { CheckFailure, EvidenceCheck } from '../types.js';
import type { DuplicateCreate } from './evidence.js';
import { describeAnswer, isSuccess } from './step-answer.js';

export const duplicateCreate: EvidenceCheck<DuplicateCreate> = {
  name: 'duplicate_create',
  severity: 'failure',
  description:
    'A create repeating the unique values of an existing resource (login, e-mail, term name) is refused with a 4xx and an error code: never a 5xx, never a second resource.',
  evidence: 'stateful',
  judge({ family, id, repeated, answer, second }): CheckFailure[] {
    const values = Object.entries(repeated)
      .map(([name, value]) => `${name} ${JSON.stringify(value)}`)
      .join(', ');
    const what = `a second ${family} create with the same ${values} answered`;
    if (isSuccess(answer)) {
      const made = second !== undefined && second !== id ? `: a second resource, ${second}` : '';
      return [{ message: `${what} ${describeAnswer(answer)}${made}; expected a 4xx refusal` }];
    }
    if (answer.status === undefined || answer.status >= 500) return [{ message: `${what} ${describeAnswer(answer)}; expected a 4xx refusal with a code` }];
    if (answer.code === undefined) return [{ message: `${what} ${answer.status} without an error code` }];
    return [];
  },
};
