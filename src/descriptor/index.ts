/** The descriptor stage: fetch, validate and load root descriptors; route regexes → templates and path-variable schemas. */
export { DescriptorError, RoutePatternError } from './errors.js';
export { fetchDescriptor, readDescriptorFile, type DescriptorTransport, type FetchDescriptorOptions } from './fetch.js';
export {
  allFields,
  fetchItemSchemas,
  fieldAt,
  fieldInContext,
  fieldsInContext,
  parseItemSchema,
  readonlyFields,
  requiredFields,
  SCHEMA_CONTEXTS,
  type FetchItemSchemasOptions,
  type ItemField,
  type ItemSchema,
  type ItemSchemaSet,
  type PublishedSchema,
  type SchemaContext,
  type SchemaSource,
} from './item-schemas.js';
export { loadDescriptor } from './load.js';
export { descriptorUrl, restUrl } from './location.js';
export { encodePathText, percentEncode } from './percent-encoding.js';
export { parseRoutePattern } from './route-pattern.js';
export { validateRootDescriptor } from './validate.js';
export * from './types.js';
