/** Test-only: a member the reference server lists, kept private from anonymous callers by its own read, and the server the visibility, `_embed` and readonly tests run on. */
import { afterEach } from 'vitest';
import { answerInstead, json } from '../../../testing/faults.js';
import { startFaultyServer, type Fault, type FaultyServer } from '../../../testing/faulty-server.js';

export const anonymous = (request: { headers: Record<string, string> }): boolean => request.headers.authorization === undefined;

/** The second member the reference server of `seed` lists: the one the faults hide from anonymous callers. */
export async function hiddenMember(seed: number): Promise<number> {
  const probe = await startFaultyServer({ seed, faults: [] });
  try {
    const members = (await (await fetch(`${probe.restUrl('en_gb')}/community/v1/members`)).json()) as Array<{ id: number }>;
    return members[1]!.id;
  } finally {
    await probe.close();
  }
}

/** Anonymous reads of member `id` refused as a server that keeps the member private answers them. */
export function privateMember(id: number): Fault {
  return answerInstead(
    'GET',
    new RegExp(`^/community/v1/members/${id}$`),
    json(401, { code: 'rest_forbidden', message: 'Private.', data: { status: 401 } }),
    anonymous,
  );
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
