/**
 * Test-only: faults of single requests for the fault-injection self-test, each breaking one rule the stateless
 * checks guard. They wrap the real reference server through `startFaultyServer` (the shipped server has no such
 * options); the descriptor, contract, locale, delete and batch faults come from the phases' own `faults.ts`.
 */
import type { Fault, ForwardedAnswer, ForwardedRequest } from '../../src/engine/testing/faulty-server.js';

const MEMBERS = /^\/community\/v1\/members$/;
const MEMBER_ACTION = /^\/community\/v1\/members\/action\/\d+$/;
const MODERATION = /^\/community\/v1\/moderation$/;
const LARGEST_PAGE = 100;

/** Where a request goes inside the REST root, and its query. */
interface RestTarget {
  path: string;
  query: URLSearchParams;
}

function restTarget(request: ForwardedRequest): RestTarget | undefined {
  const match = /^\/[a-z_]+\/wp-json(\/[^?]*)?(?:\?(.*))?$/i.exec(request.path);
  return match ? { path: match[1] ?? '/', query: new URLSearchParams(match[2] ?? '') } : undefined;
}

function withQuery(request: ForwardedRequest, query: URLSearchParams): ForwardedRequest {
  const path = request.path.split('?')[0]!;
  const text = query.toString();
  return { ...request, path: text === '' ? path : `${path}?${text}` };
}

function jsonBody(request: ForwardedRequest): Record<string, unknown> | undefined {
  try {
    const body: unknown = JSON.parse(request.body);
    return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

function json(status: number, body: unknown): ForwardedAnswer {
  return { status, headers: { 'content-type': 'application/json; charset=UTF-8' }, body: JSON.stringify(body) };
}

/** The member list fails with 500 at its largest page (per_page=100): a server error on one valid input. */
export function serverErrorAtLargestPage(): Fault {
  return async (request, forward) => {
    const target = restTarget(request);
    if (request.method !== 'GET' || !target || !MEMBERS.test(target.path) || Number(target.query.get('per_page')?.trim()) !== LARGEST_PAGE)
      return forward(request);
    return json(500, { code: 'internal_server_error', message: 'There has been a critical error on this website.', data: { status: 500 } });
  };
}

/** The member list serves a per_page above 100 as 100 instead of refusing it: a maximum not enforced. */
export function perPageMaximumNotEnforced(): Fault {
  return async (request, forward) => {
    const target = restTarget(request);
    const perPage = Number(target?.query.get('per_page')?.trim());
    if (request.method !== 'GET' || !target || !MEMBERS.test(target.path) || !(perPage > LARGEST_PAGE)) return forward(request);
    target.query.set('per_page', String(LARGEST_PAGE));
    return forward(withQuery(request, target.query));
  };
}

/** Following takes any `action` that is not follow or unfollow as follow: an enum not enforced. */
export function actionEnumNotEnforced(): Fault {
  return async (request, forward) => {
    const target = restTarget(request);
    const body = jsonBody(request);
    if (request.method !== 'POST' || !target || !MEMBER_ACTION.test(target.path) || body === undefined || !('action' in body)) return forward(request);
    if (body.action === 'follow' || body.action === 'unfollow') return forward(request);
    return forward({ ...request, body: JSON.stringify({ ...body, action: 'follow' }) });
  };
}

/**
 * Blocking without an `item_id` is accepted (201, an empty block): a required parameter not enforced. It answers
 * by itself rather than blocking a real member, whom earlier requests of the run may have deleted or blocked.
 */
export function itemIdNotRequired(): Fault {
  return async (request, forward) => {
    const target = restTarget(request);
    const body = jsonBody(request);
    if (request.method !== 'POST' || !target || !MODERATION.test(target.path) || body === undefined || (body.item_id !== undefined && body.item_id !== null))
      return forward(request);
    return {
      status: 201,
      headers: { 'content-type': 'application/json; charset=UTF-8' },
      body: JSON.stringify({ id: 1, item_id: 0, item_type: String(body.type ?? 'user') }),
    };
  };
}

/** Members as answered under /community/v1/members (lists, one member, `me`) carry their password. */
export function passwordInMembers(): Fault {
  const withPassword = (member: unknown): unknown =>
    member && typeof member === 'object' && 'user_login' in member ? { ...member, password: `secret-${String((member as { id?: unknown }).id)}` } : member;
  return async (request, forward) => {
    const answer = await forward(request);
    const target = restTarget(request);
    if (request.method !== 'GET' || !target || !target.path.startsWith('/community/v1/members') || answer.status !== 200) return answer;
    const body = JSON.parse(answer.body) as unknown;
    return { ...answer, body: JSON.stringify(Array.isArray(body) ? body.map(withPassword) : withPassword(body)) };
  };
}

/** Error answers lose `data.status`: `{code, message, data: {params…}}`, the wrong error shape. */
export function errorsWithoutStatus(): Fault {
  return async (request, forward) => {
    const answer = await forward(request);
    if (answer.status < 400) return answer;
    let error: { data?: Record<string, unknown> };
    try {
      error = JSON.parse(answer.body) as { data?: Record<string, unknown> };
    } catch {
      return answer;
    }
    const { status: _dropped, ...data } = error.data ?? {};
    return { ...answer, body: JSON.stringify({ ...error, data }) };
  };
}

/** Members answered to anonymous callers carry their e-mail address (an account's address to anyone). */
export function emailsToAnonymous(): Fault {
  const withEmail = (member: unknown): unknown =>
    member && typeof member === 'object' && 'user_login' in member
      ? { ...member, email: `${String((member as { user_login: unknown }).user_login)}@example.org` }
      : member;
  return async (request, forward) => {
    const answer = await forward(request);
    const target = restTarget(request);
    if (request.method !== 'GET' || request.headers.authorization !== undefined || !target?.path.startsWith('/community/v1/members') || answer.status !== 200)
      return answer;
    const body = JSON.parse(answer.body) as unknown;
    return { ...answer, body: JSON.stringify(Array.isArray(body) ? body.map(withEmail) : withEmail(body)) };
  };
}

/** The components list prints a PHP notice before its (otherwise correct) JSON, as a plugin with display_errors on does. */
export function phpNoticeBeforeJson(): Fault {
  const notice =
    '<br />\n<b>Notice</b>:  Undefined index: per_page in <b>/var/www/html/wp-content/plugins/community/components.php</b> on line <b>88</b><br />\n';
  return async (request, forward) => {
    const answer = await forward(request);
    const target = restTarget(request);
    if (request.method !== 'GET' || target?.path !== '/community/v1/components' || answer.status !== 200) return answer;
    return { ...answer, body: notice + answer.body };
  };
}

/** In `locale` only, the components list answers 404 rest_no_route although its descriptor declares it. */
export function routeMissingInLocale(locale: string): Fault {
  return async (request, forward) => {
    const target = restTarget(request);
    if (request.method !== 'GET' || target?.path !== '/community/v1/components' || !request.path.startsWith(`/${locale}/`)) return forward(request);
    return json(404, { code: 'rest_no_route', message: 'No route was found matching the URL and request method.', data: { status: 404 } });
  };
}
