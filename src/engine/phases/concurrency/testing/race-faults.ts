/**
 * Test-only faults for the concurrency phase: servers that check, then wait, then write, as a server of parallel
 * workers without a database constraint does. Each waits between its check and its write, so requests sent
 * together all pass the check; sent one at a time, they behave.
 */
import type { Fault, ForwardedAnswer, ForwardedRequest } from '../../../testing/faulty-server.js';

const REST = /^\/([a-z_]+)\/wp-json(\/[^?]*)(\?.*)?$/i;
/** The requests of one race (the `race-width` setting's default). */
const RACE_WIDTH = 8;
/** How long a request waits for another of its race to come before it goes on. */
const QUIET_MS = 60;

/**
 * The wait between a check and its write: requests to one key wait until a whole race has come, or until none has
 * come for a while. A fixed wait let a race's first requests finish before its last came on a loaded machine, where
 * requests sent together reach the server spread out, and the fault was then not met.
 */
function rendezvous(): (key: string) => Promise<void> {
  const groups = new Map<string, { waiting: Array<() => void>; timer?: NodeJS.Timeout }>();
  return (key) =>
    new Promise((resolve) => {
      let group = groups.get(key);
      if (group === undefined) {
        group = { waiting: [] };
        groups.set(key, group);
      }
      const current = group;
      current.waiting.push(resolve);
      const release = (): void => {
        clearTimeout(current.timer);
        if (groups.get(key) === current) groups.delete(key);
        current.waiting.splice(0).forEach((go) => go());
      };
      clearTimeout(current.timer);
      if (current.waiting.length >= RACE_WIDTH) release();
      else current.timer = setTimeout(release, QUIET_MS);
    });
}

function pathOf(request: ForwardedRequest): string | undefined {
  return REST.exec(request.path)?.[2];
}

function bodyOf(request: ForwardedRequest): Record<string, unknown> {
  try {
    const parsed = JSON.parse(request.body) as unknown;
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function read(request: ForwardedRequest, forward: (request: ForwardedRequest) => Promise<ForwardedAnswer>, query = ''): Promise<ForwardedAnswer> {
  const path = request.path.split('?')[0]!;
  return forward({ ...request, method: 'GET', path: `${path}${query}`, body: '', headers: { ...request.headers, 'content-length': '0' } });
}

/**
 * Member creates that look up the e-mail address, wait, then insert: a create that lost the race at the reference
 * server (its own check is atomic) is made all the same, under other values, and answered 201, as a store without a
 * unique index makes a second account on one address.
 */
export function racyMemberCreate(): Fault {
  const taken = new Set<string>();
  let extra = 0;
  const gather = rendezvous();
  return async (request, forward) => {
    if (request.method !== 'POST' || pathOf(request) !== '/community/v1/members') return forward(request);
    const body = bodyOf(request);
    const email = String(body.email);
    const free = !taken.has(email);
    await gather(pathOf(request) ?? request.path);
    taken.add(email);
    const answer = await forward(request);
    if (!free || answer.status < 400) return answer;
    extra += 1;
    const again = { ...body, user_login: `${String(body.user_login)}x${extra}`, email: `x${extra}${email}` };
    const text = JSON.stringify(again);
    return forward({ ...request, body: text, headers: { ...request.headers, 'content-length': String(Buffer.byteLength(text)) } });
  };
}

/** Profile group updates that read the group, wait, then write it whole: the fields another update wrote meanwhile are lost. */
export function wholeRecordGroupUpdate(): Fault {
  const gather = rendezvous();
  return async (request, forward) => {
    if (!['POST', 'PUT', 'PATCH'].includes(request.method) || !/^\/community\/v1\/profile\/groups\/\d+$/.test(pathOf(request) ?? '')) return forward(request);
    const before = await read(request, forward, '?context=edit');
    await gather(pathOf(request) ?? request.path);
    const record = JSON.parse(before.body) as Record<string, unknown>;
    const whole: Record<string, unknown> = {};
    for (const [field, value] of Object.entries(record)) {
      if (field === 'id' || field.startsWith('_')) continue;
      const raw = typeof value === 'object' && value !== null && 'raw' in value ? (value as { raw: unknown }).raw : value;
      if (typeof raw === 'string') whole[field] = raw;
    }
    const text = JSON.stringify({ ...whole, ...bodyOf(request) });
    return forward({ ...request, body: text, headers: { ...request.headers, 'content-length': String(Buffer.byteLength(text)) } });
  };
}

/** Profile group deletes that read the group, wait, then delete it: one that finds it gone by then answers 500. */
export function deleteFailsWhenGone(): Fault {
  const gather = rendezvous();
  return async (request, forward) => {
    if (request.method !== 'DELETE' || !/^\/community\/v1\/profile\/groups\/\d+$/.test(pathOf(request) ?? '')) return forward(request);
    const before = await read(request, forward);
    await gather(pathOf(request) ?? request.path);
    const answer = await forward(request);
    if (before.status !== 200 || answer.status !== 404) return answer;
    return {
      status: 500,
      headers: { 'content-type': 'application/json; charset=UTF-8' },
      body: JSON.stringify({ code: 'db_delete_error', message: 'Could not delete the group.', data: { status: 500 } }),
    };
  };
}

/**
 * A member's data for a profile field written as a row of its own when a read found none: writes sent together
 * each find none and each add a row, and a read then shows every row's value.
 */
export function fieldDataStoredTwice(): Fault {
  const rows = new Map<string, unknown[]>();
  const gather = rendezvous();
  return async (request, forward) => {
    const path = pathOf(request) ?? '';
    if (!/^\/community\/v1\/profile\/\d+\/data\/\d+$/.test(path)) return forward(request);
    if (request.method === 'GET') {
      const answer = await forward(request);
      const stored = rows.get(path);
      if (answer.status !== 200 || stored === undefined || stored.length < 2) return answer;
      return { ...answer, body: JSON.stringify({ ...(JSON.parse(answer.body) as object), value: stored.flat() }) };
    }
    if (request.method === 'DELETE') {
      rows.delete(path);
      return forward(request);
    }
    const before = await read(request, forward);
    await gather(path);
    const empty = before.status === 404 || /"value":(null|""|\[\])/.test(before.body);
    if (empty) rows.set(path, [...(rows.get(path) ?? []), bodyOf(request).value]);
    return forward(request);
  };
}
