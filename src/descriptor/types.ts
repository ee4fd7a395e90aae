/**
 * The WordPress root descriptor as it travels over the wire (`GET {rest_root}/`), and the parsed form the
 * harness works with. The reference server produces the wire types; the harness parses them.
 * See `docs/wordpress/validation.md#the-root-descriptor`.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD' | 'OPTIONS';

export const HTTP_METHODS: readonly HttpMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'];

/** Methods that never change server state; the only ones sent to a non-loopback target by default. */
export const SAFE_METHODS: readonly HttpMethod[] = ['GET', 'HEAD', 'OPTIONS'];

/** The primitive type names a WordPress argument schema may use. */
export type WpType = 'string' | 'integer' | 'number' | 'boolean' | 'array' | 'object' | 'null';

/**
 * A WordPress argument schema, as the descriptor exposes it. Nested schemas (items, properties, oneOf…)
 * use the same shape. Note the draft-4 flavour: `exclusiveMinimum`/`exclusiveMaximum` are booleans, and
 * `required` is a boolean on a property (or a draft-4 list of names on an object schema).
 */
export interface ArgSchema {
  description?: string;
  type?: WpType | WpType[];
  format?: string;
  enum?: unknown[];
  default?: unknown;
  items?: ArgSchema;
  properties?: Record<string, ArgSchema>;
  additionalProperties?: boolean | ArgSchema;
  patternProperties?: Record<string, ArgSchema>;
  minProperties?: number;
  maxProperties?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean;
  exclusiveMaximum?: boolean;
  multipleOf?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  anyOf?: ArgSchema[];
  oneOf?: ArgSchema[];
  required?: boolean | string[];
  /** Present on some real WordPress schemas; carried through, never validated. */
  context?: string[];
  readonly?: boolean;
}

/** A top-level endpoint argument: WordPress always states `required` as a boolean there. */
export interface ArgDescriptor extends ArgSchema {
  required: boolean;
}

/** One endpoint of a route: the methods it serves and its arguments (`[]` when none are declared). */
export interface EndpointDescriptor {
  methods: HttpMethod[];
  args: Record<string, ArgDescriptor> | [];
  allow_batch?: { v1: boolean };
}

/** The value of `routes[key]` in the root descriptor. */
export interface RouteDescriptor {
  namespace: string;
  methods: HttpMethod[];
  endpoints: EndpointDescriptor[];
  _links?: { self: Array<{ href: string }> };
}

/** The root descriptor (`GET /`). Real WordPress adds more keys (site_logo, _links…), kept as unknown. */
export interface RootDescriptor {
  name: string;
  description: string;
  url: string;
  home: string;
  gmt_offset: string | number;
  timezone_string: string;
  namespaces: string[];
  authentication: Record<string, unknown> | [];
  routes: Record<string, RouteDescriptor>;
  [extra: string]: unknown;
}

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
