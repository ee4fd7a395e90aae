/**
 * `restconform export openapi`: one OpenAPI 3.1 document of a whole descriptor, so tools that read OpenAPI can
 * read the interface. Paths come from the route templates (an optional segment gives two paths), query
 * parameters are serialised the way WordPress reads them (a comma list for arrays, `a[key]=v` for objects),
 * other methods send a JSON body, and every operation may answer a WordPress error
 * `{code, message, data: {status}}`. Each operation keeps its raw route regex as `x-wordpress-route`. Where the
 * server publishes item schemas (`?context=help`, `OPTIONS`), success answers carry them: a list or a map of items
 * for a collection's GET, the item or a list of them for another route without path variables, the item for a
 * read or write, the item or `{deleted, previous}` for a delete; creates
 * may answer 201 and the batch route 207. No schema has a `type` list unless `typeLists` asks for them
 * (`single-type-schemas.ts` says why).
 */
import type { ItemSchema } from '../descriptor/index.js';
import type { JsonSchema, LoadedDescriptor, Operation } from '../descriptor/types.js';
import { answerSchema } from '../schema/answer-json-schema.js';
import { slugOf, uniqueNames } from './names.js';
import { openApiPathVariants, pathShape, type OpenApiPathVariant } from './openapi-paths.js';
import { membersOf, operationParts, requiredOf } from './operation-parts.js';
import { withoutTypeLists } from './single-type-schemas.js';

export interface OpenApiOptions {
  /** The REST root requests go to, e.g. `http://localhost:8080/en_gb/wp-json`; no `servers` entry when absent. */
  serverUrl?: string;
  /** `info.version`: the descriptor states none (default `unversioned`). */
  version?: string;
  /** Where the descriptor came from, kept as `x-restconform-source`. */
  source?: string;
  /** The item schemas the server publishes, by route key: success answers are typed with them. */
  schemas?: ReadonlyMap<string, ItemSchema>;
  /**
   * Keep JSON Schema `type` lists (`"type": ["string", "null"]`), OpenAPI 3.1's compact form. By default each list
   * is written as `anyOf` of single-type schemas, the form Schemathesis 4.x reads. `export --type-lists` sets it
   * (its help is the settings table's `COMMAND_OPTIONS.typeLists`).
   */
  typeLists?: boolean;
}

/** An OpenAPI document as plain JSON data. */
export type OpenApiDocument = Record<string, unknown>;

export interface OpenApiExport {
  document: OpenApiDocument;
  /** Routes or paths left out, one line each (also in the document as `x-restconform-notes`). */
  notes: string[];
}

const ERROR_SCHEMA_NAME = 'WP_Error';
const SECURITY_SCHEME_NAME = 'applicationPassword';
const ROOT_TAG = 'root';

/** WordPress's error body: every 4xx/5xx a WordPress REST server answers has this shape. */
const WP_ERROR_SCHEMA: JsonSchema = {
  type: 'object',
  description: 'A WordPress REST error (WP_Error rendered by the REST server).',
  required: ['code', 'message', 'data'],
  properties: {
    code: { type: 'string', description: 'Machine-readable error code, e.g. rest_invalid_param.' },
    message: { type: 'string', description: 'Human-readable message, localised.' },
    data: {
      type: 'object',
      required: ['status'],
      properties: {
        status: { type: 'integer', description: 'The HTTP status code.' },
        params: {
          description:
            "rest_invalid_param: an object, each invalid parameter with its message; rest_missing_callback_param: a list of the missing parameters' names.",
          anyOf: [
            { type: 'object', additionalProperties: { type: 'string' } },
            { type: 'array', items: { type: 'string' } },
          ],
        },
        details: { type: 'object', description: 'rest_invalid_param: each invalid parameter with its error.' },
      },
    },
  },
};

function typesOf(schema: JsonSchema): string[] {
  const type = schema.type;
  return Array.isArray(type) ? (type as string[]) : typeof type === 'string' ? [type] : [];
}

/** How WordPress reads a query parameter: PHP parses `a[k]=v` into an object; a scalar list is split on commas. */
function queryStyle(schema: JsonSchema): { style?: string; explode?: boolean } {
  const types = typesOf(schema);
  if (types.includes('object')) return { style: 'deepObject', explode: true };
  if (types.includes('array')) return { style: 'form', explode: false };
  return {};
}

