/**
 * The HTML report's one banner for a run that did not test everything: every reason in one list (writes held back
 * from a remote target, the run stopped early, phases not run or cut short by their share of the time budget,
 * operations without a request), each said once, rather than a notice per reason that repeats the stop.
 */
import { escapeHtml as esc } from './html-text.js';
import type { RunRecord } from './run-record.js';

const SAFE_METHODS_ONLY =
  'only GET, HEAD and OPTIONS were sent (the target is not on loopback): POST, PUT, PATCH and DELETE were not tested; run with --allow-destructive to test them';

/** Why the run is incomplete, each reason once, in the order a person weighs them; empty for a complete run. */
export function incompleteReasons(run: Pick<RunRecord, 'started' | 'finished'>): string[] {
  const { started, finished } = run;
  const reasons: string[] = [];
  if (started.safeMethodsOnly) reasons.push(SAFE_METHODS_ONLY);
  const stop = finished.stoppedEarly === undefined ? undefined : `stopped early: ${finished.stoppedEarly}`;
  if (stop !== undefined) reasons.push(`${stop}; the results cover what ran before`);
  for (const reason of finished.incomplete ?? []) if (reason !== stop) reasons.push(reason);
  const cutShort = (finished.budget?.phases ?? []).filter((phase) => phase.cutShort).map((phase) => phase.phase);
  if (cutShort.length > 0)
    reasons.push(
      `${cutShort.length === 1 ? '1 phase cut short when its share' : `${cutShort.length} phases cut short when their share`} of the time budget ran out: ${cutShort.join(', ')} (see the time per phase)`,
    );
  return [...new Set(reasons)];
}

/** The banner, or `''` for a complete run. */
export function renderIncompleteBanner(run: Pick<RunRecord, 'started' | 'finished'>): string {
  const reasons = incompleteReasons(run);
  if (reasons.length === 0) return '';
  return `
<div class="notice incomplete${run.started.safeMethodsOnly ? ' loud' : ''}" id="incomplete" role="status">
  <strong>Incomplete run: not everything asked for was tested.</strong>
  <ul>${reasons.map((reason) => `<li>${esc(reason)}</li>`).join('')}</ul>
</div>`;
}
