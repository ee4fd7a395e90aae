/**
 * Readers for `req.params`. The core has already validated and sanitised every declared parameter; these
 * readers only cover parameters the contract leaves untyped (a path capture stays a string) and absent ones.
 */

/** An integer parameter, or `fallback` when absent or not a whole number. */
export function intParam(params: Record<string, unknown>, name: string, fallback = 0): number {
  const value = params[name];
  if (typeof value === 'number' && Number.isInteger(value)) return value;
  if (typeof value === 'string' && /^\s*-?\d+\s*$/.test(value)) return Number.parseInt(value, 10);
  return fallback;
}

/** A boolean parameter, reading WordPress's string forms too. */
export function boolParam(params: Record<string, unknown>, name: string, fallback = false): boolean {
  const value = params[name];
  if (typeof value === 'boolean') return value;
  if (value === 1 || value === 0) return value === 1;
  if (typeof value === 'string') {
    const lower = value.trim().toLowerCase();
    if (lower === 'true' || lower === '1') return true;
    if (lower === 'false' || lower === '0') return false;
  }
  return fallback;
}

/** A string parameter, or `fallback` when absent or not a string. */
export function stringParam(params: Record<string, unknown>, name: string, fallback = ''): string {
  const value = params[name];
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  return fallback;
}

/** A list parameter as strings; a scalar is split the WordPress way (`[\s,]+`). */
export function stringListParam(params: Record<string, unknown>, name: string): string[] {
  const value = params[name];
  if (Array.isArray(value)) return value.map((item) => String(item)).filter((item) => item !== '');
  if (typeof value === 'string') return value.split(/[\s,]+/).filter((item) => item !== '');
  if (typeof value === 'number') return [String(value)];
  return [];
}

/** A list parameter as integers; items that are not whole numbers are dropped. */
export function intListParam(params: Record<string, unknown>, name: string): number[] {
  return stringListParam(params, name)
    .filter((item) => /^-?\d+$/.test(item.trim()))
    .map((item) => Number.parseInt(item, 10));
}
