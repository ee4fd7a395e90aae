/**
 * One valid value for a JSON Schema of the OpenAPI export, and one request per operation built from them: what a
 * client of the export would send first. Only what a request needs is filled in: path variables, required query
 * parameters (serialised as the parameter's `style` says) and the body's required members.
 */
import fc from 'fast-check';
import type { JsonSchema } from '../../descriptor/types.js';

/** A value of each `format` the export's request schemas name, valid for any reader of it. */
const FORMAT_EXAMPLES: Readonly<Record<string, string>> = {
  email: 'openapi@example.org',
  uri: 'http://example.org/',
  url: 'http://example.org/',
  'date-time': '2024-01-02T03:04:05Z',
  date: '2024-01-02',
  uuid: '123e4567-e89b-42d3-a456-426614174000',
  ipv4: '127.0.0.1',
  'hex-color': '#336699',
};

const isSchema = (value: unknown): value is JsonSchema => value !== null && typeof value === 'object' && !Array.isArray(value);

/** A value `schema` accepts: its const, first enum value or default, else one built from its type and keywords. */
export function exampleOf(schema: JsonSchema): unknown {
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  if ('default' in schema) return schema.default;
  for (const keyword of ['anyOf', 'oneOf'] as const) {
    const branches = schema[keyword];
    if (Array.isArray(branches) && isSchema(branches[0])) return exampleOf(branches[0]);
  }
  const type = Array.isArray(schema.type) ? (schema.type as string[])[0] : schema.type;
  switch (type) {
    case 'null':
      return null;
    case 'boolean':
      return true;
    case 'integer':
    case 'number':
      return numberOf(schema);
    case 'array': {
      const minItems = typeof schema.minItems === 'number' ? schema.minItems : 0;
      const item = isSchema(schema.items) ? exampleOf(schema.items) : 'example';
      return Array.from({ length: minItems }, () => item);
    }
    case 'object':
      return requiredMembersOf(schema);
    default:
      // A string, or a schema that names no type: WordPress reads an untyped parameter as a string.
      return stringOf(schema);
  }
}

function numberOf(schema: JsonSchema): number {
  const minimum = typeof schema.minimum === 'number' ? schema.minimum : typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum + 1 : 1;
  const step = typeof schema.multipleOf === 'number' ? schema.multipleOf : 1;
  return Math.ceil(minimum / step) * step;
}

function stringOf(schema: JsonSchema): string {
  if (typeof schema.format === 'string' && FORMAT_EXAMPLES[schema.format]) return FORMAT_EXAMPLES[schema.format]!;
  // One string the pattern matches, the same on every run.
  if (typeof schema.pattern === 'string') return fc.sample(fc.stringMatching(new RegExp(schema.pattern, 'u')), { seed: 43, numRuns: 1 })[0]!;
  const minLength = typeof schema.minLength === 'number' ? schema.minLength : 0;
  return 'example'.padEnd(minLength, 'x');
}

/** An object of the required members of an object schema, each with its example. */
export function requiredMembersOf(schema: JsonSchema): Record<string, unknown> {
  const properties = isSchema(schema.properties) ? schema.properties : {};
  const required = Array.isArray(schema.required) ? (schema.required as string[]) : [];
  return Object.fromEntries(required.map((name) => [name, exampleOf(isSchema(properties[name]) ? properties[name] : {})]));
}

/** An OpenAPI parameter, as the export writes them. */
interface Parameter {
  name: string;
  in: string;
  required: boolean;
  style?: string;
  schema: JsonSchema;
}

/** `name=value` pairs of one query parameter, serialised by its style: `form` lists with commas, `deepObject` as `name[key]`. */
function queryPairs(parameter: Parameter, value: unknown): [string, string][] {
  if (Array.isArray(value)) return [[parameter.name, value.map(String).join(',')]];
  if (isSchema(value)) return Object.entries(value).map(([key, member]) => [`${parameter.name}[${key}]`, String(member)]);
  return [[parameter.name, String(value)]];
}

/** The first request a client would send to an operation of the export: its path and query, and a JSON body if it takes one. */
export function exampleRequest(template: string, operation: JsonSchema): { path: string; body?: string } {
  const parameters = (Array.isArray(operation.parameters) ? operation.parameters : []) as Parameter[];
  let path = template;
  const query = new URLSearchParams();
  for (const parameter of parameters) {
    if (parameter.in === 'path') path = path.replace(`{${parameter.name}}`, encodeURIComponent(String(exampleOf(parameter.schema))));
    else if (parameter.in === 'query' && parameter.required)
      for (const [name, value] of queryPairs(parameter, exampleOf(parameter.schema))) query.append(name, value);
  }
  const search = query.size > 0 ? `?${query.toString()}` : '';
  const content = (operation.requestBody as { content?: Record<string, { schema: JsonSchema }> } | undefined)?.content?.['application/json'];
  return content === undefined ? { path: `${path}${search}` } : { path: `${path}${search}`, body: JSON.stringify(requiredMembersOf(content.schema)) };
}
