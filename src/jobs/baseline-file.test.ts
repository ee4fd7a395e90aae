import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FindingsBook } from '../engine/execution/findings-book.js';
import { judgeBaseline } from '../engine/baseline.js';
import { PostTypeRoutes } from '../engine/post-type-routes.js';
import { readBaseline, WORDPRESS_BASELINE } from './baseline-file.js';
import { UsageError } from './errors.js';
import { temporaryFolders } from '../testing/temporary-folders.js';

const temporaryFolder = temporaryFolders();

const packageFile = (path: string): URL => new URL(`../../${path}`, import.meta.url);

describe('--baseline', () => {
  it('names a baseline shipped inside the package: wordpress-6.1 is the list npm run test:wordpress reads', async () => {
    const shipped = JSON.parse(await readFile(packageFile('suites/wordpress/expectations.json'), 'utf8')) as unknown[];
    const baseline = await readBaseline('wordpress-6.1');
    expect(baseline.source).toBe('wordpress-6.1');
    expect(baseline.entries).toHaveLength(shipped.length);
    expect(baseline.entries[0]).toMatchObject(shipped[0] as object);
  });

  it('is in the npm package: package.json files lists it', async () => {
    const pkg = JSON.parse(await readFile(packageFile('package.json'), 'utf8')) as { files: string[] };
    expect(pkg.files).toContain('suites/wordpress/expectations.json');
  });

  it('still reads a path; a path with a folder is never taken for a name', async () => {
    const dir = await temporaryFolder('restconform-baseline-');
    const path = join(dir, 'known.json');
    await writeFile(path, JSON.stringify([{ check: 'c', method: 'GET', route: '/r', reason: 'why' }]));
    expect((await readBaseline(path)).entries).toEqual([{ check: 'c', method: 'GET', route: '/r', reason: 'why' }]);
    await expect(readBaseline(join(dir, 'wordpress-6.1'))).rejects.toBeInstanceOf(UsageError);
  });

  it('names the baselines it has when neither a file nor a name is found', async () => {
    await expect(readBaseline('wordpress-9.9')).rejects.toThrow(/cannot read baseline wordpress-9\.9: ENOENT.*named baselines: wordpress-6\.1/);
  });

  it("says on any site that a finding on a WordPress route the shipped baseline lists is WordPress's own, and --baseline wordpress-6.1 accepts it there", async () => {
    const wordpress = await readBaseline(WORDPRESS_BASELINE);
    const trashed = { locale: 'en_gb', method: 'DELETE', route: String.raw`/wp/v2/posts/(?P<id>[\d]+)` };
    const report = (options: { baseline?: typeof wordpress; wordpressOwn?: typeof wordpress }) => {
      const findings = new FindingsBook({ seed: 1, secrets: [], emit: () => undefined, ...options });
      for (const operation of [trashed, { ...trashed, route: String.raw`/community/v1/members/(?P<id>[\d]+)` }])
        findings.report({
          check: 'response_schema',
          severity: 'failure',
          operation,
          message: 'status: "trash" is not one of the enum',
          phase: 'stateful',
          exchanges: [],
        });
      return findings.findings().map((finding) => ({ route: finding.route, message: finding.message, known: finding.known !== undefined }));
    };
    const [onWordPress, onPlugin] = report({ wordpressOwn: wordpress });
    expect(onWordPress!.message).toMatch(
      /^status: "trash" is not one of the enum \[WordPress's own behaviour, not the site's: A DELETE without force=true moves the post to the trash/,
    );
    expect(onWordPress!.message).toContain('--baseline wordpress-6.1 accepts it');
    expect(onWordPress!.known).toBe(false);
    expect(onPlugin).toEqual({ route: String.raw`/community/v1/members/(?P<id>[\d]+)`, message: 'status: "trash" is not one of the enum', known: false });
    // Given as the run's baseline, it applies to the WordPress routes of a site with locales and plugins too.
    expect(report({ baseline: wordpress, wordpressOwn: wordpress }).map((finding) => finding.known)).toEqual([true, false]);
  });

  it('knows a WordPress-route finding the shipped baseline lists in every locale of a site served with locales (--locales en_gb,el), and judges its entry there', async () => {
    const wordpress = await readBaseline(WORDPRESS_BASELINE);
    // The shipped entries name no locale: each stands for every locale a site serves WordPress's routes in.
    expect(wordpress.entries.filter((entry) => entry.locale !== undefined)).toEqual([]);
    const route = String.raw`/wp/v2/posts/(?P<id>[\d]+)`;
    const findings = new FindingsBook({ seed: 1, secrets: [], emit: () => undefined, baseline: wordpress, wordpressOwn: wordpress });
    for (const locale of ['en_gb', 'el'])
      findings.report({
        check: 'response_schema',
        severity: 'failure',
        operation: { locale, method: 'DELETE', route },
        message: 'status: "trash"',
        phase: 'stateful',
        exchanges: [],
      });
    expect(findings.findings().map((finding) => [finding.locale, finding.known !== undefined])).toEqual([
      ['en_gb', true],
      ['el', true],
    ]);
    expect(findings.tally()).toMatchObject({ failures: 0, known: 2 });
    // Judged against the run's coverage in both locales: the entry was seen, neither fixed nor unchecked.
    const coverage = ['en_gb', 'el'].map((locale) => ({ locale, route, requests: 3 }));
    const outcome = judgeBaseline(wordpress, findings.findings(), ['response_schema'], coverage);
    const entry = (list: readonly { check: string; method: string; route: string }[]) =>
      list.filter((one) => one.check === 'response_schema' && one.method === 'DELETE' && one.route === route);
    expect([entry(outcome.fixed), entry(outcome.unchecked), outcome.known]).toEqual([[], [], 2]);
  });

  it("reads a plugin's post type's route as its core route under the shipped baseline only, not under a file of the same entries", async () => {
    const wordpress = await readBaseline(WORDPRESS_BASELINE);
    const route = String.raw`/wp/v2/buddypress/(?P<id>[\d]+)`;
    const postTypes = new PostTypeRoutes(new Map([['en_gb', new Map([[route, { route: String.raw`/wp/v2/pages/(?P<id>[\d]+)`, postType: 'buddypress' }]])]]));
    const knownUnder = (baseline: typeof wordpress, locale: string): boolean => {
      const findings = new FindingsBook({ seed: 1, secrets: [], emit: () => undefined, baseline, wordpressOwn: wordpress });
      findings.usePostTypeRoutes(postTypes);
      findings.report({
        check: 'response_schema',
        severity: 'failure',
        operation: { locale, method: 'DELETE', route },
        message: 'status: "trash"',
        phase: 'fuzz',
        exchanges: [],
      });
      return findings.findings()[0]!.known !== undefined;
    };
    expect(knownUnder(wordpress, 'en_gb')).toBe(true);
    // Read per locale: where the locale's types list did not name it, it is not read so.
    expect(knownUnder(wordpress, 'el')).toBe(false);
    expect(knownUnder({ source: 'known.json', entries: wordpress.entries }, 'en_gb')).toBe(false);
  });
});
