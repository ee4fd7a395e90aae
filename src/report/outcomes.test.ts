import { describe, expect, it } from 'vitest';
import { checksOf, namespaceOfRoute, operationOutcomes, operationResult, tallyOutcomes } from './outcomes.js';
import type { RunFinishedEvent } from './run-record.js';
import { SYNTHETIC_CHECKS, SYNTHETIC_FINDINGS, syntheticRun } from './testing/synthetic-run.js';

function finishedOf(events = syntheticRun()): RunFinishedEvent {
  const finished = events.find((event) => event.type === 'run_finished');
  if (finished?.type !== 'run_finished') throw new Error('no run_finished');
  return finished;
}

describe('operation outcomes', () => {
  it('counts (operation, check) pairs over covered operations', () => {
    const operations = operationOutcomes(finishedOf());
    expect(operations).toHaveLength(6);
    expect(operations.filter((o) => o.covered)).toHaveLength(5);
    expect(tallyOutcomes(operations)).toEqual({ passed: 13, failed: 1, warned: 1, known: 0, notApplicable: 0 });
  });

  it('puts a finding on the unknown route the run probes under the root, not in a namespace of its own', () => {
    const events = syntheticRun();
    const finished = finishedOf(events);
    const probe = { ...SYNTHETIC_FINDINGS[1]!, id: 'F3', method: 'GET', route: '/restconform/no-such-route', locale: 'en_gb' };
    const operations = operationOutcomes({ ...finished, findings: [...finished.findings, probe] });
    expect(operations.find((o) => o.route === probe.route)?.namespace).toBe('');
    expect(new Set(operations.map((o) => o.namespace))).toEqual(new Set(['community/v1', 'seo/v1', '']));
  });

  it('gives each operation its worst result', () => {
    const results = operationOutcomes(finishedOf()).map((o) => `${o.locale} ${o.method} ${o.route} ${operationResult(o)}`);
    expect(results).toEqual([
      'en_gb GET /community/v1/members passed',
      'en_gb POST /community/v1/members failed',
      'en_gb GET /seo/v1/options passed',
      'el GET /community/v1/members passed',
      'el POST /community/v1/members uncovered',
      'el GET /seo/v1/options warning',
    ]);
  });

  it('falls back to the checks that reported something when run_finished does not list them', () => {
    const finished = finishedOf(syntheticRun({ withoutChecks: true }));
    expect(checksOf(finished)).toEqual(['invalid_rejected', 'json_content_type']);
    expect(tallyOutcomes(operationOutcomes(finished))).toEqual({ passed: 8, failed: 1, warned: 1, known: 0, notApplicable: 0 });
    expect(checksOf(finishedOf())).toEqual(SYNTHETIC_CHECKS);
  });

  it('adds operations known only from findings (such as contract findings), with their namespace', () => {
    const finished = finishedOf();
    const contractFinding = { ...SYNTHETIC_FINDINGS[0]!, id: 'F3', check: 'contract_route', route: '/oembed/1.0/proxy', method: 'GET' };
    const operations = operationOutcomes({ ...finished, findings: [...finished.findings, contractFinding], checks: [...SYNTHETIC_CHECKS, 'contract_route'] });
    const added = operations.find((o) => o.route === '/oembed/1.0/proxy');
    expect(added).toMatchObject({ namespace: 'oembed/1.0', requests: 0, covered: true });
    expect(operationResult(added!)).toBe('failed');
    // 6 covered operations × 4 checks: 2 pairs failed, 1 only warned.
    expect(tallyOutcomes(operations)).toEqual({ passed: 21, failed: 2, warned: 1, known: 0, notApplicable: 0 });
  });

  it('derives a namespace from a route key', () => {
    expect(namespaceOfRoute('/community/v1/members/(?P<id>[\\d]+)')).toBe('community/v1');
    expect(namespaceOfRoute('/oembed/1.0/embed')).toBe('oembed/1.0');
    expect(namespaceOfRoute('/badges/ranks')).toBe('badges');
    expect(namespaceOfRoute('/')).toBe('');
  });
});
