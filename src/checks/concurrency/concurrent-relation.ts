/** concurrent_relation: the same relation write sent N times together leaves one relation, one activation, one value. */
import type { CheckFailure, EvidenceCheck } from '../types.js';
import type { RelationRace } from './evidence.js';
import { brokenAnswers, succeeded, tally } from './race-answers.js';

export const concurrentRelation: EvidenceCheck<RelationRace> = {
  name: 'concurrent_relation',
  severity: 'failure',
  description:
    "The same relation write sent several times together (follow, block, activate a signup, set a profile field's data) leaves one relation, one activation, one value: a one-time write succeeds once, and none is answered 5xx.",
  evidence: 'concurrency',
  judge({ what, answers, kind, left, counted }): CheckFailure[] {
    const race = `${answers.length} × ${what} sent together`;
    const failures = brokenAnswers(answers, race, what.replace(/\d+/g, 'N'));
    const made = answers.filter(succeeded).length;
    if (kind === 'single' && made > 1)
      failures.push({
        message: `${race}: ${made} succeeded (${tally(answers)}); once at most`,
        cause: `${what.replace(/\d+/g, 'N')}: more than one succeeded`,
      });
    if (made > 0 && left !== 1)
      failures.push({
        message: `${race}: afterwards ${left} ${counted}; expected one`,
        cause: `${what.replace(/\d+/g, 'N')}: ${left === 0 ? 'none' : 'more than one'} left`,
      });
    return failures;
  },
};
