/**
 * The item schemas a WordPress-style server publishes for its routes (`docs/wordpress/behaviour.md#resources-in-a-descriptor`):
 * `GET {rest_root}/{namespace}?context=help` answers every route of the namespace with its `schema`, one request
 * per namespace; `OPTIONS <route>` answers one route's. Neither is in the root descriptor. This module fetches
 * them and reads the WordPress dialect (per-property `required`, `readonly` and `context` lists, nested
 * `properties`) into a typed form; turning one into a plain JSON Schema for ajv is the schema stage's job.
 */
import type { Exchange } from '../http/types.js';
import type { HttpRequest } from '../request/types.js';
import type { DescriptorTransport } from './fetch.js';
import { restUrl } from './location.js';
import { parseRoutePattern } from './route-pattern.js';
import type { ArgSchema, LoadedDescriptor, RootDescriptor } from './types.js';

/** The contexts a WordPress answer can be asked for (`context=embed|view|edit`), narrowest first. */
export type SchemaContext = 'embed' | 'view' | 'edit';

export const SCHEMA_CONTEXTS: readonly SchemaContext[] = ['embed', 'view', 'edit'];

/** A published item schema as it travels: draft-4 flavoured, WordPress's keywords on each property. */
export interface PublishedSchema extends ArgSchema {
  $schema?: string;
  title?: string;
  /** JSON hyper-schema links some core controllers add; carried, never used. */
  links?: unknown;
}

/** One property of an item schema (or of an object nested in one), with what the WordPress dialect says about it. */
export interface ItemField {
  name: string;
  /** Dot path from the item's top, as `_fields` names it: `title.rendered`. */
  path: string;
  /** The property's own schema, as published. */
  schema: ArgSchema;
  /**
   * The contexts whose answers carry it; null when the property has no `context` list (WordPress then keeps it in
   * every context). `[]` is a write-only property (a user's `password`), never in an answer.
   */
  contexts: readonly SchemaContext[] | null;
  /** `readonly: true`: set by the server, ignored on writes. */
  readonly: boolean;
  /** `required: true` on the property (WordPress's dialect: required on create). */
  required: boolean;
  /** Nested properties when the property is an object with `properties` (empty otherwise). */
  properties: readonly ItemField[];
}

/** How a schema was obtained. */
export type SchemaSource = 'help' | 'options';

/** The item schema of one route. */
export interface ItemSchema {
  /** The descriptor's route key. */
  route: string;
  namespace: string;
  /** The schema's `title` (`user`, `post`…): routes with the same title describe the same resource. */
  title: string | undefined;
  /** The schema as published. */
  published: PublishedSchema;
  /** The top-level properties, in published order. */
  fields: readonly ItemField[];
  source: SchemaSource;
}

/** The schemas fetched for one locale. */
export interface ItemSchemaSet {
  locale: string | null;
  /** Route key → its item schema; a route that publishes none is absent. */
  schemas: ReadonlyMap<string, ItemSchema>;
  /** One line per namespace or route whose schema could not be read (never fatal). */
  warnings: string[];
  /** How many requests it took. */
  requests: number;
}

export interface FetchItemSchemasOptions {
  /** Where the REST root is: `restUrl` itself (`http://h/el/wp-json`), or built from `baseUrl` and `restRoot`. */
  restUrl?: string;
  baseUrl?: string;
  restRoot?: string;
  /** The descriptor whose namespaces and routes are asked about (its locale is used). */
  descriptor: Pick<LoadedDescriptor, 'locale' | 'root'>;
  transport: DescriptorTransport;
  /** Added to every request (e.g. `authorization`: a server may publish more to a logged-in caller). */
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Requests in flight at once for the `OPTIONS` fallback (default 4). */
  concurrency?: number;
}

const DEFAULT_CONCURRENCY = 4;

/** True when a field appears in answers of `context` (a property without a `context` list appears in all). */
export function fieldInContext(field: ItemField, context: SchemaContext): boolean {
  return field.contexts === null || field.contexts.includes(context);
}

