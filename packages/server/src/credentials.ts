/** Application passwords the reference server derives from its seed when none is given. */
import { createHash } from 'node:crypto';

const ALPHANUMERICS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const PASSWORD_LENGTH = 24;

/**
 * A 24-character alphanumeric password, the same for the same (seed, account) on every start, different
 * between accounts. Only for local use: anyone who knows the seed knows the password.
 */
export function deriveApplicationPassword(seed: number, account: string): string {
  const digest = createHash('sha256').update(`restconform:${seed}:${account}`).digest();
  let password = '';
  for (let i = 0; i < PASSWORD_LENGTH; i++) password += ALPHANUMERICS[digest[i]! % ALPHANUMERICS.length];
  return password;
}

/** WordPress strips everything but letters and digits from an application password before comparing it. */
export function normaliseApplicationPassword(password: string): string {
  return password.replace(/[^a-z\d]/gi, '');
}
