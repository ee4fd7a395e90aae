/**
 * How a run split over N processes (`--shard I/N`) shares its work. Every process computes the same plan from
 * the same descriptors: route families (all their routes, methods and locales together, so a route's probes, a
 * sequence's first operation and an access-matrix write see the state the family's other routes made) and whole-run pieces of work (the contract comparison, each stateful
 * sequence, each locale's batch sequences…) are dealt out by estimated cost, the most costly first, each to the
 * shard with the least so far. Each piece therefore runs once, in exactly one shard, and the shards' reports
 * merged hold what one unsharded run with the same seed holds.
 */
import type { ArgSchema, Operation } from '../descriptor/types.js';
import type { ShardRef } from './events.js';

/** A piece of whole-run work a phase does once (not per operation), and what it is estimated to cost. */
export interface WorkUnit {
  /** Unique within the run, stable across runs: e.g. `stateful member life cycle (en_gb)`. */
  name: string;
  /** In requests sent one after another at the run's concurrency (see `estimatedCost`). */
  cost: number;
}

/**
 * Steps of a sequence wait for each other, while an operation's cases go out `concurrency` at a time: a
 * sequential request costs the time of several concurrent ones.
 */
export const SEQUENTIAL_WEIGHT = 4;

/** Boundary cases an argument adds (its enum values, bounds and just past them, empty and full arrays). */
function boundaryCases(arg: ArgSchema): number {
  let cases = 2 + (arg.enum?.length ?? 0);
  if (arg.minimum !== undefined) cases += 2;
  if (arg.maximum !== undefined) cases += 2;
  if (arg.minLength !== undefined || arg.maxLength !== undefined) cases += 2;
  if (arg.items) cases += 3 + boundaryCases(arg.items);
  for (const property of Object.values(arg.properties ?? {})) cases += boundaryCases(property);
  return cases;
}

/**
 * What an operation is estimated to cost: its boundary cases (one per argument and rule), its fuzz examples
 * (valid and invalid), and a probe. Not its route: a list with twenty arguments costs more than a bare item.
 */
export function estimatedCost(op: Operation, examples: number): number {
  const boundaries = Object.values(op.args).reduce((sum, arg) => sum + boundaryCases(arg), 0);
  return 1 + boundaries + 2 * examples;
}

/**
 * The resource family a route belongs to: its namespace and the first path segment after it
 * (`/community/v1/signup` for `/community/v1/signup/activate/(?P<id>[\w-]+)`). A family's routes share state on
 * the target (an activation finds the signups the family's create made; an item route the posts its collection
 * made), so they are dealt out together: each sees, in its shard, the state it sees in a whole run.
 */
export function routeFamily(op: Pick<Operation, 'route' | 'namespace'>): string {
  const namespace = `/${op.namespace.replace(/^\/+|\/+$/g, '')}`;
  if (op.namespace === '' || !op.route.startsWith(`${namespace}/`)) return op.route;
  const first = op.route.slice(namespace.length + 1).split('/')[0]!;
  // A first segment that is a path variable (`(?P<name>…)`) names no resource of its own.
  return first === '' || first.startsWith('(') ? op.route : `${namespace}/${first}`;
}

/** Which work this process does. */
export interface ShardPlan {
  /** This process's slice; null for a whole run. */
  readonly shard: ShardRef | null;
  /**
   * Whether this process sends the operation's own requests (examples, fuzz, the operation's auth probes): the
   * shard of its route's family (`routeFamily`).
   */
  ownsOperation(op: Pick<Operation, 'route' | 'namespace'>): boolean;
  /** Whether this process does a whole-run piece of work; every unit is owned by exactly one shard. */
  owns(unit: string): boolean;
  /** Estimated cost per shard (index 0 is shard 1), for the header. */
  readonly loads: readonly number[];
}

/** The plan of a whole run: everything is this process's. */
export const WHOLE_RUN: ShardPlan = { shard: null, ownsOperation: () => true, owns: () => true, loads: [] };

interface Job {
  key: string;
  cost: number;
}

/**
 * Deals out the routes of `operations` (every operation of the run, before sharding) and the `units` among
 * `shard.count` shards by estimated cost, and returns shard `shard.index`'s share. Deterministic: the same
 * inputs give every process the same plan.
 */
export function planShards(shard: ShardRef | null | undefined, operations: readonly Operation[], units: readonly WorkUnit[], examples: number): ShardPlan {
  if (!shard || shard.count <= 1) return WHOLE_RUN;
  const familyCost = new Map<string, number>();
  for (const op of operations) familyCost.set(routeFamily(op), (familyCost.get(routeFamily(op)) ?? 0) + estimatedCost(op, examples));
  const jobs: Job[] = [
    ...[...familyCost].map(([family, cost]) => ({ key: `routes ${family}`, cost })),
    ...units.map((unit) => ({ key: `unit ${unit.name}`, cost: unit.cost })),
  ];
  // The most costly first, each to the least loaded shard (ties: the lower index): within 4/3 of the best split.
  jobs.sort((a, b) => b.cost - a.cost || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const loads = Array.from({ length: shard.count }, () => 0);
  const owner = new Map<string, number>();
  for (const job of jobs) {
    let least = 0;
    for (let i = 1; i < loads.length; i += 1) if (loads[i]! < loads[least]!) least = i;
    loads[least]! += job.cost;
    owner.set(job.key, least + 1);
  }
  // A piece of work no phase announced is the first shard's: done once rather than in every shard or in none.
  const mine = (key: string): boolean => (owner.get(key) ?? 1) === shard.index;
  return {
    shard,
    ownsOperation: (op) => mine(`routes ${routeFamily(op)}`),
    owns: (unit) => mine(`unit ${unit}`),
    loads,
  };
}
