/**
 * The victim's state, made before the other-account probes: on a server the run does not own, another member's data
 * under an account (profile field data at `profile/{field_id}/data/{user_id}`) was not made by the run, and a
 * probe at a random `field_id` meets a 404 that proves nothing. So the victim first writes its own data there, at a
 * resource that exists (the first the administrator lists of the family the other variable names: `field_id` →
 * `…/fields`); the probes then try to overwrite and delete that data, the administrator reads it around each try,
 * and at the end the victim deletes what it wrote.
 *
 * Only routes under an account that name another resource as well: the account's own item (`members/{id}`) is
 * never rewritten by its owner here, and no account is deleted.
 */
import { SAFE_METHODS, type Operation } from '../../../descriptor/types.js';
import type { RequestCase } from '../../../generate/types.js';
import type { Identity } from '../../../request/identity.js';
import type { PhaseContext } from '../phase.js';
import { sampleCases } from '../../sample-cases.js';

const PHASE = 'auth';

/** What a probe needs here: its write, its path, and whose resource it addresses. */
export interface VictimProbe {
  op: Operation;
  requestCase: RequestCase;
  victim?: Identity;
  accountVariable?: string;
}

/** Data a victim wrote for the probes, deleted again at the end. */
export interface VictimData {
  owner: Identity;
  remove: Operation | undefined;
  path: Record<string, string>;
  /** The write, and what the owner's resource held before in the fields it writes: written back at the end when not empty. */
  write: Operation;
  previous: Record<string, unknown>;
}

/** The GET of the collection a path variable names (`field_id` → `…/fields` in the same namespace), if any. */
function namedCollection(ctx: PhaseContext, op: Operation, variable: string): Operation | undefined {
  const base = variable.replace(/_?id$/i, '');
  if (base === '' || base === variable) return undefined;
  const namespace = op.pattern.template.split('/').slice(0, 3).join('/');
  return ctx.operations.find(
    (other) =>
      other.locale === op.locale &&
      other.method === 'GET' &&
      other.pattern.variables.length === 0 &&
      other.pattern.template.startsWith(`${namespace}/`) &&
      other.pattern.template.endsWith(`/${base}s`),
  );
}

/**
 * The id of an item a collection lists (as the administrator): the first that is not required (BuddyPress's Name
 * field is, and a member's name is not the run's to change), else the first.
 */
async function listedId(ctx: PhaseContext, list: Operation): Promise<string | undefined> {
  const requestCase: RequestCase = { operationId: list.id, kind: 'valid', path: {}, query: {}, body: undefined };
  const { exchange } = await ctx.execution.execute(list, requestCase, PHASE, { credentials: ctx.execution.credentials ?? null });
  const json = exchange.response?.status === 200 ? exchange.response.json : undefined;
  const items = Array.isArray(json) ? (json as Array<{ id?: unknown; is_required?: unknown } | null>) : [];
  const item = items.find((candidate) => candidate?.is_required !== true) ?? items[0];
  const id = item?.id;
  return typeof id === 'number' || (typeof id === 'string' && id !== '') ? String(id) : undefined;
}

/**
 * Makes each victim's data for the probes of routes under an account that name another resource, and points those
 * probes (writes and deletes alike) at it. Returns what was made, for `removeVictimData`.
 */
export async function makeVictimData(ctx: PhaseContext, probes: readonly VictimProbe[]): Promise<VictimData[]> {
  const made: VictimData[] = [];
  const paths = new Map<string, Record<string, string> | null>();
  for (const probe of probes) {
    const { op, victim, accountVariable } = probe;
    if (victim === undefined || accountVariable === undefined || op.pattern.variables.length < 2) continue;
    const key = `${op.locale} ${op.route} ${victim.name}`;
    if (!paths.has(key)) paths.set(key, await victimWrite(ctx, probes, probe, made));
    const path = paths.get(key);
    if (!path) continue;
    // The member's try carries a value too (an empty one is refused for its emptiness, and proves nothing).
    const body = probe.op.method === 'DELETE' ? undefined : fullSample(ctx, probe.op, PHASE)?.body;
    probe.requestCase = { ...probe.requestCase, path, ...(body === undefined ? {} : { body }) };
  }
  return made;
}

