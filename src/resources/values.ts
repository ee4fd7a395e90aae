/**
 * Fresh valid values for a resource's fields: plain enough to survive WordPress's sanitising unchanged (letters,
 * digits and spaces; lower case where a slug or login is meant), different from what the field holds, and held
 * to the rule book (`rejectionCode`) before they are sent. A field whose valid values the descriptor cannot say
 * (an id of another resource, a vocabulary it does not list, an object of unknown shape) gets none.
 */
import type { ArgSchema } from '../descriptor/types.js';
import { rejectionCode } from '../generate/index.js';
import type { ResourceFamily, UploadHint } from './types.js';

/** Text fields a create fills even when not required, so the resource can be recognised and searched for. */
const NAMING_FIELDS = ['title', 'name', 'content', 'description', 'excerpt', 'caption'];

/** Fields whose valid values are a vocabulary: without an enum the descriptor does not say them. */
const VOCABULARY = /^(status|type|format|template|theme|locale|area|mime_type|media_type|sidebar|id_base|object|role)s?$/;

/** Integer fields that hold another resource's id: a made-up number names nothing. */
const REFERENCE = /(^|_)(id|ids|parent|author|post|media|menus|categories|tags|object_id|user|reassign)$/;

/** The types a schema declares, as a list (none when it declares no type). */
export function schemaTypes(schema: ArgSchema): string[] {
  return schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];
}

/** A `{raw, rendered}` object, which WordPress takes as a plain string. */
export function isRawObject(schema: ArgSchema): boolean {
  return schemaTypes(schema).includes('object') && schema.properties?.raw !== undefined;
}

function fitLength(text: string, schema: ArgSchema): string {
  let value = text;
  if (typeof schema.maxLength === 'number' && value.length > schema.maxLength) value = value.slice(0, schema.maxLength);
  if (typeof schema.minLength === 'number') while (value.length < schema.minLength) value += 'x';
  return value;
}

function text(name: string, schema: ArgSchema, token: string): string | undefined {
  const value = plainText(name, schema, token);
  if (value === undefined || schema.pattern === undefined) return value;
  // A pattern the plain value already matches (`.*\S.*`) keeps it; any other is not guessed at.
  try {
    return new RegExp(schema.pattern, 'u').test(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

function plainText(name: string, schema: ArgSchema, token: string): string | undefined {
  const tag = token.toLowerCase();
  switch (schema.format) {
    case 'email':
      return `rc${tag}@example.org`;
    case 'uri':
      return `https://example.org/rc${tag}`;
    case 'date-time':
      return dateFor(tag);
    case undefined:
      break;
    default:
      return undefined;
  }
  if (/(^|_)(slug|login|username|key)$/.test(name)) return fitLength(`rc${tag}`, schema);
  if (/email/.test(name)) return `rc${tag}@example.org`;
  if (/(^|_)(url|link)$/.test(name)) return `https://example.org/rc${tag}`;
  if (/(^|_)date(_gmt)?$/.test(name)) return dateFor(tag);
  if (/password/.test(name)) return `pw-${tag}-Secret`;
  if (VOCABULARY.test(name)) return undefined;
  return fitLength(`Restconform ${name.replace(/_/g, ' ')} ${token}`, schema);
}

/** A past date-time (no zone, as WordPress writes them) that differs between tokens. */
function dateFor(token: string): string {
  let hash = 0;
  for (const char of token) hash = (hash * 31 + char.charCodeAt(0)) % 100_000;
  const day = 1 + (hash % 28);
  const hour = hash % 24;
  const minute = hash % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return `2021-${two(1 + (hash % 12))}-${two(day)}T${two(hour)}:${two(minute)}:${two((hash * 7) % 60)}`;
}

/** An unchecked candidate: `current` is what the field holds now (a fresh value must differ from it). */
function candidate(name: string, schema: ArgSchema, token: string, current: unknown): unknown {
  if (Array.isArray(schema.enum) && schema.enum.length > 0) {
    // An empty value stands for a default the server fills in, and `future` needs a date to come: neither reads back.
    return schema.enum.find((value) => value !== current && value !== '' && value !== null && !(name === 'status' && value === 'future'));
  }
  const kinds = schemaTypes(schema);
  if (isRawObject(schema) || kinds.includes('string')) return text(name, schema, token);
  if (kinds.includes('boolean')) return typeof current === 'boolean' ? !current : true;
  if (kinds.includes('integer') || kinds.includes('number')) {
    if (REFERENCE.test(name)) return undefined;
    const low = typeof schema.minimum === 'number' ? schema.minimum + (schema.exclusiveMinimum ? 1 : 0) : 0;
    const high = typeof schema.maximum === 'number' ? schema.maximum - (schema.exclusiveMaximum ? 1 : 0) : low + 50;
    if (high < low) return undefined;
    const value = low + ((token.length * 7 + (typeof current === 'number' ? current + 1 : 3)) % (high - low + 1));
    return value === current ? (value === high ? low : value + 1) : value;
  }
  if (kinds.includes('array') && schema.items !== undefined) {
    const items = schema.items;
    if (Array.isArray(items.enum) && items.enum.length > 0) return [items.enum.find((value) => value !== '') ?? items.enum[0]];
    if (
      schemaTypes(items).includes('string') &&
      !REFERENCE.test(name) &&
      !VOCABULARY.test(name.replace(/s$/, '')) &&
      items.format === undefined &&
      items.pattern === undefined
    ) {
      // List items are often class names or keywords, which WordPress strips of spaces: one word.
      return [fitLength(`rc${token.toLowerCase()}`, items)];
    }
  }
  return undefined;
}

/** A value WordPress accepts for the field, different from `current`; undefined when none can be made. */
export function freshValue(name: string, schema: ArgSchema, token: string, current?: unknown): unknown {
  const value = candidate(name, schema, token, current);
  if (value === undefined) return undefined;
  // The rule book judges everything but `{raw, rendered}` objects, whose arguments take a string in core.
  if (isRawObject(schema)) return value;
  const spec = { name, schema, location: 'body' as const, required: false, validated: schema.type !== undefined };
  return rejectionCode(spec, value) === null ? value : undefined;
}

/**
 * The fields an update declares required (an activity's `type` on BuddyPress), with the value the resource holds
 * (its `raw` where it is rendered), else a fresh one: sent with every update, so one is refused for what it writes.
 */
export function requiredUpdateValues(family: ResourceFamily, current: Record<string, unknown> | undefined, token: string): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [field, schema] of Object.entries(family.update?.fields ?? {})) {
    if (!schema.required) continue;
    const held = current?.[field];
    const raw = typeof held === 'object' && held !== null && 'raw' in held ? (held as { raw: unknown }).raw : held;
    const value = raw ?? freshValue(field, schema, token);
    if (value !== undefined) values[field] = value;
  }
  return values;
}

/** `{token}` and `{n}` in hinted values replaced. */
export function fillPlaceholders(value: unknown, token: string): unknown {
  if (typeof value === 'string') {
    if (value === '{n}') return uniqueNumber(token);
    return value.replaceAll('{token}', token.toLowerCase());
  }
  if (Array.isArray(value)) return value.map((item) => fillPlaceholders(item, token));
  if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, fillPlaceholders(item, token)]));
  return value;
}

