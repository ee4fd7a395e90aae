/**
 * The WordPress root descriptor as it travels over the wire (`GET {rest_root}/`): what the reference server produces
 * and the harness parses, so both sides take it from here. See the harness's `docs/wordpress/validation.md#the-root-descriptor`.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD' | 'OPTIONS';

export const HTTP_METHODS: readonly HttpMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'];

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
