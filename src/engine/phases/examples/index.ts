/**
 * Phase `examples`: the deterministic boundary set of every operation (each enum value, each bound and just
 * past it, empty and full arrays…), and one probe per undeclared method of each route (404 rest_no_route).
 * An optional argument a route's callback refused is learnt (`callback-refusals.ts`): the boundary and invalid cases
 * after it leave it out unless it is what they try or break, and the fuzz phase starts knowing it.
 */
import type { HttpMethod, Operation } from '../../../descriptor/types.js';
import type { RequestCase } from '../../../generate/types.js';
import { otherRouteServing } from './route-owner.js';
import { forEachConcurrently } from '../../pool.js';
import { reportExecuted } from '../../report-executed-case.js';
import type { Phase } from '../phase.js';
import { withRealIds } from '../../real-ids.js';

const PHASE = 'examples';

/** Methods a probe may try; HEAD and OPTIONS are served implicitly by WordPress and never probed. */
const PROBE_METHODS: readonly HttpMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** One synthetic operation per route and undeclared method, built from the route's first operation. */
function probeOperations(operations: readonly Operation[], safeMethodsOnly: boolean): Array<{ probe: Operation; model: Operation }> {
  const byRoute = new Map<string, Operation[]>();
  for (const op of operations) {
    const key = `${op.locale} ${op.route}`;
    const list = byRoute.get(key);
    if (list) list.push(op);
    else byRoute.set(key, [op]);
  }
  const probes: Array<{ probe: Operation; model: Operation }> = [];
  for (const ops of byRoute.values()) {
    const declared = new Set(ops.map((op) => op.method));
    const model = ops[0]!;
    for (const method of PROBE_METHODS) {
      if (declared.has(method) || (safeMethodsOnly && method !== 'GET')) continue;
      probes.push({ model, probe: { ...model, method, id: `${model.locale ?? '-'} ${method} ${model.route}`, args: {}, allowBatch: false } });
    }
  }
  return probes;
}

export const examplesPhase: Phase = {
  name: PHASE,
  description: 'Deterministic boundary values of every parameter, and a probe of every undeclared method.',
  checks: [],
  budgetShare: 0.25,
  workload: (ctx) =>
    ctx.operations.reduce((sum, op) => sum + ctx.generators(op).boundary().length, 0) + probeOperations(ctx.operations, ctx.safeMethodsOnly).length,
  skipReason: (ctx) => (ctx.operations.length === 0 ? 'no operations to test' : undefined),
  async gather(ctx) {
    const { execution } = ctx;
    await forEachConcurrently(
      ctx.operations,
      ctx.settings.connections,
      async (op) => {
        execution.cover(op);
        for (const requestCase of ctx.generators(op).boundary()) {
          if (execution.stopped) return;
          // What the case carries along from its valid base case: real ids, not refused arguments; what it tries or breaks as it is.
          const sent = ctx.refusals.withoutCarried(op, withRealIds(ctx, op, requestCase));
          const executed = await execution.execute(op, sent, PHASE, { judgeCase: true });
          ctx.refusals.note(op, sent, executed.exchange);
          reportExecuted(ctx, op, sent, executed, PHASE);
        }
      },
      () => execution.stopped,
    );

    await forEachConcurrently(
      probeOperations(ctx.operations, ctx.safeMethodsOnly),
      ctx.settings.connections,
      async ({ probe, model }) => {
        const path = ctx.generators(model).samplePath();
        if (otherRouteServing(ctx.descriptors, probe.locale, probe.method, model.pattern.build(path), probe.route) !== undefined) return;
        const requestCase: RequestCase = { operationId: probe.id, kind: 'valid', path, query: {}, body: probe.method === 'GET' ? undefined : {} };
        const executed = await execution.execute(probe, requestCase, PHASE, { probe: true, judgeCase: true });
        execution.reportOutcomes(
          probe,
          requestCase,
          executed,
          PHASE,
          executed.outcomes.filter((o) => o.check === 'unsupported_method' || o.severity === 'failure'),
        );
      },
      () => execution.stopped,
    );
  },
};
