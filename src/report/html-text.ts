/** How run data reads in the HTML report: escaped for the page, counted in words, routes as their templates. */
import { parseRoutePattern } from '../descriptor/route-pattern.js';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for HTML element content and double- or single-quoted attribute values. */
export function escapeHtml(value: unknown): string {
  return String(value).replace(/[&<>"']/g, (char) => ESCAPES[char]!);
}

/** `1 request`, `2 requests`. */
export function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

/**
 * How a route reads in the matrix: its template (`/seo/v1/notification/{name}`) rather than the raw regex,
 * whose alternations can be thousands of pixels wide; the regex stays in the cell's title.
 */
export function routeLabel(route: string): string {
  try {
    return parseRoutePattern(route).template;
  } catch {
    return route;
  }
}
