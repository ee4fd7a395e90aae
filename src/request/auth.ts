/** HTTP Basic for application passwords. */
import type { Credentials } from './types.js';

const headerCache = new WeakMap<Credentials, string>();

/**
 * The strings that give credentials away and must never be reported: the password, without its spaces too
 * (WordPress ignores them), and the Basic token the harness sends (a server may echo its Authorization header).
 */
export function credentialSecrets(credentials: Credentials): string[] {
  const compact = credentials.password.replace(/\s+/g, '');
  const token = basicAuthorization(credentials).slice('Basic '.length);
  return [...new Set([credentials.password, compact, token])].filter((secret) => secret !== '');
}

/** `Basic base64(user:password)`, computed once per credentials object. */
export function basicAuthorization(credentials: Credentials): string {
  let header = headerCache.get(credentials);
  if (header === undefined) {
    header = `Basic ${Buffer.from(`${credentials.user}:${credentials.password}`, 'utf8').toString('base64')}`;
    headerCache.set(credentials, header);
  }
  return header;
}
