/**
 * What sequences can be drawn from: the resource model's families that can be created, read and deleted in every
 * locale, each with its routes per locale and the actions the descriptor serves on its items (a write route below
 * the family's collection ending in an id: a signup's activation, a member's follow), and the run's identities.
 * All of it is inferred from the descriptors (see `src/resources/`); nothing names a namespace.
 */
import type { HttpMethod, Operation } from '../../../descriptor/types.js';
import { anonymousWriteReason, inferResources, mergedHints, routeShape, type ResourceFamily, type ResourceHints } from '../../../resources/index.js';
import type { Identity } from '../../../request/index.js';
import { familyOperations, type FamilyEnv, type FamilyOperations } from '../../steps/resources.js';
import { RouteBook } from '../../steps/route-book.js';
import type { PhaseContext } from '../phase.js';
import { chosenWork } from '../../chosen-operations.js';

const ACTION_METHODS: readonly HttpMethod[] = ['POST', 'PUT', 'PATCH'];

/** A write on one item of a family that is neither its update nor its delete (`…/signup/activate/{id}`). */
export interface ItemAction {
  /** How steps name it: the route's fixed segments after the collection (`activate`). */
  name: string;
  /** Its operation per locale (by index into `ModelWorld.locales`). */
  ops: Operation[];
}

export interface WorldFamily {
  family: ResourceFamily;
  /** Its operations per locale (same index as `ModelWorld.locales`). */
  ops: FamilyOperations[];
  actions: ItemAction[];
  /** Update fields a sequence writes: those declared, but fixed ones, parents, and those that lock a resource against its delete. */
  writable: string[];
  /** Writes to it are meant for callers without an account (a hint says so): who may write is not judged. */
  anonymous: boolean;
}

export interface ModelWorld {
  locales: FamilyEnv[];
  families: WorldFamily[];
  identities: readonly Identity[];
  /** The run's own account (writes expected to succeed; clean-up), when it has one. */
  main: Identity | undefined;
  /** The family whose collection has a `…/me` route: the accounts a `user_id` in an answer names. */
  accounts: string | undefined;
  /**
   * Per family, the latest ids creates of the phase answered, over all its sequences (`answeredBefore`): a create
   * answered with one of them joined a resource that another create may still hold (two accounts blocking one member
   * share one moderation item), so this sequence cannot say when it is gone.
   */
  created: Map<string, Set<string>>;
}

/** The writes on a family's items other than update and delete, found by route shape in one locale. */
function itemActions(family: ResourceFamily, operations: readonly Operation[]): Map<string, Operation> {
  const found = new Map<string, Operation>();
  const collection = operations.find((op) => op.route === family.collection);
  if (collection === undefined) return found;
  const base = routeShape(collection.pattern.template);
  const depth = base.split('{}').length;
  for (const op of operations) {
    if (!ACTION_METHODS.includes(op.method) || op.route === family.item || op.route === family.collection) continue;
    const shape = routeShape(op.pattern.template);
    if (!shape.startsWith(`${base}/`) || !shape.endsWith('/{}') || shape.split('{}').length !== depth + 1) continue;
    const name = shape.slice(base.length + 1, -3);
    // The first write method the route serves, as the stateful relations pick it.
    if (name !== '' && !found.has(name)) found.set(name, op);
  }
  return found;
}

function writableFields(family: ResourceFamily): string[] {
  const parents = new Set(family.parents.map((parent) => parent.name));
  return Object.keys(family.update?.fields ?? {}).filter((field) => !(field in family.fixedFields) && !parents.has(field) && !(field in family.unlockValues));
}

/** The world of this run's descriptors, families in the first locale's model that every locale serves. */
export function modelWorld(
  ctx: Pick<PhaseContext, 'descriptors' | 'execution' | 'allOperations' | 'safeMethodsOnly'> & { resourceHints?: ResourceHints },
): ModelWorld {
  const hints = mergedHints(ctx.resourceHints);
  const chosen = chosenWork(ctx);
  const books = ctx.descriptors.map((descriptor) => new RouteBook(descriptor));
  const locales: FamilyEnv[] = books.map((book, index) => ({
    book,
    others: books.filter((_, other) => other !== index),
    model: inferResources(ctx.descriptors[index]!, hints),
  }));
  const families: WorldFamily[] = [];
  const first = locales[0];
  for (const [index, family] of (first?.model.families ?? []).entries()) {
    if (family.skip !== undefined) continue;
    // A create answered as another family's item (a report as the moderation item it joins) makes no resource of its
    // own: a delete takes back one report of an item others may hold, so the model could not say what is gone.
    // The first family with an item route keeps it, as the run's owned resources do.
    if (first!.model.families.slice(0, index).some((other) => other.item === family.item)) continue;
    const ops = locales.map((env) => familyOperations(env.book, family));
    // A family whose create the run's choice leaves out is not one the sequences act on (its parents still may be made).
    if (ops.some((op) => op === undefined) || !chosen(ops[0]!.create)) continue;
    const perLocale = ctx.descriptors.map((descriptor) => itemActions(family, descriptor.operations));
    const actions = [...perLocale[0]!.keys()]
      .filter((name) => perLocale.every((found) => found.has(name)))
      .map((name) => ({ name, ops: perLocale.map((found) => found.get(name)!) }));
    const template = ops[0]!.create.pattern.template;
    families.push({
      family,
      ops: ops as FamilyOperations[],
      actions,
      writable: writableFields(family),
      anonymous: anonymousWriteReason(hints, template) !== undefined,
    });
  }
  const routes = new Set(ctx.descriptors[0]?.operations.map((op) => routeShape(op.pattern.template)));
  const accounts = families.find(({ ops }) => routes.has(`${routeShape(ops[0]!.create.pattern.template)}/me`))?.family.name;
  const main =
    ctx.execution.credentials === undefined
      ? undefined
      : ctx.execution.identities.find((identity) => identity.credentials?.user === ctx.execution.credentials!.user);
  return { locales, families, identities: ctx.execution.identities, main, accounts, created: new Map() };
}

/**
 * The ids kept per family for `answeredBefore`: the latest, so a long run's memory stays flat (a fuzz-profile run
 * makes hundreds of thousands); a joined resource is one a recent create made.
 */
const CREATED_KEPT = 10_000;

/** True when an earlier create of the phase was answered with `id` for `family`; remembers `id` either way. */
export function answeredBefore(world: ModelWorld, family: string, id: string): boolean {
  let ids = world.created.get(family);
  if (ids === undefined) world.created.set(family, (ids = new Set()));
  const before = ids.delete(id);
  ids.add(id);
  if (ids.size > CREATED_KEPT) ids.delete(ids.values().next().value!);
  return before;
}
