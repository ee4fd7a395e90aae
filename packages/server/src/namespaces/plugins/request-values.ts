/**
 * Readers for request members the contract does not declare. The plugin routes declare no parameters, so what
 * a caller sends reaches the handler as it arrived: strings from a query, any JSON value from a body.
 */

/** A non-empty string member (numbers are read as their decimal text), or undefined. */
export function textValue(params: Record<string, unknown>, name: string): string | undefined {
  const value = params[name];
  if (typeof value === 'string') return value.trim() === '' ? undefined : value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

/** A whole-number member (`5` or `"5"`), or undefined. */
export function integerValue(params: Record<string, unknown>, name: string): number | undefined {
  const value = params[name];
  if (typeof value === 'number') return Number.isSafeInteger(value) ? value : undefined;
  if (typeof value === 'string' && /^\s*-?\d{1,15}\s*$/.test(value)) return Number.parseInt(value, 10);
  return undefined;
}

/** A boolean member in WordPress's forms (`true`, `"false"`, `1`, `"0"`…), or undefined. */
export function booleanValue(params: Record<string, unknown>, name: string): boolean | undefined {
  const value = params[name];
  if (typeof value === 'boolean') return value;
  if (value === 0 || value === 1) return value === 1;
  if (typeof value !== 'string') return undefined;
  const lower = value.trim().toLowerCase();
  if (lower === 'true' || lower === '1') return true;
  if (lower === 'false' || lower === '0') return false;
  return undefined;
}

/** A list member as strings; a scalar is split the WordPress way (on commas and spaces). */
export function textListValue(params: Record<string, unknown>, name: string): string[] {
  const value = params[name];
  const items = Array.isArray(value) ? value : typeof value === 'string' ? value.split(/[\s,]+/) : value === undefined ? [] : [value];
  return items
    .filter((item) => typeof item === 'string' || typeof item === 'number')
    .map(String)
    .filter((item) => item !== '');
}

/** A member that is a JSON object (not a list), or undefined. */
export function objectValue(params: Record<string, unknown>, name: string): Record<string, unknown> | undefined {
  const value = params[name];
  return isPlainObject(value) ? value : undefined;
}

/** True for a JSON object that is not a list or null. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
