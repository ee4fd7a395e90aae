/**
 * Whether a value read back holds what was written, after WordPress's own normalisation: `{raw, rendered}`
 * objects compared by `raw` (edit context), text trimmed with its white space collapsed, numbers and their
 * digit strings alike, lists as lists, a date-time with or without its zone, and a post scheduled for a past
 * date published at once.
 */
import { sameJsonMeaning } from '../../descriptor/json-meaning.js';

function plain(value: unknown): unknown {
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    const object = value as Record<string, unknown>;
    if ('raw' in object) return object.raw;
  }
  return value;
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
