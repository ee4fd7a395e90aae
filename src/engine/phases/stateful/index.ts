/**
 * Phase `stateful`: the life cycle of every family of the resource model (inferred from each locale's
 * descriptor, see `src/resources/`), and the relations between resources the interface has (signup activation,
 * block and unblock, profile field data, follow and unfollow, components switched and back), with data taken
 * from real responses. Every step's failure is a finding whose reproduction is the whole sequence so far, one
 * curl line per step; every sequence, run or skipped, is reported with its steps.
 */
import type { HttpMethod, Operation } from '../../../descriptor/types.js';
import { inferResources, mergedHints, type ResourceHints } from '../../../resources/index.js';
import type { SequenceReport } from '../../events.js';
import { resourceLifecycle } from './lifecycle.js';
import {
  activationOf,
  blockAndUnblock,
  componentsSwitched,
  familyAt,
  fieldData,
  followAndUnfollow,
  RELATION_NAMESPACE,
  RELATION_ROUTES,
  signupActivation,
} from '../../steps/relations.js';
import { familyOperations, type FamilyEnv } from '../../steps/resources.js';
import { RouteBook } from '../../steps/route-book.js';
import { runStepScript, type StepScript } from '../../steps/step-script.js';
import { seededToken } from '../../steps/token.js';
import { SEQUENTIAL_WEIGHT } from '../../shard-plan.js';
import { writingPhaseSkipReason, type Phase, type PhaseContext } from '../phase.js';
import { STATEFUL_CHECKS } from '../../../checks/stateful/index.js';
import { chosenWork } from '../../chosen-operations.js';

const PHASE = 'stateful';
const WRITE_METHODS: readonly HttpMethod[] = ['POST', 'PUT', 'PATCH'];

/** A route a relation needs, served by any of `methods`; or one the resource model infers (`find`). */
type RouteNeed = { route: string; methods: readonly HttpMethod[] } | { find(env: FamilyEnv): Operation | undefined };

/** A sequence between resources: the routes it sends to (beyond its families') and the families it creates. */
interface RelationScript {
  name: string;
  needs: RouteNeed[];
  /** Collections (contract keys) of the families it creates. */
  families: string[];
  /**
   * A probe of who may do what (activating a signup by its id as anonymous): run before every other sequence of the
   * phase, in every locale, and past a spent share; a run that could not send it says so as incomplete.
   */
  security?: true;
  run(script: StepScript, env: FamilyEnv, token: string): Promise<void>;
}

/** The relations the phase knows, in running order; each runs where the descriptor serves its routes. */
export const RELATION_SCRIPTS: readonly RelationScript[] = [
  {
    name: 'signup activation',
    // Its route is the signups' action the model infers, whatever its variable is called.
    needs: [{ find: activationOf }],
    families: [RELATION_ROUTES.signups, RELATION_ROUTES.members],
    security: true,
    run: signupActivation,
  },
  {
    name: 'block and unblock',
    needs: [
      { route: RELATION_ROUTES.moderation, methods: ['POST'] },
      { route: RELATION_ROUTES.moderation, methods: ['GET'] },
      { route: RELATION_ROUTES.moderationItem, methods: ['DELETE'] },
    ],
    families: [RELATION_ROUTES.members],
    run: blockAndUnblock,
  },
  {
    name: 'profile field data',
    needs: [
      { route: RELATION_ROUTES.fieldData, methods: WRITE_METHODS },
      { route: RELATION_ROUTES.fieldData, methods: ['GET'] },
      { route: RELATION_ROUTES.fieldData, methods: ['DELETE'] },
    ],
    families: [RELATION_ROUTES.profileFields, RELATION_ROUTES.members],
    run: fieldData,
  },
  {
    name: 'follow and unfollow',
    needs: [{ route: RELATION_ROUTES.followAction, methods: WRITE_METHODS }],
    families: [RELATION_ROUTES.members],
    run: followAndUnfollow,
  },
  {
    name: 'components switched and back',
    needs: [
      { route: RELATION_ROUTES.components, methods: ['GET'] },
      { route: RELATION_ROUTES.components, methods: WRITE_METHODS },
    ],
    families: [],
    run: (script, env) => componentsSwitched(script, env),
  },
];

/** One sequence of one locale, ready to run or with the reason it cannot. */
interface PlannedScript {
  name: string;
  family?: string;
  /** The operation the shard decision goes by (the sequence's first request). */
  first: Operation | undefined;
  skip?: string;
  /** The target serves nothing of the interface it is about (plain WordPress and the community relations): no warning. */
  foreign?: boolean;
  /** A security probe (`RelationScript.security`). */
  security?: true;
  run(script: StepScript, token: string): Promise<void>;
}

const UNSERVED_RELATIONS = `the target serves no ${RELATION_NAMESPACE} routes`;

