/** HTTP Basic for application passwords. */
import type { Credentials } from './types.js';

const headerCache = new WeakMap<Credentials, string>();

/** `Basic base64(user:password)`, computed once per credentials object. */
export function basicAuthorization(credentials: Credentials): string {
  let header = headerCache.get(credentials);
  if (header === undefined) {
    header = `Basic ${Buffer.from(`${credentials.user}:${credentials.password}`, 'utf8').toString('base64')}`;
    headerCache.set(credentials, header);
  }
  return header;
}
