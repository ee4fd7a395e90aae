/**
 * How a report tells to reproduce one finding: `restconform replay` for a single request judged by an exchange
 * check, for a race, a model-based sequence or evidence gathered as several identities (what replay can re-run and judge again), else the run that finds it again: the same target, locales,
 * seed and phase.
 */
import { EXCHANGE_CHECKS } from '../checks/index.js';
import type { Finding } from '../checks/types.js';
import type { RunStartedEvent } from './run-record.js';

/** The locales a run reads without `--locales`: the reference server's. */
const DEFAULT_LOCALES = ['en_gb', 'el'];

/** Whether `restconform replay` can re-send the finding's request (or its race, or its sequence) and run its check again. */
export function isReplayable(finding: Pick<Finding, 'check' | 'replay' | 'curl'>): boolean {
  if (finding.replay.race !== undefined || finding.replay.sequence !== undefined || finding.replay.gathered !== undefined) return true;
  return EXCHANGE_CHECKS.some((check) => check.name === finding.check) && finding.replay.case !== undefined && finding.curl.length <= 1;
}

/** The `run` options that point a new run at the report's target: none for the bundled server. */
function targetOptions(started: Pick<RunStartedEvent, 'target' | 'locales' | 'bundledServer'>): string {
  if (started.bundledServer === true) return '';
  const locales = started.locales.every((locale) => locale === null)
    ? ' --locales none'
    : started.locales.join(',') === DEFAULT_LOCALES.join(',')
      ? ''
      : ` --locales ${started.locales.join(',')}`;
  return ` --base-url ${started.target}${locales}`;
}

/** The command that reproduces a finding of a run that started as `started` (`REPORT.json` stands for its JSON report). */
export function reproduceCommand(finding: Finding, started: Pick<RunStartedEvent, 'target' | 'locales' | 'bundledServer'>): string {
  if (isReplayable(finding)) return `restconform replay REPORT.json ${finding.id}`;
  return `restconform run${targetOptions(started)} --seed ${finding.replay.seed} --phases ${finding.replay.phase}`;
}
