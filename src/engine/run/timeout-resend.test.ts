/**
 * A read that timed out among the run's own requests is sent again alone, in every phase, before a timeout is held
 * against the server: on a server with few workers (php -S serves WordPress with two) the run's requests queue in
 * front of it. A write that timed out is not sent again: it may have been carried out.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RequestCase } from '../../generate/types.js';
import type { Phase } from '../phases/phase.js';
import { restPath } from '../phases/testing/faults.js';
import { startFaultyServer, type Fault, type FaultyServer } from '../phases/testing/faulty-server.js';
import { findingLines, runPhase } from '../phases/testing/phase-run.js';

const MEMBERS = '/community/v1/members';
const COMPONENTS = '/community/v1/components';
/** Longer than the run's timeout below, with undici's half-second timer tick. */
const STUCK_MS = 5_000;
const TIMEOUT_MS = 2_000;

describe('a request that timed out', () => {
  let server: FaultyServer;
  let inFlight = 0;
  const arrivals = { componentsRead: 0, componentsReadAlone: 0, memberCreates: 0 };

  beforeAll(async () => {
    // The components list is stuck while the server answers anything else, as a route waiting for a free worker is;
    // asked alone, it answers at once. A member create is always stuck. Member reads take a while.
    const queued: Fault = async (request, forward) => {
      const path = restPath(request)?.path;
      if (path === COMPONENTS && request.method === 'GET') {
        arrivals.componentsRead += 1;
        if (inFlight === 0) {
          arrivals.componentsReadAlone += 1;
          return forward(request);
        }
        await new Promise((resolve) => setTimeout(resolve, STUCK_MS));
        return forward(request);
      }
      if (path === MEMBERS && request.method === 'POST') {
        arrivals.memberCreates += 1;
        await new Promise((resolve) => setTimeout(resolve, STUCK_MS));
        return { status: 503, headers: {}, body: '' };
      }
      if (path !== MEMBERS) return forward(request);
      inFlight += 1;
      try {
        await new Promise((resolve) => setTimeout(resolve, 300));
        return await forward(request);
      } finally {
        inFlight -= 1;
      }
    };
    server = await startFaultyServer({ seed: 2, faults: [queued] });
  });
  afterAll(async () => {
    await server.close();
  });

  it('is sent again alone when it is a read, and judged on that answer; a write is judged as it timed out', async () => {
    const phase: Phase = {
      name: 'examples',
      description: 'test',
      checks: [],
      budgetShare: 0,
      workload: () => 0,
      skipReason: () => undefined,
      async run(ctx) {
        const op = (method: string, route: string) => ctx.operations.find((candidate) => candidate.method === method && candidate.route === route)!;
        const send = (method: string, route: string, body?: Record<string, unknown>) => {
          const requestCase: RequestCase = { operationId: op(method, route).id, kind: 'valid', path: {}, query: {}, body };
          return ctx.run.execute(op(method, route), requestCase, 'examples');
        };
        const others = [send('GET', MEMBERS), send('GET', MEMBERS)];
        await new Promise((resolve) => setTimeout(resolve, 50));
        const stuck = [send('GET', COMPONENTS), send('POST', MEMBERS, { user_login: 'stuck', email: 'stuck@example.org', password: 'pw-stuck-1' })];
        const [read, write] = await Promise.all(stuck);
        await Promise.all(others);
        expect(read!.exchange.error?.code ?? read!.exchange.response?.status).toBe(200);
        expect(write!.exchange.error?.code).toBe('timeout');
      },
    };
    const result = await runPhase(phase, {
      url: server.url,
      locales: ['en_gb'],
      credentials: server.credentials.admin,
      only: /^(GET|POST) \/community\/v1\/(members|components)$/,
      concurrency: 4,
      timeoutMs: TIMEOUT_MS,
    });
    expect(arrivals).toEqual({ componentsRead: 2, componentsReadAlone: 1, memberCreates: 1 });
    const timeouts = findingLines(result.findings).filter((line) => line.startsWith('response_received'));
    expect(timeouts).toEqual([expect.stringMatching(/^response_received failure en_gb POST \/community\/v1\/members: no complete answer: timeout/)]);
    // Both tries of the read count as requests sent.
    expect(result.requests).toBe(5);
  }, 30_000);
});
