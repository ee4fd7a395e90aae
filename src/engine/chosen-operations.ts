/**
 * The run's chosen operations (`--include`, `--exclude`) as the engine applies them: the operations a run may send
 * requests for, chosen before the phases and the shard plan see them; whether a whole-run piece of work (a life
 * cycle, a race, a family of the model) belongs to them; and what a run reached outside them: the parents and steps
 * a chosen family needed, which coverage does not list but the report names.
 */
import type { ChoiceReport, CoverageEntry } from './events.js';
import { operationChoice, type OperationChoice, type RunSettings } from '../config/index.js';
import { SAFE_METHODS, type LoadedDescriptor, type Operation } from '../descriptor/types.js';
import { routeFamily } from './shard-plan.js';

/** Every operation a run may send requests for (safety first, then the choice), in a stable order, before any sharding. */
export function runOperations(descriptors: readonly LoadedDescriptor[], safeMethodsOnly: boolean, choice?: OperationChoice): Operation[] {
  const all = descriptors.flatMap((d) => d.operations).filter((op) => op.method !== 'HEAD' && op.method !== 'OPTIONS');
  const safe = safeMethodsOnly ? all.filter((op) => SAFE_METHODS.includes(op.method)) : all;
  const chosen = choice === undefined || choice.everything ? safe : safe.filter(choice.chooses);
  return [...chosen].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** What a phase plans its whole-run work from: the descriptors, and the run's operations (chosen, not sharded). */
interface ChosenSet {
  descriptors: readonly LoadedDescriptor[];
  allOperations: readonly Operation[];
  safeMethodsOnly: boolean;
}

/**
 * Whether a whole-run piece of work whose first request goes to `first` is the run's: in a run without a choice,
 * all of it (work the descriptor lacks a route for included, so it is reported as skipped); with one, the work
 * that starts at a chosen operation. Its later steps may reach outside the choice (a parent, the delete that
 * cleans up): the report names those families.
 */
export function chosenWork(ctx: ChosenSet): (first: Pick<Operation, 'id'> | undefined) => boolean {
  const ids = new Set(ctx.allOperations.map((op) => op.id));
  const everything = ids.size === runOperations(ctx.descriptors, ctx.safeMethodsOnly).length;
  return (first) => everything || (first !== undefined && ids.has(first.id));
}

/** An operation as findings and coverage name it. */
type OperationRef = { locale: string | null; method: string; route: string };

/**
 * Whether the run tests the operation `ref` names: what its choice says of the declared operation; an operation
 * no descriptor declares (a probe of an unknown route) is chosen.
 */
export function choosesDeclared(choice: OperationChoice, descriptors: readonly LoadedDescriptor[]): (ref: OperationRef) => boolean {
  if (choice.everything) return () => true;
  const routes = new Map(descriptors.flatMap((descriptor) => descriptor.operations).map((op) => [op.route, op]));
  return (ref) => {
    const declared = routes.get(ref.route);
    return declared === undefined || choice.chooses({ ...declared, locale: ref.locale, method: ref.method });
  };
}

/** The run's choice read from its settings. */
export function choiceOf(settings: Pick<RunSettings, 'include' | 'exclude'>): OperationChoice {
  return operationChoice(settings);
}

/**
 * Coverage of the chosen operations only, and the report of the choice: its patterns and the route families the
 * run sent requests to outside it (`undefined` for a run without a choice).
 */
export function coverageOfChoice(
  coverage: readonly CoverageEntry[],
  choice: OperationChoice,
  chosen: (ref: OperationRef) => boolean,
): { coverage: CoverageEntry[]; report?: ChoiceReport } {
  if (choice.everything) return { coverage: [...coverage] };
  const outside = coverage.filter((entry) => !chosen(entry));
  const families = [...new Set(outside.filter((entry) => entry.requests > 0).map((entry) => routeFamily(entry)))].sort();
  return {
    coverage: coverage.filter((entry) => chosen(entry)),
    report: { include: [...choice.include], exclude: [...choice.exclude], reachedOutside: families },
  };
}

/** The console line of a run that reached outside its choice, or undefined when it did not. */
export function reachedOutsideMessage(report: ChoiceReport | undefined): string | undefined {
  if (report === undefined || report.reachedOutside.length === 0) return undefined;
  const count = report.reachedOutside.length;
  return `the chosen operations needed requests to operations outside the choice (a parent's create, a life cycle's delete), which were not tested, in ${count} route famil${count === 1 ? 'y' : 'ies'}: ${report.reachedOutside.join(', ')}`;
}
