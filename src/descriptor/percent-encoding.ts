/** Percent-encoding for paths and query strings, safe for any JavaScript string. */

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

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

/** Characters a path may carry as they are (RFC 3986 `pchar` and `/`). */
const PATH_SAFE = /^[A-Za-z0-9\-._~!$&'()*+,;=:@/]*$/;
/** Of those, the ones `encodeURIComponent` escapes anyway. */
const NEEDLESSLY_ENCODED = /%(?:24|26|2B|2C|3B|3D|3A|40|2F)/g;

/**
 * Percent-encodes text for a path, as little as a URL allows: WordPress matches route regexes against the path
 * as sent, still percent-encoded, so `a+b` must arrive as `a+b` and not as `a%2Bb`. `/` is kept.
 */
export function encodePathText(text: string): string {
  if (PATH_SAFE.test(text)) return text;
  return percentEncode(text).replace(NEEDLESSLY_ENCODED, decodeURIComponent);
}
