import { describe, expect, it } from 'vitest';
import { authWrongCredentials, type WrongCredentialsEvidence } from './auth-wrong-credentials.js';

const evidence = (status: number | undefined, anonymous: number | undefined, more: Partial<WrongCredentialsEvidence> = {}): WrongCredentialsEvidence => ({
  method: 'GET',
  route: '/community/v1/members',
  unknownRoute: false,
  credentials: 'an unknown user',
  answer: { status, code: undefined },
  anonymous: { status: anonymous, code: undefined },
  ...more,
});

describe('auth_wrong_credentials', () => {
  it('fails wrong credentials let through, and warns them ignored as if none were sent', () => {
    expect(authWrongCredentials.judge(evidence(200, 401))).toEqual([
      {
        message: 'GET /community/v1/members with an unknown user answered 200, without credentials 401; expected 401 before routing',
        cause: 'an unknown user 200',
      },
    ]);
    const route = '/restconform/no-such-route';
    expect(authWrongCredentials.judge(evidence(404, 404, { route, unknownRoute: true, answer: { status: 404, code: 'rest_no_route' } }))).toEqual([
      {
        message: `GET ${route} (no such route) with an unknown user answered 404 rest_no_route, as without credentials: they were ignored, not refused with 401 before routing`,
        cause: 'an unknown user 404 as anonymous',
        severity: 'warning',
      },
    ]);
  });

  it('passes a 401, and says nothing without an answer', () => {
    expect(authWrongCredentials.judge(evidence(401, 200))).toEqual([]);
    expect(authWrongCredentials.judge(evidence(undefined, 200))).toEqual([]);
  });
});
