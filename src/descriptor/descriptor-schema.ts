/**
 * The JSON Schema (draft-07, as ajv reads it by default) of a root descriptor. It checks what the harness
 * relies on and lets everything else through: real WordPress adds `site_logo`, `_links`, `title`, `context`…
 * PHP writes an empty map as `[]`, so every map the descriptor holds also accepts an empty list; and it writes
 * a list with gaps in its keys as an object (real WordPress 6.1 does so for an `enum`), so `enum` accepts both.
 */
import { HTTP_METHODS, type JsonSchema } from './types.js';

const WP_TYPES = ['string', 'integer', 'number', 'boolean', 'array', 'object', 'null'];

/** `{}`-like maps that PHP may write as `[]` when empty. */
function mapOrEmptyList(values: JsonSchema): JsonSchema {
  return {
    if: { type: 'array' },
    then: { type: 'array', maxItems: 0 },
    else: { type: 'object', additionalProperties: values },
  };
}

const httpMethod: JsonSchema = { type: 'string', enum: [...HTTP_METHODS] };
const methodList: JsonSchema = { type: 'array', items: httpMethod, minItems: 1 };
const argSchemaRef: JsonSchema = { $ref: '#/definitions/argSchema' };

const argSchema: JsonSchema = {
  type: 'object',
  properties: {
    description: { type: 'string' },
    type: {
      if: { type: 'array' },
      then: { type: 'array', items: { type: 'string', enum: WP_TYPES } },
      else: { type: 'string', enum: WP_TYPES },
    },
    format: { type: 'string' },
    enum: { type: ['array', 'object'] },
    items: argSchemaRef,
    properties: mapOrEmptyList(argSchemaRef),
    additionalProperties: { if: { type: 'boolean' }, then: true, else: argSchemaRef },
    patternProperties: mapOrEmptyList(argSchemaRef),
    minProperties: { type: 'number' },
    maxProperties: { type: 'number' },
    minimum: { type: 'number' },
    maximum: { type: 'number' },
    exclusiveMinimum: { type: 'boolean' },
    exclusiveMaximum: { type: 'boolean' },
    multipleOf: { type: 'number' },
    minLength: { type: 'number' },
    maxLength: { type: 'number' },
    pattern: { type: 'string' },
    minItems: { type: 'number' },
    maxItems: { type: 'number' },
    uniqueItems: { type: 'boolean' },
    anyOf: { type: 'array', items: argSchemaRef },
    oneOf: { type: 'array', items: argSchemaRef },
    required: { if: { type: 'array' }, then: { type: 'array', items: { type: 'string' } }, else: { type: 'boolean' } },
    context: { type: 'array', items: { type: 'string' } },
    readonly: { type: 'boolean' },
  },
};

/** A top-level endpoint argument: WordPress always writes `required` there, as a boolean. */
const argDescriptor: JsonSchema = {
  allOf: [argSchemaRef],
  type: 'object',
  required: ['required'],
  properties: { required: { type: 'boolean' } },
};

const endpoint: JsonSchema = {
  type: 'object',
  required: ['methods', 'args'],
  properties: {
    methods: methodList,
    args: mapOrEmptyList(argDescriptor),
    allow_batch: { type: 'object', properties: { v1: { type: 'boolean' } } },
  },
};

const route: JsonSchema = {
  type: 'object',
  required: ['namespace', 'methods', 'endpoints'],
  properties: {
    namespace: { type: 'string' },
    methods: methodList,
    endpoints: { type: 'array', items: endpoint, minItems: 1 },
    _links: {
      type: 'object',
      properties: {
        self: { type: 'array', items: { type: 'object', required: ['href'], properties: { href: { type: 'string' } } } },
      },
    },
  },
};

/** The root descriptor's schema. */
export const ROOT_DESCRIPTOR_SCHEMA: JsonSchema = {
  $id: 'restconform:root-descriptor',
  definitions: { argSchema },
  type: 'object',
  required: ['name', 'description', 'url', 'home', 'gmt_offset', 'timezone_string', 'namespaces', 'authentication', 'routes'],
  properties: {
    name: { type: 'string' },
    description: { type: 'string' },
    url: { type: 'string' },
    home: { type: 'string' },
    gmt_offset: { type: ['string', 'number'] },
    timezone_string: { type: 'string' },
    namespaces: { type: 'array', items: { type: 'string' } },
    authentication: mapOrEmptyList({}),
    routes: { type: 'object', additionalProperties: route },
  },
};
