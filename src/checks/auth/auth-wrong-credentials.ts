/**
 * `auth_wrong_credentials`: a request with wrong credentials (a wrong password, an unknown user) is refused with
 * 401 before routing. One that is not is sent again without credentials: an answer an anonymous caller gets too
 * means the credentials were ignored (real WordPress 6.1: a warning), any other means they were let through.
 */
import type { HttpMethod } from '../../descriptor/types.js';
import { describeSeen, type SeenAnswer } from '../answer-seen.js';
import type { EvidenceCheck } from '../types.js';

export interface WrongCredentialsEvidence {
  method: HttpMethod;
  route: string;
  /** True when `route` is a path no server has (authentication comes before routing, so it is refused too). */
  unknownRoute: boolean;
  /** Which wrong credentials were sent: `a wrong password for admin`, `an unknown user`. */
  credentials: string;
  answer: SeenAnswer;
  /** The same request without credentials. */
  anonymous: SeenAnswer;
}

/** True when `answer` (to wrong credentials) is not judged by itself: the same request without credentials decides. */
export const needsAnonymousComparison = (answer: SeenAnswer): boolean => answer.status !== 401 && answer.status !== undefined;

export const authWrongCredentials: EvidenceCheck<WrongCredentialsEvidence> = {
  name: 'auth_wrong_credentials',
  severity: 'failure',
  description:
    'Wrong credentials (a wrong password, an unknown user) get 401 on every route, unknown routes included: authentication comes before routing. Ignored as if none were sent (real WordPress 6.1): a warning.',
  evidence: 'auth',
  judge({ method, route, unknownRoute, credentials, answer, anonymous }) {
    if (!needsAnonymousComparison(answer)) return [];
    // Real WordPress 6.1 lets a wrong application password through as no login at all: the failure is recorded
    // after the REST server has asked for authentication errors. Only an answer no anonymous caller gets is a fault.
    const asAnonymous = anonymous.status === answer.status;
    const where = `${method} ${route}${unknownRoute ? ' (no such route)' : ''}`;
    return [
      {
        message: asAnonymous
          ? `${where} with ${credentials} answered ${describeSeen(answer)}, as without credentials: they were ignored, not refused with 401 before routing`
          : `${where} with ${credentials} answered ${describeSeen(answer)}, without credentials ${describeSeen(anonymous)}; expected 401 before routing`,
        cause: `${credentials} ${answer.status}${asAnonymous ? ' as anonymous' : ''}`,
        ...(asAnonymous ? { severity: 'warning' as const } : {}),
      },
    ];
  },
};
