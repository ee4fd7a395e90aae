/**
 * Phase `schemas` (where the target publishes item schemas, shared design `wordpress-behaviour.md` §1, §4): for each
 * readable route with a schema, a handful of requests that hold the answers to what the schema and WordPress's
 * global parameters promise:
 * - the fields of `context=embed` are among those of `view`, and `view`'s among `edit`'s (in the schema's
 *   `context` lists and in the answers), for the contexts the route accepts;
 * - `context=edit` without credentials is refused (401/403 `rest_forbidden_context`, or `rest_cannot_view` as core's
 *   statuses, taxonomies and types controllers refuse it) or never shows more fields than `view` shows the same
 *   anonymous caller;
 * - `_fields=a,b.c` leaves exactly those keys (dot paths reaching into objects);
 * - `HEAD` answers as `GET` does, without a body.
 * Every answer also goes through the stateless checks, `response_schema` among them. About 7 requests per route
 * and locale, so the phase costs little.
 */
import { fieldsInContext, type ItemSchema, type Operation, type SchemaContext } from '../../descriptor/index.js';
import type { RequestCase } from '../../generate/types.js';
import { isItemMap } from '../../checks/answer-schemas.js';
import type { Exchange } from '../../http/types.js';
import { buildRequest } from '../../request/index.js';
import { forEachConcurrently } from '../pool.js';
import type { PhaseCheck } from './index.js';
import type { Phase, PhaseContext } from './phase.js';

const PHASE = 'schemas';

export const CONTEXT_FIELD_SETS: PhaseCheck = {
  name: 'context_field_sets',
  severity: 'warning',
  description:
    "The fields of context embed are among those of view, and view's among edit's: in the published schema's context lists and in the answers, for the contexts the route accepts.",
};

export const EDIT_CONTEXT_RIGHTS: PhaseCheck = {
  name: 'edit_context_rights',
  severity: 'failure',
  description:
    'context=edit without credentials is refused with 401/403 rest_forbidden_context or rest_cannot_view (another code: a warning), or never shows more fields than view shows the same anonymous caller.',
};

/**
 * The codes WordPress refuses `context=edit` with: `rest_forbidden_context` (posts, users, comments, terms…), and
 * `rest_cannot_view` where the statuses, taxonomies and types controllers (6.1) check the context in their
 * permission callback.
 */
const EDIT_REFUSAL_CODES: ReadonlySet<unknown> = new Set(['rest_forbidden_context', 'rest_cannot_view']);

export const FIELDS_PARAMETER: PhaseCheck = {
  name: 'fields_parameter',
  severity: 'failure',
  description: '_fields=a,b.c leaves exactly the named keys of each item (dot paths reach into nested objects), as WordPress filters every answer.',
};

export const HEAD_AS_GET: PhaseCheck = {
  name: 'head_as_get',
  severity: 'failure',
  description: 'HEAD answers with the status GET answers, and without a body.',
};

export const SCHEMA_CHECKS: readonly PhaseCheck[] = [CONTEXT_FIELD_SETS, EDIT_CONTEXT_RIGHTS, FIELDS_PARAMETER, HEAD_AS_GET];

/** Links WordPress adds to an answer after `_fields` has filtered it. */
const HYPERMEDIA: ReadonlySet<string> = new Set(['_links', '_embedded']);

const isSuccess = (exchange: Exchange): boolean => {
  const status = exchange.response?.status;
  return status !== undefined && status >= 200 && status < 300;
};

/** The item an answer shows first: a list's first element, or the answer itself (a map keyed by slug stays whole). */
function firstItem(body: unknown): Record<string, unknown> | undefined {
  const item = Array.isArray(body) ? body[0] : body;
  return typeof item === 'object' && item !== null && !Array.isArray(item) ? (item as Record<string, unknown>) : undefined;
}

function missingFrom(keys: readonly string[], container: readonly string[]): string[] {
  const inside = new Set(container);
  return keys.filter((key) => !inside.has(key));
}

/** The phase sends no argument of its own choosing: a read that requires one (a search `term`) is left out. */
function onlyPathRequired(op: Operation): boolean {
  const pathNames = new Set(op.pattern.variables.map((variable) => variable.name));
  return Object.entries(op.args).every(([name, arg]) => !arg.required || pathNames.has(name));
}

/** The contexts a route's GET accepts: its `context` argument's enum (just `view` without one). */
function acceptedContexts(op: Operation): SchemaContext[] {
  const values = op.args.context?.enum;
  if (!Array.isArray(values)) return ['view'];
  return (['embed', 'view', 'edit'] as const).filter((context) => values.includes(context));
}

