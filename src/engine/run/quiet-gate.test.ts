import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Phase } from '../phases/phase.js';
import { restPath } from '../phases/testing/faults.js';
import { startFaultyServer, type Fault, type FaultyServer } from '../phases/testing/faulty-server.js';
import { runPhase } from '../phases/testing/phase-run.js';

const MEMBERS = '/community/v1/members';
const COMPONENTS = '/community/v1/components';

/** A request sent `alone` reaches the server with none of the run's other requests in flight, and holds new ones back. */
describe('a request sent alone', () => {
  let server: FaultyServer;
  /** For each request to the components list, how many other requests the server was answering when it came. */
  const othersWhenComponentsCame: number[] = [];
  let inFlight = 0;

  beforeAll(async () => {
    // Every request but the components list takes a while, so the run has requests in flight when it asks for it.
    const slowOthers: Fault = async (request, forward) => {
      if (restPath(request)?.path === COMPONENTS) {
        othersWhenComponentsCame.push(inFlight);
        return forward(request);
      }
      inFlight += 1;
      try {
        await new Promise((resolve) => setTimeout(resolve, 200));
        return await forward(request);
      } finally {
        inFlight -= 1;
      }
    };
    server = await startFaultyServer({ seed: 2, faults: [slowOthers] });
  });
  afterAll(async () => {
    await server.close();
  });

  it('waits for the requests in flight and holds back the ones sent after it', async () => {
    const order: string[] = [];
    const phase: Phase = {
      name: 'alone-probe',
      description: 'test',
      checks: [],
      budgetShare: 0,
      workload: () => 0,
      skipReason: () => undefined,
      async run(ctx) {
        const op = (route: string) => ctx.operations.find((candidate) => candidate.method === 'GET' && candidate.route === route)!;
        const read = async (route: string, name: string, alone = false) => {
          await ctx.run.execute(op(route), { operationId: op(route).id, kind: 'valid', path: {}, query: {}, body: undefined }, 'alone-probe', {
            judgeCase: true,
            alone,
          });
          order.push(name);
        };
        const before = [read(MEMBERS, 'before 1'), read(MEMBERS, 'before 2')];
        await new Promise((resolve) => setTimeout(resolve, 20));
        const alone = read(COMPONENTS, 'alone', true);
        await new Promise((resolve) => setTimeout(resolve, 20));
        const after = read(MEMBERS, 'after');
        await Promise.all([...before, alone, after]);
      },
    };
    const result = await runPhase(phase, { url: server.url, locales: ['en_gb'], credentials: server.credentials.admin, only: /^GET /, concurrency: 4 });
    expect(result.skipped).toBeUndefined();
    expect(othersWhenComponentsCame).toEqual([0]);
    expect(order.indexOf('alone')).toBeLessThan(order.indexOf('after'));
  });
});
