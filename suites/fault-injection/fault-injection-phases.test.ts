/**
 * The harness's recall on faults that only a phase's own requests meet (the fuzz phase's invalid cases, the auth
 * matrix, the contract, the locales, a life cycle, a batch). (Single answers: fault-injection.test.ts.)
 */
import { describe } from 'vitest';
import { itFindsEach, SEEDED } from './seeded.js';

describe('fault injection: phases', () => {
  // The fuzz phase needs its ten examples to draw an invalid case without item_id.
  itFindsEach(
    SEEDED.filter((fault) => !fault.phases.includes('examples')),
    10,
  );
});
