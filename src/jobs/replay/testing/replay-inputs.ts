/** Test-only inputs of `replay`: a stream that keeps what it is written, and a report that holds given findings. */
import type { Finding } from '../../../checks/types.js';
import type { JsonReport } from '../../../report/json.js';

/** A writable stream that keeps everything written to it in `text`. */
export function sink(): NodeJS.WritableStream & { text: string } {
  const out = { text: '', write: (chunk: string) => ((out.text += chunk), true) };
  return out as unknown as NodeJS.WritableStream & { text: string };
}

/** The report `run --json` writes, with `findings` (valid against the report schema: replay checks it). */
export function reportOf(target: string, findings: Finding[], run: { seed: number; locales: string[] }): JsonReport {
  return {
    tool: 'restconform',
    version: '0.1.0',
    seed: run.seed,
    target,
    locales: run.locales,
    startedAt: '2025-01-01T00:00:00.000Z',
    durationMs: 1,
    summary: { requests: 1, operations: 1, failures: findings.length, warnings: 0, known: 0, unanswered: 0, answeredAsRun: 1, refusedAsRun: 0, byCheck: {} },
    coverage: [],
    findings,
  };
}
