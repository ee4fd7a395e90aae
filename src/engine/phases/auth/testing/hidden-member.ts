/** Test-only: the member the visibility and `_embed` tests hide from anonymous callers, and the server they run on. */
import { afterEach } from 'vitest';
import { startFaultyServer, type Fault, type FaultyServer } from '../../../testing/faulty-server.js';

/** The second member the reference server of `seed` lists. */
export async function hiddenMember(seed: number): Promise<number> {
  const probe = await startFaultyServer({ seed, faults: [] });
  try {
    const members = (await (await fetch(`${probe.restUrl('en_gb')}/community/v1/members`)).json()) as Array<{ id: number }>;
    return members[1]!.id;
  } finally {
    await probe.close();
  }
}

/** For a test file: `start(faults)` starts the reference server of `seed` behind `faults`, closed after each test. */
export function faultyServerPerTest(seed: number): { start(faults: Fault[]): Promise<FaultyServer>; current(): FaultyServer } {
  let server: FaultyServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });
  return {
    async start(faults) {
      server = await startFaultyServer({ seed, faults });
      return server;
    },
    current: () => server!,
  };
}