function planLocale(env: FamilyEnv, namespaces: ReadonlySet<string>): PlannedScript[] {
  const planned: PlannedScript[] = [];
  for (const family of env.model.families) {
    const ops = familyOperations(env.book, family);
    planned.push({
      name: `${family.name} life cycle`,
      family: family.name,
      first: ops?.create,
      skip: family.skip ?? (ops === undefined ? 'the descriptor lacks a route the life cycle needs' : undefined),
      run: (script, token) => resourceLifecycle(script, env, family, token),
    });
  }
  for (const relation of RELATION_SCRIPTS) {
    const resolved = relation.needs.map((need) => ('find' in need ? need.find(env) : env.book.firstOperation(need.route, need.methods)));
    const families = relation.families.map((collection) => familyAt(env, collection));
    const lacking =
      resolved.some((op) => op === undefined) ||
      families.some((family) => family === undefined || family.skip !== undefined || familyOperations(env.book, family) === undefined);
    const foreign = !namespaces.has(RELATION_NAMESPACE);
    planned.push({
      name: relation.name,
      first: resolved[0],
      skip: foreign ? UNSERVED_RELATIONS : lacking ? 'the descriptor lacks routes for it' : undefined,
      foreign,
      ...(relation.security ? { security: true as const } : {}),
      run: (script, token) => relation.run(script, env, token),
    });
  }
  return planned;
}

/** Each locale's sequences that start at a chosen operation, the model inferred from its (whole) descriptor. */
function plans(
  ctx: Pick<PhaseContext, 'descriptors' | 'allOperations' | 'safeMethodsOnly'> & { resourceHints?: ResourceHints },
): Array<{ book: RouteBook; planned: PlannedScript[] }> {
  const hints = mergedHints(ctx.resourceHints);
  const chosen = chosenWork(ctx);
  const books = ctx.descriptors.map((descriptor) => new RouteBook(descriptor));
  return books.map((book, index) => {
    const env: FamilyEnv = { book, others: books.filter((_, other) => other !== index), model: inferResources(ctx.descriptors[index]!, hints) };
    const planned = planLocale(env, new Set(ctx.descriptors[index]!.operations.map((op) => op.namespace)));
    return { book, planned: planned.filter((plan) => chosen(plan.first)) };
  });
}

/** A sequence in one locale: its name in reports, and the piece of work a split run gives to one shard. */
function sequenceUnit(planned: PlannedScript, book: RouteBook): string {
  return `${planned.name} (${book.locale ?? 'no locale'})`;
}

/** Requests of one create → read → update → read → delete → read sequence and its list checks (the workload estimate). */
const REQUESTS_PER_SEQUENCE = 12;

export const statefulPhase: Phase = {
  name: PHASE,
  description:
    'The life cycle of every resource family the descriptor reveals (create, read, list, search, duplicate, update of every field, delete, use after delete, X-WP-Total; cross-locale reads), and relations: signup activation, block and unblock, profile field data, follow and unfollow, components switched and back.',
  checks: STATEFUL_CHECKS,
  budgetShare: 0.15,
  workload: (ctx) => ctx.operations.filter((op) => op.method === 'POST' && op.pattern.variables.length === 0).length * REQUESTS_PER_SEQUENCE,
  skipReason: writingPhaseSkipReason,
  // A step of a sequence waits for the one before; a life cycle has some twenty steps.
  units: (ctx) =>
    ctx.safeMethodsOnly
      ? []
      : plans(ctx).flatMap(({ book, planned }) =>
          planned
            .filter((plan) => plan.skip === undefined && plan.first !== undefined)
            .map((plan) => ({ name: sequenceUnit(plan, book), cost: 20 * SEQUENTIAL_WEIGHT })),
        ),
  async gather(ctx) {
    let counter = 0;
    // The security probes of every locale first, then the rest in the order planned; one after another: list totals
    // are only meaningful while nothing else writes.
    const entries = plans(ctx).flatMap(({ book, planned }) => planned.map((sequence) => ({ book, planned: sequence })));
    const ordered = [...entries.filter((entry) => entry.planned.security), ...entries.filter((entry) => !entry.planned.security)];
    const lacking = new Map<RouteBook, string[]>();
    for (const { book, planned } of ordered) {
      const base = { phase: PHASE, locale: book.locale, name: planned.name, ...(planned.family === undefined ? {} : { family: planned.family }) };
      if (planned.skip !== undefined || planned.first === undefined) {
        // A relation the target lacks routes for is worth a warning, unless it serves none of the interface's.
        if (planned.family === undefined && planned.foreign !== true) lacking.set(book, [...(lacking.get(book) ?? []), planned.name]);
        emitSequence(ctx, { ...base, outcome: 'skipped', reason: planned.skip ?? 'no route to start from', steps: [], leftovers: [] });
        continue;
      }
      // Counted whether or not this shard runs it: a sequence's names are the same in a split run.
      counter += 1;
      const name = sequenceUnit(planned, book);
      // The one place the phase decides whether a sequence runs in this shard.
      if (!ctx.shard.owns(name)) continue;
      const token = seededToken(ctx.execution.seed, 's', counter);
      const script = await runStepScript(ctx, PHASE, name, (running) => planned.run(running, token), { pastPhaseShare: planned.security === true });
      if (script === undefined) {
        if (planned.security) ctx.execution.markIncomplete(`stateful: ${name}, a security probe, not sent (the run had stopped)`);
        continue;
      }
      const outcome = script.outcome ?? { result: 'passed' as const };
      emitSequence(ctx, {
        ...base,
        outcome: outcome.result,
        ...(outcome.reason === undefined ? {} : { reason: outcome.reason }),
        steps: script.steps,
        leftovers: script.leftovers,
      });
    }
    for (const [book, names] of lacking) {
      ctx.execution.emit({
        type: 'warning',
        message: `stateful: locale ${book.locale ?? '(none)'}: the descriptor lacks routes for ${names.join(', ')}; not run`,
      });
    }
  },
};

function emitSequence(ctx: PhaseContext, report: SequenceReport): void {
  ctx.execution.emit({ type: 'sequence', sequence: report });
}
