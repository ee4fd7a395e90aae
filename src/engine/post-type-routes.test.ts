import { afterEach, describe, expect, it } from 'vitest';
import type { RouteDescriptor } from '../descriptor/types.js';
import { loadRunSettings } from '../jobs/index.js';
import { runJob } from '../jobs/run-job.js';
import { postTypeRoutesOf, servedByPostsController } from './post-type-routes.js';
import { PLUGIN_BASE, POST_TYPE_ADMIN, startPostTypeServer, type PostTypeServer, type PostTypeServerOptions } from './testing/post-type-server.js';
import { WORDPRESS } from './testing/wordpress-answers.js';

const CORE_ROUTES = WORDPRESS.root.routes;

/** WordPress 6.1's index with a plugin's post type served as `pages` is (BuddyPress's `buddypress` directories). */
function withPluginType(base: string, changed: (route: RouteDescriptor) => void = () => undefined): Record<string, RouteDescriptor> {
  const routes: Record<string, RouteDescriptor> = { ...CORE_ROUTES };
  for (const [route, value] of Object.entries(CORE_ROUTES)) {
    if (route !== '/wp/v2/pages' && !route.startsWith('/wp/v2/pages/')) continue;
    const copy = structuredClone(value);
    changed(copy);
    routes[`/wp/v2/${base}${route.slice('/wp/v2/pages'.length)}`] = copy;
  }
  return routes;
}

/** `GET /wp/v2/types` as real BuddyPress 14.5.2 on WordPress 6.1 answers it, cut to the fields read. */
const TYPES = {
  post: { slug: 'post', rest_base: 'posts', rest_namespace: 'wp/v2', hierarchical: false },
  page: { slug: 'page', rest_base: 'pages', rest_namespace: 'wp/v2', hierarchical: true },
  wp_block: { slug: 'wp_block', rest_base: 'blocks', rest_namespace: 'wp/v2', hierarchical: false },
  buddypress: { slug: 'buddypress', rest_base: 'buddypress', rest_namespace: 'wp/v2', hierarchical: true },
};

describe("which routes WordPress's posts controller serves", () => {
  it('knows its own routes by the arguments it always registers, and not those of the controllers that answer otherwise', () => {
    const served = ['posts', 'pages', 'blocks', 'navigation'];
    const others = ['media', 'menu-items', 'templates', 'template-parts', 'comments', 'users', 'tags'];
    expect(served.filter((base) => servedByPostsController(CORE_ROUTES, base))).toEqual(served);
    expect(others.filter((base) => servedByPostsController(CORE_ROUTES, base))).toEqual([]);
  });

  it("reads a plugin's post type's routes as the core routes of the same shape: a hierarchical one as pages", () => {
    const readings = postTypeRoutesOf(TYPES, withPluginType('buddypress'));
    expect(Object.fromEntries([...readings].map(([route, reading]) => [route, reading.route]))).toEqual({
      '/wp/v2/buddypress': '/wp/v2/pages',
      [String.raw`/wp/v2/buddypress/(?P<id>[\d]+)`]: String.raw`/wp/v2/pages/(?P<id>[\d]+)`,
      [String.raw`/wp/v2/buddypress/(?P<parent>[\d]+)/revisions`]: String.raw`/wp/v2/pages/(?P<parent>[\d]+)/revisions`,
      [String.raw`/wp/v2/buddypress/(?P<parent>[\d]+)/revisions/(?P<id>[\d]+)`]: String.raw`/wp/v2/pages/(?P<parent>[\d]+)/revisions/(?P<id>[\d]+)`,
      [String.raw`/wp/v2/buddypress/(?P<id>[\d]+)/autosaves`]: String.raw`/wp/v2/pages/(?P<id>[\d]+)/autosaves`,
      [String.raw`/wp/v2/buddypress/(?P<parent>[\d]+)/autosaves/(?P<id>[\d]+)`]: String.raw`/wp/v2/pages/(?P<parent>[\d]+)/autosaves/(?P<id>[\d]+)`,
    });
    expect(new Set([...readings.values()].map((reading) => reading.postType))).toEqual(new Set(['buddypress']));
    const flat = postTypeRoutesOf({ ...TYPES, buddypress: { ...TYPES.buddypress, hierarchical: false } }, withPluginType('buddypress'));
    expect(flat.get(String.raw`/wp/v2/buddypress/(?P<id>[\d]+)`)?.route).toBe(String.raw`/wp/v2/posts/(?P<id>[\d]+)`);
  });

  it('reads nothing it cannot tell is that controller: core types, unlisted types, other namespaces, other arguments', () => {
    // Core's own routes are read as they are.
    expect(postTypeRoutesOf(TYPES, CORE_ROUTES).size).toBe(0);
    // Not listed as a post type: a plugin's own routes that happen to look alike.
    expect(postTypeRoutesOf({ post: TYPES.post }, withPluginType('buddypress')).size).toBe(0);
    // Listed, but its routes are in a namespace of its own.
    expect(postTypeRoutesOf({ buddypress: { ...TYPES.buddypress, rest_namespace: 'bp/v1' } }, withPluginType('buddypress')).size).toBe(0);
    // A DELETE that takes more than `id` and `force`, or an item read without `password`: a controller of its own.
    const withDeleteArg = withPluginType('buddypress', (route) => {
      for (const endpoint of route.endpoints)
        if (endpoint.methods.includes('DELETE')) (endpoint.args as Record<string, unknown>).reassign = { type: 'integer' };
    });
    expect(postTypeRoutesOf(TYPES, withDeleteArg).size).toBe(0);
    const withoutPassword = withPluginType('buddypress', (route) => {
      for (const endpoint of route.endpoints) if (endpoint.methods.includes('GET')) delete (endpoint.args as Record<string, unknown>).password;
    });
    expect(postTypeRoutesOf(TYPES, withoutPassword).size).toBe(0);
    // Not an object of post types at all.
    expect(postTypeRoutesOf([], withPluginType('buddypress')).size).toBe(0);
  });
});

