/**
 * Phase `locale`: the descriptors of all locales agree on everything but human text, their descriptions are
 * present and translated, and the same request sent through each locale gets the same status and error `code`.
 */
import { localeResponseMismatch } from '../../../checks/locale/locale-response-mismatch.js';
import { diffDescriptors } from '../../../contract/diff.js';
import { SAFE_METHODS, type LoadedDescriptor, type Operation } from '../../../descriptor/types.js';
import type { RequestCase } from '../../../generate/types.js';
import { RouteBook } from '../../steps/route-book.js';
import { forEachConcurrently } from '../../pool.js';
import { judgeDifference } from '../../descriptor-difference.js';
import type { Phase, PhaseContext } from '../phase.js';
import { fetchRootAgain } from '../../root-request.js';
import { sampleCases } from '../../sample-cases.js';
import { LOCALE_CHECKS, LOCALE_DESCRIPTOR_CHECKS } from '../../../checks/locale/index.js';

const PHASE = 'locale';

/** At most this many operations of the first locale are sent through every locale. */
const LOCALE_RESPONSE_OPERATIONS = 200;

async function compareDescriptors(ctx: PhaseContext, first: LoadedDescriptor, other: LoadedDescriptor): Promise<void> {
  const differences = diffDescriptors(first.root, other.root, { first: first.locale ?? '-', other: other.locale ?? '-' });
  if (differences.length === 0) return;
  const exchanges = [await fetchRootAgain(ctx, first, PHASE), await fetchRootAgain(ctx, other, PHASE)];
  for (const difference of differences) judgeDifference(ctx.execution, LOCALE_DESCRIPTOR_CHECKS, difference, { locale: other.locale, phase: PHASE, exchanges });
}

/** Sends one case through `op` and its counterpart in another locale, and hands both answers to the check. */
async function compareAnswers(ctx: PhaseContext, op: Operation, counterpart: Operation, requestCase: RequestCase): Promise<void> {
  const first = await ctx.execution.execute(op, requestCase, PHASE);
  const other = await ctx.execution.execute(counterpart, { ...requestCase, operationId: counterpart.id }, PHASE);
  const answers = {
    kind: requestCase.kind,
    first: { locale: op.locale, exchange: first.exchange },
    other: { locale: counterpart.locale, exchange: other.exchange },
  };
  ctx.execution.judge(localeResponseMismatch, answers, { operation: counterpart, phase: PHASE, exchanges: [first.exchange, other.exchange], requestCase });
}

async function compareResponses(ctx: PhaseContext, first: LoadedDescriptor, others: readonly LoadedDescriptor[]): Promise<void> {
  const books = others.map((descriptor) => new RouteBook(descriptor));
  // The first N of the whole run, then this shard's among them: a split run compares what a whole one does.
  const operations = ctx.allOperations
    .filter((op) => op.locale === first.locale)
    .slice(0, LOCALE_RESPONSE_OPERATIONS)
    .filter((op) => ctx.shard.ownsOperation(op));
  await forEachConcurrently(
    operations,
    ctx.settings.connections,
    async (op) => {
      // A valid write could succeed once and then be refused as a duplicate: only reads are compared valid.
      const kinds = SAFE_METHODS.includes(op.method) ? (['valid', 'invalid'] as const) : (['invalid'] as const);
      for (const kind of kinds) {
        const [requestCase] = sampleCases(ctx, op, kind, 1, PHASE);
        if (requestCase === undefined) continue;
        for (const book of books) {
          const counterpart = book.operation(op.route, op.method);
          if (counterpart !== undefined && !ctx.execution.stopped) await compareAnswers(ctx, op, counterpart, requestCase);
        }
      }
    },
    () => ctx.execution.stopped,
  );
}

/** The comparison of one locale's descriptor with the first locale's: a split run does it in one shard. */
function descriptorsUnit(other: LoadedDescriptor): string {
  return `${PHASE} descriptors (${other.locale ?? 'no locale'})`;
}

export const localePhase: Phase = {
  name: PHASE,
  description:
    'The descriptors of all locales agree beyond human text, descriptions are translated, and the same request gets the same status and error code through each locale.',
  checks: LOCALE_CHECKS,
  budgetShare: 0.08,
  workload: (ctx) => {
    const first = ctx.operations.filter((op) => op.locale === ctx.descriptors[0]?.locale).slice(0, LOCALE_RESPONSE_OPERATIONS);
    return first.length * 2 * 2 * Math.max(0, ctx.descriptors.length - 1);
  },
  skipReason: (ctx) => (ctx.descriptors.length < 2 ? 'fewer than two locales' : undefined),
  units: (ctx) => ctx.descriptors.slice(1).map((other) => ({ name: descriptorsUnit(other), cost: 2 })),
  async gather(ctx) {
    const [first, ...others] = ctx.descriptors as [LoadedDescriptor, ...LoadedDescriptor[]];
    for (const other of others) if (ctx.shard.owns(descriptorsUnit(other))) await compareDescriptors(ctx, first, other);
    await compareResponses(ctx, first, others);
  },
};
