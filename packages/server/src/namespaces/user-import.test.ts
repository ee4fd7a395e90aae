import { describe, expect, it } from 'vitest';
import { bodyOf, callRoute, seededTestStore } from './plugins/testing/route-call.js';
import { module } from './user-import.js';

const EXECUTE_CRON = '/user-import/v1/execute-cron';

describe('user-import module', () => {
  it('needs an administrator: anonymous 401, member 403', async () => {
    const store = seededTestStore([module]);
    expect((await callRoute(module, store, { method: 'GET', route: EXECUTE_CRON, as: null })).status).toBe(401);
    expect((await callRoute(module, store, { method: 'GET', route: EXECUTE_CRON, as: 'member' })).status).toBe(403);
  });

  it('runs one pending job per call until the queue is empty', async () => {
    const store = seededTestStore([module]);
    const run = async () => bodyOf(await callRoute(module, store, { method: 'GET', route: EXECUTE_CRON }));
    const first = await run();
    expect(first).toMatchObject({ success: true, executed: 1, remaining: 2, job: { id: 1, file: 'members-1.csv' } });
    expect(first.job.skipped).toContain('admin');
    expect(first.job.imported.length).toBeGreaterThanOrEqual(3);
    expect(await run()).toMatchObject({ executed: 1, remaining: 1, job: { id: 2 } });
    expect(await run()).toMatchObject({ executed: 1, remaining: 0, job: { id: 3 } });
    expect(await run()).toEqual({ success: true, executed: 0, remaining: 0, job: null });
  });
});
