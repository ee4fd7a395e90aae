/**
 * Every phase that writes names only themes the site has: WordPress 6.1 files a template under whatever theme its
 * `theme` names and keeps a term for that theme, which no REST route deletes (issue 34: a default-profile run left a
 * `wp_theme` term with a made-up name, made by the access matrix's create of a template).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { authPhase } from './phases/auth/index.js';
import { examplesPhase } from './phases/examples/index.js';
import { fuzzPhase } from './phases/fuzz/index.js';
import { ACTIVE_THEME, startTemplateServer, TEMPLATE_ADMIN, type TemplateServer } from './testing/template-server.js';
import { runPhases } from './testing/phase-run.js';

let server: TemplateServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('the themes a run names in its writes', () => {
  // Several seeds: which sampled case carries a `theme`, and what it says, is drawn.
  it.each([1, 2, 3, 4, 5, 6, 7, 8])('makes templates of the active theme only (seed %i), so it leaves no theme term behind', async (seed) => {
    server = await startTemplateServer();
    await runPhases([examplesPhase, fuzzPhase, authPhase], {
      url: server.url,
      locales: ['en_gb'],
      credentials: TEMPLATE_ADMIN,
      ownedWritesOnly: true,
      seed,
      examples: 10,
    });
    expect(server.stored.length).toBeGreaterThan(0);
    expect([...server.themeTerms]).toEqual([ACTIVE_THEME]);
  });
});
