/**
 * The evidence of the other-account checks: an ordinary account's write to what it must not change (another
 * account's resources, its own roles), with the administrator's reads of the resource around it. The write must be
 * refused, and a refusal that still changed the data is as broken as a success.
 *
 * Reads are compared field by field: a field that answers differently with no write between (a counter, a time;
 * BuddyPress answers `last_updated` of profile data that has none as the current time) is volatile, and left out;
 * so is a time that only moved forward, which two reads within one second cannot tell from a clock.
 */
import type { HttpMethod } from '../../descriptor/types.js';
import { describeSeen, isSuccess, type SeenAnswer } from '../answer-seen.js';
import type { CheckFailure } from '../types.js';

/** A read of the probed resource, as the administrator. */
export interface ReadBack {
  status: number | undefined;
  body: string;
}

export interface AccountProbeEvidence {
  method: HttpMethod;
  route: string;
  /** Who wrote: the account's login and role. */
  actor: { name: string; role: string };
  /** What was tried, for the message: "wrote member2's resource", "raised its own roles to administrator". */
  attempt: string;
  write: SeenAnswer;
  /** Two reads just before the write, with no write between (none when the resource cannot be read back). */
  before: readonly ReadBack[];
  /** A read just after the write, taken when the reads before it could be read (see `readable`). */
  after?: ReadBack;
  /** A second read after the write, taken when the first showed a change: a field that differs between the two is volatile too. */
  afterAgain?: ReadBack;
}

/** True when the reads before the write can show a change: two answered 200. */
export const readable = (before: readonly ReadBack[]): boolean => before.length === 2 && before.every((read) => read.status === 200);

/** A read's values by their place in the answer (`0.value.raw`); a body that is not JSON is one value. */
function leaves(body: string): Map<string, string> {
  const found = new Map<string, string>();
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    found.set('', body);
    return found;
  }
  const walk = (value: unknown, path: string): void => {
    if (value !== null && typeof value === 'object' && Object.keys(value).length > 0) {
      for (const [key, inner] of Object.entries(value)) walk(inner, path === '' ? key : `${path}.${key}`);
    } else found.set(path, JSON.stringify(value));
  };
  walk(json, '');
  return found;
}

/** The places whose values differ between two reads (present in one only, or with other values). */
function differences(first: ReadBack, second: ReadBack): Set<string> {
  const a = leaves(first.body);
  const b = leaves(second.body);
  const differ = new Set<string>();
  for (const path of new Set([...a.keys(), ...b.keys()])) if (a.get(path) !== b.get(path)) differ.add(path);
  return differ;
}

/**
 * The places a read after the write changed, volatile ones left out: those that differed between the two reads
 * before the write, and between the two after it. Empty when the reads cannot show a change.
 */
export function changedPlaces({ before, after, afterAgain }: Pick<AccountProbeEvidence, 'before' | 'after' | 'afterAgain'>): string[] {
  if (!readable(before) || after === undefined || after.status !== before[1]!.status) return [];
  const volatile = differences(before[0]!, before[1]!);
  if (afterAgain !== undefined) for (const path of differences(after, afterAgain)) volatile.add(path);
  const earlier = leaves(before[1]!.body);
  const later = leaves(after.body);
  return [...differences(before[1]!, after)].filter((path) => !volatile.has(path) && !clockMoved(earlier.get(path), later.get(path)));
}

/** A date-time to the second, as WordPress answers one (`"2026-11-26T08:05:01"`), quoted as `leaves` keeps values. */
const DATE_TIME = /^"\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}/;

/**
 * A time that only moved forward between the read before the write and the one after: a clock, not data. Two reads
 * within one second cannot show that a field answers the current time (BuddyPress's `last_updated` of profile data
 * that has none), so a later time alone is never taken for a change the write made.
 */
function clockMoved(earlier: string | undefined, later: string | undefined): boolean {
  return earlier !== undefined && later !== undefined && DATE_TIME.test(earlier) && DATE_TIME.test(later) && later > earlier;
}

/** The rule both other-account checks hold: the write is refused, and the resource reads the same afterwards. */
export function judgeAccountProbe(evidence: AccountProbeEvidence): CheckFailure[] {
  const { method, route, actor, attempt, write } = evidence;
  const changed = changedPlaces(evidence).length > 0;
  const succeeded = isSuccess(write.status);
  if (!succeeded && !changed) return [];
  const who = `${actor.name} (${actor.role})`;
  return [
    {
      message: succeeded
        ? `${who} ${attempt} with ${method} ${route} and was not refused (${describeSeen(write)})${changed ? '; a read afterwards shows the change' : ''}`
        : `${who} was refused (${describeSeen(write)}) when it ${attempt} with ${method} ${route}, yet a read afterwards shows a change`,
      cause: succeeded ? `${actor.role} not refused` : `${actor.role} refused, data changed`,
    },
  ];
}
