/**
 * The item schemas a target published, ready to judge answers: for each locale and route, one ajv validator per
 * context, compiled the first time an answer needs it (translated once per route and context, never per answer).
 */
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import type { HttpMethod, ItemSchema, ItemSchemaSet, SchemaContext } from '../descriptor/index.js';
import { SCHEMA_CONTEXTS } from '../descriptor/index.js';
import { answerSchema, WORDPRESS_FORMAT_PREFIX } from '../schema/answer-json-schema.js';
import { passesFormat } from '../schema/formats.js';
import { VALIDATED_FORMATS } from '../schema/index.js';

/** A validator of one item, with a one-line reason when it fails. */
export interface ItemValidator {
  validate(item: unknown): string | undefined;
}

export class AnswerValidators {
  readonly #sets = new Map<string | null, ItemSchemaSet>();
  /** By locale, context and route. */
  readonly #validators = new Map<string, ItemValidator>();
  /**
   * By the translated schema's JSON: locales translate only descriptions, which the translation leaves out, and
   * routes share item schemas (the bundled server's 90 routes × contexts × locales come to 12 distinct schemas), so
   * each is compiled once. A compile costs 6-20 ms; compiling each of the 90 took about 0.5 s of a 10 s fuzz run.
   */
  readonly #compiledByContent = new Map<string, ItemValidator>();
  #ajv: Ajv | undefined;

  constructor(sets: readonly ItemSchemaSet[]) {
    for (const set of sets) this.#sets.set(set.locale, set);
  }

  /** How many routes publish a schema, over every locale. */
  get size(): number {
    let routes = 0;
    for (const set of this.#sets.values()) routes += set.schemas.size;
    return routes;
  }

  /** The published schema of a route in a locale, or undefined. */
  schema(locale: string | null, route: string): ItemSchema | undefined {
    return this.#sets.get(locale)?.schemas.get(route);
  }

  /**
   * Compiles every validator now (each distinct schema once), so that no phase pays for ajv's compiler while it
   * sends: the 12 compiles of the bundled server took 80-200 ms of the fuzz phase's first seconds.
   */
  compileAll(): void {
    for (const [locale, set] of this.#sets) {
      for (const route of set.schemas.keys()) {
        for (const context of SCHEMA_CONTEXTS) this.validator(locale, route, context);
      }
    }
  }

  /** The validator of one item of `route` in `context`, or undefined when the route publishes no schema. */
  validator(locale: string | null, route: string, context: SchemaContext): ItemValidator | undefined {
    const schema = this.schema(locale, route);
    if (schema === undefined) return undefined;
    const key = `${locale ?? '-'} ${context} ${route}`;
    let validator = this.#validators.get(key);
    if (validator === undefined) {
      const translated = answerSchema(schema.published, context);
      const content = JSON.stringify(translated);
      validator = this.#compiledByContent.get(content);
      if (validator === undefined) {
        validator = compileValidator(this.#compiler(), translated);
        this.#compiledByContent.set(content, validator);
      }
      this.#validators.set(key, validator);
    }
    return validator;
  }

  #compiler(): Ajv {
    if (this.#ajv === undefined) {
      this.#ajv = new Ajv({ allErrors: false, strict: false, allowUnionTypes: true, validateSchema: false });
      for (const format of Object.keys(VALIDATED_FORMATS)) {
        this.#ajv.addFormat(`${WORDPRESS_FORMAT_PREFIX}${format}`, { type: 'string', validate: (value: string) => passesFormat(format, value) });
      }
    }
    return this.#ajv;
  }
}

function compileValidator(ajv: Ajv, schema: Record<string, unknown>): ItemValidator {
  let compiled: ValidateFunction;
  try {
    compiled = ajv.compile(schema);
  } catch {
    // A published schema ajv cannot compile (a construct of another dialect) judges nothing rather than guessing.
    return { validate: () => undefined };
  }
  return {
    validate(item) {
      return compiled(item) ? undefined : describeError(compiled.errors?.[0]);
    },
  };
}

function describeError(error: ErrorObject | undefined): string {
  if (error === undefined) return 'does not match';
  const where = error.instancePath === '' ? 'the item' : `\`${error.instancePath.slice(1).replaceAll('/', '.')}\``;
  return `${where} ${error.message ?? 'does not match'}${error.keyword === 'enum' ? ` (${JSON.stringify(error.params.allowedValues)})` : ''}`;
}

/**
 * The context an answer was given in: the `context` sent when it names one; else the endpoint's declared default
 * for a read, `view` without one; `edit` for a write (WordPress's controllers answer writes in edit context).
 */
export function contextOfAnswer(method: HttpMethod | string, query: Record<string, unknown>, declaredDefault: unknown): SchemaContext {
  const sent = query.context;
  if (typeof sent === 'string' && (SCHEMA_CONTEXTS as readonly string[]).includes(sent)) return sent as SchemaContext;
  if (method !== 'GET' && method !== 'HEAD') return 'edit';
  return typeof declaredDefault === 'string' && (SCHEMA_CONTEXTS as readonly string[]).includes(declaredDefault) ? (declaredDefault as SchemaContext) : 'view';
}

/**
 * The items an answer holds, as a schema describes one: each element of a list; `previous` of a delete answer (none
 * for a delete of many, `{deleted, count}`); a map keyed by slug (`/wp/v2/types`) value by value; else the answer
 * itself.
 */
export function itemsOfAnswer(body: unknown, schema: ItemSchema): unknown[] {
  if (Array.isArray(body)) return body;
  if (typeof body !== 'object' || body === null) return [body];
  const record = body as Record<string, unknown>;
  if (typeof record.deleted === 'boolean' && !Object.keys(record).some((key) => schema.fields.some((field) => field.name === key))) {
    return 'previous' in record ? [record.previous] : [];
  }
  return isItemMap(record, schema) ? Object.values(record) : [body];
}

/**
 * A map of items keyed by slug: every value an object, and most keys no property of the item (a slug may happen to
 * be one: `/wp/v2/statuses` has a status `private` and a property `private`).
 */
export function isItemMap(record: Record<string, unknown>, schema: ItemSchema): boolean {
  const keys = Object.keys(record);
  const properties = keys.filter((key) => schema.fields.some((field) => field.name === key));
  return (
    keys.length > 0 &&
    properties.length * 2 < keys.length &&
    Object.values(record).every((value) => typeof value === 'object' && value !== null && !Array.isArray(value))
  );
}
