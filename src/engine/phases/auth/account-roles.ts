/**
 * The roles each ordinary account started the probes with, kept. A probe that a broken server grants (a member
 * raising its own roles) changes who the account is for every later request: as an administrator it would be let
 * through routes that refuse members, and those routes would be blamed. So after each probe the administrator reads
 * every account's roles, puts back at once what a probe changed, and an account whose roles cannot be put back
 * takes part in no further probe. The run ends with every account as it began.
 *
 * The roles are read where the descriptor's `…/me` route says the account lives (`members/{id}`, `users/{id}`), in
 * `edit` context, and written back through that item's update when it takes `roles`.
 */
import { SAFE_METHODS, type Operation } from '../../../descriptor/types.js';
import type { RequestCase } from '../../../generate/types.js';
import type { Identity } from '../../../request/identity.js';
import type { PhaseContext } from '../phase.js';

const PHASE = 'auth';

/** Where one account's roles are read and written back. */
interface RolesPlace {
  identity: Identity;
  read: Operation;
  update: Operation | undefined;
  path: Record<string, string>;
  starting: string[];
}

/** The item route `{collection}/{id}` of a locale, by method. */
function itemOperations(ctx: PhaseContext, locale: string | null, collection: string): Operation[] {
  const descriptor = ctx.descriptors.find((candidate) => candidate.locale === locale);
  return (descriptor?.operations ?? []).filter(
    (op) => op.pattern.variables.length === 1 && op.pattern.template === `${collection}/{${op.pattern.variables[0]!.name}}`,
  );
}

function rolesOf(json: unknown): string[] | undefined {
  const roles = json !== null && typeof json === 'object' ? (json as { roles?: unknown }).roles : undefined;
  return Array.isArray(roles) && roles.every((role) => typeof role === 'string') ? [...(roles as string[])].sort() : undefined;
}

const sameRoles = (a: readonly string[], b: readonly string[]): boolean => a.length === b.length && a.every((role, index) => role === b[index]);

export class AccountRoles {
  readonly #places: RolesPlace[];
  /** Accounts whose roles could not be put back: no further probe is sent as them. */
  readonly #lost = new Set<string>();

  private constructor(places: RolesPlace[]) {
    this.#places = places;
  }

  /** Reads each account's starting roles (as the administrator); accounts whose roles cannot be read are not kept. */
  static async read(ctx: PhaseContext, accounts: readonly Identity[]): Promise<AccountRoles> {
    const places: RolesPlace[] = [];
    for (const identity of accounts) {
      const account = ctx.execution.accountOf(identity);
      const where = account?.collections[0];
      if (account?.id === undefined || where === undefined) continue;
      const operations = itemOperations(ctx, where.locale, where.route);
      const read = operations.find((op) => op.method === 'GET');
      if (read === undefined) continue;
      const update = operations.find((op) => ['PATCH', 'POST', 'PUT'].includes(op.method) && op.args.roles !== undefined);
      const path = { [read.pattern.variables[0]!.name]: String(account.id) };
      const place = { identity, read, update, path, starting: [] as string[] };
      const starting = await readRoles(ctx, place);
      if (starting !== undefined) places.push({ ...place, starting });
    }
    return new AccountRoles(places);
  }

  /** False once an account's roles were changed and could not be put back: its probes stop. */
  mayProbe(identity: Identity): boolean {
    return !this.#lost.has(identity.name);
  }

  /**
   * Reads every account's roles; puts back those a probe changed (as the administrator), and says so on `op`, the
   * operation of the probe just sent. An account whose roles stay changed is named in a note and probes no more.
   */
  async keep(ctx: PhaseContext, op: Operation): Promise<void> {
    for (const place of this.#places) {
      if (this.#lost.has(place.identity.name)) continue;
      const now = await readRoles(ctx, place);
      if (now === undefined || sameRoles(now, place.starting)) continue;
      const restored = await this.#restore(ctx, place);
      const changed = `${place.identity.name}'s roles changed from [${place.starting.join(', ')}] to [${now.join(', ')}]`;
      if (restored) {
        ctx.execution.note(op, `${PHASE}: ${changed}; the administrator put them back`);
        continue;
      }
      this.#lost.add(place.identity.name);
      ctx.execution.note(op, `${PHASE}: ${changed} and could not be put back: ${place.identity.name} takes part in no further probe`);
    }
  }

  /** The accounts (by name) whose roles are not what they started with at the end: none, unless one was lost. */
  get lost(): readonly string[] {
    return [...this.#lost];
  }

  async #restore(ctx: PhaseContext, place: RolesPlace): Promise<boolean> {
    const { update } = place;
    if (update === undefined || ctx.execution.credentials === undefined) return false;
    const roles = update.args.roles?.type === 'string' && place.starting.length === 1 ? place.starting[0] : place.starting;
    const requestCase: RequestCase = { operationId: update.id, kind: 'valid', path: place.path, query: {}, body: { roles } };
    await ctx.execution.execute(update, requestCase, PHASE, { credentials: ctx.execution.credentials, unguarded: true });
    const now = await readRoles(ctx, place);
    return now !== undefined && sameRoles(now, place.starting);
  }
}

/** The account's roles as the administrator reads them (as the account itself without one), in `edit` context. */
async function readRoles(ctx: PhaseContext, place: Omit<RolesPlace, 'starting'>): Promise<string[] | undefined> {
  const { read } = place;
  if (!SAFE_METHODS.includes(read.method)) return undefined;
  const query = read.args.context?.enum?.includes('edit') ? { context: 'edit' } : {};
  const requestCase: RequestCase = { operationId: read.id, kind: 'valid', path: place.path, query, body: undefined };
  const credentials = ctx.execution.credentials ?? place.identity.credentials ?? null;
  const { exchange } = await ctx.execution.execute(read, requestCase, PHASE, { credentials });
  return exchange.response?.status === 200 ? rolesOf(exchange.response.json) : undefined;
}
