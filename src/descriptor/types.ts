/**
 * The root descriptor in the parsed form the harness works with, and the wire types it is parsed from (defined in
 * `@restconform/interface`, which the reference server shares). See `docs/wordpress/validation.md#the-root-descriptor`.
 */
import type { ArgDescriptor, HttpMethod, RootDescriptor } from '@restconform/interface';

export {
  HTTP_METHODS,
  type ArgDescriptor,
  type ArgSchema,
  type EndpointDescriptor,
  type HttpMethod,
  type RootDescriptor,
  type RouteDescriptor,
  type WpType,
} from '@restconform/interface';

/** Methods that never change server state; the only ones sent to a non-loopback target by default. */
export const SAFE_METHODS: readonly HttpMethod[] = ['GET', 'HEAD', 'OPTIONS'];

/** A JSON Schema (draft 2020-12 unless said otherwise), as ajv takes it. */
export type JsonSchema = Record<string, unknown>;

/** A variable of a route pattern, e.g. `id` in `/members/(?P<id>[\d]+)`. */
export interface PathVariable {
  name: string;
  /** The variable's own regex source in JavaScript syntax, e.g. `\d+` or `(?:[\d]+|me)`. */
  pattern: string;
  /** True when it sits inside an optional group `(?:/(?P<slug>…))?`. */
  optional: boolean;
  /** A JSON Schema for the variable's value: `{type: 'string', pattern: '^(?:…)$'}`. */
  schema: JsonSchema;
}

/** A route key parsed into something a request can be built from. */
export interface RoutePattern {
  /** The descriptor's route key, verbatim. */
  key: string;
  /** A readable template: `/community/v1/members/{id}`; optional parts in brackets: `/analytics/v1/terms[/{slug}]`. */
  template: string;
  variables: PathVariable[];
  /** Matches a concrete path the way WordPress does: `^key$`, case-insensitive. */
  matcher: RegExp;
  /** Builds a concrete path; variables missing from `values` are left out when optional. */
  build(values: Record<string, string>): string;
}

/** Where a parameter travels: path variables in the path, GET/HEAD in the query, other methods in a JSON body. */
export type ParamLocation = 'path' | 'query' | 'body';

/** One method of one route in one locale: the unit the harness tests. */
export interface Operation {
  /** `${locale ?? '-'} ${method} ${route}`: stable, used for seeds, reports and replay. */
  id: string;
  locale: string | null;
  method: HttpMethod;
  /** The descriptor's route key. */
  route: string;
  namespace: string;
  pattern: RoutePattern;
  /** The endpoint's declared args (an empty object when the descriptor had `[]`). */
  args: Record<string, ArgDescriptor>;
  allowBatch: boolean;
}

/** A descriptor fetched for one locale (or for none) and parsed into operations. */
export interface LoadedDescriptor {
  locale: string | null;
  /** The address it was read from (or the file). */
  source: string;
  root: RootDescriptor;
  operations: Operation[];
  /** Routes skipped and other non-fatal problems, one line each. */
  warnings: string[];
}
