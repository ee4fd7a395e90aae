/** `allow_header`: the `Allow` header an attempt got, against what the attempt was allowed to do. */
import { isRefusal, isSuccess } from '../answer-seen.js';
import type { EvidenceCheck } from '../types.js';
import { got, loginFailed, who, type AccessAttemptEvidence } from './attempt.js';

export const allowHeader: EvidenceCheck<AccessAttemptEvidence> = {
  name: 'allow_header',
  severity: 'failure',
  description:
    'Allow lists the methods the caller may use: never without a method the caller just used successfully (a failure), never with one the caller was refused (a warning: the refusal may depend on the values sent).',
  evidence: 'auth',
  judge({ method, route, attempt }) {
    const { allow } = attempt;
    if (allow === undefined || loginFailed(attempt)) return [];
    const { status } = attempt.answer;
    const listed = allow
      .split(',')
      .map((listedMethod) => listedMethod.trim().toUpperCase())
      .includes(method);
    // WordPress computes Allow after the handler ran: after a successful DELETE the resource is gone, and the
    // permission checks that look it up refuse, so DELETE may rightly be missing then.
    if (isSuccess(status) && !listed && method !== 'DELETE') {
      return [
        {
          message: `${method} ${route} succeeded for ${who(attempt)} (${got(attempt)}) but its Allow header (${allow}) does not list ${method}`,
          cause: `${attempt.role} used, not listed`,
        },
      ];
    }
    if (isRefusal(status) && listed) {
      return [
        {
          message: `${method} ${route} refused ${who(attempt)} (${got(attempt)}) yet its Allow header (${allow}) lists ${method}`,
          cause: `${attempt.role} refused, listed`,
          severity: 'warning',
        },
      ];
    }
    return [];
  },
};
