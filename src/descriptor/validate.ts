/** Checks the shape of a root descriptor and names the first bad field. */
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { ROOT_DESCRIPTOR_SCHEMA } from './descriptor-schema.js';
import { DescriptorError } from './errors.js';
import type { ArgSchema, RootDescriptor } from './types.js';

let compiled: ValidateFunction | undefined;

function validator(): ValidateFunction {
  // Compiled on first use: most runs read a descriptor or two. Every run compiles it before its first request, so
  // the schema is not checked against the draft-07 meta-schema here (that doubled the compile, 40-60 ms of the
  // start on a busy machine); validate.test.ts checks it once instead.
  compiled ??= new Ajv({ allErrors: false, strictTypes: false, validateSchema: false }).compile(ROOT_DESCRIPTOR_SCHEMA);
  return compiled;
}

/**
 * Checks that `json` has the shape of a WordPress root descriptor and returns it typed. Extra keys are allowed.
 * Two PHP habits are undone in place, so later stages see what the types promise: `[]` for an empty
 * `properties`/`patternProperties` map becomes `{}`, and an `enum` written as an object (a PHP list with gaps in
 * its keys) becomes the list of its values. `args: []` is left as is: its type allows it.
 *
 * @param source where it was read from, for the message
 * @throws DescriptorError naming the first bad field, e.g. `routes["/x"].endpoints[0].methods[1]`
 */
export function validateRootDescriptor(json: unknown, source?: string): RootDescriptor {
  const validate = validator();
  if (!validate(json)) {
    const error = (validate.errors as ErrorObject[])[0] as ErrorObject;
    const { field, reason } = describeError(error, json);
    const where = source === undefined ? 'descriptor' : `descriptor ${source}`;
    throw new DescriptorError(field === '' ? `${where}: ${reason}` : `${where}: field ${field} ${reason}`, {
      ...(source === undefined ? {} : { source }),
      ...(field === '' ? {} : { field }),
    });
  }
  const root = json as RootDescriptor;
  for (const route of Object.values(root.routes)) {
    for (const endpoint of route.endpoints) {
      if (!Array.isArray(endpoint.args)) for (const arg of Object.values(endpoint.args)) normalizePhpArrays(arg);
    }
  }
  return root;
}

function normalizePhpArrays(schema: ArgSchema): void {
  const mutable = schema as Record<string, unknown>;
  if (schema.enum !== undefined && !Array.isArray(schema.enum)) schema.enum = Object.values(schema.enum);
  for (const key of ['properties', 'patternProperties'] as const) {
    const map = mutable[key];
    if (Array.isArray(map)) mutable[key] = {};
    else if (map !== undefined) for (const child of Object.values(map as Record<string, ArgSchema>)) normalizePhpArrays(child);
  }
  if (schema.items !== undefined) normalizePhpArrays(schema.items);
  if (typeof schema.additionalProperties === 'object') normalizePhpArrays(schema.additionalProperties);
  for (const branch of [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])]) normalizePhpArrays(branch);
}

/** Turns ajv's JSON pointer and keyword into a readable JSON path and a reason. */
function describeError(error: ErrorObject, json: unknown): { field: string; reason: string } {
  const segments = error.instancePath === '' ? [] : error.instancePath.slice(1).split('/').map(unescapePointer);
  let field = '';
  let value: unknown = json;
  for (const segment of segments) {
    field += Array.isArray(value) ? `[${segment}]` : propertyAccess(field, segment);
    value = (value as Record<string, unknown>)[segment];
  }
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return { field: field + propertyAccess(field, String(params.missingProperty)), reason: 'is missing' };
    case 'type':
      return { field, reason: `must be ${String(params.type).replace(',', ' or ')}, got ${describeValue(value)}` };
    case 'enum':
      return { field, reason: `must be one of ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}, got ${describeValue(value)}` };
    case 'maxItems':
      return {
        field,
        reason:
          Number(params.limit) === 0
            ? `must be an object, or an empty list, got a list of ${(value as unknown[]).length}`
            : `must have at most ${String(params.limit)} items`,
      };
    case 'minItems':
      return { field, reason: `must have at least ${String(params.limit)} item${params.limit === 1 ? '' : 's'}` };
    default:
      return { field, reason: `${error.message ?? 'is invalid'}` };
  }
}

function unescapePointer(segment: string): string {
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

function propertyAccess(pathSoFar: string, key: string): string {
  if (IDENTIFIER.test(key)) return pathSoFar === '' ? key : `.${key}`;
  return `[${JSON.stringify(key)}]`;
}

function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'an object';
  const text = JSON.stringify(value);
  return `${typeof value} ${text.length > 40 ? `${text.slice(0, 40)}…` : text}`;
}