/** The names of the top-level fields an answer in `context` may carry, in published order. */
export function fieldsInContext(schema: Pick<ItemSchema, 'fields'>, context: SchemaContext): string[] {
  return schema.fields.filter((field) => fieldInContext(field, context)).map((field) => field.name);
}

/** The dot paths of every readonly field, nested ones included. */
export function readonlyFields(schema: Pick<ItemSchema, 'fields'>): string[] {
  return allFields(schema.fields)
    .filter((field) => field.readonly)
    .map((field) => field.path);
}

/** The dot paths of every field marked `required`, nested ones included. */
export function requiredFields(schema: Pick<ItemSchema, 'fields'>): string[] {
  return allFields(schema.fields)
    .filter((field) => field.required)
    .map((field) => field.path);
}

/** Every field, depth first: each one before its nested properties. */
export function allFields(fields: readonly ItemField[]): ItemField[] {
  return fields.flatMap((field) => [field, ...allFields(field.properties)]);
}

/** The field at a dot path (`title.rendered`), or undefined. */
export function fieldAt(schema: Pick<ItemSchema, 'fields'>, path: string): ItemField | undefined {
  let fields = schema.fields;
  let found: ItemField | undefined;
  for (const name of path.split('.')) {
    found = fields.find((field) => field.name === name);
    if (found === undefined) return undefined;
    fields = found.properties;
  }
  return found;
}

/**
 * Reads a route's published `schema` value into an `ItemSchema`; undefined when it is not an object schema with
 * `properties` (a route without a schema publishes none at all).
 */
export function parseItemSchema(route: string, namespace: string, value: unknown, source: SchemaSource): ItemSchema | undefined {
  if (!isRecord(value) || !isRecord(value.properties)) return undefined;
  const published = value as PublishedSchema;
  return {
    route,
    namespace,
    title: typeof published.title === 'string' ? published.title : undefined,
    published,
    fields: parseFields(value.properties, ''),
    source,
  };
}

function parseFields(properties: Record<string, unknown>, prefix: string): ItemField[] {
  const fields: ItemField[] = [];
  for (const [name, schema] of Object.entries(properties)) {
    if (!isRecord(schema)) continue;
    const path = `${prefix}${name}`;
    fields.push({
      name,
      path,
      schema: schema as ArgSchema,
      contexts: parseContexts(schema.context),
      readonly: schema.readonly === true,
      required: schema.required === true,
      properties: isRecord(schema.properties) ? parseFields(schema.properties, `${path}.`) : [],
    });
  }
  return fields;
}

function parseContexts(value: unknown): SchemaContext[] | null {
  if (!Array.isArray(value)) return null;
  return value.filter((context): context is SchemaContext => (SCHEMA_CONTEXTS as readonly unknown[]).includes(context));
}

/**
 * Fetches the item schema of every route of the descriptor: one `?context=help` request per namespace; where a
 * namespace's answer fails (not a JSON 200 with `routes`), `OPTIONS` on each of its routes. Never throws for what
 * the server answers: a schema it cannot read is a warning, and the route is left without one.
 */
