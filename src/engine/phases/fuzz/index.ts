/**
 * Phase `fuzz`: fast-check property runs per operation, one for valid cases and one for invalid cases.
 * A failing case is shrunk by fast-check to a minimal one, then re-checked (the classifier must still agree
 * with its label, and re-sending it must fail again) before it is reported. A write the server carried out (2xx) is
 * not re-sent: it changed the server, so it is reported as it was sent and answered.
 *
 * The examples are spent in rounds of at most `ROUND_SIZE` per operation, every operation's round before the
 * next round starts: a run cut short by its time budget has fuzzed all operations a little rather than the
 * first few a lot. Round 0 uses the operation's seed as before, so runs of up to ROUND_SIZE examples are
 * unchanged; each later round has a seed of its own.
 *
 * Each drawn case is adapted before it is sent: real ids where the run knows some (`real-ids.ts`), and in a valid
 * case, for half the cases, no optional argument the route's own callback refused in an earlier valid case, and in an
 * invalid case none but the one it breaks (`callback-refusals.ts`), so the rest of the case reaches the handler.
 */
import fc from 'fast-check';
import type { Operation } from '../../../descriptor/types.js';
import { operationSeed } from '../../../generate/index.js';
import { labelStillHolds } from '../../labels.js';
import type { RequestCase } from '../../../generate/types.js';
import type { CheckOutcome, ExecutedCase } from '../../execution/execution.js';
import { forEachConcurrently } from '../../pool.js';
import { isSuccess } from '../../../checks/answer-seen.js';
import { responseReceived } from '../../../checks/answer/response-received.js';
import { reportExecuted } from '../../report-executed-case.js';
import type { Phase, PhaseContext } from '../phase.js';
import { sampleCases } from '../../sample-cases.js';
import { withRealIds } from '../../real-ids.js';

const PHASE = 'fuzz';

/** Examples per operation and kind in one round. */
export const ROUND_SIZE = 25;

/** Ids at the edges of the integer types a server may store them in: 0, 2³¹−1, 2³¹, 2⁶³ and 20 digits. */
export const BOUNDARY_IDS: readonly string[] = ['0', '2147483647', '2147483648', '9223372036854775808', '12345678901234567890'];

/** A path variable that takes only digits: an id. */
function isIdVariable(pattern: string): boolean {
  const matcher = new RegExp(`^(?:${pattern})$`, 'u');
  return matcher.test('12345678901234567890') && !matcher.test('a') && !matcher.test('me');
}

/**
 * Each boundary id in each id-typed path variable of the operation, in a valid case: its other path variables,
 * query and body as the valid generator makes them, so required arguments are sent and only the id is at stake.
 */
function boundaryIdCases(ctx: PhaseContext, op: Operation): RequestCase[] {
  const variables = op.pattern.variables.filter((variable) => !variable.optional && isIdVariable(variable.pattern));
  const [valid] = sampleCases(ctx, op, 'valid', 1, 'boundary ids');
  if (variables.length === 0 || valid === undefined) return [];
  return variables.flatMap((variable) => BOUNDARY_IDS.map((id) => ({ ...valid, kind: 'boundary' as const, path: { ...valid.path, [variable.name]: id } })));
}

/** Methods that change the server when they succeed. */
const WRITE_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const failuresOf = (outcomes: CheckOutcome[]): CheckOutcome[] => outcomes.filter((o) => o.severity === 'failure');

/** The seed of one round: round 0 keeps the operation's own seed. */
export function roundSeed(runSeed: number, op: Operation, kind: 'valid' | 'invalid', round: number): number {
  return operationSeed(runSeed, round === 0 ? `${op.id} ${kind}` : `${op.id} ${kind} round ${round}`);
}

