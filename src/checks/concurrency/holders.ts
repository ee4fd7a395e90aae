/**
 * The items of a list that hold a create race's shared values: the resources the race made, as the concurrency phase
 * counts them after its race and `replay` counts them again after its own.
 */
import { idText } from '../stateful/step-answer.js';

/** The shared values a list can show (text and numbers), as text. */
export function sharedTexts(shared: Record<string, unknown>): string[] {
  return Object.values(shared)
    .filter((value): value is string | number => typeof value === 'string' || typeof value === 'number')
    .map(String);
}

/** A field's value as text to compare: a `{raw}` object's raw. */
function plainText(value: unknown): string | undefined {
  const raw = typeof value === 'object' && value !== null && 'raw' in value ? (value as { raw: unknown }).raw : value;
  return typeof raw === 'string' || typeof raw === 'number' ? String(raw).trim().toLowerCase() : undefined;
}

/** Whether an item of a list shows one of `values` (unique to the run: only a racer's resource can) in any field. */
function holdsOne(item: unknown, values: readonly string[]): boolean {
  if (typeof item !== 'object' || item === null) return false;
  const shown = new Set(Object.values(item).map(plainText));
  return values.some((value) => shown.has(value.toLowerCase()));
}

/** The ids (by `idField`) of the items of the list answers `lists` that show one of `values`; not a list: none. */
export function holderIds(lists: readonly unknown[], values: readonly string[], idField: string): string[] {
  const holders = new Set<string>();
  for (const list of lists) {
    if (!Array.isArray(list)) continue;
    for (const item of list) {
      const id = typeof item === 'object' && item !== null ? idText((item as Record<string, unknown>)[idField]) : undefined;
      if (id !== undefined && holdsOne(item, values)) holders.add(id);
    }
  }
  return [...holders];
}
