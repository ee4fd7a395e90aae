/** `access_privilege`: a write that succeeds for an identity while a more privileged one is refused it. */
import { SAFE_METHODS } from '../../descriptor/types.js';
import { isSuccess } from '../answer-seen.js';
import { got, refusedRequest, who, type AccessRowCheck } from './attempt.js';

export const accessPrivilege: AccessRowCheck = {
  name: 'access_privilege',
  severity: 'failure',
  concern: 'security',
  description:
    'A write that a more privileged account is refused (401/403) does not succeed for a less privileged one (a member where only an administrator or moderator may).',
  evidence: 'auth',
  judge({ method, route, attempts }) {
    if (SAFE_METHODS.includes(method)) return [];
    // A write anonymous callers got through is `ignored_auth`'s to judge.
    if (attempts.some((attempt) => attempt.anonymous && isSuccess(attempt.answer.status))) return [];
    // The least privileged account that succeeded, against a more privileged one that was refused.
    for (const [index, attempt] of attempts.entries()) {
      if (attempt.anonymous || !isSuccess(attempt.answer.status)) continue;
      const refusedIndex = attempts.findIndex((other) => !other.anonymous && refusedRequest(other) && other.rank > attempt.rank);
      const refused = attempts[refusedIndex];
      if (refused === undefined) continue;
      return [
        {
          message: `${method} ${route} succeeded for ${who(attempt)} (${got(attempt)}) while ${who(refused)} was refused the same request (${got(refused)})`,
          cause: `${attempt.role} succeeded, ${refused.role} refused`,
          attempts: [index, refusedIndex],
        },
      ];
    }
    return [];
  },
};