/** A number unique to the token, in the range of a database id no real resource has reached. */
function uniqueNumber(token: string): number {
  let hash = 0;
  for (const char of token) hash = (hash * 33 + char.charCodeAt(0)) % 1_000_000_000;
  return 1_000_000_000 + hash;
}

/** The properties of the objects an array argument takes, when it takes objects that declare them. */
export function objectItemProperties(schema: ArgSchema): Record<string, ArgSchema> | undefined {
  const items = schema.items;
  if (!schemaTypes(schema).includes('array') || items === undefined || items === null || typeof items !== 'object') return undefined;
  return schemaTypes(items).includes('object') && items.properties !== undefined ? items.properties : undefined;
}

/**
 * A list of one object for an array argument whose items declare their properties (a signup's
 * `signup_field_data: [{field_id, value}]`): each required property, and each free-text one, given a value; an id
 * property takes the id `ids` gives it (an existing resource of the family it names). Undefined when a required
 * property gets none.
 */
function objectList(properties: Record<string, ArgSchema>, token: string, ids: Readonly<Record<string, string>>): unknown[] | undefined {
  const item: Record<string, unknown> = {};
  for (const [name, property] of Object.entries(properties)) {
    const required = (property as { required?: unknown }).required === true;
    const value =
      ids[name] !== undefined
        ? Number(ids[name])
        : required || (schemaTypes(property).includes('string') && property.enum === undefined)
          ? freshValue(name, property, token)
          : undefined;
    if (value === undefined) {
      if (required) return undefined;
      continue;
    }
    item[name] = value;
  }
  return [item];
}

/**
 * The body of a create: hinted values, the ids of parents named by arguments, and fresh values for every
 * required argument and the naming fields (title, name, content…). Undefined, with the argument, when a
 * required one cannot be given a value.
 */
export function createBody(
  family: ResourceFamily,
  token: string,
  parentIds: Readonly<Record<string, string>>,
  /** Ids of existing resources for id properties of objects inside array arguments, by property name. */
  itemIds: Readonly<Record<string, string>> = {},
): { body: Record<string, unknown> } | { missing: string } {
  const body: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(family.create?.args ?? {})) {
    if (name in family.createValues) continue;
    const parentId = parentIds[name];
    if (parentId !== undefined) {
      body[name] = schemaTypes(schema).includes('integer') || schemaTypes(schema).includes('number') ? Number(parentId) : parentId;
      continue;
    }
    if (!schema.required && !NAMING_FIELDS.includes(name)) continue;
    const properties = objectItemProperties(schema);
    const value = properties === undefined ? freshValue(name, schema, token) : objectList(properties, token, itemIds);
    if (value === undefined) {
      if (schema.required && (schema.default === undefined || schema.default === null)) return { missing: name };
      continue;
    }
    body[name] = value;
  }
  Object.assign(body, fillPlaceholders(family.createValues, token));
  return { body };
}

/** The file of an upload family's create, its `{token}`s replaced; undefined for a family that creates with JSON. */
export function createUpload(family: ResourceFamily, token: string): UploadHint | undefined {
  return family.upload === undefined ? undefined : (fillPlaceholders(family.upload, token) as UploadHint);
}
