import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { parse } from 'yaml';
import { FILE_KEYS } from './file-keys.js';
import { FORMER_NAMES } from './former-names.js';
import { configDir } from './package-root.js';
import { configSchema } from './schema.js';
import { BUILTIN_DEFAULTS, isUnsetByDefault, settingRows } from './run-settings.js';

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

/** `config/schema.json`, shipped for users' editors. */
function shippedSchema(): unknown {
  return JSON.parse(readFileSync(join(configDir(), 'schema.json'), 'utf8'));
}

describe('the configuration schema', () => {
  const schema = configSchema();

  it('is what config/schema.json ships (RESTCONFORM_WRITE_CONFIG_SCHEMA=1 rewrites the file from the settings table; then prettier --write it)', () => {
    if (process.env.RESTCONFORM_WRITE_CONFIG_SCHEMA === '1') writeFileSync(join(configDir(), 'schema.json'), `${JSON.stringify(schema, null, 2)}\n`);
    expect(shippedSchema()).toEqual(schema);
  });

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
    // Besides the keys now, the former names of renamed settings, still read.
    expect(Object.keys(schema.properties as object).sort()).toEqual([...FILE_KEYS.map((key) => key.file), ...FORMER_NAMES.map((name) => name.former)].sort());
    const inputFields = [...Object.keys(BUILTIN_DEFAULTS), 'baseUrl', 'rateLimit'].sort();
    expect(FILE_KEYS.map((key) => key.input).sort()).toEqual(inputFields);
  });

  it('gives every row a kebab-case file key, a default unless it is unset by default, and a schema for its default', () => {
    const ajv = new Ajv2020({ allowUnionTypes: true, strict: false });
    for (const [key, row] of settingRows()) {
      expect([key, row.file]).toEqual([key, key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`).replace('-seconds', '')]);
      expect([key, 'default' in row]).toEqual([key, !isUnsetByDefault(key)]);
      if ('default' in row) {
        const asFile = row.toFile ? row.toFile(row.default) : row.default;
        expect([key, ajv.validate(row.schema, asFile)]).toEqual([key, true]);
      }
    }
  });

  it('default.yaml lists every key', () => {
    const defaults = parse(readFileSync(join(configDir(), 'default.yaml'), 'utf8')) as Record<string, unknown>;
    expect(Object.keys(defaults).sort()).toEqual(FILE_KEYS.map((key) => key.file).sort());
  });

  it('ships the three profiles and the schema', () => {
    expect(readdirSync(configDir()).sort()).toEqual(['ci.yaml', 'default.yaml', 'fuzz.yaml', 'schema.json']);
  });
});
