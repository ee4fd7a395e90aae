/**
 * Phase `concurrency`: requests that race. A server that answers in parallel workers and checks its rules before
 * it writes ("this e-mail address is taken") lets requests that arrive together all pass the check. For every
 * family of the resource model: N creates sharing its unique values (`concurrent_create`), N updates of one
 * resource (`concurrent_update`), N deletes of one resource (`concurrent_delete`); and the relations of the
 * interface written N times at once (`concurrent_relation`). Each race is sent together (`Execution.race`:
 * connections opened first, every request written in one turn) on what the phase made itself, several rounds
 * with fresh values, and everything it made is deleted after it, the resources a race made twice included.
 */
import type { Operation } from '../../../descriptor/types.js';
import { inferResources, mergedHints, type ResourceHints } from '../../../resources/index.js';
import { RELATION_RACES } from './relation-races.js';
import { createRace, createVariants, deleteRace, updateRace } from './resource-races.js';
import { familyAt } from '../../steps/relations.js';
import { familyOperations, type FamilyEnv } from '../../steps/resources.js';
import { RouteBook } from '../../steps/route-book.js';
import { runStepScript, type StepScript } from '../../steps/step-script.js';
import { seededToken } from '../../steps/token.js';
import { SEQUENTIAL_WEIGHT } from '../../shard-plan.js';
import { writingPhaseSkipReason, type Phase, type PhaseContext } from '../phase.js';
import { CONCURRENCY_CHECKS } from '../../../checks/concurrency/index.js';
import { chosenWork } from '../../chosen-operations.js';

const PHASE = 'concurrency';

/** A race's requests and rounds as the cost of a shard's piece of work is estimated, before the run is split. */
const ESTIMATED_WIDTH = 8;
const ESTIMATED_ROUNDS = 3;

/** One race of one locale (all its rounds), ready to run or with the reason it cannot. */
interface PlannedRace {
  /** Its name in reports and the piece of work a split run gives one shard: `create wp/v2 users, same email (en_gb)`. */
  name: string;
  locale: string | null;
  skip?: string;
  /** The operation the race is about (a create, an update, a delete, a relation's write): a run's choice goes by it. */
  first: Operation | undefined;
  run(script: StepScript, token: string, width: number): Promise<void>;
}

function planLocale(env: FamilyEnv): PlannedRace[] {
  const planned: PlannedRace[] = [];
  const { locale } = env.book;
  for (const family of env.model.families) {
    const ops = familyOperations(env.book, family);
    const skip = family.skip ?? (ops === undefined ? 'the descriptor lacks a route the races need' : undefined);
    for (const variant of createVariants(family)) {
      const what = variant === undefined ? 'same unique values' : `same ${variant}`;
      planned.push({
        locale,
        name: `create ${family.name}, ${what} (${locale ?? 'no locale'})`,
        skip,
        first: ops?.create,
        run: (script, token, width) => createRace(script, env, family, token, width, variant),
      });
    }
    if (ops?.update !== undefined)
      planned.push({
        locale,
        name: `update ${family.name} (${locale ?? 'no locale'})`,
        skip,
        first: ops.update,
        run: (script, token, width) => updateRace(script, env, family, token, width),
      });
    planned.push({
      locale,
      name: `delete ${family.name} (${locale ?? 'no locale'})`,
      skip,
      first: ops?.remove,
      run: (script, token, width) => deleteRace(script, env, family, token, width),
    });
  }
  for (const relation of RELATION_RACES) {
    const lacking =
      relation.needs.some((need) => env.book.firstOperation(need.route, need.methods) === undefined) ||
      relation.families.some((collection) => {
        const family = familyAt(env, collection);
        return family === undefined || family.skip !== undefined || familyOperations(env.book, family) === undefined;
      });
    planned.push({
      locale,
      name: `${relation.name} (${locale ?? 'no locale'})`,
      skip: lacking ? 'the descriptor lacks routes for it' : undefined,
      first: relation.needs.map((need) => env.book.firstOperation(need.route, need.methods)).find((op) => op !== undefined),
      run: (script, token, width) => relation.run(script, env, token, width),
    });
  }
  return planned;
}

/** Each locale's races about a chosen operation, the model inferred from its (whole) descriptor. */
function plans(ctx: Pick<PhaseContext, 'descriptors' | 'allOperations' | 'safeMethodsOnly'> & { resourceHints?: ResourceHints }): PlannedRace[] {
  const hints = mergedHints(ctx.resourceHints);
  const books = ctx.descriptors.map((descriptor) => new RouteBook(descriptor));
  const chosen = chosenWork(ctx);
  return books
    .flatMap((book, index) => planLocale({ book, others: books.filter((_, other) => other !== index), model: inferResources(ctx.descriptors[index]!, hints) }))
    .filter((plan) => chosen(plan.first));
}

/** Requests of one round of a race beyond its N: the set-up (parents, the resource), the reads after, the clean-up. */
const SET_UP_REQUESTS = 6;

export const concurrencyPhase: Phase = {
  name: PHASE,
  description:
    "Requests that race, sent together on connections opened first: creates sharing unique values, updates and deletes of one resource, the same relation written several times (follow, activate a signup, a profile field's data); several rounds each, on what the run made.",
  checks: CONCURRENCY_CHECKS,
  budgetShare: 0.05,
  workload: (ctx) => {
    const { raceWidth: width, raceRounds: rounds } = ctx.settings;
    return plans(ctx).filter((plan) => plan.skip === undefined).length * rounds * (width + SET_UP_REQUESTS);
  },
  skipReason: writingPhaseSkipReason,
  // A race's rounds wait for each other; each round is a set-up, one burst and a few reads.
  units: (ctx) =>
    ctx.safeMethodsOnly
      ? []
      : plans(ctx)
          .filter((plan) => plan.skip === undefined)
          .map((plan) => ({ name: `race: ${plan.name}`, cost: ESTIMATED_ROUNDS * (SET_UP_REQUESTS * SEQUENTIAL_WEIGHT + ESTIMATED_WIDTH) })),
  async gather(ctx) {
    const { raceWidth: width, raceRounds: rounds } = ctx.settings;
    let counter = 0;
    for (const planned of plans(ctx)) {
      if (planned.skip !== undefined) continue;
      for (let round = 1; round <= rounds; round += 1) {
        // Counted whether or not this shard runs it, so a split run sends the values one run sends.
        counter += 1;
        if (!ctx.shard.owns(`race: ${planned.name}`)) continue;
        const token = seededToken(ctx.execution.seed, 'c', counter);
        const name = `race: ${planned.name}, round ${round}`;
        const script = await runStepScript(ctx, PHASE, name, (running) => planned.run(running, token, width));
        if (script === undefined) return;
        const outcome = script.outcome ?? { result: 'passed' as const };
        ctx.execution.emit({
          type: 'sequence',
          sequence: {
            phase: PHASE,
            locale: planned.locale,
            name,
            outcome: outcome.result,
            ...(outcome.reason === undefined ? {} : { reason: outcome.reason }),
            steps: script.steps,
            leftovers: script.leftovers,
          },
        });
        // A race that could not be set up is not tried again.
        if (outcome.result === 'stopped') break;
      }
    }
  },
};
