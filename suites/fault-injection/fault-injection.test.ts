/**
 * The harness's recall on faults of single answers: each faulty variant of the reference server that the examples
 * phase meets is caught by the check that guards the rule it breaks. (Faults of behaviour:
 * fault-injection-phases.test.ts; precision: precision.test.ts.)
 */
import { describe } from 'vitest';
import { propertyRuns } from '../../src/testing/test-depth.js';
import { itFindsEach, SEEDED } from './seeded.js';

describe('fault injection: single answers', () => {
  // The examples phase meets each of these faults within its first three examples per operation (seed 1): three in a quick run.
  itFindsEach(
    SEEDED.filter((fault) => fault.phases.includes('examples')),
    propertyRuns(10, 3),
  );
});
