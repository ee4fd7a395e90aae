/**
 * Fields a caller may not set, written anyway: each ordinary account (a member, an author) updates its own account
 * (`…/{own id}` and `…/me`, one update method per route) with every field the item schema marks `readonly`, and
 * every field only `edit` context shows that its own read never shows it, set to a value of the field's shape that
 * differs from the stored one; the administrator reads the account in `edit` context before and after, and
 * `readonly_field_write` judges what changed.
 *
 * It lives in the auth phase because that phase owns the run's identities and their accounts, and runs its
 * security probes first: a write of one's own account needs no item of the stateful phase, and is not dropped by
 * a spent share of the time budget. It makes nothing, so there is nothing to clean up; a server that stores a
 * readonly value keeps it (the value is harmless: a date, a URL, a count of the harness's own account).
 *
 * Cheap on purpose: one locale (a field's rule is the data's, not the language's), one write per account and
 * route, and the caller's own read only where an `edit`-only field is in question.
 */
import { readonlyFieldWrite, type ReadonlyWriteEvidence, type WrittenField } from '../../../checks/auth/readonly-field-write.js';
import { seenAnswer } from '../../../checks/answer-seen.js';
import type { GatheredMarks } from '../../../checks/regather.js';
import { fieldInContext, type ItemField } from '../../../descriptor/item-schemas.js';
import type { ArgSchema, Operation } from '../../../descriptor/types.js';
import type { RequestCase } from '../../../generate/types.js';
import type { Exchange } from '../../../http/types.js';
import { ordinaryAccounts, type Identity } from '../../../request/identity.js';
import type { Credentials } from '../../../request/types.js';
import type { PhaseContext } from '../phase.js';
import { gatheredIdentity } from './gathered-identity.js';
import { accountCollections, itemRead } from './other-accounts.js';

const PHASE = 'auth';
/** The update method tried per route: PATCH as a client changing some fields sends it. */
const UPDATE_ORDER: readonly string[] = ['PATCH', 'POST', 'PUT'];

interface OwnAccountWrite {
  write: Operation;
  /** The account's item read, `{collection}{id}`, where the administrator reads it back. */
  read: Operation;
  /** The write's path variable naming the account; undefined for `…/me`. */
  variable: string | undefined;
}

/** Each account update route of this shard's first locale (`{collection}{id}`, `{collection}me`), one method each. */
function ownAccountWrites(ctx: PhaseContext): OwnAccountWrite[] {
  const owned = ctx.operations.filter((op) => ctx.shard.ownsOperation(op));
  const locale = owned[0]?.locale;
  const descriptor = ctx.descriptors.find((candidate) => candidate.locale === locale);
  if (descriptor === undefined) return [];
  const collections = accountCollections(descriptor);
  const updates = owned
    .filter((op) => op.locale === locale && UPDATE_ORDER.includes(op.method))
    .sort((a, b) => UPDATE_ORDER.indexOf(a.method) - UPDATE_ORDER.indexOf(b.method));
  const writes: OwnAccountWrite[] = [];
  const routes = new Set<string>();
  for (const write of updates) {
    if (routes.has(write.route) || write.pattern.variables.length > 1) continue;
    const variable = write.pattern.variables[0]?.name;
    const collection = collections.find((candidate) =>
      variable === undefined ? write.pattern.template === `${candidate}me` : write.pattern.template === `${candidate}{${variable}}`,
    );
    const read = collection === undefined ? undefined : itemRead(ctx, locale ?? null, collection);
    if (read === undefined) continue;
    routes.add(write.route);
    writes.push({ write, read, variable });
  }
  return writes;
}

/** A field a caller may not set, and why; undefined for one it may (declared by the write) or one never shown. */
function forbiddenWhy(field: ItemField, write: OwnAccountWrite): WrittenField['why'] | undefined {
  const pathNames = [...write.write.pattern.variables, ...write.read.pattern.variables].map((variable) => variable.name);
  // `id` in a body overrides the path's in WordPress (JSON parameters come first): it would address another item.
  if (field.name === 'id' || pathNames.includes(field.name) || write.write.args[field.name] !== undefined) return undefined;
  if (!fieldInContext(field, 'edit')) return undefined;
  if (field.readonly) return 'readonly';
  return field.contexts !== null && field.contexts.length === 1 ? 'edit-only' : undefined;
}

const SENT_TEXT = 'restconform readonly field';
const SENT_NUMBER = 7919;
const STRINGS_BY_FORMAT: Record<string, readonly [string, string]> = {
  'date-time': ['2001-02-03T04:05:06', '2002-03-04T05:06:07'],
  date: ['2001-02-03', '2002-03-04'],
  uri: ['https://restconform.invalid/readonly-field', 'https://restconform.invalid/readonly-field-again'],
  email: ['readonly-field@restconform.invalid', 'readonly-field-again@restconform.invalid'],
};

/** The type a value of `schema` takes (the first that is not null, for `['string', 'null']`). */
function typeOf(schema: ArgSchema): string | undefined {
  const type = schema.type as unknown;
  if (typeof type === 'string') return type;
  return Array.isArray(type) ? (type.find((candidate) => candidate !== 'null') as string | undefined) : undefined;
}

