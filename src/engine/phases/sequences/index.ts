/**
 * Phase `sequences`: model-based sequences (fast-check's `fc.commands` and `fc.asyncModelRun`) over every family
 * of the resource model and the actions on its items: creates, reads in every locale and context, updates of
 * any subset of writable fields, deletes, lists and actions, in orders no life cycle tries, each step as any of
 * the run's identities. After each step its answer and a read are held against a model of what the sequence did
 * (`sequence_model`). A sequence that breaks the model is shrunk to the shortest that still does, each try on
 * fresh resources, and reported with every step's request and the model's expectation at the failing step. Same
 * seed, same sequences; everything a sequence made is deleted at its end.
 */
import { MAX_STEPS, runCommands, searchSequences } from './runner.js';
import { modelWorld } from './world.js';
import { seededToken } from '../../steps/token.js';
import { SEQUENTIAL_WEIGHT } from '../../shard-plan.js';
import { writingPhaseSkipReason, type Phase } from '../phase.js';
import { SEQUENCES_CHECKS } from '../../../checks/sequences/index.js';

const PHASE = 'sequences';
/** The one piece of work a split run gives to one shard: the sequences share nothing with the rest of the run. */
const UNIT = 'model-based sequences';
/** Requests of a sequence: its steps, the reads that judge them, and its clean-up. */
const REQUESTS_PER_SEQUENCE = MAX_STEPS * 3;

export const sequencesPhase: Phase = {
  name: PHASE,
  description:
    'Model-based sequences (fast-check commands) over every resource family and the actions on its items: create, read, update, delete, list and act in any order, as any identity, through any locale; each step held against a model of what exists, what was written, who made it and what lists count; a failing sequence shrunk to the shortest.',
  checks: SEQUENCES_CHECKS,
  budgetShare: 0.1,
  workload: (ctx) => ctx.settings.sequences * REQUESTS_PER_SEQUENCE,
  skipReason(ctx) {
    const cannotWrite = writingPhaseSkipReason(ctx);
    if (cannotWrite !== undefined) return cannotWrite;
    if (ctx.execution.credentials === undefined) return 'no account to make resources with (--user)';
    if (ctx.settings.sequences === 0) return 'sequences is 0';
    return modelWorld(ctx).families.length === 0 ? 'the resource model has no family a sequence can create, read and delete' : undefined;
  },
  units: (ctx) => (ctx.safeMethodsOnly ? [] : [{ name: UNIT, cost: 20 * MAX_STEPS * SEQUENTIAL_WEIGHT }]),
  async gather(ctx) {
    if (!ctx.shard.owns(UNIT)) return undefined;
    const world = modelWorld(ctx);
    const started = Date.now();
    const { tried, failing, leftovers } = await searchSequences(ctx, PHASE, world, ctx.settings.sequences, 'q');
    const locales = world.locales.map((env) => env.book.locale ?? '(none)').join(', ');
    if (failing === undefined) {
      ctx.execution.emit({
        type: 'sequence',
        sequence: {
          phase: PHASE,
          locale: world.locales[0]?.book.locale ?? null,
          name: `${UNIT} (${locales})`,
          outcome: ctx.execution.stopped ? 'stopped' : 'passed',
          reason: `${tried} sequences of up to ${MAX_STEPS} steps over ${world.families.length} families in ${((Date.now() - started) / 1000).toFixed(1)} s`,
          steps: [],
          leftovers,
        },
      });
      return { sequences: tried };
    }
    // The shortest failing sequence, once more on fresh resources, reported with every step's request.
    const name = `shortest failing sequence (${failing.length} steps: ${failing.map(String).join(' → ')})`;
    const { script } = await runCommands(ctx, PHASE, world, seededToken(ctx.execution.seed, 'r', 1), failing, name, true);
    if (script === undefined) return { sequences: tried + 1 };
    ctx.execution.emit({
      type: 'sequence',
      sequence: {
        phase: PHASE,
        locale: world.locales[0]?.book.locale ?? null,
        name,
        outcome: script.outcome?.result ?? 'passed',
        reason: script.outcome?.reason ?? `passed when run again after ${tried} tries: the failure depends on more than the steps (another writer, timing)`,
        steps: script.steps,
        leftovers: [...leftovers, ...script.leftovers],
      },
    });
    return { sequences: tried + 1 };
  },
};
