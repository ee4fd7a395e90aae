/** What kind of target a base URL names. */

/**
 * True when the URL's host is a loopback address by name: `localhost`, 127.0.0.0/8 or ::1. Decided from the
 * URL as written, never by resolving it, so a name that merely resolves to loopback counts as remote.
 */
export function isLoopbackUrl(url: string): boolean {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return false;
  }
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (host === '[::1]' || host === '::1') return true;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}