export async function fetchItemSchemas(options: FetchItemSchemasOptions): Promise<ItemSchemaSet> {
  const { root, locale } = options.descriptor;
  const base = options.restUrl?.replace(/\/+$/, '') ?? restUrl(options.baseUrl ?? '', options.restRoot ?? 'wp-json', locale);
  const schemas = new Map<string, ItemSchema>();
  const warnings: string[] = [];
  let requests = 0;
  const send = async (request: HttpRequest): Promise<Exchange> => {
    requests++;
    return options.transport.send({ ...request, headers: { ...request.headers, ...options.headers } }, options.signal);
  };

  for (const namespace of root.namespaces) {
    const routes = routesOf(root, namespace);
    if (routes.length === 0) continue;
    // Stopped (Ctrl-C, the run's cap on its work before the phases): the namespaces left are not asked.
    if (options.signal?.aborted) {
      warnings.push(`stopped before the schemas of /${namespace} and the namespaces after it were asked`);
      break;
    }
    const url = `${base}/${namespace}?context=help`;
    const answer = jsonOf(await send({ method: 'GET', url, headers: { accept: 'application/json' } }));
    const published = isRecord(answer.json) && isRecord(answer.json.routes) ? answer.json.routes : undefined;
    if (published !== undefined) {
      // WordPress builds both answers with the same call (get_data_for_route in help context): a route without a
      // schema here has none on OPTIONS either, so only a failed namespace answer is worth a request per route.
      for (const route of routes) {
        const entry = published[route];
        const schema = isRecord(entry) ? parseItemSchema(route, namespace, entry.schema, 'help') : undefined;
        if (schema !== undefined) schemas.set(route, schema);
      }
      continue;
    }
    warnings.push(`GET ${url}: ${answer.problem ?? 'no routes in the answer'}; asking each route with OPTIONS`);
    await eachLimited(routes, options.concurrency ?? DEFAULT_CONCURRENCY, async (route) => {
      const path = concretePath(route);
      if (path === undefined || options.signal?.aborted) return;
      const optionsUrl = `${base}${path}`;
      const reply = jsonOf(await send({ method: 'OPTIONS', url: optionsUrl, headers: { accept: 'application/json' } }));
      if (reply.problem !== undefined) {
        warnings.push(`OPTIONS ${optionsUrl}: ${reply.problem}`);
        return;
      }
      const schema = isRecord(reply.json) ? parseItemSchema(route, namespace, reply.json.schema, 'options') : undefined;
      if (schema !== undefined) schemas.set(route, schema);
    });
  }
  return { locale, schemas: sortedByRoute(schemas, root), warnings, requests };
}

/** The descriptor's routes of a namespace, the namespace's own index route left out. */
function routesOf(root: RootDescriptor, namespace: string): string[] {
  return Object.entries(root.routes)
    .filter(([key, route]) => route.namespace === namespace && key !== `/${namespace}`)
    .map(([key]) => key);
}

/** Values tried for a path variable, in order; OPTIONS only needs the route to match, not the resource to exist. */
const PATH_VALUE_CANDIDATES = ['1', 'a', 'a-1', 'me', '1a', 'a/a', 'a/a-1', 'a.a'];

/** A path that reaches the route: its variables filled with a value their pattern takes, or undefined. */
function concretePath(route: string): string | undefined {
  try {
    const pattern = parseRoutePattern(route);
    const values: Record<string, string> = {};
    for (const variable of pattern.variables) {
      const value = PATH_VALUE_CANDIDATES.find((candidate) => new RegExp(`^(?:${variable.pattern})$`, 'u').test(candidate));
      if (value === undefined) {
        if (!variable.optional) return undefined;
        continue;
      }
      values[variable.name] = value;
    }
    return pattern.build(values);
  } catch {
    return undefined;
  }
}

interface JsonAnswer {
  json?: unknown;
  /** Why the answer is not a usable JSON 200, or undefined. */
  problem?: string;
}

function jsonOf(exchange: Exchange): JsonAnswer {
  if (exchange.error) return { problem: `${exchange.error.code}: ${exchange.error.message}` };
  const response = exchange.response;
  if (!response) return { problem: 'no response' };
  if (response.status !== 200) return { problem: `HTTP ${response.status}` };
  if (response.truncated) return { problem: 'the answer is larger than the response size cap' };
  if (response.json === undefined) {
    try {
      return { json: JSON.parse(response.bodyText) as unknown };
    } catch {
      return { problem: 'not JSON' };
    }
  }
  return { json: response.json };
}

/** Same routes, in the descriptor's order (answers of the OPTIONS fallback arrive in any order). */
function sortedByRoute(schemas: Map<string, ItemSchema>, root: RootDescriptor): Map<string, ItemSchema> {
  const sorted = new Map<string, ItemSchema>();
  for (const key of Object.keys(root.routes)) {
    const schema = schemas.get(key);
    if (schema !== undefined) sorted.set(key, schema);
  }
  return sorted;
}

async function eachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
