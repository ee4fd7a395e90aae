/** How a replay that judged a finding again says what it found: each failure, or that it no longer fails. */
import type { CheckFailure, Finding } from '../../checks/types.js';
import { redactSecrets } from '../../request/index.js';

/** Writes the verdict; resolves to the exit code (1: it still fails, 0: it no longer does). */
export function writeVerdict(
  out: NodeJS.WritableStream,
  finding: Pick<Finding, 'id' | 'check'>,
  failures: readonly CheckFailure[],
  secrets: readonly string[],
): number {
  if (failures.length > 0) {
    for (const failure of failures) out.write(`${finding.id} still fails ${finding.check}: ${redactSecrets(failure.message, secrets)}\n`);
    return 1;
  }
  out.write(`${finding.id} no longer fails ${finding.check}\n`);
  return 0;
}
