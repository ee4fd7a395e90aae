/**
 * A JSON Schema reshaped for json-schema-to-typescript, whose output goes wrong on a few shapes WordPress
 * schemas have: it intersects a `type` list with the `oneOf` branches that repeat it, turns a branch that only
 * adds a `format` or `pattern` into `{[k: string]: unknown}`, and reads a string `default` of an array as a
 * string type. Such constraints do not change the TypeScript type, so they are dropped here; defaults move into
 * the description.
 */
import type { JsonSchema } from '../descriptor/types.js';

const COMBINATORS = ['allOf', 'anyOf', 'oneOf'] as const;
const SCHEMA_MAPS = ['properties', 'patternProperties', '$defs', 'definitions'] as const;
/** Keywords that make a branch say something about the shape of a value (not only constrain it). */
const SHAPE_KEYWORDS = ['type', 'enum', 'const', '$ref', 'properties', 'items', 'additionalProperties', ...COMBINATORS];

const isSchema = (value: unknown): value is JsonSchema => value !== null && typeof value === 'object' && !Array.isArray(value);

function shapesValue(branch: JsonSchema): boolean {
  return SHAPE_KEYWORDS.some((keyword) => branch[keyword] !== undefined);
}

/** The schema as json-schema-to-typescript should see it (a new object; the input is not changed). */
export function schemaForTypeScript(schema: JsonSchema): JsonSchema {
  const out: JsonSchema = { ...schema };
  if (out.default !== undefined) {
    const note = `Default: ${JSON.stringify(out.default)}.`;
    out.description = typeof out.description === 'string' && out.description !== '' ? `${out.description}\n\n${note}` : note;
    delete out.default;
  }
  for (const keyword of SCHEMA_MAPS) {
    const map = out[keyword];
    if (isSchema(map))
      out[keyword] = Object.fromEntries(Object.entries(map).map(([name, child]) => [name, isSchema(child) ? schemaForTypeScript(child) : child]));
  }
  for (const keyword of ['items', 'additionalProperties'] as const) {
    if (isSchema(out[keyword])) out[keyword] = schemaForTypeScript(out[keyword] as JsonSchema);
  }
  for (const keyword of COMBINATORS) {
    const branches = out[keyword];
    if (!Array.isArray(branches)) continue;
    const shaped = branches.filter(isSchema).filter(shapesValue).map(schemaForTypeScript);
    if (shaped.length === 0) {
      delete out[keyword];
      continue;
    }
    out[keyword] = shaped;
    // The branches name their own types; a `type` list beside them would be intersected with each.
    if (keyword !== 'allOf' && shaped.every((branch) => branch.type !== undefined)) delete out.type;
  }
  return out;
}
