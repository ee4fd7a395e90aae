import { describe, expect, it } from 'vitest';
import { accessPrivilege } from './access-privilege.js';
import { allowHeader } from './allow-header.js';
import type { AccessAttempt, AccessRowEvidence } from './attempt.js';
import { authRefusalStatus } from './auth-refusal-status.js';
import { ignoredAuth } from './ignored-auth.js';

const ROUTE = '/community/v1/profile/groups';
const RANKS: Record<string, number> = { anonymous: 0, member: 1, moderator: 3, administrator: 4 };

function attempt(identity: string, role: string, status: number | undefined, code?: string, allow?: string): AccessAttempt {
  return { identity, role, rank: RANKS[role]!, anonymous: role === 'anonymous', answer: { status, code }, ...(allow === undefined ? {} : { allow }) };
}

const row = (attempts: AccessAttempt[], more: Partial<AccessRowEvidence> = {}): AccessRowEvidence => ({
  method: 'POST',
  route: ROUTE,
  attempts,
  strictAuth: false,
  ...more,
});

describe('ignored_auth', () => {
  it('fails a write anonymous got through while an account was refused, reproduced by both attempts', () => {
    const evidence = row([attempt('anonymous', 'anonymous', 201), attempt('member', 'member', 403, 'rest_forbidden'), attempt('admin', 'administrator', 201)]);
    expect(ignoredAuth.judge(evidence)).toEqual([
      {
        message: `POST ${ROUTE} succeeded without credentials (201) while member (member) was refused the same request (403 rest_forbidden)`,
        cause: 'anonymous succeeded, an account was refused',
        severity: 'failure',
        attempts: [0, 1],
      },
    ]);
  });

  it('warns when no account was refused, fails with strictAuth, and only notes a write its resource hint opens', () => {
    const attempts = [attempt('anonymous', 'anonymous', 201), attempt('admin', 'administrator', 201)];
    const [warning] = ignoredAuth.judge(row(attempts));
    expect(warning).toMatchObject({ message: `POST ${ROUTE} succeeded without credentials (201); with credentials it answered 201`, attempts: [0] });
    expect(warning!.severity).toBeUndefined();
    expect(ignoredAuth.judge(row(attempts, { strictAuth: true }))[0]!.severity).toBe('failure');
    expect(ignoredAuth.judge(row(attempts, { openBecause: 'sign-up' }))).toEqual([
      { note: true, message: 'succeeded without credentials (201), as its resource hint says it should: sign-up', attempts: [] },
    ]);
  });

  it('passes a refused anonymous write and any read', () => {
    expect(ignoredAuth.judge(row([attempt('anonymous', 'anonymous', 401), attempt('admin', 'administrator', 201)]))).toEqual([]);
    expect(ignoredAuth.judge(row([attempt('anonymous', 'anonymous', 200)], { method: 'GET' }))).toEqual([]);
  });
});

describe('access_privilege', () => {
  it('fails a write a member got through that a moderator was refused', () => {
    const evidence = row([attempt('anonymous', 'anonymous', 401), attempt('member', 'member', 201), attempt('moderator', 'moderator', 403, 'rest_forbidden')]);
    expect(accessPrivilege.judge(evidence)).toEqual([
      {
        message: `POST ${ROUTE} succeeded for member (member) (201) while moderator (moderator) was refused the same request (403 rest_forbidden)`,
        cause: 'member succeeded, moderator refused',
        attempts: [1, 2],
      },
    ]);
  });

  it('passes rights that grow with the role, and a refusal that was a failed login', () => {
    expect(accessPrivilege.judge(row([attempt('member', 'member', 403), attempt('moderator', 'moderator', 201)]))).toEqual([]);
    expect(accessPrivilege.judge(row([attempt('member', 'member', 201), attempt('moderator', 'moderator', 401, 'incorrect_password')]))).toEqual([]);
  });
});

describe('auth_refusal_status', () => {
  it('warns a 403 for an anonymous caller and a 401 for a logged-in one', () => {
    expect(authRefusalStatus.judge({ method: 'POST', route: ROUTE, attempt: attempt('anonymous', 'anonymous', 403, 'rest_forbidden') })).toEqual([
      { message: `POST ${ROUTE} refused an anonymous caller with 403; expected 401 (not logged in): 403 rest_forbidden`, cause: 'anonymous 403' },
    ]);
    expect(authRefusalStatus.judge({ method: 'POST', route: ROUTE, attempt: attempt('member', 'member', 401) })[0]!.cause).toBe('logged in 401');
  });

  it('passes the right refusals and a login that failed', () => {
    expect(authRefusalStatus.judge({ method: 'POST', route: ROUTE, attempt: attempt('anonymous', 'anonymous', 401) })).toEqual([]);
    expect(authRefusalStatus.judge({ method: 'POST', route: ROUTE, attempt: attempt('member', 'member', 403) })).toEqual([]);
    expect(authRefusalStatus.judge({ method: 'POST', route: ROUTE, attempt: attempt('member', 'member', 401, 'invalid_username') })).toEqual([]);
  });
});

describe('allow_header', () => {
  it('fails an Allow without the method just used, and warns one that lists a method refused', () => {
    expect(allowHeader.judge({ method: 'POST', route: ROUTE, attempt: attempt('admin', 'administrator', 201, undefined, 'GET') })).toEqual([
      {
        message: `POST ${ROUTE} succeeded for admin (administrator) (201) but its Allow header (GET) does not list POST`,
        cause: 'administrator used, not listed',
      },
    ]);
    expect(allowHeader.judge({ method: 'POST', route: ROUTE, attempt: attempt('member', 'member', 403, undefined, 'GET, post') })).toEqual([
      {
        message: `POST ${ROUTE} refused member (member) (403) yet its Allow header (GET, post) lists POST`,
        cause: 'member refused, listed',
        severity: 'warning',
      },
    ]);
  });

  it('passes a matching Allow, no Allow, and a DELETE whose resource is gone', () => {
    expect(allowHeader.judge({ method: 'POST', route: ROUTE, attempt: attempt('admin', 'administrator', 201, undefined, 'GET, POST') })).toEqual([]);
    expect(allowHeader.judge({ method: 'POST', route: ROUTE, attempt: attempt('admin', 'administrator', 201) })).toEqual([]);
    expect(allowHeader.judge({ method: 'DELETE', route: ROUTE, attempt: attempt('admin', 'administrator', 200, undefined, 'GET') })).toEqual([]);
  });
});
