import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { afterAll, describe, expect, it } from 'vitest';
import { JsonReporter, type JsonReport } from './json.js';
import { JSON_REPORT_SCHEMA } from './report-schema.js';
import { ROLE_ESCALATION, runWithFindings } from './testing/security-findings.js';
import { play, SYNTHETIC_ACCESS, SYNTHETIC_COVERAGE, SYNTHETIC_FINDINGS, syntheticRun } from './testing/synthetic-run.js';

const folder = mkdtempSync(join(tmpdir(), 'restconform-json-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const ajv = new Ajv2020({ allErrors: true, allowUnionTypes: true });
addFormatsModule.default(ajv);
const validate = ajv.compile<JsonReport>(JSON_REPORT_SCHEMA);

async function writeReport(name: string, events = syntheticRun()): Promise<{ path: string; report: JsonReport }> {
  const path = join(folder, name, 'report.json');
  await play(new JsonReporter(path), events);
  return { path, report: JSON.parse(readFileSync(path, 'utf8')) as JsonReport };
}

describe('JSON reporter', () => {
  it('writes the report the architecture describes', async () => {
    const { report } = await writeReport('plain');
    // The architecture's keys first; then what lets a report be read back as its run (merge): phases, safety, checks.
    expect(Object.keys(report)).toEqual([
      'tool',
      'version',
      'seed',
      'target',
      'locales',
      'startedAt',
      'durationMs',
      'summary',
      'coverage',
      'findings',
      'access',
      'phases',
      'safeMethodsOnly',
      'checks',
      'outcomes',
      'incomplete',
      'skippedPhases',
    ]);
    expect(report).toMatchObject({
      tool: 'restconform',
      version: '0.1.0',
      seed: 42,
      target: 'http://127.0.0.1:8080',
      locales: ['en_gb', 'el'],
      startedAt: '2025-01-02T03:04:05.000Z',
      durationMs: 1234,
      summary: { requests: 120, operations: 6, failures: 1, warnings: 1 },
    });
    expect(report.summary.byCheck.invalid_rejected).toEqual({ failures: 1, warnings: 0 });
    expect(report.coverage).toEqual(SYNTHETIC_COVERAGE);
    expect(report.coverage[0]).toEqual({
      locale: 'en_gb',
      method: 'GET',
      route: '/community/v1/members',
      namespace: 'community/v1',
      requests: 40,
      statuses: { '200': 30, '400': 10 },
      notes: [],
    });
    expect(report.findings).toEqual(SYNTHETIC_FINDINGS);
    // The access matrix: per operation, what each identity got.
    expect(report.access).toEqual(SYNTHETIC_ACCESS);
  });

  it('validates against report.schema.json', async () => {
    const { report } = await writeReport('valid', syntheticRun({ stoppedEarly: 'interrupted' }));
    expect(validate(report), ajv.errorsText(validate.errors)).toBe(true);
    expect(report.stoppedEarly).toBe('interrupted');
  });

  it('has a schema that rejects a broken report', async () => {
    const { report } = await writeReport('broken');
    const { seed: _seed, ...withoutSeed } = report;
    expect(validate(withoutSeed)).toBe(false);
    expect(validate({ ...report, extra: true })).toBe(false);
    expect(validate({ ...report, findings: [{ ...report.findings[0], severity: 'fatal' }] })).toBe(false);
    expect(validate({ ...report, coverage: [{ ...report.coverage[0], statuses: { OK: 1 } }] })).toBe(false);
  });

  it('writes atomically: only the report is left in its folder', async () => {
    const { path } = await writeReport('atomic');
    expect(readdirSync(join(folder, 'atomic'))).toEqual(['report.json']);
    expect(readFileSync(path, 'utf8').endsWith('}\n')).toBe(true);
  });

  it('writes nothing when the run did not finish', async () => {
    const path = join(folder, 'unfinished', 'report.json');
    await play(
      new JsonReporter(path),
      syntheticRun().filter((event) => event.type !== 'run_finished'),
    );
    expect(existsSync(path)).toBe(false);
  });
  it('marks each finding of a security check with its concern, and no other', async () => {
    const { report } = await writeReport('concern', runWithFindings([ROLE_ESCALATION]));
    expect(validate(report)).toBe(true);
    expect(report.findings.map((finding) => [finding.check, finding.concern])).toEqual([
      ['invalid_rejected', undefined],
      ['json_content_type', undefined],
      ['access_role_escalation', 'security'],
    ]);
  });
});