/** One round of one property; resolves true when it reported a failure (later rounds then leave it alone). */
async function fuzzOne(ctx: PhaseContext, op: Operation, kind: 'valid' | 'invalid', round: number, numRuns: number): Promise<boolean> {
  const { execution, refusals } = ctx;
  const generators = ctx.generators(op);
  const arbitrary = kind === 'valid' ? generators.valid : generators.invalid;
  if (!arbitrary || numRuns <= 0) return false;
  let lastFailing: { requestCase: RequestCase; executed: ExecutedCase; adapted: boolean } | undefined;
  const property = fc.asyncProperty(arbitrary, async (generated) => {
    // Interrupt fast-check's loop: returning true would keep generating the remaining runs without yielding.
    if (execution.stopped) throw new fc.PreconditionFailure(true);
    const requestCase = refusals.adapt(op, withRealIds(ctx, op, generated));
    const executed = await execution.execute(op, requestCase, PHASE, { judgeCase: true });
    refusals.note(op, requestCase, executed.exchange);
    const warnings = executed.outcomes.filter((o) => o.severity === 'warning');
    if (warnings.length) execution.reportOutcomes(op, requestCase, executed, PHASE, warnings);
    if (failuresOf(executed.outcomes).length === 0) {
      reportExecuted(ctx, op, requestCase, { ...executed, outcomes: [] }, PHASE);
      return true;
    }
    lastFailing = { requestCase, executed, adapted: requestCase !== generated };
    return false;
  });
  const seed = roundSeed(execution.seed, op, kind, round);
  const result = await fc.check(property, { seed, numRuns });
  if (!result.failed || !lastFailing) return false;

  // A write that was carried out (2xx) cannot be sent again to the same effect: it changed the server (a delete's
  // resource is gone or in the trash, a create's values are taken), and a re-send would judge another answer, e.g.
  // a duplicate refused where the fault was an invalid create accepted. It is reported as it was sent and answered.
  const carriedOut = WRITE_METHODS.has(op.method) && isSuccess(lastFailing.executed.exchange.response?.status);
  // A case adapted after it was drawn (a real id, a refused argument left out) is reported as sent too: shrinking
  // works on the generated values, not on what was changed.
  const shrunk =
    lastFailing.adapted || carriedOut ? lastFailing.requestCase : ((result.counterexample?.[0] as RequestCase | undefined) ?? lastFailing.requestCase);
  if (!labelStillHolds(op, shrunk, generators.rejectedDefaults)) {
    execution.emit({
      type: 'warning',
      message: `harness: a ${kind} case for ${op.id} no longer classifies as ${kind} after shrinking; not reported (seed ${seed}, path ${result.counterexamplePath})`,
    });
    return true;
  }
  // Re-send the minimal case: a finding is reported only if it fails again. An invalid case goes as the run now
  // sends it: without an argument a callback was found refusing since (its 400 named that argument, not the broken one).
  const resend = kind === 'invalid' && !carriedOut ? refusals.adapt(op, shrunk) : shrunk;
  // A timeout is sent again alone: behind the run's own requests, on a server with few workers, any route can time out.
  // (A read was already sent again alone by the transmitter; a write that timed out is sent again here, once shrunk.)
  // It is one request, so it goes even when the phase's share of the budget is spent, though not once the run stopped.
  const timedOut = failuresOf(lastFailing.executed.outcomes).some((outcome) => outcome.check === responseReceived.name);
  const mayResend = timedOut ? execution.control.reason === undefined : !execution.stopped;
  const recheck = !mayResend || carriedOut ? lastFailing.executed : await execution.execute(op, resend, PHASE, { judgeCase: true, alone: timedOut });
  const failures = failuresOf(recheck.outcomes);
  if (failures.length) {
    execution.reportOutcomes(op, resend, recheck, PHASE, failures);
  } else if (resend !== shrunk) {
    // It failed for the carried argument the callback refused, not for what it broke: nothing to report.
  } else {
    const flaky = failuresOf(lastFailing.executed.outcomes).map((o) => ({
      ...o,
      severity: 'warning' as const,
      message: `${o.message} (did not fail again when re-sent)`,
    }));
    execution.reportOutcomes(op, lastFailing.requestCase, lastFailing.executed, PHASE, flaky);
  }
  return true;
}

export const fuzzPhase: Phase = {
  name: PHASE,
  description: 'Property-based runs of valid and invalid requests per operation, shrinking failures to a minimal request.',
  checks: [],
  budgetShare: 0.3,
  workload: (ctx) => ctx.operations.length * 2 * ctx.settings.fuzzExamples,
  skipReason: (ctx) =>
    ctx.settings.fuzzExamples <= 0 ? 'no examples requested (--fuzz-examples 0)' : ctx.operations.length === 0 ? 'no operations to test' : undefined,
  async gather(ctx) {
    // Boundary ids first, once per operation: a server must answer them 400 or 404, never 5xx.
    await forEachConcurrently(
      ctx.operations,
      ctx.settings.connections,
      async (op) => {
        for (const requestCase of boundaryIdCases(ctx, op)) {
          if (ctx.execution.stopped) return;
          const executed = await ctx.execution.execute(op, requestCase, PHASE, { judgeCase: true });
          ctx.execution.reportOutcomes(
            op,
            requestCase,
            executed,
            PHASE,
            executed.outcomes.filter((outcome) => outcome.severity === 'failure' || outcome.check === 'not_a_server_error'),
          );
        }
      },
      () => ctx.execution.stopped,
    );
    const work = ctx.operations.flatMap((op) => [
      { op, kind: 'valid' as const },
      { op, kind: 'invalid' as const },
    ]);
    const failed = new Set<(typeof work)[number]>();
    for (let round = 0; round * ROUND_SIZE < ctx.settings.fuzzExamples && !ctx.execution.stopped; round += 1) {
      const numRuns = Math.min(ROUND_SIZE, ctx.settings.fuzzExamples - round * ROUND_SIZE);
      const pending = work.filter((item) => !failed.has(item));
      await forEachConcurrently(
        pending,
        ctx.settings.connections,
        async (item) => {
          if (await fuzzOne(ctx, item.op, item.kind, round, numRuns)) failed.add(item);
        },
        () => ctx.execution.stopped,
      );
    }
  },
};
