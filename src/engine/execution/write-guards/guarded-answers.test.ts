/**
 * A write the run itself sent without credentials (a write guard held them back) is refused for that reason: the
 * refusal says nothing about the account's rights or the order of validation, so it is a coverage note, never a
 * finding. The target here is treated as foreign (writes only to what the run made), and it refuses anonymous
 * writes with 401 before validating them, as WordPress does for some routes.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { fuzzPhase } from '../../phases/fuzz/index.js';
import { answerInstead } from '../../testing/faults.js';
import { startFaultyServer, type FaultyServer } from '../../testing/faulty-server.js';
import { findingLines, runPhase } from '../../testing/phase-run.js';

const MEMBER = /^\/community\/v1\/members\/\d+$/;
const NOT_LOGGED_IN = {
  status: 401,
  headers: { 'content-type': 'application/json; charset=UTF-8' },
  body: JSON.stringify({ code: 'rest_not_logged_in', message: 'You are not currently logged in.', data: { status: 401 } }),
};

let server: FaultyServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('a write the run sent without credentials', () => {
  it('is refused with 401 on a foreign target: a note on coverage, not an invalid_rejected failure', async () => {
    server = await startFaultyServer({
      seed: 3,
      faults: [answerInstead('POST', MEMBER, NOT_LOGGED_IN, (request) => request.headers.authorization === undefined)],
    });
    const result = await runPhase(fuzzPhase, {
      url: server.url,
      locales: ['en_gb'],
      credentials: server.credentials.admin,
      ownedWritesOnly: true,
      examples: 3,
      only: /^POST \/community\/v1\/members\/\(\?P<id>[^/]*$/,
    });
    expect(result.requests).toBeGreaterThan(0);
    expect(findingLines(result.findings).filter((line) => / answered 40[13]\b/.test(line))).toEqual([]);
    expect(result.notes.some((note) => note.includes('without credentials'))).toBe(true);
    expect(result.notes.some((note) => note.includes('invalid_rejected') && note.includes('401'))).toBe(true);
  });
});
