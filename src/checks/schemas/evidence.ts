/**
 * What the published-schema checks judge: the fields a schema or an answer shows in two contexts, the answers to
 * `context=edit` and `view` of an anonymous caller, an answer to `_fields`, and a `HEAD` beside its `GET`.
 */
import type { SchemaContext } from '../../descriptor/index.js';
import type { Exchange } from '../../http/types.js';

/** The fields shown in a narrower context and in a wider one, by the published schema or by answers of the route. */
export interface ContextFieldSets {
  seenIn: 'schema' | 'answers';
  narrow: SchemaContext;
  wide: SchemaContext;
  narrowFields: readonly string[];
  wideFields: readonly string[];
}

/** An anonymous caller's `context=edit` answer and, where judging it needs one, its `view` answer (no context). */
export interface AnonymousEdit {
  edit: Exchange;
  view?: Exchange;
}

/** `_fields` asked for `plain` keys and, where an object value allowed one, a dot path `nested.key`; `answer` is the reply. */
export interface FieldsAsked {
  plain: readonly string[];
  nested?: { field: string; key: string };
  answer: Exchange;
}

/** A `HEAD` and the `GET` of the same request. */
export interface HeadAndGet {
  get: Exchange;
  head: Exchange;
}
