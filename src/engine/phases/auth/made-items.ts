/**
 * Items the run makes for "who may read what" (`visibility.ts`): where a list route's family lets the run make items
 * only some identities may read, one of each kind is made as the administrator before the identities' lists and
 * reads, so the lists and totals are held to items that exist on every server, not only to what its lists happen
 * to show. The kinds, each where the create declares it:
 *   - a private item and a draft item: the create's `status` enum offers `private` / `draft`;
 *   - an item behind a password: the create declares an optional `password` (a required one is an account's own
 *     password, a member's or a user's, which protects nothing);
 *   - a pending signup: the interface's signup route (a create makes one that waits for its activation).
 * Cheap on purpose: one item per kind per route, in the one locale `visibility.ts` reads, families with no parent
 * to make first and no file to upload. Each is deleted once its route is judged (a `StepScript`'s clean-up); one
 * that delete leaves is still the run's own, so the run's clean-up at its end tries it again.
 */
import { inferResources, mergedHints, type ResourceFamily, type ResourceModel } from '../../../resources/index.js';
import type { Operation } from '../../../descriptor/types.js';
import { RouteBook } from '../../steps/route-book.js';
import { familyAt, RELATION_ROUTES } from '../../steps/relations.js';
import { createResource, deleteArgs, familyOperations, type FamilyEnv } from '../../steps/resources.js';
import type { Exchange } from '../../../http/types.js';
import { ScriptStopped, StepScript } from '../../steps/step-script.js';
import { seededToken } from '../../steps/token.js';
import type { PhaseContext } from '../phase.js';

const PHASE = 'auth';

/** What kind of item was made: its values on top of the create's own. */
export interface MadeKind {
  kind: 'private' | 'draft' | 'password' | 'pending signup';
  values: Record<string, unknown>;
}

/** The statuses of a create's `status` argument (its enum, or its items' enum). */
function statusesOf(family: ResourceFamily): unknown[] {
  const status = family.create?.args.status;
  return status?.enum ?? (status?.items as { enum?: unknown[] } | undefined)?.enum ?? [];
}

/** The kinds worth making in `family`, none when it has parents to make first or a file to upload. */
export function madeKinds(family: ResourceFamily, signups: ResourceFamily | undefined, token: string): MadeKind[] {
  if (family.skip !== undefined || family.create === undefined || family.upload !== undefined || family.parents.length > 0) return [];
  if (family === signups) return [{ kind: 'pending signup', values: {} }];
  const kinds: MadeKind[] = [];
  const statuses = statusesOf(family);
  if (statuses.includes('private')) kinds.push({ kind: 'private', values: { status: 'private' } });
  if (statuses.includes('draft')) kinds.push({ kind: 'draft', values: { status: 'draft' } });
  const password = family.create.args.password;
  if (password !== undefined && password.required !== true && (password.type === undefined || password.type === 'string'))
    kinds.push({ kind: 'password', values: { password: `rc-${token}` } });
  return kinds;
}

/** One route's made items: their ids, and the deletes to send once the route is judged. */
export interface MadeItems {
  ids: string[];
  /** Each item's create, and the arguments its delete takes: what a replay sends to make it again. */
  creates: Array<{ id: string; exchange: Exchange; deleteArgs: Record<string, unknown> }>;
  /** What was made, for notes: `private 12, draft 13`. */
  described: string[];
  /** Deletes what was made; returns the deletes that left something behind. */
  finish(): Promise<string[]>;
}

/** The model and route book of the locale `visibility.ts` reads, made once per phase. */
export interface MadeItemsPlan {
  env: FamilyEnv;
  signups: ResourceFamily | undefined;
}

export function madeItemsPlan(ctx: Pick<PhaseContext, 'descriptors' | 'resourceHints'>, locale: string | null): MadeItemsPlan | undefined {
  const index = ctx.descriptors.findIndex((descriptor) => descriptor.locale === locale);
  const descriptor = ctx.descriptors[index];
  if (descriptor === undefined) return undefined;
  const model: ResourceModel = inferResources(descriptor, mergedHints(ctx.resourceHints));
  const env: FamilyEnv = { book: new RouteBook(descriptor), others: [], model };
  return { env, signups: familyAt(env, RELATION_ROUTES.signups) };
}

/**
 * Makes the items of `list`'s family, as the administrator (a create another identity would make is not what the
 * lists are held to). Nothing on a run that sends only safe methods. A kind the server refuses is left out, with a
 * note on the create's coverage entry.
 */
export async function makeItems(ctx: PhaseContext, plan: MadeItemsPlan, list: Operation, counter: number): Promise<MadeItems> {
  const family = plan.env.model.families.find((candidate) => candidate.collection === list.route);
  const token = seededToken(ctx.execution.seed, 'v', counter);
  const kinds = ctx.safeMethodsOnly || family === undefined ? [] : madeKinds(family, plan.signups, token);
  const script = new StepScript(ctx, PHASE, `who may read what: items made in ${list.route}`);
  const ids: string[] = [];
  const described: string[] = [];
  const creates: MadeItems['creates'] = [];
  if (family !== undefined && kinds.length > 0 && familyOperations(plan.env.book, family) !== undefined) {
    for (const [index, { kind, values }] of kinds.entries()) {
      if (ctx.execution.control.reason !== undefined && ctx.execution.control.reason.kind !== 'time-budget') break;
      try {
        const made = await createResource(script, plan.env, family, `${token}${index}`, (_path, _parents, body) => {
          // The kind's values on top of what inference gives (a `status` it drew, say).
          Object.assign(body, values);
          return Promise.resolve();
        });
        ids.push(made.id);
        described.push(`${kind} ${made.id}`);
        // The create is the last request of its method the script sent (after it, at most reads to find the new item).
        const exchange = [...script.exchanges].reverse().find((sent) => sent.request.method === made.create.method);
        if (exchange !== undefined) creates.push({ id: made.id, exchange, deleteArgs: deleteArgs(family, token) });
      } catch (error) {
        if (!(error instanceof ScriptStopped)) throw error;
      }
    }
  }
  return {
    ids,
    creates,
    described,
    finish: async () => {
      await script.finish();
      return script.leftovers;
    },
  };
}
