import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { propertyRuns, testDepth } from './test-depth.js';

const ROOT = new URL('../..', import.meta.url);

describe('the depth of the slow property suites', () => {
  it('is full size under CI=true or RESTCONFORM_TEST_DEPTH=deep, reduced otherwise', () => {
    expect(testDepth({})).toBe('quick');
    expect(testDepth({ CI: 'true' })).toBe('deep');
    expect(testDepth({ CI: 'false' })).toBe('quick');
    expect(testDepth({ RESTCONFORM_TEST_DEPTH: 'deep' })).toBe('deep');
    expect(testDepth({ CI: 'true', RESTCONFORM_TEST_DEPTH: 'quick' })).toBe('quick');
    expect(propertyRuns(1000, 100, 'deep')).toBe(1000);
    expect(propertyRuns(1000, 100, 'quick')).toBe(100);
  });

  it('is deep in `npm run test:deep` and in the CI entry point, which runs `npm test` with CI=true', () => {
    const scripts = (JSON.parse(readFileSync(new URL('package.json', ROOT), 'utf8')) as { scripts: Record<string, string> }).scripts;
    expect(scripts['test:deep']).toMatch(/RESTCONFORM_TEST_DEPTH=deep .*npm test|RESTCONFORM_TEST_DEPTH=deep npm (run )?test/);
    const ci = readFileSync(new URL('.ci/run', ROOT), 'utf8');
    expect(ci).toMatch(/^export CI=true$/m);
    expect(ci).toMatch(/^npm test$/m);
  });
});
