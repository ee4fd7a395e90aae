/**
 * The roles each ordinary account started the probes with, kept. A probe that a broken server grants (a member
 * raising its own roles) changes who the account is for every later request: as an administrator it would be let
 * through routes that refuse members, and those routes would be blamed. So after each probe the administrator reads
 * every account's roles, puts back at once what a probe changed, and an account whose roles cannot be put back
 * takes part in no further probe. The run ends with every account as it began.
 *
 * The roles are read where the descriptor's `…/me` route says the account lives (`members/{id}`, `users/{id}`), in
 * `edit` context, and written back through that item's update when it takes `roles`. Rights are more than roles:
 * the same read answers WordPress's `capabilities` and `extra_capabilities` (a plugin grants a capability without a
 * role), which are watched as well and written back where the update takes them.
 *
 * Rights are read often (after every probe, and after each matrix row in which an identity other than an
 * administrator wrote), so where the accounts' collection lists them all with the same rights their own reads answer
 * (`?include=…&context=edit`: WordPress's users do), one list request reads every account.
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
  starting: Rights;
}

/** An account's rights as its `edit` read answers them: roles, and the capabilities it holds (sorted). */
export interface Rights {
  roles: string[];
  capabilities: string[];
  extraCapabilities: string[];
}

/** What the run knows of an account from its `edit` read: the values a write naming it would carry. */
export interface AccountValues {
  identity: Identity;
  id: string;
  email?: string;
  login?: string;
  name?: string;
}

/** The names of the capabilities a `{capability: true}` object grants. */
function granted(value: unknown): string[] {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return [];
  return Object.entries(value as Record<string, unknown>)
    .filter(([, holds]) => holds === true)
    .map(([name]) => name)
    .sort();
}

/** The item route `{collection}/{id}` of a locale, by method. */
function itemOperations(ctx: PhaseContext, locale: string | null, collection: string): Operation[] {
  const descriptor = ctx.descriptors.find((candidate) => candidate.locale === locale);
  return (descriptor?.operations ?? []).filter(
    (op) => op.pattern.variables.length === 1 && op.pattern.template === `${collection}/{${op.pattern.variables[0]!.name}}`,
  );
}

function rightsOf(json: unknown): Rights | undefined {
  if (json === null || typeof json !== 'object') return undefined;
  const { roles, capabilities, extra_capabilities: extra } = json as { roles?: unknown; capabilities?: unknown; extra_capabilities?: unknown };
  if (!Array.isArray(roles) || !roles.every((role) => typeof role === 'string')) return undefined;
  return { roles: [...(roles as string[])].sort(), capabilities: granted(capabilities), extraCapabilities: granted(extra) };
}

const sameList = (a: readonly string[], b: readonly string[]): boolean => a.length === b.length && a.every((item, index) => item === b[index]);
const sameRights = (a: Rights, b: Rights): boolean =>
  sameList(a.roles, b.roles) && sameList(a.capabilities, b.capabilities) && sameList(a.extraCapabilities, b.extraCapabilities);

/** `roles changed from [subscriber] to [administrator]; capabilities +manage_options`: what changed between two reads. */
function rightsChange(from: Rights, to: Rights): string {
  const parts: string[] = [];
  if (!sameList(from.roles, to.roles)) parts.push(`roles changed from [${from.roles.join(', ')}] to [${to.roles.join(', ')}]`);
  for (const [name, was, now] of [
    ['capabilities', from.capabilities, to.capabilities],
    ['extra_capabilities', from.extraCapabilities, to.extraCapabilities],
  ] as const) {
    const moved = [...now.filter((cap) => !was.includes(cap)).map((cap) => `+${cap}`), ...was.filter((cap) => !now.includes(cap)).map((cap) => `-${cap}`)];
    if (moved.length > 0) parts.push(`${name} ${moved.slice(0, 6).join(' ')}${moved.length > 6 ? ' …' : ''}`);
  }
  return parts.join('; ');
}

/** The update that writes rights back: one that takes `roles`, or a plugin's capabilities. */
const writesRights = (op: Operation): boolean =>
  ['PATCH', 'POST', 'PUT'].includes(op.method) &&
  (op.args.roles !== undefined || op.args.extra_capabilities !== undefined || op.args.capabilities !== undefined);

