/** Test-only faults for `startFaultyServer`, one per rule a phase check guards. */
import type { Fault, ForwardedAnswer, ForwardedRequest } from './faulty-server.js';

const REST_PREFIX = /^\/([a-z_]+)\/wp-json(\/[^?]*)?(\?.*)?$/i;

/** The locale and the path inside the REST root of a request. */
export function restPath(request: ForwardedRequest): { locale: string; path: string; query: string | undefined } | undefined {
  const match = REST_PREFIX.exec(request.path);
  return match ? { locale: match[1]!, path: match[2] ?? '/', query: match[3] } : undefined;
}

export function json(status: number, body: unknown): ForwardedAnswer {
  return { status, headers: { 'content-type': 'application/json; charset=UTF-8' }, body: JSON.stringify(body) };
}

/** Rewrites the answers to requests `method path` (path inside the REST root, any locale unless given) matches. */
export function rewriteAnswers(method: string, path: RegExp, rewrite: (answer: ForwardedAnswer) => ForwardedAnswer, locale?: string): Fault {
  return async (request, forward) => {
    const answer = await forward(request);
    const where = restPath(request);
    const matches = request.method === method && where !== undefined && path.test(where.path) && (locale === undefined || where.locale === locale);
    return matches ? rewrite(answer) : answer;
  };
}

/** Answers `method path` requests (that `when` accepts) itself with `answer`, without passing them on. */
export function answerInstead(method: string, path: RegExp, answer: ForwardedAnswer, when: (request: ForwardedRequest) => boolean = () => true): Fault {
  return async (request, forward) => {
    const where = restPath(request);
    return request.method === method && where !== undefined && path.test(where.path) && when(request) ? answer : forward(request);
  };
}

/** `method path` writes answered with what a read of the same path answers: accepted, never applied. */
export function writesIgnored(method: string, path: RegExp): Fault {
  return async (request, forward) => {
    const where = restPath(request);
    if (request.method !== method || where === undefined || !path.test(where.path)) return forward(request);
    return forward({ ...request, method: 'GET', body: '' });
  };
}

/** A 200 with a JSON body. */
export function ok(body: unknown): ForwardedAnswer {
  return json(200, body);
}

/** Rewrites the root descriptor of `locales` (all when undefined) with `edit`. */
export function editDescriptor(
  edit: (root: { routes: Record<string, { endpoints: Array<{ args: Record<string, Record<string, unknown>> }> }> }) => void,
  locales?: readonly string[],
): Fault {
  return async (request, forward) => {
    const answer = await forward(request);
    const where = restPath(request);
    if (
      request.method !== 'GET' ||
      answer.status !== 200 ||
      where === undefined ||
      where.path !== '/' ||
      (locales !== undefined && !locales.includes(where.locale))
    )
      return answer;
    const root = JSON.parse(answer.body);
    edit(root);
    return { ...answer, body: JSON.stringify(root) };
  };
}

/** A descriptor missing route `key`. */
export function dropRoute(key: string): Fault {
  return editDescriptor((root) => {
    delete root.routes[key];
  });
}

/** In `locale`'s descriptor, another default for one parameter. */
export function changeDefault(locale: string, key: string, endpoint: number, param: string, value: unknown): Fault {
  return editDescriptor(
    (root) => {
      root.routes[key]!.endpoints[endpoint]!.args[param]!.default = value;
    },
    [locale],
  );
}

/** A member delete that answers 200 `{deleted: true}` but keeps the member. */
export function deleteKeepsMember(): Fault {
  return async (request, forward) => {
    const where = restPath(request);
    if (request.method !== 'DELETE' || where === undefined || !/^\/community\/v1\/members\/\d+$/.test(where.path)) return forward(request);
    const current = await forward({ ...request, method: 'GET', body: '' });
    if (current.status !== 200) return current;
    return json(200, { deleted: true, previous: JSON.parse(current.body) });
  };
}

function isBatch(request: ForwardedRequest): boolean {
  return request.method === 'POST' && restPath(request)?.path === '/batch/v1';
}

/** A batch route without a size limit: larger batches are run 25 items at a time and answered as one. */
export function batchWithoutSizeLimit(): Fault {
  return async (request, forward) => {
    if (!isBatch(request)) return forward(request);
    const body = JSON.parse(request.body) as { requests: unknown[]; validation?: string };
    if (!Array.isArray(body.requests) || body.requests.length <= 25) return forward(request);
    const responses: unknown[] = [];
    for (let start = 0; start < body.requests.length; start += 25) {
      const part = await forward({ ...request, body: JSON.stringify({ ...body, requests: body.requests.slice(start, start + 25) }) });
      responses.push(...(JSON.parse(part.body) as { responses: unknown[] }).responses);
    }
    return json(207, { responses });
  };
}

