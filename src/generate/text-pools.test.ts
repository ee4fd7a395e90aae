import { describe, expect, it } from 'vitest';
import { textPools } from './realistic.js';
import { drawFakerPools } from './text-pools-faker.js';
import { FAKER_POOLS } from './text-pools.data.js';

describe('the text pools', () => {
  it('as committed in text-pools.data.ts are what faker draws (else run npm run text-pools)', () => {
    expect(FAKER_POOLS).toEqual(drawFakerPools());
  });

  it('hold faker’s pools and the hand-written non-ASCII text, none of them empty', () => {
    const pools = textPools();
    expect(Object.keys(pools).sort()).toEqual([...Object.keys(FAKER_POOLS), 'nonAscii'].sort());
    for (const [name, values] of Object.entries(pools)) expect(values.length, name).toBeGreaterThan(10);
    expect(pools.nonAscii).toContain('Καλημέρα κόσμε');
  });
});
