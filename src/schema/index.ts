/**
 * The schema stage: the harness's one table of WordPress value rules, and WordPress argument schemas as
 * JSON Schema. Independent of the reference server's validator (architecture decision 3).
 */
export { isValidatedFormat, VALIDATED_FORMATS, type ValidatedFormat } from './formats.js';
export { paramLocation, QUERY_METHODS } from './param-location.js';
export { SCHEMA_RULE_CODES } from './rule-codes.js';
export { matchesPcre, pcreToRegExp, type PatternPurpose } from './pcre.js';
export { argToJsonSchema, operationSchemas } from './to-json-schema.js';
export { argAccepts, classifyArgs, classifyRequestArgs, isValidatedArg, MISSING_PARAM_CODE, type ArgsVerdict } from './request-rules.js';
export { classifyValue, RuleViolation, sanitizeValue, validateValue, type ValueVerdict } from './wordpress-rules.js';
