/** Text in each locale's own language reaches the server: a fault that only Greek text shows is found through el. */
import { afterEach, describe, expect, it } from 'vitest';
import { fuzzPhase } from './index.js';
import type { ForwardedRequest } from '../../testing/faulty-server.js';
import { startFaultyServer, type FaultyServer } from '../../testing/faulty-server.js';
import { runPhase } from '../../testing/phase-run.js';

let server: FaultyServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** The member search, as a server that mishandles Greek final sigma (a case-folding bug) would: a 500. */
function failsOnFinalSigma() {
  return async (
    request: ForwardedRequest,
    forward: (request: ForwardedRequest) => Promise<{ status: number; headers: Record<string, string>; body: string }>,
  ) => {
    const [path, query = ''] = request.path.split('?', 2) as [string, string?];
    const search = new URLSearchParams(query).get('search') ?? '';
    if (request.method !== 'GET' || !/\/wp-json\/community\/v1\/members$/.test(path) || !search.includes('ς')) return forward(request);
    return {
      status: 500,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code: 'internal_server_error', message: 'mb_strtoupper failed', data: { status: 500 } }),
    };
  };
}

describe('locale-aware text', () => {
  it('finds a fault that only Greek text (final sigma in a search term) shows, through the el locale', async () => {
    server = await startFaultyServer({ seed: 3, faults: [failsOnFinalSigma()] });
    // Ten examples, a short run's share: text that mixed both languages in every locale missed it at this count.
    const result = await runPhase(fuzzPhase, {
      url: server.url,
      locales: ['en_gb', 'el'],
      credentials: server.credentials.admin,
      examples: 10,
      only: /^GET \/community\/v1\/members$/,
    });
    const members = result.findings.filter((finding) => finding.check === 'not_a_server_error' && finding.route === '/community/v1/members');
    expect(members.map((finding) => finding.locale)).toContain('el');
    const greekSearch = members.find((finding) => finding.locale === 'el')!;
    expect(decodeURIComponent(greekSearch.request.url)).toMatch(/search=[^&]*ς/);
  });
});
