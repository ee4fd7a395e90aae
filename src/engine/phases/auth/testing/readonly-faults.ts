/** Test-only: a members route that stores a field an update may not set (`readonly_field_write`). */
import { restPath } from '../../../testing/faults.js';
import type { Fault } from '../../../testing/faulty-server.js';

const MEMBER = /^\/community\/v1\/members\/(\d+|me)$/;

/**
 * Stores the `field` an update sends and answers it on every later read; with `hideFromOwner`, reads by anyone but
 * the administrator (`administrator()`, its header as the server started knows it) leave the field out, so only
 * `edit` context, as the administrator, shows it. Each call keeps its own store: a fresh server forgets the writes.
 */
export function storesField(field: string, administrator: () => string, hideFromOwner = false): Fault {
  const stored = new Map<string, unknown>();
  return async (request, forward) => {
    const answer = await forward(request);
    const where = restPath(request);
    if (where === undefined || !MEMBER.test(where.path) || answer.status !== 200) return answer;
    const body = JSON.parse(answer.body) as Record<string, unknown>;
    const id = String(body.id);
    if (['POST', 'PUT', 'PATCH'].includes(request.method)) {
      const sent = (JSON.parse(request.body === '' ? '{}' : request.body) as Record<string, unknown>)[field];
      if (sent !== undefined) stored.set(id, sent);
    }
    if (hideFromOwner && request.headers.authorization !== administrator()) {
      const { [field]: _hidden, ...shown } = body;
      return { ...answer, body: JSON.stringify(shown) };
    }
    if (!stored.has(id) || body[field] === undefined) return answer;
    return { ...answer, body: JSON.stringify({ ...body, [field]: stored.get(id) }) };
  };
}
