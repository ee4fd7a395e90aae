/**
 * Whether a value read back holds what was written, after WordPress's own normalisation (`docs/wordpress/behaviour.md`
 * "The life of a resource"): `{raw, rendered}` objects compared by `raw` (edit context), `{rendered}` alone (view context, or a plugin
 * that never shows `raw`) by its text without tags, `{unserialized, rendered}` (a profile field's data) by
 * `unserialized`, a one-element list holding the one value written, text trimmed with its white space collapsed, numbers and their
 * digit strings alike, lists as lists, a date-time with or without its zone, and a post scheduled for a past
 * date published at once.
 */
import { sameJsonMeaning } from '../../descriptor/json-meaning.js';

function plain(value: unknown): unknown {
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    const object = value as Record<string, unknown>;
    if ('raw' in object) return object.raw;
    if ('unserialized' in object) return object.unserialized;
    if (typeof object.rendered === 'string') return renderedText(object.rendered);
  }
  return value;
}

/** The text of rendered HTML: tags dropped, the few entities WordPress's texturising writes for plain text decoded. */
function renderedText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;|&#160;/g, ' ')
    .replace(/&amp;|&#038;/g, '&')
    .replace(/&#8217;|&#8216;/g, "'")
    .replace(/&#8220;|&#8221;/g, '"')
    .trim();
}

/**
 * Whether `read` has a shape the comparison cannot read: an object that is none of WordPress's renderings
 * (`raw`, `rendered`, `unserialized`) where a value that is no object was written. Such a field is noted, not failed.
 */
export function unreadableShape(read: unknown, writtenValue: unknown): boolean {
  const isObject = (value: unknown): boolean => typeof value === 'object' && value !== null && !Array.isArray(value);
  return isObject(read) && !isObject(writtenValue) && isObject(plain(read));
}

function text(value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim().replace(/\s+/g, ' ');
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

/** A date-time without its zone and fraction, when `value` is one. */
function dateTime(value: string): string | undefined {
  const match = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)(\.\d+)?(Z|[+-]\d\d:?\d\d)?$/.exec(value);
  return match?.[1];
}

/**
 * Whether `read` holds `written`; both are taken by their `raw` where they are `{raw, …}` objects (a hinted
 * create value may be written as one).
 */
export function holdsWritten(read: unknown, writtenValue: unknown, field: string): boolean {
  const actual = plain(read);
  const written = plain(writtenValue);
  if (sameJsonMeaning(actual, written)) return true;
  // One value written, a list of one read (a profile field's unserialized data).
  if (!Array.isArray(written) && Array.isArray(actual) && actual.length === 1) return holdsWritten(actual[0], written, field);
  if (Array.isArray(written) && Array.isArray(actual)) return written.every((item) => actual.some((other) => holdsWritten(other, item, field)));
  const a = text(actual);
  const w = text(written);
  if (a === undefined || w === undefined) return false;
  if (a === w || a.toLowerCase() === w.toLowerCase()) return true;
  const [da, dw] = [dateTime(a), dateTime(w)];
  if (da !== undefined && da === dw) return true;
  // WordPress publishes at once what is scheduled for a date already past.
  return field === 'status' && w === 'future' && a === 'publish';
}