describe("a plugin's post type served by WordPress's posts controller, in a run", () => {
  let server: PostTypeServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  const PASSWORD_ENV = 'POST_TYPE_APP_PASSWORD';
  const PLUGIN_DELETE = String.raw`/wp/v2/${PLUGIN_BASE}/(?P<id>[\d]+)`;

  /** Fuzzes the DELETEs of the pages and the plugin's items (any numeric id names one) as the administrator. */
  async function run(options: PostTypeServerOptions, baseline: string | null) {
    server = await startPostTypeServer(options);
    const settings = loadRunSettings({
      overrides: {
        baseUrl: server.url,
        locales: null,
        phases: ['fuzz'],
        seed: 1,
        fuzzExamples: 5,
        include: ['DELETE /wp/v2/*/{id}'],
        user: POST_TYPE_ADMIN.user,
        appPasswordEnv: PASSWORD_ENV,
        allowDestructive: true,
        reportDir: null,
        baseline,
      },
    });
    const { exitCode, result } = await runJob(settings, { console: false, env: { [PASSWORD_ENV]: POST_TYPE_ADMIN.password } });
    const trashed = result!.findings.filter((finding) => finding.check === 'response_schema' && finding.method === 'DELETE' && finding.route === PLUGIN_DELETE);
    expect(trashed).toHaveLength(1);
    expect(trashed[0]!.message).toContain('`status` must be equal to one of the allowed values');
    return { exitCode, finding: trashed[0]!, failures: result!.findings.filter((finding) => finding.severity === 'failure' && finding.known === undefined) };
  }

  it("says the trashed item's answer is WordPress's own, naming the post type and the core route it was read as", async () => {
    const { finding } = await run({}, null);
    expect(finding.message).toMatch(/\[WordPress's own behaviour, not the site's: A DELETE without force=true moves the page to the trash/);
    expect(finding.message).toContain("WordPress's posts controller serves the post type `directory` here: read as /wp/v2/pages/(?P<id>[\\d]+)");
    expect(finding.known).toBeUndefined();
  }, 120_000);

  it('accepts it under --baseline wordpress-6.1, as it accepts the same answer on /wp/v2/pages', async () => {
    const { exitCode, finding, failures } = await run({}, 'wordpress-6.1');
    expect(finding.known).toMatch(/moves the page to the trash.*read as \/wp\/v2\/pages\//);
    expect(failures).toEqual([]);
    expect(exitCode).toBe(0);
  }, 120_000);

  it.each([
    ['WordPress does not list it as a post type', { typesListed: false }],
    ['its item read takes no password, which the posts controller always registers', { readWithoutPassword: true }],
  ] as const)(
    "keeps it the site's own failure where %s",
    async (_why, options) => {
      const { exitCode, finding, failures } = await run(options, 'wordpress-6.1');
      expect(finding.message).not.toContain("WordPress's own behaviour");
      expect(finding.known).toBeUndefined();
      expect(failures.map((failure) => `${failure.check} ${failure.route}`)).toEqual([`response_schema ${PLUGIN_DELETE}`]);
      expect(exitCode).toBe(1);
    },
    120_000,
  );
});
