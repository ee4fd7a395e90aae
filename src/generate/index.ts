/**
 * The generate stage: WordPress argument schemas → fast-check arbitraries of request cases, valid, boundary
 * and invalid, each label confirmed by the harness's rule book (`schema/wordpress-rules.ts`) as WordPress
 * will receive the encoded request.
 */
export { ABSENT, asReceived, classifyRequestCase, receivedParams, requestCaseVerdict, type Received } from './as-received.js';
export { boundaryValues, type BoundaryValue } from './boundary.js';
export { MUTATION_OPERATORS, mutationRegistry, type MutatedValue, type MutationContext, type MutationOperator } from './mutations/index.js';
export { buildOperationGenerators } from './operation.js';
export { operationSeed, stableHash } from './seed.js';
export type { CaseKind, Mutation, MutationRule, OperationGenerators, RequestCase } from './types.js';
export { buildParamGenerators, rejectionCode, type InvalidValues, type ParamGenerators, type ParamSpec } from './value-generators.js';
export { candidateValidValues } from './values/index.js';
