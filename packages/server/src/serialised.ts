/**
 * JSON text cached with the value it encodes, for large answers that never change (the descriptors), so they are
 * serialised once at start-up instead of on every request.
 */
const SERIALISED = new WeakMap<object, Buffer>();

/** Freezes `value` deeply and remembers its JSON encoding; returns `value`. */
export function serialiseOnce<T extends object>(value: T): T {
  SERIALISED.set(deepFreeze(value), Buffer.from(JSON.stringify(value), 'utf8'));
  return value;
}

/** The remembered JSON of `value`, if it was passed through `serialiseOnce`. */
export function cachedJson(value: unknown): Buffer | undefined {
  return typeof value === 'object' && value !== null ? SERIALISED.get(value) : undefined;
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
