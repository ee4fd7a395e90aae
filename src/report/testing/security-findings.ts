/**
 * Security findings as the auth and stateful phases report them, for reporter tests: a member raising its own role
 * (the run's account reads before and after, the member's PATCH between), a write anonymous callers got through
 * (anonymous first, then the account refused it), and an e-mail address shown to an anonymous caller.
 */
import type { Finding } from '../../checks/types.js';
import type { RunEvent } from '../../engine/events.js';
import { syntheticRun } from './synthetic-run.js';

const BASE = 'http://127.0.0.1:8080/en_gb/wp-json';
const MEMBER = `${BASE}/community/v1/members/2`;
const MEMBERS_ROUTE = '/community/v1/members/(?P<id>[\\d]+)';
const RUN_ACCOUNT = '-u "$RESTCONFORM_USER:$RESTCONFORM_APP_PASSWORD"';

export const ROLE_ESCALATION: Finding = {
  id: 'F3',
  check: 'access_role_escalation',
  severity: 'failure',
  locale: 'en_gb',
  method: 'PATCH',
  route: MEMBERS_ROUTE,
  message:
    'member (member) raised its own roles to administrator with PATCH /community/v1/members/{id} and was not refused (200); a read afterwards shows the change',
  request: { method: 'GET', url: `${MEMBER}?context=edit`, headers: { authorization: 'Basic <redacted>' } },
  response: { status: 200, headers: { 'content-type': 'application/json' }, body: '{"id":2,"roles":["administrator"]}' },
  curl: [
    `curl -sS '${MEMBER}?context=edit' -H 'accept: application/json' ${RUN_ACCOUNT}`,
    `curl -sS -X PATCH '${MEMBER}' -H 'accept: application/json' -u "member:$RC_MEMBER" -H 'content-type: application/json' --data-raw '{"roles":["administrator"]}'`,
    `curl -sS '${MEMBER}?context=edit' -H 'accept: application/json' ${RUN_ACCOUNT}`,
  ],
  replay: { seed: 42, operationId: `en_gb PATCH ${MEMBERS_ROUTE}`, phase: 'auth' },
  count: 1,
};

export const ANONYMOUS_WRITE: Finding = {
  id: 'F4',
  check: 'ignored_auth',
  severity: 'failure',
  locale: 'en_gb',
  method: 'POST',
  route: '/community/v1/groups',
  message: 'POST /community/v1/groups succeeded without credentials (201) while admin was refused (403)',
  request: { method: 'POST', url: `${BASE}/community/v1/groups`, headers: { authorization: 'Basic <redacted>' }, body: '{"name":"g"}' },
  response: { status: 403, headers: { 'content-type': 'application/json' }, body: '{"code":"rest_forbidden"}' },
  curl: [
    `curl -sS -X POST '${BASE}/community/v1/groups' -H 'accept: application/json' --data-raw '{"name":"g"}'`,
    `curl -sS -X POST '${BASE}/community/v1/groups' -H 'accept: application/json' ${RUN_ACCOUNT} --data-raw '{"name":"g"}'`,
  ],
  replay: { seed: 42, operationId: 'en_gb POST /community/v1/groups', phase: 'auth' },
  count: 1,
};

export const EMAIL_SHOWN: Finding = {
  id: 'F5',
  check: 'no_sensitive_data',
  severity: 'failure',
  locale: 'en_gb',
  method: 'GET',
  route: '/community/v1/members',
  message: "$[0].email shows an account's e-mail address to an anonymous caller",
  request: { method: 'GET', url: `${BASE}/community/v1/members`, headers: {} },
  response: { status: 200, headers: { 'content-type': 'application/json' }, body: '[{"id":1,"email":"admin@example.org"}]' },
  curl: [`curl -sS '${BASE}/community/v1/members' -H 'accept: application/json'`],
  replay: { seed: 42, operationId: 'en_gb GET /community/v1/members', phase: 'examples' },
  count: 1,
};

export const SECURITY_FINDINGS: readonly Finding[] = [ROLE_ESCALATION, ANONYMOUS_WRITE, EMAIL_SHOWN];

/** The synthetic run with `findings` added to its own two (conformance findings). */
export function runWithFindings(findings: readonly Finding[] = SECURITY_FINDINGS): RunEvent[] {
  const events = syntheticRun();
  const finished = events.at(-1) as Extract<RunEvent, { type: 'run_finished' }>;
  events[events.length - 1] = { ...finished, findings: [...finished.findings, ...findings] };
  return events;
}
