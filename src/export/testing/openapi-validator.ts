/**
 * Validates a document against the official OpenAPI 3.1 JSON Schema (`fixtures/openapi-3.1.schema.json`) with
 * ajv's draft 2020-12 validator and ajv-formats.
 */
import { readFileSync } from 'node:fs';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

const SCHEMA_FILE = new URL('../../../fixtures/openapi-3.1.schema.json', import.meta.url);

// ajv-formats is CommonJS: under NodeNext its default import is the module object.
const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

/**
 * The schema's Schema Objects are `{"$dynamicRef": "#meta"}`, which resolves to `$defs/schema` (the only
 * `$dynamicAnchor`). ajv resolves a `$dynamicRef` whose anchor it has not met yet to the enclosing schema instead,
 * so the reference is made static here; the vendored file stays as published.
 */
function staticMetaReferences(text: string): string {
  return text.replaceAll('"$dynamicRef": "#meta"', '"$ref": "#/$defs/schema"');
}

let compiled: ValidateFunction | undefined;

/** The compiled validator (compiled once). */
export function openApi31Validator(): ValidateFunction {
  if (compiled) return compiled;
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  addFormats(ajv);
  // A media range (`application/json`, `text/*`) as OpenAPI's content maps are keyed.
  ajv.addFormat('media-range', /^[\w.+*-]+\/[\w.+*-]+(?:\s*;.*)?$/);
  compiled = ajv.compile(JSON.parse(staticMetaReferences(readFileSync(SCHEMA_FILE, 'utf8'))) as object);
  return compiled;
}

/** The validation errors of a document, one line each (empty when it is valid OpenAPI 3.1). */
export function openApi31Errors(document: unknown): string[] {
  const validate = openApi31Validator();
  if (validate(document)) return [];
  return (validate.errors ?? []).map((error: ErrorObject) => `${error.instancePath || '/'} ${error.message ?? error.keyword}`);
}
