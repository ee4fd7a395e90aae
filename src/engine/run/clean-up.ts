/**
 * Cleaning up: deleting what the run made, and the one rule that says a delete worked. A sequence deletes what it
 * made when it ends (`Sequence.finish`); at the end of a run on a foreign target, whatever is left is deleted here.
 */
import type { Operation } from '../../descriptor/types.js';
import type { Exchange } from '../../http/types.js';
import { buildRequest } from '../../request/index.js';
import type { Credentials, HttpRequest } from '../../request/types.js';
import type { RunEvent } from '../events.js';
import type { OwnedResources } from '../owned-resources.js';

/** A delete worked when it answered a success, or 404/410: the thing is gone (perhaps already). */
export function isGone(status: number | undefined): boolean {
  return status !== undefined && ((status >= 200 && status < 300) || status === 404 || status === 410);
}

/** What the end-of-run clean-up needs of the run (a `RunContext`). */
export interface CleanUpRun {
  readonly owned: Pick<OwnedResources, 'remaining' | 'deleteOf' | 'unlockOf'> | undefined;
  readonly credentials: Credentials | undefined;
  restUrl(locale: string | null): string;
  send(request: HttpRequest, op: Operation, phase: string, kind: 'sequence'): Promise<Exchange>;
}

export interface CleanUpOptions {
  /** `--no-cleanup`: leave what the run made, and say how much. */
  keepCreated: boolean;
  emit(event: RunEvent): void;
}

/**
 * Deletes what the run made and still owns, newest first (children before parents), whatever the phases left
 * (fuzzed creates, a sequence cut short). Sent even after a time budget ran out; reported as a `cleanup` event.
 */
export async function cleanUp(run: CleanUpRun, options: CleanUpOptions): Promise<void> {
  const owned = run.owned;
  if (owned === undefined) return;
  const remaining = owned.remaining();
  if (options.keepCreated) {
    options.emit({ type: 'cleanup', removed: 0, kept: remaining.length, leftovers: [] });
    return;
  }
  const leftovers: string[] = [];
  let removed = 0;
  for (const resource of remaining) {
    const remove = owned.deleteOf(resource);
    const where = `${resource.family.name} ${resource.id}`;
    if (remove === undefined) {
      leftovers.push(`${where}: no delete route`);
      continue;
    }
    const send = async (step: { op: Operation; body: Record<string, unknown> }, credentials: Credentials | undefined): Promise<number | undefined> => {
      const request = buildRequest({
        restUrl: run.restUrl(resource.locale),
        operation: step.op,
        requestCase: { operationId: step.op.id, kind: 'valid', path: resource.path, query: {}, body: step.body },
        credentials,
      });
      return (await run.send(request, step.op, 'cleanup', 'sequence')).response?.status;
    };
    const unlock = owned.unlockOf(resource);
    let status: number | undefined;
    // As its maker first (on WordPress only an author may edit their own private block), then as the run's account.
    for (const credentials of [...new Set([resource.maker ?? run.credentials, run.credentials])]) {
      status = await send(remove, credentials);
      // A resource made undeletable (a fuzzed can_delete: false, an unpublished block) is unlocked by a hinted
      // update, then deleted.
      if (!isGone(status) && unlock !== undefined && (await send(unlock, credentials)) !== undefined) status = await send(remove, credentials);
      if (isGone(status)) break;
    }
    if (isGone(status)) removed += 1;
    else leftovers.push(`${where}: ${status ?? 'no answer'}`);
  }
  options.emit({ type: 'cleanup', removed, kept: 0, leftovers });
}
