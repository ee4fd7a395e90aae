import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { RunEvent } from '../engine/events.js';
import { HtmlReporter } from './html.js';
import { escapeHtml } from './html-text.js';
import { causeRun } from './testing/cause-findings.js';
import { HOSTILE_BODY, play, SYNTHETIC_FINDINGS, syntheticRun } from './testing/synthetic-run.js';

const folder = mkdtempSync(join(tmpdir(), 'restconform-html-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const count = (text: string, pattern: RegExp): number => text.match(pattern)?.length ?? 0;

async function writeHtml(name: string, events: RunEvent[] = syntheticRun()): Promise<string> {
  const path = join(folder, name, 'report.html');
  await play(new HtmlReporter(path), events);
  expect(readdirSync(join(folder, name))).toEqual(['report.html']);
  return readFileSync(path, 'utf8');
}

/** The run with one finding replaced, to put hostile text where the page shows it. */
function withFinding(patch: Partial<(typeof SYNTHETIC_FINDINGS)[number]>): RunEvent[] {
  const events = syntheticRun();
  const finished = events.at(-1) as Extract<RunEvent, { type: 'run_finished' }>;
  events[events.length - 1] = { ...finished, findings: [{ ...SYNTHETIC_FINDINGS[0]!, ...patch }, SYNTHETIC_FINDINGS[1]!] };
  return events;
}

describe('HTML reporter', () => {
  it('is one self-contained page: inline style and script, nothing fetched', async () => {
    const html = await writeHtml('self-contained');
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(count(html, /<style>/g)).toBe(1);
    expect(count(html, /<script/g)).toBe(1);
    expect(html).not.toMatch(/<script[^>]+src=/);
    expect(html).not.toMatch(/<link\b/);
    expect(html).not.toMatch(/@import|url\(/);
    expect(html).not.toMatch(/<img\b/);
  });

  it('allows exactly its own style and script in the Content-Security-Policy', async () => {
    const html = await writeHtml('csp');
    const csp = /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(html)![1]!.replace(/&#39;/g, "'");
    const script = /<script>([\s\S]*)<\/script>/.exec(html)![1]!;
    const style = /<style>([\s\S]*)<\/style>/.exec(html)![1]!;
    const hash = (text: string): string => createHash('sha256').update(text).digest('base64');
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain(`script-src 'sha256-${hash(script)}'`);
    expect(csp).toContain(`style-src 'sha256-${hash(style)}'`);
  });

  it('escapes a hostile response body', async () => {
    const html = await writeHtml('hostile-body');
    expect(HOSTILE_BODY).toContain('<script>');
    expect(html).toContain('&lt;script&gt;alert(&quot;pwned&quot;)&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt; ]]&gt; &amp;amp;');
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<img src=x');
  });

  it('escapes text that lands in attributes (routes, check names, messages)', async () => {
    const html = await writeHtml(
      'hostile-attributes',
      withFinding({ route: '/x"><script>alert(1)</script>', check: `evil" onmouseover="alert(1)`, message: "it's <b>bold</b>" }),
    );
    expect(html).not.toContain('"><script>alert(1)');
    expect(html).not.toContain(' onmouseover="alert(1)"');
    expect(html).toContain('data-check="evil&quot; onmouseover=&quot;alert(1)"');
    expect(html).toContain('it&#39;s &lt;b&gt;bold&lt;/b&gt;');
    expect(count(html, /<script/g)).toBe(1);
  });

  it('has the summary, with the same verdict as the console', async () => {
    const html = await writeHtml('summary', syntheticRun({ stoppedEarly: 'time budget', safeMethodsOnly: true }));
    expect(html).toContain(
      '<div class="verdict failed" id="verdict">restconform: 13 passed, 1 failed, 1 warned, 0 not applicable; 1 of 6 operations got no request</div>',
    );
    // One banner for the incomplete run, each reason once.
    expect(count(html, /class="notice/g)).toBe(1);
    expect(count(html, /stopped early: time budget/g)).toBe(1);
    expect(html).toContain('<li>only GET, HEAD and OPTIONS were sent (the target is not on loopback)');
    expect(html).toContain('<dt>Seed</dt><dd>42 (--seed 42 repeats this run)</dd>');
    // A skipped phase is not listed as one of the run's phases, but apart, with its reason.
    expect(html).toContain('<dt>Phases</dt><dd>contract, examples, fuzz</dd>');
    expect(html).toContain('<dt>Skipped phases</dt><dd>stateful (no credentials: pass --user and set RESTCONFORM_APP_PASSWORD)</dd>');
  });

  it('draws the route × locale × method matrix coloured by result', async () => {
    const html = await writeHtml('matrix');
    const matrix = /<table id="matrix">[\s\S]*?<\/table>/.exec(html)![0];
    expect(count(matrix, /<tr class="route-row"/g)).toBe(2);
    expect(count(matrix, /<tr class="namespace-row"/g)).toBe(2);
    expect(count(matrix, /class="cell r-passed/g)).toBe(3);
    expect(count(matrix, /class="cell r-failed/g)).toBe(1);
    expect(count(matrix, /class="cell r-warning/g)).toBe(1);
    expect(count(matrix, /class="cell r-uncovered/g)).toBe(1);
    expect(count(matrix, /class="cell absent/g)).toBe(2);
    expect(matrix).toContain('<th class="locale" colspan="2">en_gb</th><th class="locale" colspan="2">el</th>');
    expect(matrix).toContain('<a class="mark" href="#finding-F1">✗</a>');
    expect(matrix).toContain('data-namespace="community/v1" data-checks="invalid_rejected"');
    expect(html).toMatch(/<div class="legend">.*passed.*failure.*warning only.*not covered/);
  });

  it('draws the access matrix: one column per identity, least privileged first, status and code per cell, escaped', async () => {
    const html = await writeHtml('access');
    const access = /<section id="access">[\s\S]*?<\/section>/.exec(html)![0];
    expect(count(access, /<tr><td class="mono">/g)).toBe(2);
    expect(access).toMatch(/<th[^>]*>anonymous<br>.*<th[^>]*>alice<br><span class="muted">member<\/span><\/th><th[^>]*>admin<br>/);
    expect(access).toContain('<td class="access-refused" title="Allow: GET">401 <span class="mono">&lt;b&gt;rest_forbidden&lt;/b&gt;</span></td>');
    expect(access).toContain('<td class="access-ok" title="Allow: GET, POST">201</td>');
    expect(access).toContain('<td class="access-fail">no answer</td>');
    // alice was not tried on the second row.
    expect(access).toContain('<td class="muted">–</td>');
  });

  it('shows each finding with request, response and curl, in an element the filters can select', async () => {
    const html = await writeHtml('findings');
    expect(count(html, /<details class="finding /g)).toBe(2);
    const f1 = /<details class="finding failure" id="finding-F1"[^>]*>[\s\S]*?<\/details>/.exec(html)![0];
    expect(f1).toContain('data-check="invalid_rejected" data-namespace="community/v1" data-severity="failure"');
    expect(f1).toContain('POST http://127.0.0.1:8080/en_gb/wp-json/community/v1/members');
    expect(f1).toContain('authorization: Basic [REDACTED]');
    expect(f1).toContain('HTTP 201\ncontent-type: text/html; charset=UTF-8');
    expect(f1).toContain(escapeHtml(SYNTHETIC_FINDINGS[0]!.curl[0]!));
    expect(f1).toContain('argument &quot;email&quot;, seen 3 times (the first shown)');
    expect(html).toContain('<select id="filter-check"><option value="">all checks</option><option value="invalid_rejected">invalid_rejected (1)</option>');
    expect(html).toContain(
      '<select id="filter-namespace"><option value="">all namespaces</option><option value="community/v1">community/v1</option><option value="seo/v1">seo/v1</option></select>',
    );
  });

  it('shows a race finding as one group: the requests sent together, each with its curl line and answer, then the reads', async () => {
    const url = 'http://127.0.0.1:8080/en_gb/wp-json/community/v1/members';
    const post = { method: 'POST', url, headers: { authorization: 'Basic [REDACTED]' }, body: '{"user_login":"rc1","email":"rc1@example.org"}' };
    const read = { method: 'GET', url: `${url}?search=rc1`, headers: { authorization: 'Basic [REDACTED]' } };
    const steps = [
      ...Array.from({ length: 8 }, (_, index) => ({ role: 'race' as const, request: post, answered: index < 3 ? '201' : '400 existing_user_email' })),
      { role: 'read' as const, request: read, answered: '200' },
    ];
    const curl = [...Array.from({ length: 8 }, (_, index) => `curl -sS -X POST '${url}' --data-raw 'racer ${index + 1}'`), `curl -sS '${url}?search=rc1'`];
    const html = await writeHtml(
      'race',
      withFinding({
        check: 'concurrent_create',
        message: '8 community/v1 members creates sent together with the same email: 3 succeeded',
        curl,
        replay: {
          seed: 7,
          operationId: 'en_gb POST /community/v1/members',
          phase: 'concurrency',
          race: { steps, evidence: { shared: { email: 'rc1@example.org' } } },
        },
      }),
    );
    const f1 = /<details class="finding failure" id="finding-F1"[^>]*>[\s\S]*?<\/details>/.exec(html)![0];
    const group = /<div class="race-block race-race" data-role="race">([\s\S]*?)<\/div><div class="race-block race-read"/.exec(f1)![1]!;
    expect(group).toContain('<h4>race of 8 requests sent together</h4>');
    expect(count(group, /<div class="curl-line">/g)).toBe(8);
    for (let index = 1; index <= 8; index += 1) expect(group).toContain(escapeHtml(`--data-raw 'racer ${index}'`));
    expect(count(group, />201<\/span>/g)).toBe(3);
    expect(count(group, />400 existing_user_email<\/span>/g)).toBe(5);
    const reads = /<div class="race-block race-read" data-role="read">([\s\S]*?)<\/div><\/div>/.exec(f1)![1]!;
    expect(reads).toContain('<h4>read after, 1 request</h4>');
    expect(reads).toContain(escapeHtml(`curl -sS '${url}?search=rc1'`));
    // The other finding keeps its plain curl lines.
    expect(html).not.toMatch(/id="finding-F2"[\s\S]*race-block/);
  });

  it('puts the findings first, each message on its summary line, the filters beside them', async () => {
    const html = await writeHtml('findings-first', withFinding({ known: 'listed in known.json: the members plugin accepts it' }));
    const at = (marker: string): number => {
      const index = html.indexOf(marker);
      expect(index, marker).toBeGreaterThan(-1);
      return index;
    };
    // Summary, then findings, then the checks table and the route matrix.
    expect(at('<section id="summary">')).toBeLessThan(at('<section id="findings">'));
    expect(at('<section id="findings">')).toBeLessThan(at('<section id="checks">'));
    expect(at('<section id="findings">')).toBeLessThan(at('<section id="coverage">'));
    // The filters are inside the findings section, in the column beside the list.
    const section = /<section id="findings">[\s\S]*?<\/section>/.exec(html)![0];
    expect(section).toMatch(
      /<div class="findings-layout">\s*<aside class="filters"[\s\S]*id="filter-check"[\s\S]*id="filter-severity"[\s\S]*id="filter-namespace"[\s\S]*<\/aside>\s*<div class="findings-list">/,
    );
    // Collapsed, a finding still shows its message (and a known one its reason): both are in <summary>.
    for (const finding of SYNTHETIC_FINDINGS) {
      const summary = new RegExp(`<details class="finding [^"]*" id="finding-${finding.id}"[^>]*>\\s*<summary>([\\s\\S]*?)</summary>`).exec(html)![1]!;
      expect(summary).toContain(`<span class="message">${escapeHtml(finding.message)}</span>`);
    }
    expect(html).toContain('<span class="known-reason muted">known: listed in known.json: the members plugin accepts it</span>');
    expect(html).toContain('data-severity="known"');
    // The checks table counts the known pair apart, beside the not-applicable ones.
    expect(html).toContain('<th>known</th><th>not applicable</th>');
    expect(html).toMatch(/<tr><td class="mono">invalid_rejected<\/td><td>4<\/td><td>0<\/td><td>0<\/td><td>1<\/td><td>0<\/td>/);
    expect(html).toContain(
      '<select id="filter-severity"><option value="">all</option><option value="warning">warning (1)</option><option value="known">known (1)</option></select>',
    );
  });

  it('puts new failures first, then the causes that touch the most operations, with the error code on the folded line', async () => {
    const html = await writeHtml('causes', causeRun());
    const ids = [...html.matchAll(/<details class="finding [^"]*" id="finding-(F\d+)"/g)].map((match) => match[1]);
    expect(ids).toEqual(['F5', 'F6', 'F7', 'F8', 'F9', 'F1', 'F2', 'F3', 'F4']);
    const summary = (id: string): string => new RegExp(`id="finding-${id}"[^>]*>\\s*<summary>([\\s\\S]*?)</summary>`).exec(html)![1]!;
    expect(summary('F8')).toContain('http_request_failed');
    expect(summary('F5')).toContain('internal_server_error');
    expect(summary('F9')).not.toContain('internal_server_error');
    // A cause seen on several operations is one entry: its first finding, the others folded under it.
    const cause = /<div class="cause" data-check="auth_wrong_credentials"[\s\S]*?<\/details>\s*<\/details>\s*<\/div>/.exec(html)![0];
    expect(cause).toContain('the same cause on 3 operations');
    expect(cause).toMatch(/<details class="cause-more"><summary>2 more operations with this cause<\/summary>[\s\S]*id="finding-F2"[\s\S]*id="finding-F3"/);
  });

  it('escapeHtml covers the five special characters', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe('&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;');
  });
});

describe('HTML reporter: sequences', () => {
  it('lists each sequence with its outcome and steps, and what the clean-up could not remove', async () => {
    const events = syntheticRun();
    const finished = events.pop()!;
    events.push(
      {
        type: 'sequence',
        sequence: {
          phase: 'stateful',
          locale: null,
          name: 'wp/v2 posts life cycle',
          family: 'wp/v2 posts',
          outcome: 'passed',
          steps: [{ step: 'create wp/v2 posts', outcome: 'ok', detail: 'id 5' }],
          leftovers: [],
        },
      },
      {
        type: 'sequence',
        sequence: {
          phase: 'stateful',
          locale: null,
          name: 'wp/v2 types life cycle',
          family: 'wp/v2 types',
          outcome: 'skipped',
          reason: 'no create: <b>the</b> collection route serves no POST',
          steps: [],
          leftovers: [],
        },
      },
      { type: 'cleanup', removed: 3, kept: 0, leftovers: ['wp/v2 tags 9: 500'] },
      finished,
    );
    const html = await writeHtml('sequences', events);
    expect(html).toContain('<td>wp/v2 posts life cycle</td><td>passed</td>');
    expect(html).toContain('create wp/v2 posts: ok (id 5)');
    expect(html).toContain('no create: &lt;b&gt;the&lt;/b&gt; collection route serves no POST');
    expect(html).toContain('Clean-up: 3 resources the run made removed; not removed: wp/v2 tags 9: 500.');
  });
});

describe('HTML reporter: how to reproduce a finding', () => {
  /** The synthetic run as a plain WordPress run (`--locales none`) against a remote target, with a sequence finding as F2. */
  function plainWordPressRun(): RunEvent[] {
    const events = syntheticRun();
    const started = events[0] as Extract<RunEvent, { type: 'run_started' }>;
    events[0] = { ...started, target: 'http://wp.example', locales: [null] };
    const finished = events.at(-1) as Extract<RunEvent, { type: 'run_finished' }>;
    const sequence = {
      ...SYNTHETIC_FINDINGS[1]!,
      check: 'use_after_delete',
      locale: null,
      curl: ['curl one', 'curl two'],
      replay: { seed: 42, operationId: '- GET /wp/v2/posts', phase: 'stateful' },
    };
    events[events.length - 1] = { ...finished, findings: [{ ...SYNTHETIC_FINDINGS[0]!, locale: null }, sequence] };
    return events;
  }

  it('offers replay for a single request, and for a sequence the run that finds it again against the same target', async () => {
    const html = await writeHtml('reproduce-plain-wordpress', plainWordPressRun());
    expect(html).toContain('restconform replay REPORT.json F1');
    expect(html).not.toContain('restconform replay REPORT.json F2');
    expect(html).toContain('restconform run --base-url http://wp.example --locales none --seed 42 --phases stateful');
  });
});
