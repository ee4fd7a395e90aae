import { describe, expect, it } from 'vitest';
import { runJob } from '../../cli/run-job.js';
import { loadConfig } from '../../config/index.js';
import { operationSeed } from '../../generate/index.js';
import { syntheticOperation } from '../../schema/testing/synthetic-operations.js';
import { ROUND_SIZE, roundSeed } from './fuzz.js';

describe('fuzz rounds', () => {
  it('keeps the operation seed for round 0, so short runs are unchanged, and gives later rounds their own', () => {
    const op = syntheticOperation('GET', '/x/v1/items', {});
    expect(roundSeed(7, op, 'valid', 0)).toBe(operationSeed(7, `${op.id} valid`));
    expect(roundSeed(7, op, 'valid', 1)).not.toBe(roundSeed(7, op, 'valid', 0));
    expect(roundSeed(7, op, 'invalid', 1)).not.toBe(roundSeed(7, op, 'valid', 1));
  });

  it('reaches every operation before a time budget ends, however many examples were asked for', async () => {
    // Far more examples than the budget allows: spent operation by operation, the first few would take it all.
    // Shard 1/16 holds whole route families (the members family: some 50 operations, so round 0 is some 2,500
    // requests); the budget leaves round 0 room on a loaded machine.
    const settings = loadConfig({
      overrides: { seed: 2, examples: 400 * ROUND_SIZE, timeBudgetSeconds: 25, phases: ['fuzz'], shard: { index: 1, count: 16 }, reportDir: null },
    });
    const { result } = await runJob(settings, { console: false });
    expect(result!.stoppedEarly).toBe('time budget');
    const untouched = result!.coverage.filter((entry) => entry.requests === 0).map((entry) => `${entry.locale} ${entry.method} ${entry.route}`);
    expect(untouched).toEqual([]);
    expect(result!.coverage.length).toBeGreaterThan(10);
  });
});
