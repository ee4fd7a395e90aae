/** concurrent_delete: N deletes of one resource sent together delete it once; the others find it gone. */
import type { CheckFailure, EvidenceCheck } from '../types.js';
import type { DeleteRace } from './evidence.js';
import { brokenAnswers, succeeded, tally } from './race-answers.js';

const GONE = new Set([404, 410]);

export const concurrentDelete: EvidenceCheck<DeleteRace> = {
  name: 'concurrent_delete',
  severity: 'failure',
  description:
    'Deletes of one resource sent together: one deletes it (or trashes it, as the route declares), the others answer 404/410 or the same result, never a 5xx; afterwards it reads 404/410 and is gone from its list.',
  evidence: 'concurrency',
  judge({ family, id, answers, after, listed }): CheckFailure[] {
    const what = `${answers.length} deletes of ${family} ${id} sent together`;
    const stable = `${family} deletes sent together`;
    const failures = brokenAnswers(answers, what, stable);
    const other = answers.filter((answer) => answer.status !== undefined && answer.status >= 300 && answer.status < 500 && !GONE.has(answer.status));
    if (other.length > 0)
      failures.push({
        message: `${what}: ${other.length} answered ${tally(other)}; expected success or 404/410`,
        cause: `${stable}: neither success nor gone`,
      });
    if (!answers.some(succeeded) && failures.length === 0)
      failures.push({ message: `${what}: none succeeded (${tally(answers)})`, cause: `${stable}: none succeeded` });
    if (after.status === undefined || !GONE.has(after.status))
      failures.push({ message: `${what}: a read afterwards answered ${tally([after])}; expected 404/410`, cause: `${stable}: still there afterwards` });
    else if (listed === true) failures.push({ message: `${what}: its list still holds it afterwards`, cause: `${stable}: still listed afterwards` });
    return failures;
  },
};
