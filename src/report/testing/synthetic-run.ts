/**
 * One realistic event stream for reporter tests: 3 operations (GET and POST members, GET SEO options) in 2
 * locales, one of the six not reached, 3 checks, 2 findings (a failure whose response body is hostile HTML,
 * and a warning).
 */
import type { Finding } from '../../checks/types.js';
import type { AccessRow, CoverageEntry, OperationRef, Reporter, RunEvent } from '../../engine/events.js';

export const SYNTHETIC_CHECKS = ['not_a_server_error', 'invalid_rejected', 'json_content_type'];

/** A response body a hostile server might send: reporters must show it, never run it. */
export const HOSTILE_BODY = '<script>alert("pwned")</script><img src=x onerror=alert(1)> ]]> &amp;';

export interface SyntheticRunOptions {
  stoppedEarly?: string;
  safeMethodsOnly?: boolean;
  /** Leave `checks` out of `run_finished`, as an older engine would. */
  withoutChecks?: boolean;
  /** How many of the run's 118 answers refused access (a run without the credentials it needed). */
  refusedAsRun?: number;
}

function operation(locale: string, method: string, route: string, namespace: string): OperationRef {
  return { id: `${locale} ${method} ${route}`, locale, method, route, namespace };
}

const MEMBERS = '/community/v1/members';
const OPTIONS = '/seo/v1/options';

export const SYNTHETIC_FINDINGS: Finding[] = [
  {
    id: 'F1',
    check: 'invalid_rejected',
    severity: 'failure',
    locale: 'en_gb',
    method: 'POST',
    route: MEMBERS,
    message: 'invalid value accepted: email = "not-an-email" (format email) was answered 201, expected 400 naming "email"',
    request: {
      method: 'POST',
      url: 'http://127.0.0.1:8080/en_gb/wp-json/community/v1/members',
      headers: { 'content-type': 'application/json', authorization: 'Basic [REDACTED]' },
      body: '{"user_login":"abc","email":"not-an-email","password":"[REDACTED]"}',
    },
    response: { status: 201, headers: { 'content-type': 'text/html; charset=UTF-8' }, body: HOSTILE_BODY },
    curl: [
      `curl -X POST 'http://127.0.0.1:8080/en_gb/wp-json/community/v1/members' -H 'content-type: application/json' -u 'admin:$RESTCONFORM_APP_PASSWORD' --data-raw '{"user_login":"abc","email":"not-an-email","password":"..."}'`,
    ],
    replay: { seed: 42, operationId: `en_gb POST ${MEMBERS}`, phase: 'fuzz', case: { kind: 'invalid' } },
    argument: 'email',
    count: 3,
  },
  {
    id: 'F2',
    check: 'json_content_type',
    severity: 'warning',
    locale: 'el',
    method: 'GET',
    route: OPTIONS,
    message: 'response Content-Type is "text/plain", expected application/json',
    request: { method: 'GET', url: 'http://127.0.0.1:8080/el/wp-json/seo/v1/options', headers: {} },
    response: { status: 200, headers: { 'content-type': 'text/plain' }, body: '{"ok":true}' },
    curl: [`curl 'http://127.0.0.1:8080/el/wp-json/seo/v1/options'`],
    replay: { seed: 42, operationId: `el GET ${OPTIONS}`, phase: 'examples' },
    count: 1,
  },
];

export const SYNTHETIC_COVERAGE: CoverageEntry[] = [
  { locale: 'en_gb', method: 'GET', route: MEMBERS, namespace: 'community/v1', requests: 40, statuses: { '200': 30, '400': 10 }, notes: [] },
  { locale: 'en_gb', method: 'POST', route: MEMBERS, namespace: 'community/v1', requests: 30, statuses: { '201': 12, '400': 18 }, notes: [] },
  { locale: 'en_gb', method: 'GET', route: OPTIONS, namespace: 'seo/v1', requests: 5, statuses: { '200': 5 }, notes: [] },
  { locale: 'el', method: 'GET', route: MEMBERS, namespace: 'community/v1', requests: 40, statuses: { '200': 30, '400': 10 }, notes: [] },
  {
    locale: 'el',
    method: 'POST',
    route: MEMBERS,
    namespace: 'community/v1',
    requests: 0,
    statuses: {},
    notes: ['not reached: the time budget ran out first'],
  },
  {
    locale: 'el',
    method: 'GET',
    route: OPTIONS,
    namespace: 'seo/v1',
    requests: 5,
    statuses: { '200': 5 },
    notes: ['valid requests answered 401: needs credentials'],
  },
];

