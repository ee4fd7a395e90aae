import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { baselineEntries } from '../../src/jobs/baseline-file.js';

const EXPECTATIONS = fileURLToPath(new URL('./expectations.json', import.meta.url));

describe('the WordPress expectations file', () => {
  it('is a baseline restconform reads (npm run test:wordpress passes it as --baseline): each (check, method, route) once, each with a reason in words', () => {
    const entries = baselineEntries(JSON.parse(readFileSync(EXPECTATIONS, 'utf8')), EXPECTATIONS);
    expect(entries.length).toBeGreaterThan(0);
    for (const entry of entries) expect(entry.reason.split(' ').length).toBeGreaterThan(8);
    // No locale: real WordPress has none, and an entry without one matches a finding in any locale.
    expect(entries.filter((entry) => entry.locale !== undefined)).toEqual([]);
  });
});