/** How the document writes a schema: as the descriptor states it, or without `type` lists. */
type SchemaForm = (schema: JsonSchema) => JsonSchema;

function parameter(name: string, where: 'path' | 'query', schema: JsonSchema, required: boolean, form: SchemaForm): JsonSchema {
  const result: JsonSchema = { name, in: where };
  if (typeof schema.description === 'string' && schema.description !== '') result.description = schema.description;
  result.required = required;
  if (where === 'query') Object.assign(result, queryStyle(schema));
  result.schema = form(schema);
  return result;
}

function tagOf(namespace: string): string {
  return namespace === '' ? ROOT_TAG : namespace;
}

/** The batch route: its answer is 207 Multi-Status whatever its items answered. */
const BATCH_ROUTE = '/batch/v1';

/** A collection route: another route of the descriptor extends it by one path variable (its items). */
function isCollection(operation: Operation, routes: readonly string[]): boolean {
  return (
    operation.pattern.variables.length === 0 &&
    routes.some((route) => route.startsWith(`${operation.route}/(?P<`) && !route.slice(operation.route.length + 1).includes('/'))
  );
}

/** What an operation's object is made from besides the operation itself. */
interface OperationContext {
  /** Every route key of the descriptor (a collection is told by the item route below it). */
  routes: readonly string[];
  /** The item schema the server publishes for the operation's route, if any. */
  schema: ItemSchema | undefined;
  form: SchemaForm;
}

/** The success answers of an operation: status → response object. */
function successResponses(operation: Operation, { routes, schema, form }: OperationContext): Record<string, JsonSchema> {
  if (operation.route === BATCH_ROUTE) {
    return {
      '207': {
        description: 'Multi-Status: each item of the batch with its own status, in request order.',
        content: { 'application/json': { schema: { type: 'object', properties: { responses: { type: 'array' } } } } },
      },
    };
  }
  const collection = isCollection(operation, routes);
  const body = schema === undefined ? {} : form(answerBody(operation, schema, collection));
  const described =
    schema === undefined
      ? 'Success. The server publishes no schema for this route.'
      : `Success: ${schema.title ?? 'the resource'}, as its published schema describes it.`;
  const responses: Record<string, JsonSchema> = { '200': { description: described, content: { 'application/json': { schema: body } } } };
  if (operation.method === 'POST' && collection) {
    responses['201'] = {
      description: `Created${schema?.title ? `: the new ${schema.title}` : ''}; Location names its address.`,
      headers: { Location: { schema: { type: 'string' } } },
      content: { 'application/json': { schema: body } },
    };
  }
  return responses;
}

function answerBody(operation: Operation, schema: ItemSchema, collection: boolean): JsonSchema {
  const read = operation.method === 'GET';
  // Reads answer in the default context, writes in edit; properties of other contexts may come too, so none is closed.
  const item = answerSchema(schema.published, read ? 'view' : 'edit', { portable: true });
  if (read && collection)
    return {
      anyOf: [
        { type: 'array', items: item },
        { type: 'object', additionalProperties: item },
      ],
    };
  // A read of a route without path variables may list its items though no item route hangs below it.
  if (read && operation.pattern.variables.length === 0) return { anyOf: [item, { type: 'array', items: item }] };
  if (operation.method === 'DELETE')
    return { anyOf: [item, { type: 'object', required: ['deleted'], properties: { deleted: { type: 'boolean' }, previous: item } }] };
  return item;
}

