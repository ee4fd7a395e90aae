/**
 * `restconform export types`: TypeScript request types of every operation, written by json-schema-to-typescript
 * into one module. Each operation gets `<Name>Path` (when its route has variables), `<Name>Query` (GET, HEAD,
 * OPTIONS) or `<Name>Body` (other methods); `RestRequests` maps each operation id to its parts.
 */
import type { JsonSchema, LoadedDescriptor, Operation } from '../descriptor/types.js';
import { QUERY_METHODS } from '../schema/param-location.js';
import { pascalName, uniqueNames } from './names.js';
import { operationParts, type RequestPart } from './operation-parts.js';
import { schemaForTypeScript } from './typescript-schema.js';

/** The name of the type that maps operation ids to their request parts. */
export const REQUEST_MAP_TYPE = 'RestRequests';

const PART_SUFFIX: Record<RequestPart, string> = { path: 'Path', query: 'Query', body: 'Body' };
const PART_TEXT: Record<RequestPart, string> = { path: 'Path variables', query: 'Query parameters', body: 'JSON body members' };

/** The parts an operation's request has: variables if its route has any, then query or body by method. */
function partsOf(operation: Operation): RequestPart[] {
  const parts: RequestPart[] = operation.pattern.variables.length > 0 ? ['path'] : [];
  parts.push(QUERY_METHODS.includes(operation.method) ? 'query' : 'body');
  return parts;
}

/** Renders the request types of a descriptor's operations as one TypeScript module. */
export async function typeScriptExport(descriptor: LoadedDescriptor): Promise<string> {
  const names = uniqueNames(descriptor.operations, (operation) => pascalName(operation.method, operation.pattern.template));
  const definitions: Record<string, JsonSchema> = {};
  const map: Record<string, JsonSchema> = {};
  for (const operation of descriptor.operations) {
    const name = names.get(operation)!;
    const schemas = operationParts(operation);
    const entry: Record<string, JsonSchema> = {};
    for (const part of partsOf(operation)) {
      const typeName = `${name}${PART_SUFFIX[part]}`;
      definitions[typeName] = {
        ...schemaForTypeScript(schemas[part]),
        title: typeName,
        description: `${PART_TEXT[part]} of ${operation.method} ${operation.pattern.template} (route ${operation.route}).`,
      };
      entry[part] = { $ref: `#/definitions/${typeName}` };
    }
    map[operation.id] = { type: 'object', properties: entry, required: Object.keys(entry), additionalProperties: false };
  }
  const root: JsonSchema = {
    title: REQUEST_MAP_TYPE,
    description: 'Every operation by its id (`<locale> <METHOD> <route>`), with the types of its request parts.',
    type: 'object',
    properties: map,
    required: Object.keys(map),
    additionalProperties: false,
    definitions,
  };
  const source = `${descriptor.source}${descriptor.locale ? ` (locale ${descriptor.locale})` : ''}`;
  // Loaded here, not with the module: it brings prettier, which every command would otherwise load at start-up.
  const { compile } = await import('json-schema-to-typescript');
  return compile(root as Parameters<typeof compile>[0], REQUEST_MAP_TYPE, {
    bannerComment: `/* Request types of ${source.replace(/\*\//g, '* /')}, written by restconform export types. Do not edit. */`,
    additionalProperties: false,
    unreachableDefinitions: true,
    strictIndexSignatures: true,
    format: true,
  });
}
