/**
 * Real ids in generated cases: the path variable that holds a family's id, and the arguments that name resources
 * (a comment's `post`, a post's `author`), take ids the run made or saw, so item routes and filters are reached with
 * resources that exist. The fuzz phase does it for half its cases. The examples phase, which must find the same in
 * every run and in every shard of a split one, gives every boundary case the ids known before the phases (the run's
 * own accounts) in the arguments it carries along from the valid case it was made from (`real-ids.test.ts`).
 */
import type { ArgSchema, Operation } from '../descriptor/types.js';
import { stableHash } from '../generate/index.js';
import type { RequestCase } from '../generate/types.js';
import { classifyValue } from '../schema/wordpress-rules.js';
import type { PhaseContext } from './phases/phase.js';

/**
 * A case whose family ids are real ones, for half the cases each: the path variable that holds its family's id,
 * and in a valid case the arguments that name a parent family's resource (a comment's `post`), take an id the run
 * made (or, for a read, saw in an answer). Item routes and parent filters are then reached with existing
 * resources, not only with 404s; an invalid argument reaches an item that exists, where a server that looks at it
 * before validating it (a permission check reading a post's password) shows it. An invalid case whose mutation is
 * the path keeps it. A boundary case (the examples phase's) takes settled ids only, always, in every argument but the
 * one whose edge it tries, and keeps its path; the fuzz phase's boundary ids (no subject) keep theirs. Returns the
 * case unchanged when the route is no family's or the run knows no id for it.
 */
export function withRealIds(ctx: PhaseContext, op: Operation, requestCase: RequestCase): RequestCase {
  const owned = ctx.execution.owned;
  if (owned === undefined) return requestCase;
  if (requestCase.kind === 'boundary') {
    if (requestCase.subject === undefined) return withSiteNames(op, requestCase, owned.settledArgIdsFor(op), requestCase.mutation?.param);
    let carried = requestCase;
    for (const { name, ids } of owned.settledArgIdsFor(op)) {
      if (name !== requestCase.subject) carried = withRealArgId(op, carried, name, ids, true);
    }
    // Names too, the subject's included: its edge is not worth a template filed under a theme the site has not.
    return withSiteNames(op, carried, owned.settledArgIdsFor(op), requestCase.mutation?.param);
  }
  const seen = op.method === 'GET';
  if (requestCase.kind === 'invalid') {
    const carried = requestCase.mutation?.location === 'path' ? requestCase : withRealPathId(op, requestCase, owned.idsFor(op, seen));
    return withSiteNames(op, carried, owned.argIdsFor(op, seen), requestCase.mutation?.param);
  }
  let result = withRealPathId(op, requestCase, owned.idsFor(op, seen));
  for (const { name, ids } of owned.argIdsFor(op, seen)) result = withRealArgId(op, result, name, ids, false);
  return withSiteNames(op, result, owned.argIdsFor(op, seen));
}

/**
 * A case a phase sends as drawn, without real ids (the access matrix's, the account probes'), with the names it
 * gives other resources in a write (a template's `theme`) kept to the site's, as `withSiteNames` does for the fuzz
 * and examples phases: a made-up theme would leave WordPress a theme term no REST route deletes. Only the names
 * known before the phases count, so every run and every shard of a split one sends the same (for a theme: none,
 * and WordPress files the template under the active theme). The argument an invalid case mutates keeps its value.
 */
export function withSettledSiteNames(ctx: Pick<PhaseContext, 'execution'>, op: Operation, requestCase: RequestCase): RequestCase {
  const owned = ctx.execution.owned;
  if (owned === undefined) return requestCase;
  return withSiteNames(op, requestCase, owned.settledArgIdsFor(op), requestCase.mutation?.param);
}

/** An argument that names another resource by a string, not a number: a template's `theme`. */
function takesNames(schema: ArgSchema | undefined): boolean {
  const types = schema === undefined ? [] : [schema.type ?? []].flat();
  return types.includes('string') && !types.includes('integer');
}

/**
 * A write that names another resource by name (a template's `theme`) names one of the site's, in every case: a
 * made-up name is not refused, and the server files what the write makes under it, out of the run's reach (WordPress
 * lists only the active theme's templates, lets one slug repeat under another theme, and keeps a term for every
 * theme named). The argument takes a name the run saw, or is left out when it knows none (the server then takes its
 * own: the active theme); when it is required and none is known, the case goes as it is. The argument an invalid
 * case mutates (`except`) keeps its invalid value, which is refused before anything is stored.
 */
function withSiteNames(op: Operation, requestCase: RequestCase, links: ReadonlyArray<{ name: string; ids: string[] }>, except?: string): RequestCase {
  if (op.method === 'GET') return requestCase;
  let result = requestCase;
  for (const { name, ids } of links) {
    const schema = op.args[name];
    if (name === except || !takesNames(schema)) continue;
    const where = Object.hasOwn(result.query, name) ? 'query' : result.body !== undefined && Object.hasOwn(result.body, name) ? 'body' : undefined;
    if (where === undefined) continue;
    const values = where === 'query' ? result.query : result.body!;
    if (ids.includes(values[name] as string)) continue;
    const named = ids.find((id) => classifyValue(schema!, id).valid);
    if (named === undefined && schema!.required) continue;
    const { [name]: _madeUp, ...rest } = values;
    const changed = named === undefined ? rest : { ...values, [name]: named };
    result = where === 'query' ? { ...result, query: changed } : { ...result, body: changed };
  }
  return result;
}

/** The case with its family's id variable set to one of the `found` ids, for half the cases (by the value drawn). */
function withRealPathId(op: Operation, requestCase: RequestCase, found: { variable: number; ids: string[] } | undefined): RequestCase {
  if (found === undefined || found.ids.length === 0) return requestCase;
  const name = op.pattern.variables[found.variable]?.name;
  if (name === undefined) return requestCase;
  const pick = stableHash(`${op.id} ${requestCase.path[name] ?? ''}`);
  if (pick % 2 === 1) return requestCase;
  const id = found.ids[Math.floor(pick / 2) % found.ids.length]!;
  return { ...requestCase, path: { ...requestCase.path, [name]: id } };
}

/** The case with argument `name`, when it sends one, set to one of `ids` in the form its schema accepts (`every` time, or for half the cases). */
function withRealArgId(op: Operation, requestCase: RequestCase, name: string, ids: readonly string[], every: boolean): RequestCase {
  const schema = op.args[name];
  const inQuery = requestCase.query[name] !== undefined;
  const values = inQuery ? requestCase.query : requestCase.body;
  if (ids.length === 0 || schema === undefined || values?.[name] === undefined) return requestCase;
  const pick = stableHash(`${op.id} ${name} ${JSON.stringify(values[name]) ?? ''}`);
  if (!every && pick % 2 === 1) return requestCase;
  const value = idAsAccepted(schema, ids[Math.floor(pick / 2) % ids.length]!);
  if (value === undefined) return requestCase;
  const changed = { ...values, [name]: value };
  return inQuery ? { ...requestCase, query: changed } : { ...requestCase, body: changed };
}

/**
 * An id in the first form the rule book accepts for the argument (a number, the text itself, a list of one), so
 * the case stays valid; undefined when it accepts none.
 */
function idAsAccepted(schema: ArgSchema, id: string): unknown {
  const digits = /^\d+$/u.test(id);
  const forms: unknown[] = digits ? [Number(id), id, [Number(id)], [id]] : [id, [id]];
  return forms.find((form) => classifyValue(schema, form).valid);
}
