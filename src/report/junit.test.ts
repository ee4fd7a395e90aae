import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { RunEvent } from '../engine/events.js';
import { JunitReporter, xmlSafe } from './junit.js';
import { ANONYMOUS_WRITE, EMAIL_SHOWN, ROLE_ESCALATION, runWithFindings } from './testing/security-findings.js';
import { play, SYNTHETIC_FINDINGS, syntheticRun } from './testing/synthetic-run.js';

const folder = mkdtempSync(join(tmpdir(), 'restconform-junit-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const count = (text: string, pattern: RegExp): number => text.match(pattern)?.length ?? 0;

async function writeXml(name: string, events: RunEvent[]): Promise<string> {
  const path = join(folder, name, 'junit.xml');
  await play(new JunitReporter(path), events);
  expect(readdirSync(join(folder, name))).toEqual(['junit.xml']);
  return readFileSync(path, 'utf8');
}

/** The synthetic run as shard 1/2, whose sequences also reached two operations of shard 2, one with a finding there. */
function shardRun(): RunEvent[] {
  const events = syntheticRun();
  const started = events[0] as Extract<RunEvent, { type: 'run_started' }>;
  events[0] = { ...started, shard: { index: 1, count: 2 } };
  const finished = events.at(-1) as Extract<RunEvent, { type: 'run_finished' }>;
  const foreign = (route: string) => ({
    locale: 'en_gb',
    method: 'GET',
    route,
    namespace: 'badges',
    requests: 3,
    statuses: { '200': 2, '500': 1 },
    notes: [],
    otherShard: true,
  });
  const crash = { ...SYNTHETIC_FINDINGS[0]!, id: 'F3', check: 'not_a_server_error', method: 'GET', route: '/badges/b', message: 'answered 500' };
  events[events.length - 1] = {
    ...finished,
    coverage: [...finished.coverage, foreign('/badges/a'), foreign('/badges/b')],
    findings: [...finished.findings, crash],
  };
  return events;
}

describe('JUnit reporter', () => {
  it('leaves out not-applicable pairs, and writes no suite that would be empty', async () => {
    const events = syntheticRun();
    const finished = events.at(-1) as Extract<RunEvent, { type: 'run_finished' }>;
    // An operation alone in its namespace whose every check had nothing to judge (applied: none).
    const idle = { locale: 'en_gb', method: 'GET', route: '/idle/v1/ping', namespace: 'idle/v1', requests: 2, statuses: { '200': 2 }, notes: [], applied: [] };
    events[events.length - 1] = { ...finished, coverage: [...finished.coverage, idle] };
    const xml = await writeXml('not-applicable', events);
    expect(xml).not.toContain('idle/v1');
    expect(count(xml, /<testsuite[\s>]/g)).toBe(count(xml, /<\/testsuite>/g));
    expect(count(xml, /<testsuite [^>]*\/>/g)).toBe(0);
  });

  it('counts a shard’s own operations only: another shard’s shows with the findings made there, nothing else', async () => {
    const whole = await writeXml('unsharded', syntheticRun());
    const xml = await writeXml('shard-1-of-2', shardRun());
    // One case more than the whole run (the finding on shard 2's /badges/b), none for its passing pairs.
    expect(count(xml, /<testcase /g)).toBe(count(whole, /<testcase /g) + 1);
    expect(xml).not.toContain('/badges/a');
    expect(count(xml, /name="GET \/badges\/b [a-z_]+"/g)).toBe(1);
    expect(xml).toMatch(/name="GET \/badges\/b not_a_server_error">\s*<failure message="answered 500"/);
  });

  it('has one suite per locale and namespace and one case per (operation, check) that ran', async () => {
    const xml = await writeXml('plain', syntheticRun());
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    // Four namespaces, and the untested: the operation no request reached and the skipped phase, each skipped.
    expect(count(xml, /<testsuite /g)).toBe(5);
    expect(count(xml, /<testcase /g)).toBe(17);
    expect(count(xml, /<skipped\/>/g)).toBe(2);
    expect(xml).toMatch(/name="POST \/community\/v1\/members">\s*<skipped\/>\s*<system-out><!\[CDATA\[no request reached it/);
    expect(xml).toMatch(/name="phase stateful">\s*<skipped\/>\s*<system-out><!\[CDATA\[no credentials/);
    expect(count(xml, /<failure /g)).toBe(1);
    expect(count(xml, /<system-out>/g)).toBe(3);
    expect(xml).toMatch(/<testsuites name="restconform http:\/\/127\.0\.0\.1:8080" tests="17" failures="1"/);
    expect(xml).toContain('<testsuite name="en_gb community/v1"');
    // The uncovered operation (el POST members) has no check cases: one skipped case says no request reached it.
    expect(count(xml, /classname="restconform\.el\.community\/v1" name="POST/g)).toBe(1);
  });

  it('puts the message in the failure and the curl line in its body', async () => {
    const xml = await writeXml('failure', syntheticRun());
    const failure = /<testcase classname="([^"]+)" name="([^"]+)">\s*<failure message="([^"]*)" type="([^"]+)"><!\[CDATA\[([\s\S]*?)\]\]><\/failure>/.exec(xml);
    expect(failure).not.toBeNull();
    const [, className, name, message, type, body] = failure!;
    expect(className).toBe('restconform.en_gb.community/v1');
    expect(name).toBe('POST /community/v1/members invalid_rejected');
    expect(message).toContain('invalid value accepted: email = &quot;not-an-email&quot;');
    expect(type).toBe('invalid_rejected');
    expect(body).toContain(SYNTHETIC_FINDINGS[0]!.curl[0]);
    expect(body).toContain('(argument "email", seen 3 times (the first shown))');
  });

  it('shows warnings as system-out on a passing case', async () => {
    const xml = await writeXml('warning', syntheticRun());
    expect(xml).toMatch(/name="GET \/seo\/v1\/options json_content_type">\s*<system-out><!\[CDATA\[\[F2\] warning: response Content-Type/);
  });

  it('falls back to the checks that reported something when run_finished does not name them', async () => {
    const xml = await writeXml('fallback', syntheticRun({ withoutChecks: true }));
    expect(count(xml, /<testcase /g)).toBe(12);
  });

  it('survives hostile text: control characters and CDATA terminators', async () => {
    const events = syntheticRun();
    const finished = events.at(-1) as Extract<RunEvent, { type: 'run_finished' }>;
    const hostile = { ...SYNTHETIC_FINDINGS[0]!, message: 'bad \u0000\u0007 bytes ]]> and ]]> again', curl: ["curl 'x' --data-raw ']]>'"] };
    events[events.length - 1] = { ...finished, findings: [hostile, SYNTHETIC_FINDINGS[1]!] };
    const xml = await writeXml('hostile', events);
    expect(xml).not.toMatch(/[\u0000-\u0008]/);
    expect(count(xml, /<!\[CDATA\[/g)).toBe(count(xml, /\]\]>/g));
    expect(xml).toContain('bad \uFFFD\uFFFD bytes ]] > and ]] > again');
  });

  it('xmlSafe keeps ordinary text and surrogate pairs', () => {
    expect(xmlSafe('Ελληνικά 🙂 <ok>')).toBe('Ελληνικά 🙂 <ok>');
    expect(xmlSafe('\uD800x')).toBe('\uFFFDx');
  });

  /** The whole `<testcase>` element of en_gb community/v1 named `name` (attribute-escaped), or undefined. */
  const caseNamed = (xml: string, name: string, className = 'restconform.en_gb.community/v1'): string | undefined =>
    new RegExp(`<testcase classname="${className}" name="${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"(?:/>|>[\\s\\S]*?</testcase>)`).exec(xml)?.[0];
  const CONCERN = /^<testcase classname="[^"]*" name="[^"]*">\s*<properties>\s*<property name="concern" value="security"\/>\s*<\/properties>/;

  it('marks a security failure: the concern property first in its case, the message opening with "security: ", the check as its type', async () => {
    const xml = await writeXml('security', runWithFindings());
    const role = caseNamed(xml, `PATCH ${ROLE_ESCALATION.route.replace('<', '&lt;')} access_role_escalation`);
    expect(role).toMatch(CONCERN);
    expect(role).toMatch(/<\/properties>\s*<failure message="security: member \(member\) raised its own roles[^"]*" type="access_role_escalation">/);
    const anonymous = caseNamed(xml, 'POST /community/v1/groups ignored_auth');
    expect(anonymous).toMatch(CONCERN);
    expect(anonymous).toContain(`<failure message="security: ${ANONYMOUS_WRITE.message}" type="ignored_auth">`);
    expect(caseNamed(xml, 'GET /community/v1/members no_sensitive_data')).toContain('<failure message="security: $[0].email shows');
    expect(count(xml, /<failure message="security: /g)).toBe(3);
    // A conformance failure is as it was: no properties, its message alone.
    const invalid = caseNamed(xml, 'POST /community/v1/members invalid_rejected');
    expect(invalid).not.toContain('<properties>');
    expect(invalid).toMatch(/<failure message="invalid value accepted/);
    // Still well formed: the CI view counts the same cases and failures.
    expect(xml).toMatch(/<testsuites [^>]*tests="\d+" failures="4"/);
    expect(count(xml, /<properties>/g)).toBe(count(xml, /<\/properties>/g));
    expect(count(xml, /<testcase /g)).toBe(count(xml, /<testcase classname="[^"]*" name="[^"]*"\/>/g) + count(xml, /<\/testcase>/g));
  });

  it('marks the cases of a security check that found something, warned or known too, and no other', async () => {
    const warned = { ...ANONYMOUS_WRITE, severity: 'warning' as const };
    const known = { ...EMAIL_SHOWN, known: 'the directory is public by design' };
    const xml = await writeXml('security-standing', runWithFindings([warned, known]));
    expect(caseNamed(xml, 'POST /community/v1/groups ignored_auth')).toMatch(
      /^<testcase classname="[^"]*" name="[^"]*">\s*<properties>\s*<property name="concern" value="security"\/>\s*<\/properties>\s*<system-out><!\[CDATA\[\[F4\] warning: /,
    );
    expect(caseNamed(xml, 'GET /community/v1/members no_sensitive_data')).toMatch(
      /^<testcase classname="[^"]*" name="[^"]*">\s*<properties>\s*<property name="concern" value="security"\/>\s*<\/properties>\s*<skipped\/>\s*<system-out><!\[CDATA\[known: the directory/,
    );
    // A passing case of a security check stays as it was: it has nothing to mark.
    expect(caseNamed(xml, 'GET /seo/v1/options ignored_auth', 'restconform.el.seo/v1')).toMatch(/^<testcase [^>]*\/>$/);
    // Each marked case is a security check's; the conformance checks' cases carry nothing new.
    const marked = [...xml.matchAll(/<testcase classname="[^"]*" name="[^"]* ([a-z_]+)">\s*<properties>\s*<property name="concern" value="security"\/>/g)].map(
      (m) => m[1],
    );
    expect(marked.sort()).toEqual(['ignored_auth', 'no_sensitive_data']);
    expect(count(xml, /<property /g)).toBe(marked.length);
    expect(count(xml, /<failure /g)).toBe(1);
  });
});