/** Batch item answers in reverse order. */
export function batchAnswersReversed(): Fault {
  return async (request, forward) => {
    const answer = await forward(request);
    if (!isBatch(request) || answer.status !== 207) return answer;
    const body = JSON.parse(answer.body) as { responses?: unknown[] };
    return { ...answer, body: JSON.stringify({ ...body, responses: [...(body.responses ?? [])].reverse() }) };
  };
}

/** `require-all-validate` treated as `normal`: the valid items run although one is invalid. */
export function requireAllValidateRunsValidItems(): Fault {
  return async (request, forward) => {
    if (!isBatch(request)) return forward(request);
    const body = JSON.parse(request.body) as Record<string, unknown>;
    if (body.validation !== 'require-all-validate') return forward(request);
    return forward({ ...request, body: JSON.stringify({ ...body, validation: 'normal' }) });
  };
}

/** Writes under `pathPattern` without credentials run as `authorization` (a route that forgets to ask). */
export function anonymousWritesAllowed(pathPattern: RegExp, authorization: string): Fault {
  return async (request, forward) => {
    const where = restPath(request);
    if (request.method === 'GET' || request.headers.authorization !== undefined || where === undefined || !pathPattern.test(where.path))
      return forward(request);
    return forward({ ...request, headers: { ...request.headers, authorization } });
  };
}

/** Requests under `pathPattern` sent with `from` (an account's Authorization) go on as `to`'s: a member acting as an administrator. */
export function actsAs(pathPattern: RegExp, from: string, to: string): Fault {
  return async (request, forward) => {
    const where = restPath(request);
    if (request.headers.authorization !== from || where === undefined || !pathPattern.test(where.path)) return forward(request);
    return forward({ ...request, headers: { ...request.headers, authorization: to } });
  };
}

/** Wrong credentials treated as none: the request goes on anonymously instead of a 401 before routing. */
export function badCredentialsTreatedAsAnonymous(): Fault {
  return async (request, forward) => {
    const answer = await forward(request);
    if (answer.status !== 401 || request.headers.authorization === undefined) return answer;
    const code = (JSON.parse(answer.body) as { code?: string }).code;
    if (code !== 'incorrect_password' && code !== 'invalid_username') return answer;
    const { authorization: _dropped, ...headers } = request.headers;
    return forward({ ...request, headers });
  };
}

/** Anonymous requests under `pathPattern` are refused with 401 before their input is validated. */
export function permissionBeforeValidation(pathPattern: RegExp): Fault {
  return async (request, forward) => {
    const where = restPath(request);
    if (request.headers.authorization !== undefined || where === undefined || !pathPattern.test(where.path)) return forward(request);
    return json(401, { code: 'rest_forbidden', message: 'Sorry, you are not allowed to do that.', data: { status: 401 } });
  };
}

/**
 * Under `pathPattern`, anonymous requests are refused with 401 and the run's own accepted whatever they carry: an
 * argument with a sanitize_callback of its own and no validate_callback, which WordPress never validates, so the
 * permission check is the first to refuse (BuddyPress's member types).
 */
export function sanitizedNotValidated(pathPattern: RegExp): Fault {
  return async (request, forward) => {
    const where = restPath(request);
    if (where === undefined || !pathPattern.test(where.path)) return forward(request);
    if (request.headers.authorization === undefined)
      return json(401, { code: 'rest_forbidden', message: 'Sorry, you are not allowed to do that.', data: { status: 401 } });
    return json(200, []);
  };
}

/**
 * Under `pathPattern`, anonymous requests are refused with 401, and the run's own get WordPress's validation 400
 * naming `other` only, whatever else they carry: WordPress 6.1's post update with an `excerpt` it never validates
 * (validate_callback null, as `title` and `content`) beside a `template` that check_template refuses.
 */
export function anotherArgumentRefused(pathPattern: RegExp, other: string): Fault {
  return async (request, forward) => {
    const where = restPath(request);
    if (where === undefined || !pathPattern.test(where.path)) return forward(request);
    if (request.headers.authorization === undefined)
      return json(401, { code: 'rest_forbidden', message: 'Sorry, you are not allowed to do that.', data: { status: 401 } });
    return json(400, {
      code: 'rest_invalid_param',
      message: `Invalid parameter(s): ${other}`,
      data: { status: 400, params: { [other]: `${other} is invalid.` } },
    });
  };
}

/**
 * `method path` refuses a JSON body without `name`, an argument the descriptor does not declare, with 400
 * rest_missing_callback_param naming it, as a plugin's required profile field does; with it, the request passes
 * on (without it: the reference server does not know the argument).
 */
export function requiresUndeclared(method: string, path: RegExp, name: string): Fault {
  return async (request, forward) => {
    const where = restPath(request);
    if (request.method !== method || where === undefined || !path.test(where.path)) return forward(request);
    const body = request.body === '' ? {} : (JSON.parse(request.body) as Record<string, unknown>);
    if (!(name in body))
      return json(400, { code: 'rest_missing_callback_param', message: `Missing parameter(s): ${name}`, data: { status: 400, params: [name] } });
    const { [name]: _given, ...rest } = body;
    return forward({ ...request, body: JSON.stringify(rest) });
  };
}

