/** `ignored_auth`: a write that succeeds without credentials, judged on a row of the access matrix. */
import { SAFE_METHODS } from '../../descriptor/types.js';
import { isSuccess } from '../answer-seen.js';
import { got, refusedRequest, who, type AccessRowCheck, type AccessRowFailure } from './attempt.js';

export const ignoredAuth: AccessRowCheck = {
  name: 'ignored_auth',
  severity: 'warning',
  concern: 'security',
  description:
    'A write does not succeed without credentials: a failure when a named account is refused the same request, a warning when none is (the interface does not list permissions; a failure with --strict-auth); a family whose resource hint says `anonymous` (sign-ups) gets a note instead.',
  evidence: 'auth',
  judge({ method, route, attempts, openBecause, strictAuth }) {
    if (SAFE_METHODS.includes(method)) return [];
    const anonymousIndex = attempts.findIndex((attempt) => attempt.anonymous);
    const anonymous = attempts[anonymousIndex];
    if (anonymous === undefined || !isSuccess(anonymous.answer.status)) return [];
    const refusedIndex = attempts.findIndex((attempt) => !attempt.anonymous && refusedRequest(attempt));
    const refused = attempts[refusedIndex];
    // Open by design (a sign-up): nothing to warn about unless an account was refused what anonymous was allowed.
    if (refused === undefined && openBecause !== undefined) {
      return [{ note: true, message: `succeeded without credentials (${got(anonymous)}), as its resource hint says it should: ${openBecause}`, attempts: [] }];
    }
    const others = attempts.filter((attempt) => attempt !== anonymous);
    const failure: AccessRowFailure = {
      message:
        refused !== undefined
          ? `${method} ${route} succeeded without credentials (${got(anonymous)}) while ${who(refused)} was refused the same request (${got(refused)})`
          : others.length === 0
            ? `${method} ${route} succeeded without credentials (${got(anonymous)}); the accounts did not try it (on this target writes go only to what the run made)`
            : others.length === 1
              ? `${method} ${route} succeeded without credentials (${got(anonymous)}); with credentials it answered ${got(others[0]!)}`
              : `${method} ${route} succeeded without credentials (${got(anonymous)}); no account was refused it (${others.map((attempt) => `${attempt.identity} ${got(attempt)}`).join(', ')})`,
      cause: refused !== undefined ? 'anonymous succeeded, an account was refused' : 'anonymous succeeded',
      attempts: refused !== undefined ? [anonymousIndex, refusedIndex] : [anonymousIndex],
    };
    if (refused !== undefined || strictAuth) failure.severity = 'failure';
    return [failure];
  },
};