class SchemaRoutes {
  /** First answers of collection routes, by locale and route, for the ids of item routes. */
  readonly #lists = new Map<string, Promise<unknown>>();

  constructor(private readonly ctx: PhaseContext) {}

  async run(): Promise<void> {
    const { run } = this.ctx;
    const schemas = run.answerSchemas;
    if (schemas === undefined) return;
    const operations = this.ctx.operations.filter((op) => op.method === 'GET' && schemas.schema(op.locale, op.route) !== undefined && onlyPathRequired(op));
    await forEachConcurrently(
      operations,
      this.ctx.concurrency,
      (op) => this.#route(op, schemas.schema(op.locale, op.route)!),
      () => run.stopped,
    );
  }

  async #route(op: Operation, schema: ItemSchema): Promise<void> {
    const { run } = this.ctx;
    const path = await this.#pathValues(op);
    if (path === undefined) {
      run.note(op, 'schemas: no id of an existing item found for the path, so the published schema was not exercised here');
      return;
    }
    const contexts = acceptedContexts(op);
    this.#schemaContexts(op, schema, contexts);
    const view = await this.#send(op, path, {});
    if (!isSuccess(view.exchange)) return;
    const viewItem = firstItem(view.exchange.response?.json);
    await this.#head(op, path, view.exchange);
    // A map keyed by slug (`/wp/v2/types`) takes `_fields` for its items' fields in each item, not its own keys.
    if (viewItem !== undefined && !isItemMap(viewItem, schema)) await this.#fields(op, path, viewItem, schema);
    const answers = new Map<SchemaContext, { exchange: Exchange; item: Record<string, unknown> | undefined }>();
    for (const context of contexts) {
      const reply = context === 'view' && op.args.context?.default === 'view' ? view : await this.#send(op, path, { context });
      if (isSuccess(reply.exchange)) answers.set(context, { exchange: reply.exchange, item: firstItem(reply.exchange.response?.json) });
    }
    this.#answerContexts(op, answers);
    if (contexts.includes('edit')) await this.#anonymousEdit(op, path);
  }

  /** The schema's own context lists: a property shown in embed is shown in view, one shown in view in edit. */
  #schemaContexts(op: Operation, schema: ItemSchema, contexts: readonly SchemaContext[]): void {
    for (const [narrow, wide] of [
      ['embed', 'view'],
      ['view', 'edit'],
    ] as const) {
      if (!contexts.includes(narrow) || !contexts.includes(wide)) continue;
      const missing = missingFrom(fieldsInContext(schema, narrow), fieldsInContext(schema, wide));
      if (missing.length === 0) continue;
      this.ctx.run.report({
        check: CONTEXT_FIELD_SETS.name,
        severity: CONTEXT_FIELD_SETS.severity,
        operation: op,
        message: `the published schema shows ${missing.join(', ')} in context ${narrow} but not in ${wide}`,
        cause: `schema ${narrow} ${wide}`,
        phase: PHASE,
        exchanges: [],
      });
    }
  }

  /** The answers: each narrower context's first item has no key the wider context's lacks. */
  #answerContexts(op: Operation, answers: Map<SchemaContext, { exchange: Exchange; item: Record<string, unknown> | undefined }>): void {
    for (const [narrow, wide] of [
      ['embed', 'view'],
      ['view', 'edit'],
    ] as const) {
      const small = answers.get(narrow);
      const large = answers.get(wide);
      if (small?.item === undefined || large?.item === undefined) continue;
      const missing = missingFrom(Object.keys(small.item), Object.keys(large.item));
      if (missing.length === 0) continue;
      this.ctx.run.report({
        check: CONTEXT_FIELD_SETS.name,
        severity: CONTEXT_FIELD_SETS.severity,
        operation: op,
        message: `context=${narrow} answered ${missing.join(', ')}, which context=${wide} did not`,
        cause: `answer ${narrow} ${wide}`,
        phase: PHASE,
        exchanges: [small.exchange, large.exchange],
      });
    }
  }

  async #anonymousEdit(op: Operation, path: Record<string, string>): Promise<void> {
    const { run } = this.ctx;
    const edit = await this.#send(op, path, { context: 'edit' }, true);
    const response = edit.exchange.response;
    if (response === undefined) return;
    if (response.status === 401 || response.status === 403) {
      const code = (response.json as { code?: unknown } | undefined)?.code;
      if (EDIT_REFUSAL_CODES.has(code)) return;
      const view = await this.#send(op, path, {}, true);
      // A route that refuses anonymous callers whatever the context says nothing about the context's rights.
      if (!isSuccess(view.exchange)) return;
      run.report({
        check: EDIT_CONTEXT_RIGHTS.name,
        severity: 'warning',
        operation: op,
        message: `context=edit without credentials answered ${response.status} ${String(code)}, not rest_forbidden_context or rest_cannot_view (view is allowed)`,
        cause: `code ${String(code)}`,
        phase: PHASE,
        exchanges: [view.exchange, edit.exchange],
      });
      return;
    }
    if (!isSuccess(edit.exchange)) return;
    const view = await this.#send(op, path, {}, true);
    const editItem = firstItem(response.json);
    const viewItem = isSuccess(view.exchange) ? firstItem(view.exchange.response?.json) : undefined;
    if (editItem === undefined) return;
    const extra = viewItem === undefined ? Object.keys(editItem) : missingFrom(Object.keys(editItem), Object.keys(viewItem));
    if (extra.length === 0) return;
    run.report({
      check: EDIT_CONTEXT_RIGHTS.name,
      severity: EDIT_CONTEXT_RIGHTS.severity,
      operation: op,
      message:
        viewItem === undefined
          ? `context=edit answered an anonymous caller ${response.status} while view refused it ${view.exchange.response?.status ?? 'no answer'}`
          : `context=edit showed an anonymous caller ${extra.join(', ')}, which view does not show`,
      cause: viewItem === undefined ? 'edit without view' : `extra ${extra.join(',')}`,
      phase: PHASE,
      exchanges: [view.exchange, edit.exchange],
    });
  }

  /**
   * `_fields` with two of the item's schema properties and, where an object value allows, a dot path into one.
   * Hypermedia (`_links`, `_embedded`) is no field: WordPress adds it whole after filtering, so it is not judged.
   */
  async #fields(op: Operation, path: Record<string, string>, viewItem: Record<string, unknown>, schema: ItemSchema): Promise<void> {
    const keys = Object.keys(viewItem).filter((key) => schema.fields.some((field) => field.name === key));
    const nested = keys.find((key) => {
      const value = viewItem[key];
      return typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length > 1;
    });
    const plain = keys.filter((key) => key !== nested).slice(0, 2);
    if (plain.length === 0 && nested === undefined) return;
    const nestedKey = nested === undefined ? undefined : Object.keys(viewItem[nested] as object)[0]!;
    const asked = [...plain, ...(nested === undefined ? [] : [`${nested}.${nestedKey}`])];
    const reply = await this.#send(op, path, { _fields: asked.join(',') });
    if (!isSuccess(reply.exchange)) return;
    const body = reply.exchange.response?.json;
    const items = Array.isArray(body) ? body : [body];
    const expected = [...plain, ...(nested === undefined ? [] : [nested])].sort();
    for (const [index, item] of items.entries()) {
      // Only the first item is the one the keys were taken from; the others may lack some, never have more.
      const problem = fieldsProblem(item, expected, nested, nestedKey, index === 0);
      if (problem === undefined) continue;
      this.ctx.run.report({
        check: FIELDS_PARAMETER.name,
        severity: FIELDS_PARAMETER.severity,
        operation: op,
        message: `_fields=${asked.join(',')} answered ${problem}`,
        cause: 'fields',
        phase: PHASE,
        exchanges: [reply.exchange],
      });
      return;
    }
  }

  async #head(op: Operation, path: Record<string, string>, get: Exchange): Promise<void> {
    const { run } = this.ctx;
    const request = { ...this.#request(op, path, {}, false), method: 'HEAD' as const };
    const head = await run.send(request, op, PHASE, 'valid');
    const response = head.response;
    if (response === undefined) return;
    const problems: string[] = [];
    if (response.status !== get.response?.status) problems.push(`status ${response.status} where GET answered ${get.response?.status}`);
    if (response.bodyText.length > 0) problems.push(`a body of ${response.bodyText.length} characters`);
    if (problems.length === 0) return;
    run.report({
      check: HEAD_AS_GET.name,
      severity: HEAD_AS_GET.severity,
      operation: op,
      message: `HEAD answered ${problems.join(' and ')}`,
      cause: problems.map((problem) => problem.split(' ')[0]).join(' '),
      phase: PHASE,
      exchanges: [get, head],
    });
  }

  /** Path values that reach an existing item: taken from the first answer of the route's collection. */
  async #pathValues(op: Operation): Promise<Record<string, string> | undefined> {
    const variables = op.pattern.variables.filter((variable) => !variable.optional);
    if (variables.length === 0) return {};
    const collection = this.ctx.operations
      .filter(
        (candidate) =>
          candidate.method === 'GET' &&
          candidate.locale === op.locale &&
          candidate.pattern.variables.length === 0 &&
          onlyPathRequired(candidate) &&
          op.route.startsWith(`${candidate.route}/`),
      )
      .sort((a, b) => b.route.length - a.route.length)[0];
    if (collection === undefined || variables.length > 1) return undefined;
    const key = `${op.locale} ${collection.route}`;
    let list = this.#lists.get(key);
    if (list === undefined) {
      list = this.#send(collection, {}, {}).then((reply) => (isSuccess(reply.exchange) ? reply.exchange.response?.json : undefined));
      this.#lists.set(key, list);
    }
    const body = await list;
    const variable = variables[0]!;
    const candidates: unknown[] = Array.isArray(body)
      ? body.map((item) =>
          typeof item === 'object' && item !== null ? ((item as Record<string, unknown>)[variable.name] ?? (item as Record<string, unknown>).id) : undefined,
        )
      : typeof body === 'object' && body !== null
        ? Object.keys(body)
        : [];
    const matcher = new RegExp(`^(?:${variable.pattern})$`, 'u');
    const value = candidates
      .map((candidate) => (typeof candidate === 'number' || typeof candidate === 'string' ? String(candidate) : undefined))
      .find((candidate) => candidate !== undefined && matcher.test(candidate));
    return value === undefined ? undefined : { [variable.name]: value };
  }

  #request(op: Operation, path: Record<string, string>, query: Record<string, unknown>, anonymous: boolean) {
    const requestCase = this.#case(op, path, query);
    return buildRequest({
      restUrl: this.ctx.run.restUrl(op.locale),
      operation: op,
      requestCase,
      credentials: anonymous ? undefined : this.ctx.run.credentials,
    });
  }

  #case(op: Operation, path: Record<string, string>, query: Record<string, unknown>): RequestCase {
    return { operationId: op.id, kind: 'valid', path, query, body: undefined };
  }

  async #send(op: Operation, path: Record<string, string>, query: Record<string, unknown>, anonymous = false) {
    const requestCase = this.#case(op, path, query);
    const executed = await this.ctx.run.execute(op, requestCase, PHASE, anonymous ? { credentials: null, judgeCase: true } : { judgeCase: true });
    this.ctx.run.reportOutcomes(op, requestCase, executed, PHASE);
    return executed;
  }
}