/** A request's query, and the request with another query. */
function splitQuery(request: ForwardedRequest): { path: string; query: URLSearchParams } {
  const [path, query] = request.path.split('?', 2) as [string, string | undefined];
  return { path, query: new URLSearchParams(query ?? '') };
}

function withQuery(request: ForwardedRequest, path: string, query: URLSearchParams): ForwardedRequest {
  const text = query.toString();
  return { ...request, path: text === '' ? path : `${path}?${text}` };
}

/** GET lists under `path` ignore the query argument `name` (a lost filter): it is dropped before the server sees it. */
export function queryArgumentIgnored(path: RegExp, name: string): Fault {
  return async (request, forward) => {
    const where = restPath(request);
    if (request.method !== 'GET' || where === undefined || !path.test(where.path)) return forward(request);
    const parts = splitQuery(request);
    for (const key of [...parts.query.keys()]) if (key === name || key.startsWith(`${name}[`)) parts.query.delete(key);
    return forward(withQuery(request, parts.path, parts.query));
  };
}

/** GET lists under `path` take `value` for the query argument `name` when it is absent (another default). */
export function queryArgumentDefault(path: RegExp, name: string, value: string): Fault {
  return async (request, forward) => {
    const where = restPath(request);
    if (request.method !== 'GET' || where === undefined || !path.test(where.path)) return forward(request);
    const parts = splitQuery(request);
    if (parts.query.has(name)) return forward(request);
    parts.query.set(name, value);
    return forward(withQuery(request, parts.path, parts.query));
  };
}

/** Empty list answers under `path` come without X-WP-Total and X-WP-TotalPages. */
export function noTotalsOnEmptyLists(path: RegExp): Fault {
  return rewriteAnswers('GET', path, (answer) => {
    if (answer.status !== 200 || answer.body.trim() !== '[]') return answer;
    const headers = Object.fromEntries(Object.entries(answer.headers).filter(([name]) => !/^x-wp-total(pages)?$/i.test(name)));
    return { ...answer, headers };
  });
}

/** A page past the last under `path` answers the last page again instead of nothing. */
export function pastLastPageRepeatsLast(path: RegExp): Fault {
  return async (request, forward) => {
    const answer = await forward(request);
    const where = restPath(request);
    if (request.method !== 'GET' || where === undefined || !path.test(where.path) || answer.status !== 200 || answer.body.trim() !== '[]') return answer;
    const parts = splitQuery(request);
    const pages = Number(Object.entries(answer.headers).find(([name]) => name.toLowerCase() === 'x-wp-totalpages')?.[1]);
    if (!parts.query.has('page') || !(pages > 0)) return answer;
    parts.query.set('page', String(pages));
    return forward(withQuery(request, parts.path, parts.query));
  };
}

/** `method path` writes whose body loses `field` before it reaches the store: answered, that one field never kept. */
export function writtenFieldLost(method: string, path: RegExp, field: string): Fault {
  return async (request, forward) => {
    const where = restPath(request);
    if (request.method !== method || where === undefined || !path.test(where.path) || request.body === '') return forward(request);
    const body = JSON.parse(request.body) as Record<string, unknown>;
    delete body[field];
    return forward({ ...request, body: JSON.stringify(body) });
  };
}

/** Lists under `path` answer the first X-WP-Total they sent for each query, whatever changed since. */
export function listTotalCached(path: RegExp): Fault {
  const seen = new Map<string, string>();
  return async (request, forward) => {
    const answer = await forward(request);
    const where = restPath(request);
    const total = answer.headers['x-wp-total'];
    if (request.method !== 'GET' || where === undefined || !path.test(where.path) || total === undefined) return answer;
    const key = `${where.path}${where.query ?? ''}`;
    if (!seen.has(key)) seen.set(key, total);
    return { ...answer, headers: { ...answer.headers, 'x-wp-total': seen.get(key)! } };
  };
}

/** A 500 with `"data": null`, as a plugin passes on an error without a status. */
export function serverError(code: string): ForwardedAnswer {
  return json(500, { code, message: 'An error occurred.', data: null });
}

/**
 * `method path` takes a JSON body without `name` as if it had `value` for it: a required argument left out is
 * accepted. The reference server then holds what it made, so the same values sent again are refused as a duplicate.
 */
export function acceptsMissing(method: string, path: RegExp, name: string, value: unknown): Fault {
  return async (request, forward) => {
    const where = restPath(request);
    if (request.method !== method || where === undefined || !path.test(where.path)) return forward(request);
    const body = request.body === '' ? {} : (JSON.parse(request.body) as Record<string, unknown>);
    return name in body ? forward(request) : forward({ ...request, body: JSON.stringify({ ...body, [name]: value }) });
  };
}
