/**
 * Test-only: another writer on the same server, as a fault of `startFaultyServer`. Before each list read of the
 * families it writes to (sent with credentials, which it borrows), it makes one resource of that family, and at every
 * second read it deletes one it made: the lists' totals and items change between any two reads of a run, as they do
 * on a staging server that a CI matrix of parallel shards, or other users, write to.
 */
import type { Fault, ForwardedRequest } from '../../../testing/faulty-server.js';

/** What the writer makes, per collection path inside the REST root. */
const BODIES: Record<string, (n: number) => Record<string, unknown>> = {
  '/community/v1/members': (n) => ({ user_login: `otherwriter${n}`, email: `otherwriter${n}@example.org`, password: `pw-Other-${n}`, name: `Other ${n}` }),
  '/community/v1/signup': (n) => ({ signup_email: `othersignup${n}@example.org`, signup_password: `pw-Other-${n}` }),
  '/community/v1/profile/groups': (n) => ({ name: `Other writer group ${n}` }),
};

const LIST = /^(\/[a-z_]+\/wp-json)(\/community\/v1\/(?:members|signup|profile\/groups))(?:\?.*)?$/i;

export interface AnotherWriter {
  fault: Fault;
  /** The writes that succeeded, per collection path: what the run's reads had to tell apart from its own doing. */
  done: Map<string, number>;
}

export function anotherWriter(): AnotherWriter {
  const done = new Map<string, number>();
  const made = new Map<string, string[]>();
  let count = 0;
  const fault: Fault = async (request, forward) => {
    const match = LIST.exec(request.path);
    if (request.method !== 'GET' || match === null || request.headers.authorization === undefined) return forward(request);
    const [, root, collection] = match as unknown as [string, string, string];
    count += 1;
    const headers = { authorization: request.headers.authorization, 'content-type': 'application/json', accept: 'application/json' };
    const write = (method: string, path: string, body: unknown): ForwardedRequest => ({ method, path: `${root}${path}`, headers, body: JSON.stringify(body) });
    const created = await forward(write('POST', collection, BODIES[collection]!(count)));
    if (created.status < 300) {
      done.set(collection, (done.get(collection) ?? 0) + 1);
      const id = (JSON.parse(created.body) as { id?: unknown }).id;
      if (id !== undefined) made.set(collection, [...(made.get(collection) ?? []), String(id)]);
    }
    const mine = made.get(collection) ?? [];
    if (count % 2 === 0 && mine.length > 1) {
      const deleted = await forward(write('DELETE', `${collection}/${mine.shift()!}`, { force: true }));
      if (deleted.status < 300) done.set(collection, (done.get(collection) ?? 0) + 1);
    }
    return forward(request);
  };
  return { fault, done };
}
