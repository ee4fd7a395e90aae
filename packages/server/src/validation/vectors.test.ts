/**
 * Every vector of the workspace's `fixtures/wordpress-validation.json` (WordPress core's own PHPUnit expectations) run through
 * the matching function of this folder, one test per vector, named by the vector's id.
 */
import { describe, expect, it } from 'vitest';
import { isValidationError } from './errors.js';
import { restParseDate } from './format-checks.js';
import { sanitizeValue, validateValue } from './value-schema.js';
import { restGetBestTypeForValue, restIsArray, restIsInteger, restIsObject, restSanitizeArray, restSanitizeObject, wpParseList } from './values.js';
import type { ArgSchema } from '@restconform/interface';
import { loadValidationVectors, type ValidationVector } from '@restconform/interface/testing/validation-vectors';

const vectors = loadValidationVectors();

/**
 * Vectors that cannot apply in JavaScript, with the reason. Empty: JSON.parse turns integral floats into
 * integers, and the fixture's README says every vector also holds in that form.
 */
const SKIPPED: ReadonlyMap<string, string> = new Map();

/**
 * Where real WordPress 6.1 (the version the project checks against live) answers otherwise than the 6.7 test
 * suite the vectors come from; the fixture's README makes the live server the truth for its version.
 */
const WORDPRESS_61_VALID: ReadonlyMap<string, { valid: boolean; reason: string }> = new Map([
  [
    'validate-date-time-epoch-str-1970-01-01t00_00_00z-valid',
    {
      valid: false,
      reason: '6.1 rejects a date-time whose timestamp is 0 (`! rest_parse_date()`); 6.7 compares with false',
    },
  ],
]);

/** Runs one vector and asserts what WordPress asserts. */
function check(vector: ValidationVector): void {
  const param = vector.param ?? '';
  const schema = (vector.schema ?? {}) as ArgSchema;
  switch (vector.fn) {
    case 'validate': {
      const error = validateValue(vector.value, schema, param);
      expect(error === null, error?.message ?? 'valid').toBe(WORDPRESS_61_VALID.get(vector.id)?.valid ?? vector.valid);
      if (vector.code !== undefined) expect(error?.code).toBe(vector.code);
      if (vector.message !== undefined) expect(error?.message).toBe(vector.message);
      return;
    }
    case 'sanitize': {
      const sanitized = sanitizeValue(vector.value, schema, param);
      expect(isValidationError(sanitized), JSON.stringify(sanitized)).toBe(!vector.valid);
      // Integral floats (`1.0`) are plain numbers in JavaScript, so the loose comparisons hold exactly.
      if (vector.valid) expect(sanitized).toEqual(vector.sanitized);
      return;
    }
    case 'rest_is_integer':
      expect(restIsInteger(vector.value)).toBe(vector.valid);
      return;
    case 'rest_is_array':
      expect(restIsArray(vector.value)).toBe(vector.valid);
      return;
    case 'rest_is_object':
      expect(restIsObject(vector.value)).toBe(vector.valid);
      return;
    case 'rest_sanitize_array':
      expect(restSanitizeArray(vector.value)).toEqual(vector.sanitized);
      return;
    case 'rest_sanitize_object':
      expect(restSanitizeObject(vector.value)).toEqual(vector.sanitized);
      return;
    case 'wp_parse_list':
      expect(wpParseList(vector.value)).toEqual(vector.sanitized);
      return;
    case 'rest_get_best_type_for_value':
      expect(restGetBestTypeForValue(vector.value, schema.type as unknown[])).toBe(vector.result);
      return;
    case 'rest_parse_date': {
      const timestamp = restParseDate(vector.value, vector.force_utc ?? false);
      expect(timestamp).toBe(vector.result);
      expect(timestamp !== false).toBe(vector.valid);
      return;
    }
    default:
      throw new Error(`vector ${vector.id} names an unknown function ${vector.fn}`);
  }
}

describe('WordPress validation vectors', () => {
  it('holds all 597 vectors, each with a unique id', () => {
    expect(vectors).toHaveLength(597);
    expect(new Set(vectors.map((vector) => vector.id)).size).toBe(vectors.length);
    console.info(
      `wordpress-validation vectors: ${vectors.length} total, ${SKIPPED.size} skipped, ${WORDPRESS_61_VALID.size} asserted with WordPress 6.1's outcome`,
    );
  });

  const runnable = vectors.filter((vector) => !SKIPPED.has(vector.id));
  it.each(runnable.map((vector) => [vector.id, vector] as const))('%s', (_id, vector) => {
    check(vector);
  });
});
