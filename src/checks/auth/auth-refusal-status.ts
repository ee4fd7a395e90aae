/** `auth_refusal_status`: a refusal's status says whether the caller was logged in (401 anonymous, 403 logged in). */
import type { EvidenceCheck } from '../types.js';
import { got, loginFailed, who, type AccessAttemptEvidence } from './attempt.js';

export const authRefusalStatus: EvidenceCheck<AccessAttemptEvidence> = {
  name: 'auth_refusal_status',
  severity: 'warning',
  description: "A refusal is 401 for an anonymous caller and 403 for a logged-in one (WordPress's rest_authorization_required_code()).",
  evidence: 'auth',
  judge({ method, route, attempt }) {
    if (loginFailed(attempt)) return [];
    const { anonymous } = attempt;
    const { status } = attempt.answer;
    if (!((anonymous && status === 403) || (!anonymous && status === 401))) return [];
    return [
      {
        message: `${method} ${route} refused ${anonymous ? 'an anonymous caller with 403; expected 401 (not logged in)' : `${who(attempt)} with 401; expected 403 (logged in, not allowed)`}: ${got(attempt)}`,
        cause: `${anonymous ? 'anonymous' : 'logged in'} ${status}`,
      },
    ];
  },
};
