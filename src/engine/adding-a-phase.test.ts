/**
 * What docs/extending.md's "A check" and "A phase" promise: a check is one object (here, in the test), a
 * phase is one object naming its checks, its share of the budget and its workload, and the engine runs it beside
 * the others with nothing else registered: the budget splits over it, its check's findings are reported, and the
 * check counts as applied to the operations the phase reached. The phase asks every list of the bundled server
 * for one item and judges that the answer holds at most one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EvidenceCheck } from '../checks/types.js';
import type { LoadedDescriptor } from '../descriptor/types.js';
import { createTransport, type Transport } from '../http/index.js';
import { loadConfig } from '../config/index.js';
import { fetchDescriptors, knownPhaseNames, startBundledServer } from '../jobs/index.js';
import type { ReferenceServer } from '@restconform/server';
import { executePhases, type RunResult } from './engine.js';
import type { RunEvent } from './events.js';
import { PHASES } from './phases/index.js';
import type { Phase } from './phases/phase.js';

/** The throwaway check: the evidence is the number of items a list answered to `per_page=1`. */
const onePerPage: EvidenceCheck<{ items: number | undefined }> = {
  name: 'one_per_page',
  evidence: 'per-page-one',
  severity: 'failure',
  description: 'A list asked for per_page=1 holds at most one item.',
  judge: ({ items }) => (items !== undefined && items > 1 ? [{ message: `per_page=1 answered ${items} items`, cause: 'too-many' }] : []),
};

/** The throwaway phase: one request per list route, its answer handed to the check. */
const perPageOne: Phase = {
  name: 'per-page-one',
  description: 'Every list asked for one item.',
  checks: [onePerPage],
  budgetShare: 0.05,
  workload: (ctx) => ctx.operations.filter((op) => op.method === 'GET' && op.args.per_page !== undefined).length,
  skipReason: () => undefined,
  async gather(ctx) {
    for (const op of ctx.operations.filter((candidate) => candidate.method === 'GET' && candidate.args.per_page !== undefined)) {
      if (ctx.execution.stopped) return;
      const path = ctx.generators(op).samplePath();
      const executed = await ctx.execution.execute(op, { operationId: op.id, kind: 'valid', path, query: { per_page: 1 }, body: undefined }, 'per-page-one');
      const json = executed.exchange.response?.json;
      ctx.execution.judge(
        onePerPage,
        { items: Array.isArray(json) ? json.length : undefined },
        { operation: op, phase: 'per-page-one', exchanges: [executed.exchange] },
      );
    }
  },
};

let server: ReferenceServer;
let transport: Transport;
let descriptors: LoadedDescriptor[];

beforeAll(async () => {
  server = await startBundledServer({ seed: 3 });
  transport = createTransport({ connections: 4 });
  descriptors = await fetchDescriptors({ baseUrl: server.url, restRoot: 'wp-json', locales: ['en_gb'] });
});
afterAll(async () => {
  await transport.close();
  await server.close();
});

/** The bundled server's list routes that take `per_page`: what the throwaway phase reaches. */
const lists = (): number => descriptors.flatMap((d) => d.operations).filter((op) => op.method === 'GET' && op.args.per_page !== undefined).length;

/** Runs the engine with the phases given (by name) out of every phase plus the throwaway one. */
async function runWith(phases: string[], sender = transport): Promise<{ result: RunResult; events: RunEvent[] }> {
  const catalogue = [...PHASES, perPageOne];
  const settings = loadConfig({ knownPhases: catalogue.map((phase) => phase.name), overrides: { phases, seed: 1, fuzzExamples: 1, timeBudgetSeconds: 60 } });
  const events: RunEvent[] = [];
  const result = await executePhases({
    settings,
    catalogue,
    tool: 'restconform',
    version: 'test',
    target: server.url,
    bundledServer: true,
    safeMethodsOnly: false,
    descriptors,
    sender,
    checks: [],
    credentials: server.credentials.admin,
    emit: (event) => events.push(event),
  });
  return { result, events };
}

describe('a new phase is one object, and a new check one object', () => {
  it('knows every phase but the new one without it: the configuration names none of its own', () => {
    expect(knownPhaseNames()).not.toContain('per-page-one');
    expect(() => loadConfig({ knownPhases: knownPhaseNames(), overrides: { phases: ['per-page-one'] } })).toThrow(/unknown phase "per-page-one"/);
  });

  it('runs the new phase with its share of the budget; its check passes on the bundled server', async () => {
    const { result, events } = await runWith(['collections', 'per-page-one']);
    expect(result.findings).toEqual([]);
    expect(result.budget?.phases.map((phase) => phase.phase)).toEqual(['collections', 'per-page-one']);
    expect(events.filter((event) => event.type === 'phase_finished').map((event) => event.phase)).toEqual(['collections', 'per-page-one']);
    const applied = result.coverage.filter((entry) => entry.applied?.includes('one_per_page'));
    expect(lists()).toBeGreaterThan(2);
    expect(applied.length).toBe(lists());
    const finished = events.find((event) => event.type === 'run_finished');
    expect(finished?.type === 'run_finished' && finished.checks).toContain('one_per_page');
  });

  it('reports what its check finds, with the phase\u2019s request as the reproduction', async () => {
    // A server whose lists ignore per_page: every list answers two items.
    const ignoresPerPage = {
      send: async (...args: Parameters<Transport['send']>) => {
        const exchange = await transport.send(...args);
        if (!/per_page=1\b/.test(args[0].url) || exchange.response === undefined) return exchange;
        return { ...exchange, response: { ...exchange.response, json: [{ id: 1 }, { id: 2 }] } };
      },
    };
    const { result } = await runWith(['per-page-one'], ignoresPerPage as Transport);
    const found = result.findings.filter((finding) => finding.check === 'one_per_page');
    expect(found.length).toBe(lists());
    expect(found[0]).toMatchObject({ severity: 'failure', message: 'per_page=1 answered 2 items', replay: { phase: 'per-page-one' } });
    expect(found[0]!.curl[0]).toContain('per_page=1');
  });
});
