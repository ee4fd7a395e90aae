/**
 * Test-only faults for the sequences phase: servers whose every life cycle is right but which break when things
 * happen in another order, through another locale or across families. Shared by the phase's tests and replay's.
 */
import { json, restPath } from '../../../testing/faults.js';
import type { Fault } from '../../../testing/faulty-server.js';

/** A list's X-WP-Total kept per locale and query, and forgotten only by writes through the same locale. */
export function totalStaleAcrossLocales(list: string): Fault {
  const cached = new Map<string, string>();
  return async (request, forward) => {
    const at = restPath(request);
    const answer = await forward(request);
    if (at === undefined || !at.path.startsWith(list)) return answer;
    if (request.method !== 'GET') {
      for (const key of [...cached.keys()]) if (key.startsWith(`${at.locale} `)) cached.delete(key);
      return answer;
    }
    if (at.path !== list || answer.status !== 200) return answer;
    const key = `${at.locale} ${at.query ?? ''}`;
    const total = cached.get(key) ?? answer.headers['x-wp-total'];
    if (total !== undefined) cached.set(key, total);
    return total === undefined ? answer : { ...answer, headers: { ...answer.headers, 'x-wp-total': total } };
  };
}

/** A signup's delete that only hides it: reads, lists and totals leave it out, but its activation still works. */
export function signupDeleteOnlyHides(): Fault {
  const hidden = new Set<string>();
  return async (request, forward) => {
    const at = restPath(request);
    const item = at === undefined ? null : /^\/community\/v1\/signup\/(\d+)$/.exec(at.path);
    if (item !== null && hidden.has(item[1]!)) return json(404, { code: 'bp_rest_invalid_id', message: 'Invalid signup id.', data: { status: 404 } });
    if (item !== null && request.method === 'DELETE') {
      const answer = await forward({ ...request, method: 'GET', body: '' });
      if (answer.status !== 200) return answer;
      hidden.add(item[1]!);
      return json(200, { deleted: true, previous: JSON.parse(answer.body) });
    }
    const answer = await forward(request);
    if (at?.path !== '/community/v1/signup' || request.method !== 'GET' || answer.status !== 200) return answer;
    const listed = JSON.parse(answer.body) as Array<{ id: number }>;
    const shown = listed.filter((signup) => !hidden.has(String(signup.id)));
    const included = new URLSearchParams(at.query ?? '').getAll('include[]');
    const total = Number(answer.headers['x-wp-total']) - included.filter((id) => hidden.has(id)).length;
    return { ...answer, headers: { ...answer.headers, 'x-wp-total': String(total) }, body: JSON.stringify(shown) };
  };
}

/** A member's block that outlives the member: its moderation item still reads, naming the deleted member. */
export function blockOutlivesMember(): Fault {
  const blocks = new Map<string, { member: string; body: string }>();
  const deleted = new Set<string>();
  return async (request, forward) => {
    const at = restPath(request);
    const answer = await forward(request);
    if (at === undefined) return answer;
    if (request.method === 'POST' && at.path === '/community/v1/moderation' && answer.status < 300) {
      const item = JSON.parse(answer.body) as { id: number; item_id: number };
      blocks.set(String(item.id), { member: String(item.item_id), body: answer.body });
    }
    const member = /^\/community\/v1\/members\/(\d+)$/.exec(at.path);
    if (member !== null && request.method === 'DELETE' && answer.status < 300) deleted.add(member[1]!);
    const read = /^\/community\/v1\/moderation\/(\d+)$/.exec(at.path);
    const block = read === null ? undefined : blocks.get(read[1]!);
    if (request.method === 'GET' && block !== undefined && deleted.has(block.member) && answer.status === 404)
      return { status: 200, headers: { 'content-type': 'application/json; charset=UTF-8' }, body: block.body };
    return answer;
  };
}
