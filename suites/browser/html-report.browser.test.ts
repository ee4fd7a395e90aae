/**
 * The HTML report in a real headless browser (Debian's Chromium through playwright-core): a real run against
 * the reference server with deliberate faults (a server error, a wrong content type, and a member whose writes to
 * any account go through: a planted access fault), rendered with `--html`, then opened from disk. It must open
 * with the security section (who did what, the curl line), draw its charts with their numbers, show one banner for
 * an incomplete run, show the matrix and the findings, filter by check and namespace, and never run the server's
 * HTML. A screenshot is kept as `reports/html-report.png`, the page itself as `reports/html-report.html`.
 */
import { mkdir, stat } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runJob } from '../../src/jobs/run-job.js';
import { loadRunSettings } from '../../src/jobs/index.js';
import type { RunResult } from '../../src/engine/engine.js';
import { renderHtmlReport } from '../../src/report/html.js';
import { RunFileReporter } from '../../src/report/run-file-reporter.js';
import { namespaceResolver } from '../../src/report/outcomes.js';
import { launchChromium } from './chromium.js';
import { startFaultyServer, type FaultyServer } from './faulty-server.js';

const REPORTS = fileURLToPath(new URL('../../reports', import.meta.url));
const HTML_REPORT = `${REPORTS}html-report.html`;
/** The same run's page as if its time budget had stopped it: the banner of an incomplete run. */
const INCOMPLETE_REPORT = `${REPORTS}html-report-incomplete.html`;
const SCREENSHOT = `${REPORTS}html-report.png`;
const PASSWORD_VARIABLE = 'RESTCONFORM_BROWSER_TEST_PASSWORD';
const MEMBER_PASSWORD_VARIABLE = 'RESTCONFORM_BROWSER_TEST_MEMBER_PASSWORD';
const OTHER_MEMBER_PASSWORD_VARIABLE = 'RESTCONFORM_BROWSER_TEST_MEMBER2_PASSWORD';
/** What the run did not reach when its budget stopped it, as the engine words it. */
const UNREACHED = '12 of 330 operations got no request';

let server: FaultyServer;
let browser: Browser;
let page: Page;
let result: RunResult;
/** The phases that ran, in order, as their `phase_finished` events said. */
const phasesRun: string[] = [];
const pageErrors: string[] = [];

beforeAll(async () => {
  await mkdir(REPORTS, { recursive: true });
  server = await startFaultyServer();
  const settings = loadRunSettings({
    overrides: {
      baseUrl: server.url,
      user: server.admin.user,
      appPasswordEnv: PASSWORD_VARIABLE,
      seed: 1,
      fuzzExamples: 3,
      reportDir: null,
      json: null,
      junit: null,
      ndjson: null,
      html: HTML_REPORT,
      accounts: [
        { user: server.member.user, role: 'member', appPasswordEnv: MEMBER_PASSWORD_VARIABLE },
        { user: server.otherMember.user, role: 'member', appPasswordEnv: OTHER_MEMBER_PASSWORD_VARIABLE },
      ],
    },
  });
  const stoppedByBudget = new RunFileReporter(INCOMPLETE_REPORT, (run) =>
    renderHtmlReport({ ...run, finished: { ...run.finished, stoppedEarly: 'time budget', incomplete: ['stopped early: time budget', UNREACHED] } }),
  );
  const run = await runJob(settings, {
    console: false,
    reporters: [
      stoppedByBudget,
      {
        onEvent: (event) => {
          if (event.type === 'phase_finished') phasesRun.push(event.phase);
        },
        close: async () => {},
      },
    ],
    env: {
      [PASSWORD_VARIABLE]: server.admin.password,
      [MEMBER_PASSWORD_VARIABLE]: server.member.password,
      [OTHER_MEMBER_PASSWORD_VARIABLE]: server.otherMember.password,
    },
  });
  result = run.result!;
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1360, height: 1000 } });
  page.on('pageerror', (error) => pageErrors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') pageErrors.push(message.text());
  });
  await page.goto(pathToFileURL(HTML_REPORT).href);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const visibleFindings = (): Promise<Array<{ check: string; namespace: string }>> =>
  page.$$eval('details.finding', (elements) =>
    elements
      .filter((element) => !(element as HTMLElement).hidden)
      .map((element) => ({ check: (element as HTMLElement).dataset.check ?? '', namespace: (element as HTMLElement).dataset.namespace ?? '' })),
  );

