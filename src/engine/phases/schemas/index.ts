/**
 * Phase `schemas` (where the target publishes item schemas, `docs/wordpress/behaviour.md`, resources and contexts): for each
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
import { isItemMap } from '../../../checks/answer-validators.js';
import { firstItem, isSuccess } from '../../../checks/schemas/answer-items.js';
import { CONTEXT_PAIRS, contextFieldSets } from '../../../checks/schemas/context-field-sets.js';
import { editContextRights, needsViewAnswer } from '../../../checks/schemas/edit-context-rights.js';
import { fieldsParameter, fieldsValue } from '../../../checks/schemas/fields-parameter.js';
import { headAsGet } from '../../../checks/schemas/head-as-get.js';
import { fieldsInContext, type ItemSchema, type Operation, type SchemaContext } from '../../../descriptor/index.js';
import type { RequestCase } from '../../../generate/types.js';
import type { EvidenceCheck } from '../../../checks/types.js';
import type { Exchange } from '../../../http/types.js';
import { buildRequest } from '../../../request/index.js';
import { argAccepts } from '../../../schema/index.js';
import { forEachConcurrently } from '../../pool.js';
import type { Phase, PhaseContext } from '../phase.js';
import { SCHEMAS_CHECKS } from '../../../checks/schemas/index.js';

const PHASE = 'schemas';

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
    const { execution } = this.ctx;
    const schemas = execution.answerSchemas;
    if (schemas === undefined) return;
    const operations = this.ctx.operations.filter((op) => op.method === 'GET' && schemas.schema(op.locale, op.route) !== undefined && onlyPathRequired(op));
    await forEachConcurrently(
      operations,
      this.ctx.settings.connections,
      (op) => this.#route(op, schemas.schema(op.locale, op.route)!),
      () => execution.stopped,
    );
  }

  async #route(op: Operation, schema: ItemSchema): Promise<void> {
    const { execution } = this.ctx;
    const path = await this.#pathValues(op);
    if (path === undefined) {
      execution.note(op, 'schemas: no id of an existing item found for the path, so the published schema was not exercised here');
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

  /** Hands what was seen to a check, with `exchanges` as the reproduction. */
  #judge<E>(check: EvidenceCheck<E>, op: Operation, evidence: E, exchanges: Exchange[]): void {
    this.ctx.execution.judge(check, evidence, { operation: op, phase: PHASE, exchanges });
  }

  /** The schema's own context lists, for each pair of contexts the route accepts. */
  #schemaContexts(op: Operation, schema: ItemSchema, contexts: readonly SchemaContext[]): void {
    for (const [narrow, wide] of CONTEXT_PAIRS) {
      if (!contexts.includes(narrow) || !contexts.includes(wide)) continue;
      const fields = { narrowFields: fieldsInContext(schema, narrow), wideFields: fieldsInContext(schema, wide) };
      this.#judge(contextFieldSets, op, { seenIn: 'schema', narrow, wide, ...fields }, []);
    }
  }

  /** The first items the answers of each pair of contexts showed. */
  #answerContexts(op: Operation, answers: Map<SchemaContext, { exchange: Exchange; item: Record<string, unknown> | undefined }>): void {
    for (const [narrow, wide] of CONTEXT_PAIRS) {
      const small = answers.get(narrow);
      const large = answers.get(wide);
      if (small?.item === undefined || large?.item === undefined) continue;
      const fields = { narrowFields: Object.keys(small.item), wideFields: Object.keys(large.item) };
      this.#judge(contextFieldSets, op, { seenIn: 'answers', narrow, wide, ...fields }, [small.exchange, large.exchange]);
    }
  }

  /** `context=edit` as an anonymous caller, and the same caller's view where the check needs it. */
  async #anonymousEdit(op: Operation, path: Record<string, string>): Promise<void> {
    const edit = (await this.#send(op, path, { context: 'edit' }, true)).exchange;
    const view = needsViewAnswer(edit) ? (await this.#send(op, path, {}, true)).exchange : undefined;
    this.#judge(editContextRights, op, { edit, view }, view === undefined ? [edit] : [view, edit]);
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
    const asked = { plain, nested: nested === undefined ? undefined : { field: nested, key: Object.keys(viewItem[nested] as object)[0]! } };
    const reply = await this.#send(op, path, { _fields: fieldsValue(asked) });
    this.#judge(fieldsParameter, op, { ...asked, answer: reply.exchange }, [reply.exchange]);
  }

  async #head(op: Operation, path: Record<string, string>, get: Exchange): Promise<void> {
    const request = { ...this.#request(op, path, {}, false), method: 'HEAD' as const };
    const head = await this.ctx.execution.send(request, op, PHASE, 'valid');
    // Another writer on the server may have deleted the item between the two: a GET sent again after the HEAD tells.
    const again = head.response?.status === get.response?.status ? get : await this.ctx.execution.send({ ...request, method: 'GET' }, op, PHASE, 'valid');
    this.#judge(headAsGet, op, { get: again, head }, [again, head]);
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
    // WordPress validates the argument of the variable's name before the route looks anything up: a key of a map
    // answer ("namespace") that the pattern `[\w-]+` takes is still refused 400 where the argument is an integer.
    const value = candidates
      .map((candidate) => (typeof candidate === 'number' || typeof candidate === 'string' ? String(candidate) : undefined))
      .find((candidate) => candidate !== undefined && matcher.test(candidate) && argAccepts(op.args[variable.name], candidate, variable.name));
    return value === undefined ? undefined : { [variable.name]: value };
  }

  #request(op: Operation, path: Record<string, string>, query: Record<string, unknown>, anonymous: boolean) {
    const requestCase = this.#case(op, path, query);
    return buildRequest({
      restUrl: this.ctx.execution.restUrl(op.locale),
      operation: op,
      requestCase,
      credentials: anonymous ? undefined : this.ctx.execution.credentials,
    });
  }

  #case(op: Operation, path: Record<string, string>, query: Record<string, unknown>): RequestCase {
    return { operationId: op.id, kind: 'valid', path, query, body: undefined };
  }

  async #send(op: Operation, path: Record<string, string>, query: Record<string, unknown>, anonymous = false) {
    const requestCase = this.#case(op, path, query);
    const executed = await this.ctx.execution.execute(op, requestCase, PHASE, anonymous ? { credentials: null, judgeCase: true } : { judgeCase: true });
    this.ctx.execution.reportOutcomes(op, requestCase, executed, PHASE);
    return executed;
  }
}

export const schemasPhase: Phase = {
  name: PHASE,
  description: 'Published item schemas: context field sets, context=edit without rights, _fields, HEAD (and every answer against its schema).',
  checks: SCHEMAS_CHECKS,
  budgetShare: 0.02,
  // A few requests per readable route, too few to weigh in the estimate.
  workload: () => 0,
  skipReason(ctx) {
    const schemas = ctx.execution.answerSchemas;
    if (schemas === undefined || schemas.size === 0) return 'the target publishes no item schema (OPTIONS, ?context=help)';
    return undefined;
  },
  async gather(ctx) {
    await new SchemaRoutes(ctx).run();
  },
};
