import { describe, expect, it } from 'vitest';
import { fakeOperation } from '../../checks/testing/exchange-builders.js';
import type { Operation } from '../../descriptor/types.js';
import type { Exchange } from '../../http/types.js';
import type { HttpRequest } from '../../request/types.js';
import type { RunEvent } from '../events.js';
import type { OwnedResource } from '../owned-resources.js';
import { cleanUp, isGone, type CleanUpRun } from './clean-up.js';

/** An item route of posts, built from its `id`. */
function item(method: 'DELETE' | 'POST'): Operation {
  const op = fakeOperation(method, '/wp/v2/posts/(?<id>[\\d]+)');
  return { ...op, pattern: { ...op.pattern, build: (values) => `/wp/v2/posts/${values.id}` } };
}
const DELETE = item('DELETE');
const UPDATE = item('POST');

function resource(id: string, remove = true): OwnedResource {
  return {
    locale: 'en_gb',
    family: { name: remove ? 'post' : 'setting', item: '/wp/v2/posts/(?<id>[\\d]+)' },
    id,
    path: { id },
    maker: { user: 'author1', password: 'not-a-secret' },
  } as unknown as OwnedResource;
}

/** How the report lists a resource left on the target. */
function left(id: string, kind: string, reason: string) {
  return { kind, locale: 'en_gb', restUrl: 'http://127.0.0.1/wp-json', route: '/wp/v2/posts/(?<id>[\\d]+)', path: { id }, id, maker: 'author1', reason };
}

/** A run that owns `resources` and answers each request with the next of `statuses`. */
function runOwning(resources: OwnedResource[], statuses: Array<number | 'aborted'>, unlock = false): { run: CleanUpRun; sent: string[] } {
  const sent: string[] = [];
  const run: CleanUpRun = {
    credentials: { user: 'admin', password: 'x' },
    owned: {
      remaining: () => resources,
      deleteOf: (r) => (r.family.name === 'post' ? { op: DELETE, body: { force: true } } : undefined),
      unlockOf: () => (unlock ? { op: UPDATE, body: { status: 'publish' } } : undefined),
    },
    restUrl: () => 'http://127.0.0.1/wp-json',
    send: async (request: HttpRequest, op: Operation): Promise<Exchange> => {
      sent.push(`${op.method} ${request.url}`);
      const status = statuses.shift();
      if (status === 'aborted') return { request, durationMs: 1, error: { code: 'aborted', message: 'second Ctrl-C: clean-up skipped' } };
      return { request, durationMs: 1, ...(status === undefined ? {} : { response: { status, headers: {}, bodyText: '', truncated: false } }) };
    },
  };
  return { run, sent };
}

describe('clean-up', () => {
  it('counts a thing gone when its delete succeeded or it was not there (404, 410)', () => {
    expect([200, 204, 299, 404, 410].map(isGone)).toEqual([true, true, true, true, true]);
    expect([undefined, 301, 400, 401, 403, 500].map(isGone)).toEqual([false, false, false, false, false, false]);
  });

  it('deletes what the run made, unlocks what will not go, and lists what is left', async () => {
    const events: RunEvent[] = [];
    const { run, sent } = runOwning([resource('1'), resource('2'), resource('3', false)], [200, 403, 200, 410], true);
    await cleanUp(run, { keepCreated: false, emit: (event) => events.push(event) });
    expect(sent).toEqual([
      'DELETE http://127.0.0.1/wp-json/wp/v2/posts/1',
      'DELETE http://127.0.0.1/wp-json/wp/v2/posts/2',
      'POST http://127.0.0.1/wp-json/wp/v2/posts/2',
      'DELETE http://127.0.0.1/wp-json/wp/v2/posts/2',
    ]);
    expect(events).toEqual([
      { type: 'cleanup', removed: 2, kept: 0, leftovers: ['setting 3: no delete route'], resources: [left('3', 'setting', 'no delete route')] },
    ]);
  });

  it('keeps everything with --no-cleanup, and says how much', async () => {
    const events: RunEvent[] = [];
    const { run, sent } = runOwning([resource('1'), resource('2')], []);
    await cleanUp(run, { keepCreated: true, emit: (event) => events.push(event) });
    expect(sent).toEqual([]);
    expect(events).toEqual([
      { type: 'cleanup', removed: 0, kept: 2, leftovers: [], resources: [left('1', 'post', 'kept (--no-cleanup)'), left('2', 'post', 'kept (--no-cleanup)')] },
    ]);
  });

  it('stops at a delete the sender aborted (a second Ctrl-C), and lists it and the rest as left, saying why', async () => {
    const events: RunEvent[] = [];
    const { run, sent } = runOwning([resource('1'), resource('2'), resource('3')], [200, 'aborted', 200]);
    await cleanUp(run, { keepCreated: false, emit: (event) => events.push(event) });
    expect(sent).toEqual(['DELETE http://127.0.0.1/wp-json/wp/v2/posts/1', 'DELETE http://127.0.0.1/wp-json/wp/v2/posts/2']);
    expect(events).toEqual([
      {
        type: 'cleanup',
        removed: 1,
        kept: 0,
        leftovers: ['post 2: not removed (second Ctrl-C: clean-up skipped)', 'post 3: not tried (second Ctrl-C: clean-up skipped)'],
        resources: [left('2', 'post', 'not removed (second Ctrl-C: clean-up skipped)'), left('3', 'post', 'not tried (second Ctrl-C: clean-up skipped)')],
        cutShort: 'second Ctrl-C: clean-up skipped',
      },
    ]);
  });
});
