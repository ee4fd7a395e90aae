/**
 * WordPress's own validation test vectors (the workspace's `fixtures/wordpress-validation.json`, see its README):
 * each a schema, a value and what WordPress's function answers. Both implementations of WordPress's argument
 * rules are held against them, the harness's rule book (`src/schema/`) and the reference server's validation
 * (`packages/server/src/validation/`), so both read them here. Test support only: it reads the workspace's
 * fixture from its sources and is neither built nor published.
 */
import { readFileSync } from 'node:fs';
import type { ArgSchema } from '../descriptor.js';

/** One vector: `fn` names the WordPress function (`validate`, `sanitize`, `rest_is_integer`…). */
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

const FIXTURE = new URL('../../../../fixtures/wordpress-validation.json', import.meta.url);

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
