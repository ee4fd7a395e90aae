/** Percent-encoding for paths and query strings, safe for any JavaScript string. */

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const ENCODED_SLASH = /%2F/g;

/**
 * `encodeURIComponent` that never throws: a lone surrogate (which has no UTF-8 form) is sent as U+FFFD,
 * as a browser would.
 */
export function percentEncode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return encodeURIComponent(text.replace(LONE_SURROGATE, '\uFFFD'));
  }
}

/** Percent-encodes text for a path, keeping `/` (WordPress decodes the route before matching it). */
export function encodePathText(text: string): string {
  const encoded = percentEncode(text);
  return encoded.includes('%2F') ? encoded.replace(ENCODED_SLASH, '/') : encoded;
}
