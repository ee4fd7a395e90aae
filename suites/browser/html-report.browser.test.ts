/**
 * The HTML report in a real headless browser (Debian's Chromium through playwright-core): a real run against
 * the reference server with two deliberate faults, rendered with `--html`, then opened from disk. It must
 * render, show the matrix and the findings, filter by check and namespace, and never run the server's HTML.
 * A screenshot is kept as `reports/html-report.png`, the page itself as `reports/html-report.html`.
 */
import { mkdir, stat } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runJob } from '../../src/jobs/run-job.js';
import { loadRunSettings } from '../../src/jobs/index.js';
import type { RunResult } from '../../src/engine/engine.js';
import { launchChromium } from './chromium.js';
import { startFaultyServer, type FaultyServer } from './faulty-server.js';

const REPORTS = fileURLToPath(new URL('../../reports', import.meta.url));
const HTML_REPORT = `${REPORTS}html-report.html`;
const SCREENSHOT = `${REPORTS}html-report.png`;
const PASSWORD_VARIABLE = 'RESTCONFORM_BROWSER_TEST_PASSWORD';

let server: FaultyServer;
let browser: Browser;
let page: Page;
let result: RunResult;
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
    },
  });
  const run = await runJob(settings, { console: false, env: { [PASSWORD_VARIABLE]: server.admin.password } });
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
