/**
 * Requests sent alone: with none of the run's other requests in flight, and holding new ones back. A read that timed
 * out among the run's own requests is sent again alone, in every phase, before a timeout is held against the server:
 * on a server with few workers (php -S serves WordPress with two) the run's requests queue in front of it. A write
 * that timed out is not sent again: it may have been carried out.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RequestCase } from '../../generate/types.js';
import type { Phase } from '../phases/phase.js';
import { restPath } from '../testing/faults.js';
import { startFaultyServer, type Fault, type FaultyServer } from '../testing/faulty-server.js';
import { findingLines, runPhase } from '../testing/phase-run.js';

const MEMBERS = '/community/v1/members';
const COMPONENTS = '/community/v1/components';

/** A phase that only does `run`: the test sends the run's requests by hand. */
function phaseDoing(name: string, run: Phase['gather']): Phase {
  return { name, description: 'test', checks: [], budgetShare: 0, workload: () => 0, skipReason: () => undefined, gather: run };
}

/**
 * Member reads that each take `ms`, so the run has requests in flight; `inFlight()` is how many the server is
 * answering. Every other request goes to `other`.
 */
function slowMemberReads(ms: number, other: Fault): { fault: Fault; inFlight(): number } {
  let inFlight = 0;
  const fault: Fault = async (request, forward) => {
    if (restPath(request)?.path !== MEMBERS || request.method !== 'GET') return other(request, forward);
    inFlight += 1;
    try {
      await new Promise((resolve) => setTimeout(resolve, ms));
      return await forward(request);
    } finally {
      inFlight -= 1;
    }
  };
  return { fault, inFlight: () => inFlight };
}

/** A valid case of `op` with no arguments but `body`. */
function plainCase(op: { id: string }, body?: Record<string, unknown>): RequestCase {
  return { operationId: op.id, kind: 'valid', path: {}, query: {}, body };
}

describe('a request sent alone', () => {
  let server: FaultyServer;
  /** For each request to the components list, how many member reads the server was answering when it came. */
  const othersWhenComponentsCame: number[] = [];

  beforeAll(async () => {
    const members = slowMemberReads(200, (request, forward) => {
      if (restPath(request)?.path === COMPONENTS) othersWhenComponentsCame.push(members.inFlight());
      return forward(request);
    });
    server = await startFaultyServer({ seed: 2, faults: [members.fault] });
  });
  afterAll(async () => {
    await server.close();
  });

  it('waits for the requests in flight and holds back the ones sent after it', async () => {
    const order: string[] = [];
    const phase = phaseDoing('alone-probe', async (ctx) => {
      const op = (route: string) => ctx.operations.find((candidate) => candidate.method === 'GET' && candidate.route === route)!;
      const read = async (route: string, name: string, alone = false) => {
        await ctx.execution.execute(op(route), plainCase(op(route)), 'alone-probe', { judgeCase: true, alone });
        order.push(name);
      };
      const before = [read(MEMBERS, 'before 1'), read(MEMBERS, 'before 2')];
      await new Promise((resolve) => setTimeout(resolve, 20));
      const alone = read(COMPONENTS, 'alone', true);
      await new Promise((resolve) => setTimeout(resolve, 20));
      const after = read(MEMBERS, 'after');
      await Promise.all([...before, alone, after]);
    });
    const result = await runPhase(phase, { url: server.url, locales: ['en_gb'], credentials: server.credentials.admin, only: /^GET /, concurrency: 4 });
    expect(result.skipped).toBeUndefined();
    expect(othersWhenComponentsCame).toEqual([0]);
    expect(order.indexOf('alone')).toBeLessThan(order.indexOf('after'));
  });
});

/** Longer than the run's timeout below, with undici's half-second timer tick. */
const STUCK_MS = 5_000;
const TIMEOUT_MS = 2_000;

describe('a request that timed out', () => {
  let server: FaultyServer;
  const arrivals = { componentsRead: 0, componentsReadAlone: 0, memberCreates: 0 };

  beforeAll(async () => {
    // The components list is stuck while the server answers a member read, as a route waiting for a free worker is;
    // asked alone, it answers at once. A member create is always stuck.
    const stuck = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const members = slowMemberReads(300, async (request, forward) => {
      const path = restPath(request)?.path;
      if (path === COMPONENTS && request.method === 'GET') {
        arrivals.componentsRead += 1;
        if (members.inFlight() === 0) arrivals.componentsReadAlone += 1;
        else await stuck(STUCK_MS);
        return forward(request);
      }
      if (path === MEMBERS && request.method === 'POST') {
        arrivals.memberCreates += 1;
        await stuck(STUCK_MS);
        return { status: 503, headers: {}, body: '' };
      }
      return forward(request);
    });
    server = await startFaultyServer({ seed: 2, faults: [members.fault] });
  });
  afterAll(async () => {
    await server.close();
  });

  it('is sent again alone when it is a read, and judged on that answer; a write is judged as it timed out', async () => {
    const phase = phaseDoing('examples', async (ctx) => {
      const op = (method: string, route: string) => ctx.operations.find((candidate) => candidate.method === method && candidate.route === route)!;
      // Not judged by the case: the checks that judge any answer report here, as in every phase.
      const send = (method: string, route: string, body?: Record<string, unknown>) =>
        ctx.execution.execute(op(method, route), plainCase(op(method, route), body), 'examples');
      const others = [send('GET', MEMBERS), send('GET', MEMBERS)];
      await new Promise((resolve) => setTimeout(resolve, 50));
      const [read, write] = await Promise.all([
        send('GET', COMPONENTS),
        send('POST', MEMBERS, { user_login: 'stuck', email: 'stuck@example.org', password: 'pw-stuck-1' }),
      ]);
      await Promise.all(others);
      expect(read.exchange.error?.code ?? read.exchange.response?.status).toBe(200);
      expect(write.exchange.error?.code).toBe('timeout');
    });
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
