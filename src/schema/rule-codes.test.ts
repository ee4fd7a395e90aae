import { describe, expect, it } from 'vitest';
import type { ArgSchema } from '../descriptor/types.js';
import { SCHEMA_RULE_CODES } from './rule-codes.js';
import { vectorsOf } from '@restconform/interface/testing/validation-vectors';
import { classifyValue } from './wordpress-rules.js';

describe('SCHEMA_RULE_CODES', () => {
  it("holds every code of WordPress's own validation vectors and of the rule book's verdicts on them", () => {
    const seen = new Set<string>();
    for (const vector of vectorsOf('validate')) {
      if (vector.code !== undefined) seen.add(vector.code);
      const verdict = classifyValue(vector.schema as ArgSchema, vector.value, vector.param ?? '');
      if (!verdict.valid) seen.add(verdict.code);
    }
    expect(seen.size).toBeGreaterThan(10);
    expect([...seen].filter((code) => !SCHEMA_RULE_CODES.has(code))).toEqual([]);
  });

  it("leaves out the codes of routes' own callbacks", () => {
    for (const code of ['rest_invalid_param', 'rest_user_invalid_username', 'rest_invalid_menu_location']) expect(SCHEMA_RULE_CODES.has(code)).toBe(false);
  });
});
