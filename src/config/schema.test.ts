import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { parse } from 'yaml';
import { FILE_KEYS } from './file-keys.js';
import { configDir } from './package-root.js';
import { BUILTIN_DEFAULTS } from './settings.js';
import { configSchema } from './validate-file.js';

type SchemaNode = Record<string, unknown>;

/** Every object-typed subschema, with its location. */
function objectSchemas(node: unknown, at = '#'): Array<[string, SchemaNode]> {
  if (node === null || typeof node !== 'object') return [];
  const found: Array<[string, SchemaNode]> = [];
  const schema = node as SchemaNode;
  if (schema.type === 'object' || 'properties' in schema || 'patternProperties' in schema) found.push([at, schema]);
  for (const [key, value] of Object.entries(schema)) {
    if (Array.isArray(value)) value.forEach((item, i) => found.push(...objectSchemas(item, `${at}/${key}/${i}`)));
    else found.push(...objectSchemas(value, `${at}/${key}`));
  }
  return found;
}

describe('config/schema.json', () => {
  const schema = configSchema();

  it('is a valid JSON Schema 2020-12 (the run compiles it without this check)', () => {
    const ajv = new Ajv2020({ allowUnionTypes: true });
    ajv.addKeyword({ keyword: 'x-expected', schemaType: 'string' });
    expect(ajv.validateSchema(schema), JSON.stringify(ajv.errors)).toBe(true);
    expect(ajv.validateSchema({ ...schema, properties: { seed: { type: 'integr' } } })).toBe(false);
  });

  it('closes every object: additionalProperties is false everywhere', () => {
    const objects = objectSchemas(schema);
    expect(objects.length).toBeGreaterThan(1);
    for (const [at, node] of objects) expect([at, node.additionalProperties]).toEqual([at, false]);
  });

  it('describes every key', () => {
    const properties = schema.properties as Record<string, SchemaNode>;
    for (const [name, property] of Object.entries(properties)) {
      expect([name, typeof property.description]).toEqual([name, 'string']);
      expect((property.description as string).length).toBeGreaterThan(10);
    }
    for (const pattern of Object.values((properties.severity!.patternProperties ?? {}) as Record<string, SchemaNode>)) {
      expect(typeof pattern.description).toBe('string');
    }
  });

  it('has exactly one file key per settings field, both ways', () => {
    expect(Object.keys(schema.properties as object).sort()).toEqual(FILE_KEYS.map((key) => key.file).sort());
    const inputFields = [...Object.keys(BUILTIN_DEFAULTS), 'baseUrl', 'rateLimit'].sort();
    expect(FILE_KEYS.map((key) => key.input).sort()).toEqual(inputFields);
  });

  it('default.yaml lists every key', () => {
    const defaults = parse(readFileSync(join(configDir(), 'default.yaml'), 'utf8')) as Record<string, unknown>;
    expect(Object.keys(defaults).sort()).toEqual(FILE_KEYS.map((key) => key.file).sort());
  });

  it('ships the three profiles and the schema', () => {
    expect(readdirSync(configDir()).sort()).toEqual(['ci.yaml', 'default.yaml', 'fuzz.yaml', 'schema.json']);
  });
});
