/** The request stage: generated values → HTTP requests (PHP-style query, JSON body, Basic auth), curl lines, redaction. */
export { basicAuthorization, credentialSecrets } from './auth.js';
export { attachmentDisposition, buildRequest, type BuildRequestInput } from './build.js';
export { toCurl, type CurlOptions } from './curl.js';
export { withExtraValues } from './extra-values.js';
export { encodeQuery } from './query.js';
export { ACCOUNT_ROLES, ANONYMOUS, byPrivilege, ordinaryAccounts, rankOf, type AccountRole, type Identity } from './identity.js';
export { REDACTED, redactRequest, redactSecrets, type RedactedRequest } from './redact.js';
export type { Credentials, HttpRequest, UploadBody } from './types.js';