/** The list that answers every watched account's rights at once: the collection's GET, with the accounts' ids. */
interface RightsList {
  op: Operation;
  query: Record<string, unknown>;
}

/** The accounts' collection GET (no variables), when it takes `include` and `edit` context. */
function listOperation(ctx: PhaseContext, locale: string | null, collection: string): Operation | undefined {
  const descriptor = ctx.descriptors.find((candidate) => candidate.locale === locale);
  return descriptor?.operations.find(
    (op) =>
      op.method === 'GET' &&
      op.pattern.variables.length === 0 &&
      op.pattern.template === collection &&
      op.args.include !== undefined &&
      op.args.context?.enum?.includes('edit') === true,
  );
}

/** Rights by account id, as one list read answers them (undefined unless 200 and a list). */
async function readList(ctx: PhaseContext, list: RightsList): Promise<Map<string, Rights> | undefined> {
  const requestCase: RequestCase = { operationId: list.op.id, kind: 'valid', path: {}, query: list.query, body: undefined };
  const { exchange } = await ctx.execution.execute(list.op, requestCase, PHASE, { credentials: ctx.execution.credentials ?? null });
  const json = exchange.response?.status === 200 ? exchange.response.json : undefined;
  if (!Array.isArray(json)) return undefined;
  const rights = new Map<string, Rights>();
  for (const item of json as unknown[]) {
    const id = item !== null && typeof item === 'object' ? (item as { id?: unknown }).id : undefined;
    const held = rightsOf(item);
    if ((typeof id === 'number' || typeof id === 'string') && held !== undefined) rights.set(String(id), held);
  }
  return rights;
}

export class AccountRoles {
  readonly #places: RolesPlace[];
  /** Accounts whose roles could not be put back: no further probe is sent as them. */
  readonly #lost = new Set<string>();
  readonly #values: AccountValues[];
  readonly #list: RightsList | undefined;

  private constructor(places: RolesPlace[], values: AccountValues[], list: RightsList | undefined) {
    this.#places = places;
    this.#values = values;
    this.#list = list;
  }

  /** The e-mail address, login, id and name of each account whose rights are watched, as its first read answered them. */
  get values(): readonly AccountValues[] {
    return this.#values;
  }

  /** Reads each account's starting roles (as the administrator); accounts whose roles cannot be read are not kept. */
  static async read(ctx: PhaseContext, accounts: readonly Identity[]): Promise<AccountRoles> {
    const places: RolesPlace[] = [];
    const values: AccountValues[] = [];
    for (const identity of accounts) {
      const account = ctx.execution.accountOf(identity);
      const where = account?.collections[0];
      if (account?.id === undefined || where === undefined) continue;
      const operations = itemOperations(ctx, where.locale, where.route);
      const read = operations.find((op) => op.method === 'GET');
      if (read === undefined) continue;
      const update = operations.find(writesRights);
      const path = { [read.pattern.variables[0]!.name]: String(account.id) };
      const place = { identity, read, update, path };
      const json = await readAccount(ctx, place);
      const starting = rightsOf(json);
      if (starting !== undefined) places.push({ ...place, starting });
      values.push({ identity, id: String(account.id), ...accountValues(json) });
    }
    return new AccountRoles(places, values, await AccountRoles.#listing(ctx, places));
  }

  /** The list that answers every account's rights as its own read does, if there is one (else each is read alone). */
  static async #listing(ctx: PhaseContext, places: readonly RolesPlace[]): Promise<RightsList | undefined> {
    const where = places.map((place) => ctx.execution.accountOf(place.identity)?.collections[0]);
    const first = where[0];
    if (places.length < 2 || first === undefined || where.some((other) => other?.locale !== first.locale || other.route !== first.route)) return undefined;
    const op = listOperation(ctx, first.locale, first.route);
    if (op === undefined) return undefined;
    const ids = places.map((place) => Object.values(place.path)[0]!);
    const list: RightsList = { op, query: { context: 'edit', include: ids.join(','), per_page: Math.max(ids.length, 10) } };
    const listed = await readList(ctx, list);
    const agrees =
      listed !== undefined &&
      places.every((place, index) => {
        const held = listed.get(ids[index]!);
        return held !== undefined && sameRights(held, place.starting);
      });
    return agrees ? list : undefined;
  }

  /** False once an account's roles were changed and could not be put back: its probes stop. */
  mayProbe(identity: Identity): boolean {
    return !this.#lost.has(identity.name);
  }

