/**
 * Loads WordPress's own validation test vectors (`fixtures/wordpress-validation.json`, see its README).
 * Shared by the schema tests and the generator's vector properties (and by any other implementation of the
 * rule book that wants to be held against them).
 */
import { readFileSync } from 'node:fs';
import type { ArgSchema } from '../../descriptor/types.js';

export interface ValidationVector {
  id: string;
  fn: string;
  schema: ArgSchema | null;
  value: unknown;
  valid: boolean;
  code?: string;
  message?: string;
  sanitized?: unknown;
  result?: unknown;
  param?: string;
  force_utc?: boolean;
  doing_it_wrong?: string[];
  note?: string;
  source?: string;
}

const FIXTURE = new URL('../../../fixtures/wordpress-validation.json', import.meta.url);

let cached: ValidationVector[] | undefined;

/** Every vector of the fixture, in file order. */
export function loadValidationVectors(): ValidationVector[] {
  cached ??= JSON.parse(readFileSync(FIXTURE, 'utf8')) as ValidationVector[];
  return cached;
}

/** The vectors of one WordPress function (`validate`, `sanitize`, `rest_is_integer`…). */
export function vectorsOf(fn: string): ValidationVector[] {
  return loadValidationVectors().filter((vector) => vector.fn === fn);
}
