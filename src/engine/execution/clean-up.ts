/**
 * Cleaning up: deleting what the run made, and the one rule that says a delete worked. A sequence deletes what it
 * made when it ends (`StepScript.finish`); at the end of a run on a foreign target, whatever is left is deleted here.
 */
import type { Operation } from '../../descriptor/types.js';
import type { Exchange } from '../../http/types.js';
import { buildRequest } from '../../request/index.js';
import type { Credentials, HttpRequest } from '../../request/types.js';
import type { LeftResource, RunEvent } from '../events.js';
import type { OwnedResource, OwnedResources } from '../owned-resources.js';

/** A delete worked when it answered a success, or 404/410: the thing is gone (perhaps already). */
export function isGone(status: number | undefined): boolean {
  return status !== undefined && ((status >= 200 && status < 300) || status === 404 || status === 410);
}

/** What the end-of-run clean-up needs of the run (a `Execution`). */
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

/** An owned resource as the report lists it when it stays on the target. */
function leftResource(run: CleanUpRun, resource: OwnedResource, reason: string): LeftResource {
  return {
    kind: resource.family.name,
    locale: resource.locale,
    restUrl: run.restUrl(resource.locale),
    route: resource.family.item ?? resource.family.collection ?? '',
    path: resource.path,
    id: resource.id,
    ...(resource.maker === undefined ? {} : { maker: resource.maker.user }),
    reason,
  };
}

/**
 * Deletes what the run made and still owns, newest first (children before parents), whatever the phases left
 * (fuzzed creates, a sequence cut short). Sent even after a time budget ran out or an interrupt; reported as a
 * `cleanup` event, each resource left with what `restconform cleanup` needs to delete it later. A delete the sender
 * aborted (a second Ctrl-C, the clean-up's cap after an interrupt) stops the clean-up: the rest is left untried.
 */
export async function cleanUp(run: CleanUpRun, options: CleanUpOptions): Promise<void> {
  const owned = run.owned;
  if (owned === undefined) return;
  const remaining = owned.remaining();
  if (options.keepCreated) {
    const resources = remaining.map((resource) => leftResource(run, resource, 'kept (--no-cleanup)'));
    options.emit({ type: 'cleanup', removed: 0, kept: remaining.length, leftovers: [], ...(resources.length > 0 ? { resources } : {}) });
    return;
  }
  const leftovers: string[] = [];
  const resources: LeftResource[] = [];
  let removed = 0;
  let cutShort: string | undefined;
  const leave = (resource: OwnedResource, reason: string): void => {
    leftovers.push(`${resource.family.name} ${resource.id}: ${reason}`);
    resources.push(leftResource(run, resource, reason));
  };
  for (const resource of remaining) {
    if (cutShort !== undefined) {
      leave(resource, `not tried (${cutShort})`);
      continue;
    }
    const remove = owned.deleteOf(resource);
    if (remove === undefined) {
      leave(resource, 'no delete route');
      continue;
    }
    const send = async (step: { op: Operation; body: Record<string, unknown> }, credentials: Credentials | undefined): Promise<number | undefined> => {
      if (cutShort !== undefined) return undefined;
      const request = buildRequest({
        restUrl: run.restUrl(resource.locale),
        operation: step.op,
        requestCase: { operationId: step.op.id, kind: 'valid', path: resource.path, query: {}, body: step.body },
        credentials,
      });
      const exchange = await run.send(request, step.op, 'cleanup', 'sequence');
      if (exchange.error?.code === 'aborted') cutShort = exchange.error.message;
      return exchange.response?.status;
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
    else leave(resource, cutShort !== undefined && status === undefined ? `not removed (${cutShort})` : `${status ?? 'no answer'}`);
  }
  options.emit({
    type: 'cleanup',
    removed,
    kept: 0,
    leftovers,
    ...(resources.length > 0 ? { resources } : {}),
    ...(cutShort === undefined ? {} : { cutShort }),
  });
}
