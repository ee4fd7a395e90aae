/**
 * Runs model-based sequences with fast-check (`fc.commands`, `fc.asyncModelRun`): sequences drawn from the
 * world's commands by the run's seed, each on fresh resources (a token of its own) and cleaned up at its end. A
 * sequence that breaks the model is shrunk by fast-check to the shortest that still breaks it, every try again on
 * fresh resources; the shortest is then run once more to report its finding with every step's request.
 */
import fc from 'fast-check';
import type { PhaseContext } from '../phase.js';
import { runStepScript, type StepScript } from '../../steps/step-script.js';
import { seededToken } from '../../steps/token.js';
import type { Command, Drawn } from './command-base.js';
import { COMMAND_KINDS } from './commands.js';
import { ListCommand } from './list-command.js';
import { SiteModel } from './model.js';
import { recordCommands } from './recorded.js';
import { SequenceRun, type ModelViolation } from './sequence-run.js';
import type { ModelWorld } from './world.js';

/** Steps of one sequence at most: enough for a create, its parent, a few writes and the reads that judge them. */
export const MAX_STEPS = 16;
/** Shrinking tries at most, each a sequence of its own: a bound on the requests one finding costs. */
const MAX_SHRINKS = 150;
/**
 * Leftover lines a search keeps (the rest are counted): a family whose clean-up always fails would otherwise add a
 * line per sequence for as long as the run lasts, and a hundred say all a reader needs.
 */
export const MAX_LEFTOVER_LINES = 100;

/** The leftover lines of a search: the first `MAX_LEFTOVER_LINES`, then how many more there were. */
export class LeftoverLines {
  readonly #lines: string[] = [];
  #unlisted = 0;