/** True when the element's box lies within the container's visible width (no sideways scrolling needed). */
async function horizontallyInside(element: Locator, container: Locator): Promise<boolean> {
  const [box, frame] = await Promise.all([element.boundingBox(), container.boundingBox()]);
  if (!box || !frame) return false;
  const scrolled = await container.evaluate((node) => node.scrollLeft);
  return scrolled === 0 && box.x >= frame.x && box.x + box.width <= frame.x + frame.width;
}

describe('HTML report in Chromium', () => {
  it('comes from a run that found the deliberate faults', () => {
    const found = new Set(result.findings.map((finding) => `${finding.check} ${finding.locale} ${finding.method} ${finding.route}`));
    expect(found).toContain('not_a_server_error en_gb GET /seo/v1/ping');
    expect(found).toContain('json_content_type el GET /calendar/v1/events');
    expect(found).toContain('access_role_escalation en_gb PATCH /community/v1/members/(?P<id>[\\d]+)');
  });

  it('opens with the security section, before the summary and the findings', async () => {
    const sections = await page.$$eval('main > section', (elements) => elements.map((element) => element.id));
    expect(sections[0]).toBe('security');
    expect(sections.indexOf('summary')).toBeGreaterThan(0);
    expect(sections.indexOf('findings')).toBeGreaterThan(sections.indexOf('summary'));
    const security = page.locator('#security');
    expect(await security.isVisible()).toBe(true);
    // Nothing but the header (title and verdict) above it.
    const [top, header] = await Promise.all([security.boundingBox(), page.locator('header.banner').boundingBox()]);
    expect(top!.y).toBeLessThan(header!.y + header!.height + 40);
    // Only security findings in it, no conformance nit.
    const checks = await page.$$eval('#security .security-finding', (cards) => cards.map((card) => (card as HTMLElement).dataset.check));
    expect(checks.length).toBeGreaterThan(0);
    expect(new Set(checks)).toEqual(new Set(['access_role_escalation', 'access_other_account', 'access_other_resource']));
  });

  it('shows the raised role with the identity that raised it, its request and curl line, and what it changed', async () => {
    const card = page.locator('#security .security-finding[data-check="access_role_escalation"]');
    expect(await card.isVisible()).toBe(true);
    expect(await card.locator('dd.identity').innerText()).toMatch(new RegExp(`^${server.member.user} \\(a further account`));
    const request = (await card.locator('dd.request').innerText()).replace(/\s+/g, ' ');
    expect(request).toContain('en_gb PATCH /community/v1/members/{id}');
    expect(request).toMatch(
      new RegExp(
        `curl -sS -X PATCH '${server.url}/en_gb/wp-json/community/v1/members/\\d+' .*-u "${server.member.user}:\\$${MEMBER_PASSWORD_VARIABLE}".*administrator`,
      ),
    );
    expect(await card.locator('dd.impact').innerText()).toContain('raised its own roles to administrator');
    const page_text = await page.locator('#security').innerText();
    for (const secret of [server.admin.password, server.member.password, server.otherMember.password]) expect(page_text).not.toContain(secret);
    // Its link leads to the whole finding below.
    const finding = await card.getAttribute('data-finding');
    expect(await page.locator(`#finding-${finding}`).count()).toBe(1);
  });

  it('draws the time per phase and the findings per namespace and per check as SVG, with labels and numbers', async () => {
    const rows = (chart: string) =>
      page.$$eval(`#${chart} g.bar-row`, (groups) =>
        groups.map((group) => ({
          label: group.querySelector('.bar-label')?.textContent ?? '',
          value: group.querySelector('.bar-value')?.textContent ?? '',
          bars: Array.from(group.querySelectorAll('rect.bar')).map((bar) => bar.getBoundingClientRect().width),
        })),
      );
    for (const chart of ['chart-phases', 'chart-namespaces', 'chart-checks']) {
      expect(await page.locator(`svg#${chart}`).isVisible()).toBe(true);
    }
    const phases = await rows('chart-phases');
    expect(phases.map((row) => row.label)).toEqual(phasesRun);
    expect(phasesRun).toContain('auth');
    const auth = phases.find((row) => row.label === 'auth')!;
    // The run's default time budget: each phase against its share, its requests after.
    expect(auth.value).toMatch(/^\d+(\.\d)? s of \d+(\.\d)? s, \d+ requests(, cut short)?$/);
    expect(Math.max(...auth.bars)).toBeGreaterThan(1);

    const namespaceOf = namespaceResolver(result.coverage);
    const community = result.findings.filter((finding) => namespaceOf(finding) === 'community/v1').length;
    const namespaces = await rows('chart-namespaces');
    expect(namespaces).toContainEqual(expect.objectContaining({ label: 'community/v1', value: `${community} failures` }));

    const checks = await rows('chart-checks');
    const escalations = result.findings.filter((finding) => finding.check === 'access_role_escalation').length;
    expect(checks).toContainEqual(
      expect.objectContaining({ label: 'access_role_escalation', value: `${escalations} failure${escalations === 1 ? '' : 's'} (security)` }),
    );
    const serverErrors = result.findings.filter((finding) => finding.check === 'not_a_server_error').length;
    const row = checks.find((entry) => entry.label === 'not_a_server_error')!;
    expect(row.value).toBe(`${serverErrors} failures`);
    // The longest bar belongs to the check with the most findings.
    const widest = checks.reduce((best, entry) => (Math.max(...entry.bars) > Math.max(...best.bars) ? entry : best));
    expect(widest).toBe(checks[0]);
  });

  it('fits the window: nothing makes the page scroll sideways', async () => {
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  });

  it('folds the list of checks, closed until asked for', async () => {
    const list = page.locator('#checks-list');
    expect(await list.getAttribute('open')).toBeNull();
    expect(await list.locator('summary').innerText()).toMatch(/^\d+ checks enabled$/);
    expect(await list.locator('p').isVisible()).toBe(false);
  });

  it('shows no banner for a complete run', async () => {
    expect(result.incomplete).toEqual([]);
    expect(await page.locator('.notice').count()).toBe(0);
  });

  it('shows one banner listing every reason for an incomplete run, each once', async () => {
    const incomplete = await browser.newPage({ viewport: { width: 1360, height: 1000 } });
    try {
      await incomplete.goto(pathToFileURL(INCOMPLETE_REPORT).href);
      expect(await incomplete.locator('.notice').count()).toBe(1);
      const banner = incomplete.locator('#incomplete');
      expect(await banner.isVisible()).toBe(true);
      expect(await banner.locator('li').allInnerTexts()).toEqual(['stopped early: time budget; the results cover what ran before', UNREACHED]);
      const text = await incomplete.locator('main').innerText();
      expect(text.split('stopped early: time budget').length - 1).toBe(1);
      // Still the first thing under the header, above the security section.
      const [bannerBox, securityBox] = await Promise.all([banner.boundingBox(), incomplete.locator('#security').boundingBox()]);
      expect(bannerBox!.y).toBeLessThan(securityBox!.y);
    } finally {
      await incomplete.close();
    }
  });

  it('renders the summary with a failed verdict', async () => {
    expect(await page.title()).toBe(`restconform report: ${server.url}`);
    const verdict = page.locator('#verdict');
    await expect.poll(() => verdict.isVisible()).toBe(true);
    expect(await verdict.textContent()).toMatch(/^restconform: \d+ passed, [1-9]\d* failed, \d+ warned, \d+ not applicable$/);
    expect(await verdict.getAttribute('class')).toContain('failed');
    expect(await page.locator('#summary').isVisible()).toBe(true);
  });

  it('shows the route × locale × method matrix with the failing route marked, cells in view beside their routes', async () => {
    expect(await page.locator('#matrix').isVisible()).toBe(true);
    const pingRow = page.locator('#matrix tr.route-row', { has: page.locator('th.route', { hasText: /^\/seo\/v1\/ping$/ }) });
    const failed = pingRow.locator('td.r-failed').first();
    expect(await failed.isVisible()).toBe(true);
    expect(await page.locator('#matrix td.r-passed').count()).toBeGreaterThan(100);
    // Rendered is not enough: a person must see the cells next to the route names without scrolling sideways.
    const wrap = page.locator('.matrix-wrap');
    await wrap.scrollIntoViewIfNeeded();
    await failed.evaluate((cell) => {
      const frame = cell.closest('.matrix-wrap') as HTMLElement;
      frame.scrollTop = (cell.parentElement as HTMLElement).offsetTop - 80;
    });
    expect(await horizontallyInside(failed, wrap)).toBe(true);
    expect(await horizontallyInside(page.locator('#matrix tbody tr.route-row td.cell').first(), wrap)).toBe(true);
    await wrap.evaluate((frame) => frame.scrollTo(0, 0));
  });

  it('shows a finding with its request, response and curl line, and never runs the response body', async () => {
    const finding = page.locator('details.finding[data-check="not_a_server_error"]').first();
    expect(await finding.isVisible()).toBe(true);
    await finding.locator('summary').click();
    expect(await finding.getAttribute('open')).not.toBeNull();
    const text = (await finding.locator('.body').innerText()).replace(/\s+/g, ' ');
    expect(text).toContain('HTTP 500');
    expect(text).toContain('<script>window.pwned = true</script>');
    expect(text).toMatch(/curl .*seo\/v1\/ping/);
    expect(text).not.toContain(server.admin.password);
    expect(await page.evaluate(() => (window as unknown as { pwned?: boolean }).pwned)).toBeUndefined();
  });

  it('filters findings by check', async () => {
    const all = await visibleFindings();
    expect(all.length).toBe(result.findings.length);
    await page.selectOption('#filter-check', 'json_content_type');
    const shown = await visibleFindings();
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.length).toBeLessThan(all.length);
    expect(shown.every((finding) => finding.check === 'json_content_type')).toBe(true);
    expect(await page.locator('#filter-count').textContent()).toBe(`${shown.length} of ${all.length} findings`);
    await page.selectOption('#filter-check', '');
    expect((await visibleFindings()).length).toBe(all.length);
  });

  it('filters findings and matrix rows by namespace', async () => {
    await page.selectOption('#filter-namespace', 'calendar/v1');
    const shown = await visibleFindings();
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.every((finding) => finding.namespace === 'calendar/v1')).toBe(true);
    expect(await page.locator('#matrix tr.route-row[data-namespace="seo/v1"]').first().isHidden()).toBe(true);
    expect(await page.locator('#matrix tr.route-row[data-namespace="calendar/v1"]').first().isVisible()).toBe(true);
    await page.selectOption('#filter-namespace', '');
    expect((await visibleFindings()).length).toBe(result.findings.length);
  });

  it('runs its own script without errors under its Content-Security-Policy', () => {
    expect(pageErrors).toEqual([]);
  });

  it('saves a screenshot as a test artefact', async () => {
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: SCREENSHOT, fullPage: true });
    expect((await stat(SCREENSHOT)).size).toBeGreaterThan(20_000);
  });
});