/** The victim's own write at a real path of the probe's route (the first non-delete probe's); null when none succeeded. */
async function victimWrite(ctx: PhaseContext, probes: readonly VictimProbe[], probe: VictimProbe, made: VictimData[]): Promise<Record<string, string> | null> {
  const victim = probe.victim!;
  const write =
    SAFE_METHODS.includes(probe.op.method) || probe.op.method === 'DELETE'
      ? probes.find((other) => other.op.route === probe.op.route && other.op.locale === probe.op.locale && other.op.method !== 'DELETE')?.op
      : probe.op;
  if (write === undefined) return null;
  const path = { ...probe.requestCase.path };
  for (const variable of write.pattern.variables) {
    if (variable.name === probe.accountVariable) continue;
    const list = namedCollection(ctx, write, variable.name);
    const id = list && (await listedId(ctx, list));
    if (id === undefined) return null;
    path[variable.name] = id;
  }
  const sample = fullSample(ctx, write, `${PHASE} victim`);
  if (sample === undefined) return null;
  const requestCase: RequestCase = { ...sample, path };
  const previous = await heldBefore(ctx, write, requestCase);
  if (previous === undefined) return null;
  const { exchange } = await ctx.execution.execute(write, requestCase, PHASE, { credentials: victim.credentials, unguarded: true });
  const status = exchange.response?.status ?? 0;
  if (status < 200 || status >= 300) return null;
  const remove = ctx.operations.find((other) => other.locale === write.locale && other.route === write.route && other.method === 'DELETE');
  made.push({ owner: victim, remove, path, write, previous });
  return path;
}

/** What the owner's resource holds (as the administrator reads it) in the fields `requestCase` writes; undefined when it cannot be read. */
async function heldBefore(ctx: PhaseContext, write: Operation, requestCase: RequestCase): Promise<Record<string, unknown> | undefined> {
  const read = ctx.operations.find((other) => other.locale === write.locale && other.route === write.route && other.method === 'GET');
  if (read === undefined) return undefined;
  const readCase: RequestCase = { operationId: read.id, kind: 'valid', path: requestCase.path, query: {}, body: undefined };
  const { exchange } = await ctx.execution.execute(read, readCase, PHASE, { credentials: ctx.execution.credentials ?? null });
  const json = exchange.response?.status === 200 ? exchange.response.json : undefined;
  if (json === null || typeof json !== 'object' || Array.isArray(json)) return undefined;
  const held = json as Record<string, unknown>;
  return Object.fromEntries(Object.keys((requestCase.body ?? {}) as object).map((key) => [key, writable(held[key])]));
}

/** A value as it is written: WordPress answers some as `{raw, rendered}` and BuddyPress as `{unserialized, rendered}`. */
function writable(value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value ?? null;
  const shaped = value as { raw?: unknown; unserialized?: unknown };
  return shaped.raw ?? shaped.unserialized ?? value;
}

/** Valid cases tried for one whose body values are all non-empty. */
const FULL_TRIES = 16;

const isEmpty = (value: unknown): boolean =>
  value === '' ||
  value === null ||
  (Array.isArray(value) && value.length === 0) ||
  (typeof value === 'object' && value !== null && Object.keys(value).length === 0);

/** A valid case whose body holds no empty value (a field's data of `[]` or `""` is its absence). */
function fullSample(ctx: PhaseContext, op: Operation, purpose: string): RequestCase | undefined {
  const cases = sampleCases(ctx, op, 'valid', FULL_TRIES, purpose);
  const body = (candidate: RequestCase): Record<string, unknown> => (candidate.body ?? {}) as Record<string, unknown>;
  const full = cases.filter((candidate) => Object.keys(body(candidate)).length > 0 && !Object.values(body(candidate)).some(isEmpty));
  // A list of one where the value is a list: a text field's data takes a single value (BuddyPress refuses more).
  return full.find((candidate) => Object.values(body(candidate)).every((value) => !Array.isArray(value) || value.length === 1)) ?? full[0];
}

/** The victims put back what their resources held (deleting data that was not there); what could not be is noted on its route. */
export async function removeVictimData(ctx: PhaseContext, made: readonly VictimData[]): Promise<void> {
  for (const { owner, remove, path, write, previous } of made) {
    // What the owner held before is written back; data that was not there is deleted.
    const restore = !Object.values(previous).every(isEmpty);
    const op = restore ? write : remove;
    if (op === undefined) continue;
    const requestCase: RequestCase = { operationId: op.id, kind: 'valid', path, query: {}, body: restore ? previous : {} };
    const { exchange } = await ctx.execution.execute(op, requestCase, PHASE, { credentials: owner.credentials, unguarded: true });
    const status = exchange.response?.status ?? 0;
    if (status < 200 || status >= 300)
      ctx.execution.note(op, `${PHASE}: ${owner.name}'s data written for the other-account probes could not be put back (${status})`);
  }
}
