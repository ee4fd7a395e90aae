import { describe, expect, it } from 'vitest';
import type { RunEvent } from '../engine/events.js';
import { ConsoleReporter } from './console.js';
import { causeRun } from './testing/cause-findings.js';
import { ANONYMOUS_WRITE, EMAIL_SHOWN, ROLE_ESCALATION, runWithFindings } from './testing/security-findings.js';
import { play, syntheticRun } from './testing/synthetic-run.js';
import { TextSink } from './testing/text-sink.js';

async function render(events: RunEvent[], clock = () => 0): Promise<{ out: string; progress: string }> {
  const out = new TextSink();
  const progress = new TextSink();
  await play(new ConsoleReporter({ out, progress, now: clock, color: false }), events);
  return { out: out.text, progress: progress.text };
}

describe('console reporter', () => {
  it('prints a header with target, seed, locales and phases', async () => {
    const { out } = await render(syntheticRun());
    expect(out).toMatch(/^restconform 0\.1\.0\n/);
    expect(out).toContain('  target   http://127.0.0.1:8080\n');
    expect(out).toContain('  seed     42');
    expect(out).toContain('  locales  en_gb, el\n');
    expect(out).toContain('  phases   asked for: contract, examples, fuzz, stateful\n');
    expect(out).not.toContain('SAFE METHODS ONLY');
  });

  it('lists the phases asked for in the header, and in the summary those that ran apart from those skipped, with the reason', async () => {
    const { out } = await render(syntheticRun());
    const summary = out.slice(out.indexOf('Summary'));
    expect(summary).toContain(
      '\nPhases run: contract, examples, fuzz\nSkipped phases\n  stateful: no credentials: pass --user and set RESTCONFORM_APP_PASSWORD\n',
    );
  });

  it('names the shard of a split run in the header', async () => {
    expect((await render(syntheticRun())).out).not.toContain('  shard ');
    const [started, ...rest] = syntheticRun();
    const { out } = await render([{ ...(started as Extract<RunEvent, { type: 'run_started' }>), shard: { index: 2, count: 4 } }, ...rest]);
    expect(out).toContain("  shard    2/4  (restconform merge joins the shards' JSON reports)\n");
  });

  it('says loudly when only safe methods will be sent', async () => {
    const { out } = await render(syntheticRun({ safeMethodsOnly: true }));
    expect(out).toContain('!!! SAFE METHODS ONLY: the target is not on loopback, so only GET, HEAD and OPTIONS will be sent.');
  });

  it('summarises per namespace', async () => {
    const { out } = await render(syntheticRun());
    const table = out.slice(out.indexOf('Summary'));
    expect(table).toMatch(/namespace\s+operations\s+requests\s+failures\s+warnings/);
    expect(table).toMatch(/community\/v1\s+4\s+110\s+1\s+0\n/);
    expect(table).toMatch(/seo\/v1\s+2\s+10\s+0\s+1\n/);
    expect(table).toMatch(/total\s+6\s+120\s+1\s+1\n/);
  });

  it('lists findings with severity, check, locale, method, route, message, count and curl', async () => {
    const { out } = await render(syntheticRun());
    const findings = out.slice(out.indexOf('Findings'));
    expect(findings.indexOf('F1 failure  invalid_rejected')).toBeLessThan(findings.indexOf('F2 warning  json_content_type'));
    expect(findings).toContain('F1 failure  invalid_rejected  en_gb POST /community/v1/members  (argument "email", seen 3 times (the first shown))');
    expect(findings).toContain('invalid value accepted: email = "not-an-email"');
    expect(findings).toContain("$ curl -X POST 'http://127.0.0.1:8080/en_gb/wp-json/community/v1/members'");
    expect(findings).toContain('F2 warning  json_content_type  el GET /seo/v1/options\n');
    expect(out).toContain('stateful: no credentials');
  });

  it("puts new failures first, then the causes that touch the most operations, each once, with the answer's error code", async () => {
    const { out } = await render(causeRun());
    const findings = out.slice(out.indexOf('Findings'));
    const order = [
      'not_a_server_error  code internal_server_error: the same cause on 3 operations (the first shown)',
      'F5 failure  en_gb GET /wp/v2/block-renderer\n         answered 500',
      'F6 failure  en_gb GET /wp/v2/pattern-directory\n',
      'F7 failure  en_gb GET /wp/v2/themes\n',
      'F8 failure  not_a_server_error  en_gb GET /wp/v2/plugins  code http_request_failed\n',
      'F9 failure  response_schema  en_gb GET /wp/v2/media\n',
      'auth_wrong_credentials: the same cause on 3 operations (the first shown)',
      'F1 warning  en_gb GET /wp/v2/categories\n',
      'F4 known failure  invalid_rejected  en_gb GET /wp/v2/posts  (argument "page")\n',
    ].map((line) => findings.indexOf(line));
    expect(order.every((at) => at >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    // One cause is shown once: the first operation's curl line, the others listed.
    expect(findings).toContain('# F5');
    expect(findings).not.toContain('# F6');
    expect(findings).not.toContain('# F2');
  });

  it('counts only new findings in the failures and warnings columns, the known ones apart, as the closing line does', async () => {
    const { out } = await render(causeRun());
    const table = out.slice(out.indexOf('Summary'), out.indexOf('Findings'));
    expect(table).toMatch(/namespace\s+operations\s+requests\s+failures\s+warnings\s+known\n/);
    expect(table).toMatch(/wp\/v2\s+\d+\s+\d+\s+5\s+3\s+1\n/);
  });

  it('ends with the line CI systems read', async () => {
    const { out } = await render(syntheticRun());
    const lines = out.trimEnd().split('\n');
    expect(lines.at(-1)).toBe('restconform: 13 passed, 1 failed, 1 warned, 0 not applicable; 1 of 6 operations got no request');
    expect(out).not.toContain('stopped early');
  });

  it('gives the reason when the run stopped early, just before the closing line', async () => {
    const { out } = await render(syntheticRun({ stoppedEarly: 'time budget' }));
    expect(out.trimEnd().split('\n').slice(-2)).toEqual([
      'stopped early: time budget',
      'restconform: 13 passed, 1 failed, 1 warned, 0 not applicable; 1 of 6 operations got no request',
    ]);
  });

  it('reports phases, descriptors and warnings live on the progress stream', async () => {
    const { out, progress } = await render(syntheticRun());
    expect(progress).toContain('descriptor el: 2 routes, 3 operations from http://127.0.0.1:8080/el/wp-json/\n');
    expect(progress).toContain('  warning: route "/community/v1/odd(" skipped: unbalanced group\n');
    expect(progress).toContain('phase fuzz: 6 operations\n');
    expect(progress).toContain('phase stateful: skipped (no credentials');
    expect(progress).toContain('warning: el: 3 requests timed out\n');
    expect(out).not.toContain('phase fuzz');
  });

  it('prints a progress line about every 5 seconds when the progress stream is not a terminal', async () => {
    let now = 0;
    const clock = (): number => now;
    const events = syntheticRun();
    const progress = new TextSink();
    const reporter = new ConsoleReporter({ out: new TextSink(), progress, now: clock, color: false });
    const exchange = events.find((event) => event.type === 'exchange')!;
    reporter.onEvent(events[0]!);
    reporter.onEvent({ type: 'phase_started', phase: 'fuzz', operations: 6 });
    for (let i = 1; i <= 100; i++) {
      now = i * 110; // 100 requests over 11 s
      reporter.onEvent(exchange);
    }
    const lines = progress.text.split('\n').filter((line) => line.startsWith('progress:'));
    expect(lines).toHaveLength(2);
    expect(lines[0]).toBe('progress: fuzz 1/6 operations, 46 requests, 9.1 req/s, 0 findings');
    await reporter.close();
  });

  it('draws a progress bar when the progress stream is a terminal', async () => {
    const out = new TextSink();
    const progress = new TextSink({ tty: true });
    await play(new ConsoleReporter({ out, progress, color: false }), syntheticRun());
    expect(progress.text).toContain('\x1b[');
    expect(progress.text).toMatch(/operations \| \d+ requests \| [\d.]+ req\/s \| \d+ findings/);
    expect(out.text.trimEnd().split('\n').at(-1)).toBe('restconform: 13 passed, 1 failed, 1 warned, 0 not applicable; 1 of 6 operations got no request');
  });

  it('colours the summary only when asked', async () => {
    const out = new TextSink();
    await play(new ConsoleReporter({ out, progress: false, color: true }), syntheticRun());
    expect(out.text).toContain('\x1b[31mfailure\x1b[39m');
    expect(out.text.trimEnd().split('\n').at(-1)).toBe('restconform: 13 passed, 1 failed, 1 warned, 0 not applicable; 1 of 6 operations got no request');
  });
});

describe('console reporter: what the run left on the target', () => {
  const post = (id: string, reason: string) => ({
    kind: 'wp/v2 posts',
    locale: null,
    restUrl: 'http://127.0.0.1:8080/wp-json',
    route: '/wp/v2/posts/(?P<id>[\\d]+)',
    path: { id },
    id,
    reason,
  });
  /** A finished run whose clean-up is `cleanUp`, shown with a JSON report at `reports/report.json`. */
  async function renderLeaving(cleanUp: Extract<RunEvent, { type: 'cleanup' }>): Promise<string> {
    const events = syntheticRun();
    const out = new TextSink();
    await play(new ConsoleReporter({ out, progress: false, now: () => 0, color: false, jsonReport: 'reports/report.json' }), [
      ...events.slice(0, -1),
      cleanUp,
      events.at(-1)!,
    ]);
    return out.text;
  }

  it('lists each resource a finished run could not remove (kind, id, route, why) and the command that finishes the clean-up', async () => {
    const out = await renderLeaving({ type: 'cleanup', removed: 3, kept: 0, leftovers: ['wp/v2 posts 12: 500'], resources: [post('12', '500')] });
    expect(out).toContain('Clean-up: 3 resources the run made removed, 1 left\nLeft on the target (1 resource the run made)\n');
    expect(out).toContain('  wp/v2 posts 12  /wp/v2/posts/(?P<id>[\\d]+)  (500)\n');
    expect(out).toContain('finish the clean-up with: restconform cleanup reports/report.json\n');
  });

  it('says a second Ctrl-C skipped the clean-up, how many are left and how to finish; more than 20 are counted, not listed', async () => {
    const resources = Array.from({ length: 23 }, (_, index) => post(String(100 + index), 'not tried (second Ctrl-C: clean-up skipped)'));
    const out = await renderLeaving({
      type: 'cleanup',
      removed: 0,
      kept: 0,
      leftovers: resources.map((resource) => `wp/v2 posts ${resource.id}: ${resource.reason}`),
      resources,
      cutShort: 'second Ctrl-C: clean-up skipped',
    });
    expect(out).toContain('  wp/v2 posts 119  ');
    expect(out).not.toContain('  wp/v2 posts 120  ');
    expect(out).toContain('  … and 3 more (the JSON report lists them all)\n');
    expect(out).toContain('second Ctrl-C: clean-up skipped, 23 resources left; finish it later with: restconform cleanup reports/report.json\n');
  });

  it('says nothing is left when the clean-up removed everything, and nothing at all on the bundled server (no clean-up)', async () => {
    expect(await renderLeaving({ type: 'cleanup', removed: 4, kept: 0, leftovers: [] })).toContain('Clean-up: 4 resources the run made removed, 0 left\n');
    expect((await render(syntheticRun())).out).not.toContain('Clean-up');
  });
});

describe('console reporter: security findings', () => {
  const findingsOf = (out: string): string => out.slice(out.indexOf('\nFindings'), out.indexOf('\nPhases run'));

  it('shows the security findings first under a count line, each marked, then the others under theirs', async () => {
    const findings = findingsOf((await render(runWithFindings())).out);
    const order = [
      'Findings (security findings first; within each part, new failures first, then the causes that touch the most operations)\n',
      '\n3 security findings: accounts, roles, rights or private data\n',
      `\n  F3 failure  security  access_role_escalation  en_gb PATCH ${ROLE_ESCALATION.route}\n`,
      '\n  F4 failure  security  ignored_auth  en_gb POST /community/v1/groups  code rest_forbidden\n',
      '\n  F5 failure  security  no_sensitive_data  en_gb GET /community/v1/members\n',
      '\n2 other findings\n',
      '\n  F1 failure  invalid_rejected  en_gb POST /community/v1/members  (argument "email", seen 3 times (the first shown))\n',
      '\n  F2 warning  json_content_type  el GET /seo/v1/options\n',
    ].map((line) => findings.indexOf(line));
    expect(order.every((at) => at >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    // Only the security checks' findings carry the mark.
    expect(findings.match(/ security {2}/g)).toHaveLength(3);
  });

  it('says who acted in each security finding, by the request of its reproduction, never with a password', async () => {
    const { out } = await render(runWithFindings());
    const findings = findingsOf(out);
    expect(findings).toContain(`${ROLE_ESCALATION.message}\n       acted as member (a further account, --account): request 2 of 3 below\n`);
    expect(findings).toContain(`${ANONYMOUS_WRITE.message}\n       acted as anonymous (no credentials): request 1 of 2 below\n`);
    expect(findings).toContain(`${EMAIL_SHOWN.message}\n       acted as anonymous (no credentials): request 1 of 1 below\n`);
    // Accounts are named by login; their passwords stay in the variables the curl lines read.
    expect(findings).toContain('-u "member:$RC_MEMBER"');
    expect(out).not.toMatch(/-u "[^"$]*:[^$"]/);
    expect(findings.match(/acted as/g)).toHaveLength(3);
  });

  it('marks a security cause folded over several operations on its own line, and counts the new failures apart from known ones', async () => {
    const again = { ...ROLE_ESCALATION, id: 'F6', route: '/community/v1/groups/(?P<id>[\\d]+)', replay: { ...ROLE_ESCALATION.replay } };
    const known = { ...EMAIL_SHOWN, known: 'the directory is public by design' };
    const findings = findingsOf((await render(runWithFindings([ROLE_ESCALATION, again, known]))).out);
    expect(findings).toContain('\n3 security findings (2 new failures): accounts, roles, rights or private data\n');
    expect(findings).toContain('\n  security  access_role_escalation: the same cause on 2 operations (the first shown)\n');
    expect(findings).toContain('\n  F5 known failure  security  no_sensitive_data  en_gb GET /community/v1/members\n');
    expect(findings.indexOf('access_role_escalation: the same cause')).toBeLessThan(findings.indexOf('F5 known failure'));
    expect(findings.indexOf('F5 known failure')).toBeLessThan(findings.indexOf('2 other findings'));
  });

  it('keeps the closing line and the namespace table as they are: security findings count as any other', async () => {
    const plain = (await render(syntheticRun())).out;
    expect(findingsOf(plain)).toContain('Findings (new failures first, then the causes that touch the most operations)\n');
    expect(findingsOf(plain)).not.toMatch(/security|other finding/);
    const { out } = await render(runWithFindings());
    expect(out.trimEnd().split('\n').at(-1)).toBe('restconform: 37 passed, 4 failed, 1 warned, 0 not applicable; 1 of 6 operations got no request');
    expect(out.slice(out.indexOf('Summary'), out.indexOf('\nFindings'))).not.toContain('security');
  });
});
