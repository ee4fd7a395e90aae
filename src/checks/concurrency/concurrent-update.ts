/** concurrent_update: N updates of one resource sent together leave what one of them wrote, nothing mixed or lost. */
import { holdsWritten } from '../stateful/written.js';
import type { CheckFailure, EvidenceCheck } from '../types.js';
import type { UpdateRace, UpdateWrite } from './evidence.js';
import { brokenAnswers, succeeded } from './race-answers.js';

/** The writes grouped by the fields they write: a group's fields must all come from one of its accepted writes. */
function groups(writes: readonly UpdateWrite[]): Map<string, number[]> {
  const byFields = new Map<string, number[]>();
  writes.forEach((write, index) => {
    const key = Object.keys(write.fields).sort().join(', ');
    byFields.set(key, [...(byFields.get(key) ?? []), index]);
  });
  return byFields;
}

export const concurrentUpdate: EvidenceCheck<UpdateRace> = {
  name: 'concurrent_update',
  severity: 'failure',
  description:
    "Updates of one resource sent together, each writing other values, are each answered 2xx or 4xx, never 5xx; afterwards the resource holds what one of them wrote to each set of fields, none mixed with another's and none lost.",
  evidence: 'concurrency',
  judge({ family, id, writes, answers, read }): CheckFailure[] {
    const what = `${answers.length} updates of ${family} ${id} sent together`;
    const stable = `${family} updates sent together`;
    const failures = brokenAnswers(answers, what, stable);
    const body = typeof read === 'object' && read !== null ? (read as Record<string, unknown>) : undefined;
    if (body === undefined) return failures;
    for (const [fields, members] of groups(writes)) {
      const accepted = members.filter((index) => succeeded(answers[index]!));
      if (accepted.length === 0) continue;
      const names = fields.split(', ');
      // A field the read does not show cannot be judged.
      const shown = names.filter((field) => field in body);
      if (shown.length === 0) continue;
      const whole = accepted.some((index) => shown.every((field) => holdsWritten(body[field], writes[index]!.fields[field], field)));
      if (whole) continue;
      const parts = shown.map((field) => {
        const from = accepted.filter((index) => holdsWritten(body[field], writes[index]!.fields[field], field)).map((index) => index + 1);
        return from.length === 0 ? `${field} from none of them (lost)` : `${field} from request ${from.join('/')}`;
      });
      failures.push({
        message: `${what}: the ${shown.join(', ')} read afterwards are not what one accepted update wrote: ${parts.join('; ')}`,
        cause: `${stable}: ${shown.join(', ')} mixed or lost`,
      });
    }
    return failures;
  },
};
