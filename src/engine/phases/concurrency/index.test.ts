/** The concurrency phase finds nothing on the reference server (each race's check on a server broken for it: concurrency-faults.test.ts). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer, type ReferenceServer } from '@restconform/server';
import { concurrencyPhase } from './index.js';
import { findingLines, runPhase } from '../../testing/phase-run.js';

let server: ReferenceServer;

beforeAll(async () => {
  server = await startReferenceServer({ port: 0, seed: 3 });
});
afterAll(() => server.close());

describe('phase concurrency', () => {
  it('finds no race on the reference server, and leaves nothing behind', async () => {
    const result = await runPhase(concurrencyPhase, { url: server.url, locales: ['en_gb', 'el'], credentials: server.credentials.admin });
    expect(findingLines(result.findings)).toEqual([]);
    const races = result.events.filter((event) => event.type === 'sequence');
    console.log(
      races
        .map((event) =>
          event.type === 'sequence'
            ? `${event.sequence.name}: ${event.sequence.outcome} ${event.sequence.reason ?? ''} ${event.sequence.leftovers.join(' ')}`
            : '',
        )
        .join('\n'),
      result.requests,
    );
    expect(races.length).toBeGreaterThan(10);
  }, 120_000);
});
