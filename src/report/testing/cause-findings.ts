/**
 * Test-only: a run whose findings are in the order a real WordPress run met them (by check name), so reporter
 * tests can show what comes first: the same PHP fatal error on three operations, one other server error, one
 * schema failure, wrong credentials ignored on three routes (one site-wide behaviour) and a known failure.
 */
import type { Finding } from '../../checks/types.js';
import type { RunEvent } from '../../engine/events.js';
import { syntheticRun } from './synthetic-run.js';

function finding(id: number, check: string, severity: Finding['severity'], route: string, message: string, extra: Partial<Finding> = {}): Finding {
  const url = `http://127.0.0.1:8080/en_gb/wp-json${route}`;
  return {
    id: `F${id}`,
    check,
    severity,
    locale: 'en_gb',
    method: 'GET',
    route,
    message,
    request: { method: 'GET', url, headers: {} },
    response: { status: 200, headers: { 'content-type': 'application/json' }, body: '{"ok":true}' },
    curl: [`curl '${url}' # F${id}`],
    replay: { seed: 42, operationId: `en_gb GET ${route}`, phase: 'examples' },
    count: 1,
    ...extra,
  };
}

function errorBody(status: number, code: string): Finding['response'] {
  return { status, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ code, message: code, data: { status } }) };
}

const fatal = (id: number, route: string): Finding =>
  finding(id, 'not_a_server_error', 'failure', route, 'answered 500', { cause: '500', response: errorBody(500, 'internal_server_error') });
const ignored = (id: number, route: string): Finding =>
  finding(id, 'auth_wrong_credentials', 'warning', route, `GET ${route} with a wrong password for admin answered 200, as without credentials`, {
    cause: 'a wrong password for admin 200 as anonymous',
  });

export const CAUSE_FINDINGS: Finding[] = [
  ignored(1, '/wp/v2/categories'),
  ignored(2, '/wp/v2/posts'),
  ignored(3, '/wp/v2/tags'),
  finding(4, 'invalid_rejected', 'failure', '/wp/v2/posts', 'invalid request answered 200', { known: 'core accepts it', argument: 'page' }),
  fatal(5, '/wp/v2/block-renderer'),
  fatal(6, '/wp/v2/pattern-directory'),
  fatal(7, '/wp/v2/themes'),
  finding(8, 'not_a_server_error', 'failure', '/wp/v2/plugins', 'answered 500', { cause: '500', response: errorBody(500, 'http_request_failed') }),
  finding(9, 'response_schema', 'failure', '/wp/v2/media', 'field "guid" is not an object'),
];

/** The synthetic run with `CAUSE_FINDINGS` as its findings and a baseline that knows F4. */
export function causeRun(): RunEvent[] {
  const events = syntheticRun();
  const finished = events.at(-1) as Extract<RunEvent, { type: 'run_finished' }>;
  const coverage = CAUSE_FINDINGS.map((f) => ({
    locale: f.locale,
    method: f.method,
    route: f.route,
    namespace: 'wp/v2',
    requests: 2,
    statuses: {},
    notes: [],
  }));
  events[events.length - 1] = {
    ...finished,
    summary: { ...finished.summary, failures: 5, warnings: 3, known: 1, byCheck: {} },
    coverage: [...finished.coverage, ...coverage.filter((entry, i) => coverage.findIndex((other) => other.route === entry.route) === i)],
    findings: CAUSE_FINDINGS,
    baseline: { source: 'known.json', known: 1, fixed: [], unchecked: [] },
  };
  return events;
}
