/**
 * The evidence of the other-account checks: an ordinary account's write to what it must not change (another
 * account's resources, its own roles), with the administrator's reads of the resource around it. The write must be
 * refused, and a refusal that still changed the data is as broken as a success.
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
  /** Two reads just before the write (none when the resource cannot be read back). */
  before: readonly ReadBack[];
  /** A read just after the write, taken only when the two before it agreed (see `readsAlike`). */
  after?: ReadBack;
}

/** True when the reads before the write can show a change: the same answer twice (a counter or a time cannot). */
export const readsAlike = (before: readonly ReadBack[]): boolean => before.length === 2 && before[0]!.status === 200 && before[0]!.body === before[1]!.body;

/** The rule both other-account checks hold: the write is refused, and the resource reads the same afterwards. */
export function judgeAccountProbe({ method, route, actor, attempt, write, before, after }: AccountProbeEvidence): CheckFailure[] {
  const changed = after !== undefined && readsAlike(before) && after.body !== before[1]!.body;
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
