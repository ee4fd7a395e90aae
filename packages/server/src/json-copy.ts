/**
 * Deep copies of stored JSON data, for views that must not share objects with the store (a batch serialises its
 * answers only after every sub-request ran, so a view shared with the store would show later writes).
 *
 * `structuredClone` goes through V8's value serialiser: on the SEO post and option views it cost 40–230 µs a call,
 * the costliest handler work on the fuzz mix. Plain objects and arrays are copied here directly; anything else
 * (a Date, a Map) still goes to `structuredClone`, so no value is ever flattened.
 */
export function copyJson<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) {
    const copy = new Array<unknown>(value.length);
    for (let i = 0; i < value.length; i++) copy[i] = copyJson(value[i]);
    return copy as T;
  }
  const prototype = Object.getPrototypeOf(value) as unknown;
  if (prototype !== Object.prototype && prototype !== null) return structuredClone(value);
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const child = copyJson((value as Record<string, unknown>)[key]);
    // JSON.parse makes "__proto__" an own data member; assigning it would set the copy's prototype instead.
    if (key === '__proto__') Object.defineProperty(copy, key, { value: child, enumerable: true, writable: true, configurable: true });
    else copy[key] = child;
  }
  return copy as T;
}
