/**
 * `@restconform/interface`: the interface document as data, and the root descriptor's wire types. Both sides of a
 * conformance run share it: the reference server serves this contract, and the harness compares a target's
 * descriptors with it (its `contract` phase, `restconform export contract`, `--contract FILE`).
 */
export * from './descriptor.js';
export type { Contract, ContractArg, ContractEndpoint, ContractOperation, ContractRoute } from './types.js';
export { CONTRACT_FORMAT, INTERFACE_CONTRACT, contractOperations, contractRoute } from './interface.js';
// The builders the document's arguments are written with, for contracts (and test fixtures) of one's own.
export * from './args.js';
// What an argument schema may say: the server exposes and the harness reads and compares by the same keywords.
export * from './schema-keywords.js';
// The URL schemes a `format: 'uri'` argument keeps: the server sanitises and the harness predicts by the same list.
export { ALLOWED_URL_PROTOCOLS } from './url-protocols.js';
// Value lists the document states and the routes every WordPress serves: what an implementation answers with.
export { BATCH_ROUTE, MAX_BATCH_SIZE, ROOT_ROUTE, namespaceIndexRoute } from './routes/core.js';
export { MEMBER_TYPES } from './routes/community-members.js';
export { REPORT_CATEGORIES, REPORT_ITEM_TYPES } from './routes/community-moderation.js';
export { PROFILE_FIELD_TYPES } from './routes/community-profile.js';
export { OEMBED_DEFAULT_MAXWIDTH } from './routes/oembed.js';
export { SEO_NOTIFICATION_NAMES } from './routes/seo.js';