  add(lines: readonly string[]): void {
    for (const line of lines) {
      if (this.#lines.length < MAX_LEFTOVER_LINES) this.#lines.push(line);
      else this.#unlisted += 1;
    }
  }

  list(): string[] {
    return this.#unlisted === 0 ? [...this.#lines] : [...this.#lines, `… and ${this.#unlisted} more clean-up requests that left something behind`];
  }
}

/**
 * The families one sequence works on: each family with its parents and children. A sequence over all of them would
 * spread its few steps too thin to meet the orders that matter (a parent deleted under its child).
 */
export function familyGroups(world: ModelWorld): number[][] {
  const groups = new Map<string, number[]>();
  const names = world.families.map((wf) => wf.family.name);
  for (const [index, wf] of world.families.entries()) {
    const related = new Set([index]);
    for (const link of wf.family.parents) if (names.includes(link.family)) related.add(names.indexOf(link.family));
    for (const [other, candidate] of world.families.entries()) if (candidate.family.parents.some((link) => link.family === wf.family.name)) related.add(other);
    const group = [...related].sort((a, b) => a - b);
    groups.set(group.join(','), group);
  }
  return [...groups.values()];
}

/** The commands of the given families, as arbitraries; the run's own account is drawn most often and shrunk to. */
export function commandArbitraries(world: ModelWorld, families: readonly number[]): fc.Arbitrary<Command>[] {
  const locales = world.locales.length;
  const mainIndex = world.main === undefined ? 0 : world.identities.findIndex((identity) => identity.name === world.main!.name);
  const who = fc.oneof({ arbitrary: fc.constant(mainIndex), weight: 3 }, { arbitrary: fc.nat({ max: world.identities.length - 1 }), weight: 1 });
  const arbitraries: fc.Arbitrary<Command>[] = [];
  for (const family of families) {
    const wf = world.families[family]!;
    const drawn: fc.Arbitrary<Drawn> = fc.record({
      family: fc.constant(family),
      locale: fc.nat({ max: locales - 1 }),
      who,
      pick: fc.nat({ max: 7 }),
      choice: fc.nat({ max: 255 }),
    });
    const kinds: Array<new (world: ModelWorld, drawn: Drawn) => Command> = [COMMAND_KINDS.create, COMMAND_KINDS.read, COMMAND_KINDS.delete];
    if (wf.ops[0]!.update !== undefined && wf.writable.length > 0) kinds.push(COMMAND_KINDS.update);
    if (wf.ops[0]!.list !== undefined) kinds.push(ListCommand);
    if (wf.actions.length > 0) kinds.push(COMMAND_KINDS.action);
    for (const Kind of kinds) arbitraries.push(drawn.map((values) => new Kind(world, values)));
    // Every other step needs something made first: creates are drawn as often as three other kinds.
    arbitraries.push(
      drawn.map((values) => new COMMAND_KINDS.create(world, values)),
      drawn.map((values) => new COMMAND_KINDS.create(world, values)),
    );
  }
  return arbitraries;
}

export interface SequenceOutcome {
  /** The sequence as run (its steps and exchanges), undefined when the run had stopped. */
  script: StepScript | undefined;
  violation: ModelViolation | undefined;
}

/** Runs one drawn sequence of commands on fresh resources; `reporting` reports what breaks the model. */
export async function runCommands(
  ctx: PhaseContext,
  phase: string,
  world: ModelWorld,
  token: string,
  commands: Iterable<Command>,
  name: string,
  reporting: boolean,
): Promise<SequenceOutcome> {
  let run: SequenceRun | undefined;
  const script = await runStepScript(ctx, phase, name, async (running) => {
    if (reporting) running.replay = recordCommands(world, (commands = [...commands]), (locale) => ctx.execution.restUrl(locale));
    run = new SequenceRun(world, running, token, reporting);
    await fc.asyncModelRun(() => ({ model: new SiteModel(), real: run! }), commands);
  });
  return { script, violation: run?.violation };
}

/** Thrown into fast-check to end a search when the budget is spent. */
class BudgetSpent extends Error {
  constructor() {
    super('the phase has spent its share of the time budget');
  }
}

export interface SearchResult {
  /** How many sequences ran (shrinking tries included). */
  tried: number;
  /** The shortest sequence that broke the model, when one did. */
  failing: Command[] | undefined;
  /** What the sequences' clean-up could not remove, each with its answer. */
  leftovers: string[];
}

/**
 * Draws `count` sequences from the run's seed and runs each; the first that breaks the model is shrunk. Same seed,
 * same sequences (and the same tokens: the counter counts tries in fast-check's deterministic order).
 */
export async function searchSequences(ctx: PhaseContext, phase: string, world: ModelWorld, count: number, tokenKind: string): Promise<SearchResult> {
  let tried = 0;
  let failed = false;
  const leftovers = new LeftoverLines();
  const property = fc.asyncProperty(
    fc.limitShrink(
      fc.constantFrom(...familyGroups(world)).chain((group) => fc.commands(commandArbitraries(world, group), { maxCommands: MAX_STEPS, size: 'max' })),
      MAX_SHRINKS,
    ),
    async (commands) => {
      if (ctx.execution.stopped || ctx.execution.phaseShareSpent) {
        // Out of budget: before any failure, end the search at once (fast-check would draw every remaining run);
        // while shrinking, the shortest failing sequence found so far stands.
        if (failed) return true;
        throw new BudgetSpent();
      }
      tried += 1;
      const token = seededToken(ctx.execution.seed, tokenKind, tried);
      const { violation, script } = await runCommands(ctx, phase, world, token, commands, `sequence ${tried}`, false);
      leftovers.add(script?.leftovers ?? []);
      failed ||= violation !== undefined;
      return violation === undefined;
    },
  );
  const details = await fc.check(property, { seed: ctx.execution.seed, numRuns: count });
  // An error of the harness itself is not a failing sequence: it ends the phase as any phase's error does.
  if (details.failed && !failed && !(details.errorInstance instanceof BudgetSpent)) throw details.errorInstance;
  const failing = details.failed && failed && details.counterexample !== null ? [...(details.counterexample[0] as Iterable<Command>)] : undefined;
  return { tried, failing, leftovers: leftovers.list() };
}
