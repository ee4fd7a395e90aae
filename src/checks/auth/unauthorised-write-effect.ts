/**
 * `unauthorised_write_effect`: a write by an identity that should not have been able to make it, judged by what it
 * changed. The auth phase sends such a write again (a write that succeeded for an identity whose read of the same
 * route or item is refused, to an item it did not make, or with a body naming another account) with the
 * administrator's reads of what it could change around it: the item, its collection, the route's own GET, and
 * every account's rights. Changing or deleting what was there, or another account's rights, is a failure whatever
 * `--strict-auth` says; adding an item of its own is a create (left to `ignored_auth`). A DELETE that succeeds
 * without credentials is never a convention: a failure on its own.
 */
import type { HttpMethod } from '../../descriptor/types.js';
import { describeSeen, isSuccess, type SeenAnswer } from '../answer-seen.js';
import type { CheckFailure, EvidenceCheck } from '../types.js';
import { changedPlaces, type ReadBack } from './account-probe.js';

/** One place the administrator read around the write: before it, after it, and again when the first read after differed. */
export interface EffectRead {
  /** What was read, for the message: `the item`, `its collection`, `the route's own GET`. */
  place: string;
  before: ReadBack;
  after?: ReadBack;
  afterAgain?: ReadBack;
}

export interface WriteEffectEvidence {
  method: HttpMethod;
  route: string;
  actor: { name: string; role: string; anonymous: boolean };
  write: SeenAnswer;
  /** Why the write was looked at: "its read of the same path is refused (401)", "it did not make the item". */
  suspicion: string;
  reads: readonly EffectRead[];
  /** Each account whose rights the write changed, described: `member2: extra_capabilities +manage_acme`. */
  rightsChanged: readonly string[];
}

/** A list's items by identity: their `id`, else their whole value. */
function itemsOf(body: string): Map<string, string> | undefined {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return undefined;
  }
  if (!Array.isArray(json)) return undefined;
  const items = new Map<string, string>();
  for (const item of json) {
    const id = item !== null && typeof item === 'object' ? (item as { id?: unknown }).id : undefined;
    items.set(typeof id === 'number' || typeof id === 'string' ? `id ${id}` : JSON.stringify(item), JSON.stringify(item));
  }
  return items;
}

/**
 * What a read shows changed, or undefined when nothing: a place that read 200 and now reads 404/410 was deleted; in
 * a list, items gone beyond those a create pushed off the page were deleted, and items whose values changed were
 * changed (new items are creates); elsewhere, the values that changed, volatile ones left out.
 */
export function changeOf(read: EffectRead): string | undefined {
  const { before, after, afterAgain } = read;
  if (after === undefined || before.status !== 200) return undefined;
  if (after.status === 404 || after.status === 410) return `${read.place} was deleted (it read 200, then ${after.status})`;
  if (after.status !== 200) return undefined;
  const was = itemsOf(before.body);
  const now = itemsOf(after.body);
  if (was !== undefined && now !== undefined) {
    const again = afterAgain === undefined ? undefined : itemsOf(afterAgain.body);
    const removed = [...was.keys()].filter((key) => !now.has(key));
    const added = [...now.keys()].filter((key) => !was.has(key));
    const changed = [...was.keys()].filter((key) => now.has(key) && now.get(key) !== was.get(key) && (again === undefined || again.get(key) === now.get(key)));
    if (removed.length > added.length) return `${removed.length - added.length} of ${was.size} items of ${read.place} were deleted`;
    // A changed item is compared field by field, so a volatile field or a clock is not taken for a change.
    const real = changed.filter((key) => changedPlaces({ before: [wrap(was.get(key)!), wrap(was.get(key)!)], after: wrap(now.get(key)!) }).length > 0);
    return real.length > 0 ? `${real.length} existing items of ${read.place} changed (${real.slice(0, 3).join(', ')})` : undefined;
  }
  const places = changedPlaces({ before: [before, before], after, ...(afterAgain === undefined ? {} : { afterAgain }) });
  return places.length > 0 ? `${read.place} changed (${places.slice(0, 5).join(', ')})` : undefined;
}

const wrap = (body: string): ReadBack => ({ status: 200, body });

export const unauthorisedWriteEffect: EvidenceCheck<WriteEffectEvidence> = {
  name: 'unauthorised_write_effect',
  severity: 'failure',
  concern: 'security',
  description:
    "A write that an identity should not be able to make (its read of the same route or item is refused, it did not make the item, its body names another account, or every account's rights read after it had changed) changes nothing that was there: the administrator's reads around it show no existing state changed or deleted and no account's rights changed, whatever `--strict-auth` says (a new item of its own is a create, left to `ignored_auth`); a DELETE that succeeds without credentials is a failure on its own.",
  evidence: 'auth',
  judge({ method, route, actor, write, suspicion, reads, rightsChanged }): CheckFailure[] {
    const who = actor.anonymous ? 'without credentials' : `as ${actor.name} (${actor.role})`;
    if (actor.anonymous && method === 'DELETE' && isSuccess(write.status))
      return [{ message: `DELETE ${route} succeeded ${who} (${describeSeen(write)})`, cause: 'anonymous delete' }];
    const changes = [...rightsChanged.map((change) => `rights of ${change}`), ...reads.flatMap((read) => changeOf(read) ?? [])];
    if (changes.length === 0) return [];
    const outcome = isSuccess(write.status) ? `succeeded (${describeSeen(write)}) and` : `was refused (${describeSeen(write)}) yet`;
    return [
      {
        message: `${method} ${route} ${who} ${outcome} changed what was there: ${changes.join('; ')} (looked at because ${suspicion})`,
        cause: rightsChanged.length > 0 ? 'rights changed' : 'existing state changed',
      },
    ];
  },
};