/** A value of the field's shape, chosen by the caller and unlike anything a server would set of itself. */
function valueOfShape(schema: ArgSchema, current: unknown): unknown {
  const enumerated = schema.enum?.find((value) => JSON.stringify(value) !== JSON.stringify(current));
  if (schema.enum !== undefined) return enumerated;
  switch (typeOf(schema)) {
    case 'string': {
      // Two of each, so that a value an earlier write stored (a broken server) is still changed by the next.
      const [first, second] = STRINGS_BY_FORMAT[String(schema.format)] ?? [SENT_TEXT, `${SENT_TEXT} again`];
      return current === first ? second : first;
    }
    case 'integer':
    case 'number':
      return typeof current === 'number' ? current + SENT_NUMBER : SENT_NUMBER;
    case 'boolean':
      return typeof current === 'boolean' ? !current : true;
    case 'array': {
      const items = schema.items as ArgSchema | undefined;
      const item = items === undefined ? undefined : valueOfShape(items, undefined);
      return item === undefined || typeof item === 'object' ? undefined : [item];
    }
    default:
      // Objects are left out: a nested write's effect is not one value to compare.
      return undefined;
  }
}

function objectOf(exchange: Exchange): Record<string, unknown> | undefined {
  const body = exchange.response?.json;
  return exchange.response?.status === 200 && typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : undefined;
}

async function readAccount(ctx: PhaseContext, read: Operation, id: string, as: Credentials | null): Promise<Exchange> {
  const query = read.args.context?.enum?.includes('edit') ? { context: 'edit' } : {};
  const requestCase: RequestCase = { operationId: read.id, kind: 'valid', path: { [read.pattern.variables[0]!.name]: id }, query, body: undefined };
  return (await ctx.execution.execute(read, requestCase, PHASE, { credentials: as })).exchange;
}

/** One account's write of the fields it may not set, between the administrator's reads, judged. */
async function probeAccount(ctx: PhaseContext, target: OwnAccountWrite, actor: Identity, id: string, administrator: Credentials): Promise<void> {
  const schema =
    ctx.execution.answerSchemas?.schema(target.write.locale, target.write.route) ?? ctx.execution.answerSchemas?.schema(target.read.locale, target.read.route);
  if (schema === undefined) return;
  const candidates = schema.fields.flatMap((field) => {
    const why = forbiddenWhy(field, target);
    return why === undefined ? [] : [{ field, why }];
  });
  if (candidates.length === 0) return;
  const beforeRead = await readAccount(ctx, target.read, id, administrator);
  const before = objectOf(beforeRead);
  if (before === undefined) return;
  // An edit-only field the caller's own read shows is its to see (its own e-mail address): not in question.
  const ownRead = candidates.some(({ why }) => why === 'edit-only') ? objectOf(await readAccount(ctx, target.read, id, actor.credentials ?? null)) : undefined;
  const body: Record<string, unknown> = {};
  const fields: WrittenField[] = [];
  for (const { field, why } of candidates) {
    if (why === 'edit-only' && (ownRead?.[field.name] !== undefined || before[field.name] === undefined)) continue;
    const sent = valueOfShape(field.schema, before[field.name]);
    if (sent === undefined || JSON.stringify(sent) === JSON.stringify(before[field.name])) continue;
    body[field.name] = sent;
    fields.push({ name: field.name, why, sent, before: before[field.name], after: undefined });
  }
  if (fields.length === 0) return;
  const path = target.variable === undefined ? {} : { [target.variable]: id };
  const requestCase: RequestCase = { operationId: target.write.id, kind: 'valid', path, query: {}, body };
  // Past the protection of the run's accounts on purpose: the write goes to the actor's own account.
  const write = (await ctx.execution.execute(target.write, requestCase, PHASE, { credentials: actor.credentials ?? null, unguarded: true })).exchange;
  const afterRead = await readAccount(ctx, target.read, id, administrator);
  const after = objectOf(afterRead) ?? {};
  const evidence: ReadonlyWriteEvidence = {
    method: target.write.method,
    route: target.write.route,
    actor: { name: actor.name, role: actor.role },
    write: seenAnswer(write),
    readRoute: `GET ${target.read.route}`,
    fields: fields.map((field) => ({ ...field, after: after[field.name] })),
  };
  // Labelled for replay (`checks/regather.ts`), which sends the three again and judges with `regatherReadonlyWrite`.
  const gathered: GatheredMarks = {
    identity: gatheredIdentity(actor),
    exchanges: [
      { label: 'before', as: 'administrator', part: 'gather', exchange: beforeRead },
      { label: 'write', as: 'identity', part: 'gather', exchange: write },
      { label: 'after', as: 'administrator', part: 'gather', exchange: afterRead },
    ],
  };
  const exchanges = [beforeRead, write, afterRead];
  ctx.execution.judge(readonlyFieldWrite, evidence, { operation: target.write, phase: PHASE, exchanges, requestCase, gathered });
}

/**
 * Every ordinary account's write of readonly and edit-only fields to its own account. Stops only at a hard stop
 * (an interrupt, a dead target), as the other security probes do. Returns how many writes were not sent.
 */
export async function probeReadonlyWrites(ctx: PhaseContext): Promise<number> {
  const administrator = ctx.execution.credentials;
  if (ctx.safeMethodsOnly || administrator === undefined || ctx.execution.answerSchemas === undefined) return 0;
  const targets = ownAccountWrites(ctx);
  const probes = ordinaryAccounts(ctx.execution.identities).flatMap((actor) => {
    const id = ctx.execution.accountOf(actor)?.id;
    return id === undefined ? [] : targets.map((target) => ({ target, actor, id: String(id) }));
  });
  for (const [index, { target, actor, id }] of probes.entries()) {
    const reason = ctx.execution.control.reason;
    if (reason !== undefined && reason.kind !== 'time-budget') return probes.length - index;
    await probeAccount(ctx, target, actor, id, administrator);
  }
  return 0;
}
