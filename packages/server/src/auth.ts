/**
 * HTTP Basic authentication with application passwords, as WordPress does it: a bad username or password is a
 * 401 before routing; no credentials at all means an anonymous request.
 */
import { normaliseApplicationPassword } from './credentials.js';
import { incorrectPasswordError, invalidUsernameError } from './errors.js';
import type { Member, Store, WpError } from './types.js';

const BASIC_PREFIX = /^\s*basic\s+/i;
/** Accepted headers are remembered so repeated requests skip decoding and the member scan. */
const MAX_REMEMBERED_HEADERS = 1024;

export class Authenticator {
  readonly #store: Store;
  /** Authorization header → the member it authenticated and the password it carried. */
  readonly #accepted = new Map<string, { memberId: number; password: string }>();

  constructor(store: Store) {
    this.#store = store;
  }

  /** The member the `Authorization` header names, null when there is none (or it is not Basic), or a 401. */
  authenticate(header: string | undefined): Member | null | WpError {
    if (header === undefined) return null;
    const remembered = this.#accepted.get(header);
    if (remembered !== undefined) {
      const member = this.#store.members.get(remembered.memberId);
      // Still valid only while the member and that password exist; otherwise decide afresh.
      if (member !== undefined && holdsApplicationPassword(member, remembered.password)) return member;
      this.#accepted.delete(header);
    }
    const credentials = decodeBasic(header);
    if (credentials === null) return null;
    const member = findByLoginOrEmail(this.#store, credentials.user);
    if (member === undefined) return invalidUsernameError();
    if (!holdsApplicationPassword(member, credentials.password)) return incorrectPasswordError();
    if (this.#accepted.size >= MAX_REMEMBERED_HEADERS) this.#accepted.clear();
    this.#accepted.set(header, { memberId: member.id, password: credentials.password });
    return member;
  }
}

/** PHP sets PHP_AUTH_USER/PW only for a Basic header whose decoded value has a colon. */
function decodeBasic(header: string): { user: string; password: string } | null {
  const prefix = BASIC_PREFIX.exec(header);
  if (prefix === null) return null;
  const decoded = Buffer.from(header.slice(prefix[0].length).trim(), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon === -1) return null;
  return { user: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

// Logins compare case-insensitively (MySQL's collation); WordPress also accepts the e-mail address.
function findByLoginOrEmail(store: Store, user: string): Member | undefined {
  const wanted = user.toLowerCase();
  for (const member of store.members.values()) if (member.user_login.toLowerCase() === wanted) return member;
  for (const member of store.members.values()) if (member.email.toLowerCase() === wanted) return member;
  return undefined;
}

function holdsApplicationPassword(member: Member, password: string): boolean {
  const given = normaliseApplicationPassword(password);
  return given !== '' && member.applicationPasswords.some((stored) => normaliseApplicationPassword(stored) === given);
}
