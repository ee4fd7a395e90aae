import { describe, expect, it } from 'vitest';
import type { RunEvent } from '../engine/events.js';
import { renderHtmlReport } from './html.js';
import { renderSecurity } from './html-security.js';
import { RunRecorder, type RunRecord } from './run-record.js';
import { ANONYMOUS_WRITE, EMAIL_SHOWN, ROLE_ESCALATION, runWithFindings } from './testing/security-findings.js';
import { syntheticRun } from './testing/synthetic-run.js';

function record(events: readonly RunEvent[]): RunRecord {
  const recorder = new RunRecorder();
  for (const event of events) recorder.onEvent(event);
  return recorder.record()!;
}

/** The card of one finding, by its id. */
const card = (html: string, id: string): string => new RegExp(`<article class="security-finding[^"]*" id="security-${id}"[\\s\\S]*?</article>`).exec(html)![0];

describe('the security section', () => {
  it('is the first section of the page, above the summary and the findings', () => {
    const html = renderHtmlReport(record(runWithFindings()));
    const sections = [...html.matchAll(/<section id="([\w-]+)"/g)].map((match) => match[1]);
    expect(sections[0]).toBe('security');
    expect(sections.indexOf('summary')).toBeGreaterThan(0);
    expect(sections.indexOf('findings')).toBeGreaterThan(sections.indexOf('summary'));
  });

  it('holds the security findings only, counted in its heading', () => {
    const html = renderSecurity(record(runWithFindings()));
    expect(html).toContain('<h2>Security: 3 findings</h2>');
    const checks = [...html.matchAll(/<article class="security-finding[^"]*" id="security-(F\d+)" data-check="(\w+)"/g)].map((match) => match[2]);
    expect(checks.sort()).toEqual(['access_role_escalation', 'ignored_auth', 'no_sensitive_data']);
    expect(html).not.toContain('invalid_rejected');
    expect(html).not.toContain('json_content_type');
  });

  it('shows who raised the role, the request that did it with its curl line, and what it changed', () => {
    const html = card(renderSecurity(record(runWithFindings([ROLE_ESCALATION]))), 'F3');
    expect(html).toContain('<dd class="identity">member (a further account, --account)</dd>');
    expect(html).toContain('en_gb PATCH /community/v1/members/{id}</span> <span class="muted">(request 2 of 3 of its reproduction)</span>');
    expect(html).toContain('<pre id="security-curl-F3-1">curl -sS -X PATCH');
    expect(html).toContain('-u &quot;member:$RC_MEMBER&quot;');
    expect(html).toContain('raised its own roles to administrator');
    // The finding's answer is the run account's read after, not the member's write: no status is claimed for it.
    expect(html).not.toContain('answered HTTP');
    expect(html).toContain('<a href="#finding-F3">');
  });

  it('shows an anonymous caller as such, and the answer when the acting request is the finding’s last', () => {
    const section = renderSecurity(record(runWithFindings([ANONYMOUS_WRITE, EMAIL_SHOWN])));
    expect(card(section, 'F4')).toContain('<dd class="identity">anonymous (no credentials)</dd>');
    expect(card(section, 'F4')).toContain('<pre id="security-curl-F4-0">');
    expect(card(section, 'F5')).toContain('<span class="chip mono">answered HTTP 200</span>');
  });

  it('folds the same cause on other operations under its first, linked to their findings', () => {
    const again = { ...ROLE_ESCALATION, id: 'F9', locale: 'el' };
    const html = renderSecurity(record(runWithFindings([ROLE_ESCALATION, again])));
    expect(html.match(/<article /g)).toHaveLength(1);
    expect(html).toContain('<summary>1 more operation with this cause</summary>');
    // The first by route, method and locale (el before en_gb) leads; the other is linked below it.
    expect(html).toContain('id="security-F9"');
    expect(html).toContain('<a class="mono" href="#finding-F3">F3</a> <span class="mono">en_gb PATCH /community/v1/members/{id}</span>');
  });

  it('says which security checks found nothing, and that access was not tested when the auth phase was skipped', () => {
    const events = syntheticRun();
    const finished = events.at(-1) as Extract<RunEvent, { type: 'run_finished' }>;
    events[events.length - 1] = { ...finished, checks: [...finished.checks!, 'ignored_auth', 'no_sensitive_data'] };
    events.splice(1, 0, { type: 'phase_skipped', phase: 'auth', reason: 'no credentials' });
    const html = renderSecurity(record(events));
    expect(html).toContain('No security finding from 2 security checks (<span class="mono">no_sensitive_data, ignored_auth</span>).');
    expect(html).toContain('The auth phase did not run (no credentials): which account may do what was not tested.');
  });
});