/** The events of the synthetic run, in the order an engine emits them. */
export function syntheticRun(options: SyntheticRunOptions = {}): RunEvent[] {
  const events: RunEvent[] = [
    {
      type: 'run_started',
      tool: 'restconform',
      version: '0.1.0',
      seed: 42,
      target: 'http://127.0.0.1:8080',
      locales: ['en_gb', 'el'],
      phases: ['contract', 'examples', 'fuzz', 'stateful'],
      startedAt: '2025-01-02T03:04:05.000Z',
      safeMethodsOnly: options.safeMethodsOnly ?? false,
    },
    { type: 'descriptor_loaded', locale: 'en_gb', source: 'http://127.0.0.1:8080/en_gb/wp-json/', routes: 2, operations: 3, warnings: [] },
    {
      type: 'descriptor_loaded',
      locale: 'el',
      source: 'http://127.0.0.1:8080/el/wp-json/',
      routes: 2,
      operations: 3,
      warnings: ['route "/community/v1/odd(" skipped: unbalanced group'],
    },
    { type: 'phase_started', phase: 'contract', operations: 6 },
    { type: 'phase_finished', phase: 'contract', requests: 0, durationMs: 3 },
    { type: 'phase_started', phase: 'examples', operations: 6 },
  ];
  const exchange = (phase: string, ref: OperationRef, status: number | null): RunEvent => ({
    type: 'exchange',
    phase,
    operation: ref,
    caseKind: 'valid',
    status,
    durationMs: 2,
  });
  for (const locale of ['en_gb', 'el']) {
    events.push(exchange('examples', operation(locale, 'GET', MEMBERS, 'community/v1'), 200));
    events.push(exchange('examples', operation(locale, 'GET', OPTIONS, 'seo/v1'), 200));
  }
  events.push({ type: 'finding', finding: SYNTHETIC_FINDINGS[1]! });
  events.push({ type: 'phase_finished', phase: 'examples', requests: 4, durationMs: 20 });
  events.push({ type: 'phase_started', phase: 'fuzz', operations: 6 });
  events.push(exchange('fuzz', operation('en_gb', 'POST', MEMBERS, 'community/v1'), 201));
  events.push(exchange('fuzz', operation('en_gb', 'POST', MEMBERS, 'community/v1'), null));
  events.push({ type: 'finding', finding: SYNTHETIC_FINDINGS[0]! });
  events.push({ type: 'warning', message: 'el: 3 requests timed out' });
  events.push({ type: 'phase_finished', phase: 'fuzz', requests: 2, durationMs: 40 });
  events.push({ type: 'phase_skipped', phase: 'stateful', reason: 'no credentials: pass --user and set RESTCONFORM_APP_PASSWORD' });
  events.push({
    type: 'run_finished',
    durationMs: 1234,
    summary: {
      requests: 120,
      operations: 6,
      failures: 1,
      warnings: 1,
      known: 0,
      unanswered: 0,
      answeredAsRun: 118,
      refusedAsRun: options.refusedAsRun ?? 0,
      byCheck: { invalid_rejected: { failures: 1, warnings: 0 }, json_content_type: { failures: 0, warnings: 1 } },
    },
    coverage: SYNTHETIC_COVERAGE,
    findings: SYNTHETIC_FINDINGS,
    access: SYNTHETIC_ACCESS,
    ...(options.stoppedEarly ? { stoppedEarly: options.stoppedEarly } : {}),
    ...(options.withoutChecks ? {} : { checks: SYNTHETIC_CHECKS }),
  });
  return events;
}

/** An access matrix of two rows: an anonymous refusal with a hostile code, and a write only the administrator may do. */
export const SYNTHETIC_ACCESS: AccessRow[] = [
  {
    operationId: 'en_gb POST /community/v1/members',
    locale: 'en_gb',
    method: 'POST',
    route: MEMBERS,
    path: '/community/v1/members',
    cells: [
      { identity: 'anonymous', role: 'anonymous', status: 401, code: '<b>rest_forbidden</b>', allow: 'GET' },
      { identity: 'alice', role: 'member', status: 403, code: 'rest_cannot_create', allow: 'GET' },
      { identity: 'admin', role: 'administrator', status: 201, allow: 'GET, POST' },
    ],
  },
  {
    operationId: 'el GET /community/v1/members',
    locale: 'el',
    method: 'GET',
    route: MEMBERS,
    path: '/community/v1/members',
    cells: [
      { identity: 'anonymous', role: 'anonymous', status: null },
      { identity: 'admin', role: 'administrator', status: 200, allow: 'GET, POST' },
    ],
  },
];

/** Feeds every event to the reporter, then closes it. */
export async function play(reporter: Reporter, events: readonly RunEvent[]): Promise<void> {
  for (const event of events) reporter.onEvent(event);
  await reporter.close();
}