function operationObject(operation: Operation, variant: OpenApiPathVariant, operationId: string, context: OperationContext): JsonSchema {
  const { form } = context;
  const parts = operationParts(operation);
  const pathMembers = membersOf(parts.path);
  const parameters: JsonSchema[] = variant.variables.map((variable) =>
    parameter(variable.name, 'path', pathMembers[variable.name] ?? variable.schema, true, form),
  );
  const queryRequired = requiredOf(parts.query);
  for (const [name, schema] of Object.entries(membersOf(parts.query))) {
    parameters.push(parameter(name, 'query', schema, queryRequired.includes(name), form));
  }
  // The summary doc tools title the operation with: the descriptor has no words of its own for an operation.
  const result: JsonSchema = { operationId, summary: `${operation.method} ${variant.path}`, tags: [tagOf(operation.namespace)] };
  if (parameters.length > 0) result.parameters = parameters;
  if (Object.keys(membersOf(parts.body)).length > 0) {
    result.requestBody = { required: requiredOf(parts.body).length > 0, content: { 'application/json': { schema: form(parts.body) } } };
  }
  const error = { $ref: `#/components/responses/${ERROR_SCHEMA_NAME}` };
  // Every route may answer 400 (invalid or missing parameters), 401/403 and 404 as a WP_Error; so may any other status.
  result.responses = { ...successResponses(operation, context), '4XX': error, default: error };
  result['x-wordpress-route'] = operation.route;
  if (operation.allowBatch) result['x-wordpress-allow-batch'] = true;
  return result;
}

/** Builds the OpenAPI 3.1 document of one loaded descriptor (one locale). */
export function buildOpenApiDocument(descriptor: LoadedDescriptor, options: OpenApiOptions = {}): OpenApiExport {
  const notes = [...descriptor.warnings];
  const entries = descriptor.operations.flatMap((operation) => openApiPathVariants(operation.pattern).map((variant) => ({ operation, variant })));
  const operationIds = uniqueNames(entries, ({ operation, variant }) => slugOf(operation.method, variant.path));

  const paths: Record<string, Record<string, unknown>> = {};
  const pathByShape = new Map<string, string>();
  const routes = Object.keys(descriptor.root.routes);
  const form: SchemaForm = options.typeLists === true ? (schema) => schema : withoutTypeLists;
  for (const entry of entries) {
    const { operation, variant } = entry;
    const shape = pathShape(variant.path);
    const taken = pathByShape.get(shape);
    if (taken !== undefined && taken !== variant.path) {
      notes.push(`${operation.method} ${operation.route}: path ${variant.path} left out, it reads like ${taken} (OpenAPI cannot tell them apart)`);
      continue;
    }
    pathByShape.set(shape, variant.path);
    const item = (paths[variant.path] ??= {});
    const method = operation.method.toLowerCase();
    if (item[method] !== undefined) {
      notes.push(
        `${operation.method} ${operation.route}: path ${variant.path} already has ${operation.method} from an earlier route (WordPress serves the first match)`,
      );
      continue;
    }
    const context: OperationContext = { routes, schema: options.schemas?.get(operation.route), form };
    item[method] = operationObject(operation, variant, operationIds.get(entry)!, context);
  }

  const root = descriptor.root;
  const namespaces = [...new Set(descriptor.operations.map((operation) => operation.namespace))];
  const document: OpenApiDocument = {
    openapi: '3.1.0',
    info: {
      title: root.name || 'WordPress REST interface',
      ...(root.description ? { description: root.description } : {}),
      version: options.version ?? 'unversioned',
    },
    ...(options.serverUrl
      ? { servers: [{ url: options.serverUrl, description: `REST root${descriptor.locale ? ` of locale ${descriptor.locale}` : ''}` }] }
      : {}),
    tags: namespaces.map((namespace) => ({ name: tagOf(namespace), description: namespace === '' ? 'The root and batch routes.' : `Namespace ${namespace}.` })),
    paths,
    components: {
      schemas: { [ERROR_SCHEMA_NAME]: WP_ERROR_SCHEMA },
      responses: {
        [ERROR_SCHEMA_NAME]: {
          description: 'A WordPress error: 400 invalid or missing parameters, 401/403 permissions, 404 no route or unknown item.',
          content: { 'application/json': { schema: { $ref: `#/components/schemas/${ERROR_SCHEMA_NAME}` } } },
        },
      },
      securitySchemes: {
        [SECURITY_SCHEME_NAME]: {
          type: 'http',
          scheme: 'basic',
          description: 'WordPress application password: HTTP Basic with the user login and the application password.',
        },
      },
    },
    security: [{}, { [SECURITY_SCHEME_NAME]: [] }],
    ...(options.source ? { 'x-restconform-source': options.source } : {}),
    ...(descriptor.locale ? { 'x-restconform-locale': descriptor.locale } : {}),
    ...(notes.length > 0 ? { 'x-restconform-notes': notes } : {}),
  };
  return { document, notes };
}