/** What is wrong with one item of a `_fields` answer, or undefined. */
function fieldsProblem(
  item: unknown,
  expected: readonly string[],
  nested: string | undefined,
  nestedKey: string | undefined,
  whole: boolean,
): string | undefined {
  if (typeof item !== 'object' || item === null || Array.isArray(item)) return `an item that is not an object`;
  const keys = Object.keys(item)
    .filter((key) => !HYPERMEDIA.has(key))
    .sort();
  const extra = missingFrom(keys, expected);
  const lacking = whole ? missingFrom(expected, keys) : [];
  if (extra.length > 0 || lacking.length > 0) return `keys ${keys.join(', ') || '(none)'} where ${expected.join(', ')} were asked for`;
  const inner = nested === undefined ? undefined : (item as Record<string, unknown>)[nested];
  if (nested !== undefined && typeof inner === 'object' && inner !== null) {
    const innerKeys = Object.keys(inner);
    if (innerKeys.some((key) => key !== nestedKey) || (whole && !innerKeys.includes(nestedKey!))) {
      return `${nested} with keys ${innerKeys.join(', ') || '(none)'} where only ${nested}.${nestedKey} was asked for`;
    }
  }
  return undefined;
}

export const schemasPhase: Phase = {
  name: PHASE,
  description: 'Published item schemas: context field sets, context=edit without rights, _fields, HEAD (and every answer against its schema).',
  checks: SCHEMA_CHECKS,
  skipReason(ctx) {
    const schemas = ctx.run.answerSchemas;
    if (schemas === undefined || schemas.size === 0) return 'the target publishes no item schema (OPTIONS, ?context=help)';
    return undefined;
  },
  async run(ctx) {
    await new SchemaRoutes(ctx).run();
  },
};