  /**
   * Reads every account's roles; puts back those a probe changed (as the administrator), and says so on `op`, the
   * operation of the probe just sent. An account whose roles stay changed is named in a note and probes no more.
   */
  async keep(ctx: PhaseContext, op: Operation): Promise<string[]> {
    const changes: string[] = [];
    const listed = this.#list === undefined ? undefined : await readList(ctx, this.#list);
    for (const place of this.#places) {
      if (this.#lost.has(place.identity.name)) continue;
      // An account the list left out (or a list that failed) is read alone.
      const now = listed?.get(Object.values(place.path)[0]!) ?? rightsOf(await readAccount(ctx, place));
      if (now === undefined || sameRights(now, place.starting)) continue;
      changes.push(`${place.identity.name}: ${rightsChange(place.starting, now)}`);
      const restored = await this.#restore(ctx, place, now);
      const changed = `${place.identity.name}'s ${rightsChange(place.starting, now)}`;
      if (restored) {
        ctx.execution.note(op, `${PHASE}: ${changed}; the administrator put them back`);
        continue;
      }
      this.#lost.add(place.identity.name);
      ctx.execution.note(op, `${PHASE}: ${changed} and could not be put back: ${place.identity.name} takes part in no further probe`);
    }
    return changes;
  }

  /** The accounts (by name) whose roles are not what they started with at the end: none, unless one was lost. */
  get lost(): readonly string[] {
    return [...this.#lost];
  }

  async #restore(ctx: PhaseContext, place: RolesPlace, now: Rights): Promise<boolean> {
    const { update, starting } = place;
    if (update === undefined || ctx.execution.credentials === undefined) return false;
    const body: Record<string, unknown> = {};
    if (update.args.roles !== undefined && !sameList(now.roles, starting.roles))
      body.roles = update.args.roles.type === 'string' && starting.roles.length === 1 ? starting.roles[0] : starting.roles;
    // Capabilities a write granted are taken away by name (false), as WordPress's `remove_cap` would.
    for (const [name, was, held] of [
      ['extra_capabilities', starting.extraCapabilities, now.extraCapabilities],
      ['capabilities', starting.capabilities, now.capabilities],
    ] as const) {
      if (update.args[name] === undefined || sameList(was, held)) continue;
      body[name] = Object.fromEntries([...held.filter((cap) => !was.includes(cap)).map((cap) => [cap, false]), ...was.map((cap) => [cap, true])]);
    }
    if (Object.keys(body).length === 0) return false;
    const requestCase: RequestCase = { operationId: update.id, kind: 'valid', path: place.path, query: {}, body };
    await ctx.execution.execute(update, requestCase, PHASE, { credentials: ctx.execution.credentials, unguarded: true });
    const after = rightsOf(await readAccount(ctx, place));
    return after !== undefined && sameRights(after, starting);
  }
}

/** The values of an account's `edit` read that a write naming it would carry. */
function accountValues(json: unknown): Omit<AccountValues, 'identity' | 'id'> {
  const body = json !== null && typeof json === 'object' ? (json as Record<string, unknown>) : {};
  const text = (key: string): string | undefined => (typeof body[key] === 'string' && body[key] !== '' ? (body[key] as string) : undefined);
  const values: Omit<AccountValues, 'identity' | 'id'> = {};
  const email = text('email');
  const login = text('username') ?? text('user_login') ?? text('slug');
  const name = text('name');
  if (email !== undefined) values.email = email;
  if (login !== undefined) values.login = login;
  if (name !== undefined) values.name = name;
  return values;
}

/** The account as the administrator reads it (as the account itself without one), in `edit` context; undefined unless 200. */
async function readAccount(ctx: PhaseContext, place: Omit<RolesPlace, 'starting'>): Promise<unknown> {
  const { read } = place;
  if (!SAFE_METHODS.includes(read.method)) return undefined;
  const query = read.args.context?.enum?.includes('edit') ? { context: 'edit' } : {};
  const requestCase: RequestCase = { operationId: read.id, kind: 'valid', path: place.path, query, body: undefined };
  const credentials = ctx.execution.credentials ?? place.identity.credentials ?? null;
  const { exchange } = await ctx.execution.execute(read, requestCase, PHASE, { credentials });
  return exchange.response?.status === 200 ? exchange.response.json : undefined;
}
