import { describe, expect, it } from 'vitest';
import type { Finding } from '../checks/types.js';
import { baselineEntries } from '../jobs/baseline-file.js';
import { judgeBaseline, knownEntry, type Baseline } from './baseline.js';
import type { CoverageEntry } from './events.js';

const finding = (
  check: string,
  method: string,
  route: string,
  severity: Finding['severity'] = 'failure',
  locale: string | null = null,
): Pick<Finding, 'check' | 'method' | 'route' | 'locale' | 'severity' | 'known'> => ({ check, method, route, locale, severity });
const covered = (method: string, route: string, requests = 1, locale: string | null = null): CoverageEntry => ({
  locale,
  method,
  route,
  namespace: 'wp/v2',
  requests,
  statuses: {},
  notes: [],
});

const baseline: Baseline = {
  source: 'known.json',
  entries: [
    { check: 'not_a_server_error', method: 'GET', route: '/wp/v2/search', reason: 'a crash' },
    { check: 'invalid_rejected', method: 'POST', route: '/wp/v2/posts', reason: 'not validated' },
    { check: 'invalid_rejected', method: 'PUT', route: '/wp/v2/pages', reason: 'not validated either' },
    { check: 'locale_mismatch', method: 'GET', route: '/x', locale: 'el', reason: 'Greek only' },
  ],
};

describe('a baseline', () => {
  it('knows a finding by check, method and route (and locale when the entry names one), whatever its message or severity', () => {
    expect(knownEntry(baseline, finding('not_a_server_error', 'GET', '/wp/v2/search'))?.reason).toBe('a crash');
    expect(knownEntry(baseline, finding('not_a_server_error', 'GET', '/wp/v2/search', 'warning', 'en_gb'))?.reason).toBe('a crash');
    expect(knownEntry(baseline, finding('not_a_server_error', 'POST', '/wp/v2/search'))).toBeUndefined();
    expect(knownEntry(baseline, finding('locale_mismatch', 'GET', '/x', 'failure', 'el'))?.reason).toBe('Greek only');
    expect(knownEntry(baseline, finding('locale_mismatch', 'GET', '/x', 'failure', 'en_gb'))).toBeUndefined();
    expect(knownEntry(undefined, finding('not_a_server_error', 'GET', '/wp/v2/search'))).toBeUndefined();
  });

  it('calls an entry fixed when its check ran on its route and found nothing, unchecked when the run could not tell', () => {
    const findings = [{ ...finding('not_a_server_error', 'GET', '/wp/v2/search'), known: 'a crash' }] as Finding[];
    const outcome = judgeBaseline(
      baseline,
      findings,
      ['not_a_server_error', 'invalid_rejected'],
      [covered('GET', '/wp/v2/search'), covered('POST', '/wp/v2/posts'), covered('PUT', '/wp/v2/pages', 0)],
    );
    expect(outcome.known).toBe(1);
    expect(outcome.fixed.map((entry) => `${entry.method} ${entry.route}`)).toEqual(['POST /wp/v2/posts']);
    // PUT pages got no request; locale_mismatch did not run.
    expect(outcome.unchecked.map((entry) => `${entry.check} ${entry.route}`)).toEqual(['invalid_rejected /wp/v2/pages', 'locale_mismatch /x']);
  });

  it('calls nothing fixed when the run stopped before its end (Ctrl-C, time budget): the phase that finds it may not have run', () => {
    const checks = ['not_a_server_error', 'invalid_rejected'];
    const coverage = [covered('GET', '/wp/v2/search'), covered('POST', '/wp/v2/posts')];
    const stopped = judgeBaseline(baseline, [], checks, coverage, false);
    expect(stopped.fixed).toEqual([]);
    expect(stopped.unchecked).toHaveLength(baseline.entries.length);
  });

  it('never calls an intermittent entry fixed: unseen, it is unchecked; seen, it is known like any other', () => {
    const flaky: Baseline = {
      source: 'known.json',
      entries: [{ check: 'not_a_server_error', method: 'GET', route: '/wp/v2/blocks/(?P<id>[\\d]+)', reason: 'needs a block that exists', intermittent: true }],
    };
    const checks = ['not_a_server_error'];
    const coverage = [covered('GET', '/wp/v2/blocks/(?P<id>[\\d]+)')];
    const unseen = judgeBaseline(flaky, [], checks, coverage);
    expect(unseen.fixed).toEqual([]);
    expect(unseen.unchecked.map((entry) => entry.route)).toEqual(['/wp/v2/blocks/(?P<id>[\\d]+)']);
    const seenFinding = { ...finding('not_a_server_error', 'GET', '/wp/v2/blocks/(?P<id>[\\d]+)'), known: 'needs a block that exists' } as Finding;
    expect(knownEntry(flaky, seenFinding)?.intermittent).toBe(true);
    const seen = judgeBaseline(flaky, [seenFinding], checks, coverage);
    expect({ known: seen.known, fixed: seen.fixed, unchecked: seen.unchecked }).toEqual({ known: 1, fixed: [], unchecked: [] });
    // The same entry without the flag is fixed when its route was tested and nothing was found.
    expect(judgeBaseline({ ...flaky, entries: [{ ...flaky.entries[0]!, intermittent: false }] }, [], checks, coverage).fixed).toHaveLength(1);
  });

  it('is read from a list with one line of error for a broken entry', () => {
    expect(baselineEntries([{ check: 'a', method: 'GET', route: '/x', reason: 'because' }], 'k.json')).toEqual([
      { check: 'a', method: 'GET', route: '/x', reason: 'because' },
    ]);
    expect(() => baselineEntries([{ check: 'a', method: 'GET', route: '/x', reason: '' }], 'k.json')).toThrow(/^k\.json: entry 0 has no "reason"$/);
    const entry = { check: 'a', method: 'GET', route: '/x', reason: 'because' };
    expect(() => baselineEntries([entry, entry], 'k.json')).toThrow(/^k\.json: entry 1 repeats a GET \/x$/);
    expect(() => baselineEntries({ entries: [] }, 'k.json')).toThrow(/^k\.json: expected a restconform JSON report or a JSON list/);
    expect(() => baselineEntries([{ ...entry, locale: 3 }], 'k.json')).toThrow(/"locale" that is not a string or null/);
    expect(baselineEntries([{ ...entry, intermittent: true }], 'k.json')).toEqual([{ ...entry, intermittent: true }]);
    expect(baselineEntries([{ ...entry, intermittent: false }], 'k.json')).toEqual([entry]);
    expect(() => baselineEntries([{ ...entry, intermittent: 'yes' }], 'k.json')).toThrow(/^k\.json: entry 0 has an "intermittent" that is not true or false$/);
  });
});
