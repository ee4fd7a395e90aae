/** concurrent_create: N creates sent together with the same unique values make one resource at most. */
import type { CheckFailure, EvidenceCheck } from '../types.js';
import type { CreateRace } from './evidence.js';
import { brokenAnswers, succeeded, tally } from './race-answers.js';

export const concurrentCreate: EvidenceCheck<CreateRace> = {
  name: 'concurrent_create',
  severity: 'failure',
  description:
    'Creates sent together with the same unique values (login, e-mail, slug, term name) make one resource at most: the others are refused with a 4xx and an error code, never a 5xx, and afterwards the list narrowed to those values holds one resource.',
  evidence: 'concurrency',
  judge({ family, shared, answers, holders }): CheckFailure[] {
    const names = Object.keys(shared).join(' and ');
    const what = `${answers.length} ${family} creates sent together with the same ${names}`;
    const stable = `${family} creates with the same ${names}`;
    const failures = brokenAnswers(answers, what, stable);
    const made = answers.filter(succeeded);
    if (made.length > 1) {
      const ids = made.map((answer) => answer.id ?? '?').join(', ');
      failures.push({
        message: `${what}: ${made.length} succeeded (${ids}); at most one may (${tally(answers)})`,
        cause: `${stable}: more than one succeeded`,
      });
    }
    if (holders !== undefined && holders.length > 1) {
      failures.push({
        message: `${what}: afterwards ${holders.length} resources hold them (${holders.join(', ')}); one at most`,
        cause: `${stable}: more than one holds them afterwards`,
      });
    }
    return failures;
  },
};
