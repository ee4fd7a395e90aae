/**
 * `readonly_field_write`: a write that carries a field the item schema marks `readonly` (or a field only `edit`
 * context shows, from an identity whose own reads never show it) leaves the stored value as it was. The evidence
 * (`phases/auth/readonly-writes.ts`) is an ordinary account's write of its own account with such fields set to
 * values of their shape that differ from what was stored, between the administrator's `edit` reads of the item.
 * Only a field whose stored value became exactly the value sent is a finding: fields the server sets itself on any
 * write (`modified`, a refreshed date) change too, but never to a value the caller chose.
 *
 * Replay (`regather.ts`) sends the administrator's read (`before`), the write as recorded (`write`) and the read
 * after (`after`) again. A write changes state: if the value sent is already stored before the write is re-sent (the
 * run's write, or an earlier replay's, stayed stored), the reads cannot tell a server that refuses the field from one
 * that stores it, so replay says it cannot judge rather than "no longer fails".
 */
import type { Exchange } from '../../http/types.js';
import { describeSeen, seenAnswer, type SeenAnswer } from '../answer-seen.js';
import { CannotJudgeAgain } from '../regather.js';
import type { EvidenceCheck } from '../types.js';

export interface WrittenField {
  name: string;
  /** Why the caller may not set it: the schema's `readonly`, or only `edit` context shows it and the caller's reads never do. */
  why: 'readonly' | 'edit-only';
  sent: unknown;
  /** The administrator's `edit` read before and after the write (undefined: the read did not carry the field). */
  before: unknown;
  after: unknown;
}

export interface ReadonlyWriteEvidence {
  /** The write, as `PATCH /community/v1/members/(?P<id>[\d]+)`. */
  method: string;
  route: string;
  actor: { name: string; role: string };
  write: SeenAnswer;
  /** Where the administrator read the item back (`GET …/members/(?P<id>[\d]+)`, context edit). */
  readRoute: string;
  fields: WrittenField[];
}

/** Same JSON value (key order of objects aside). */
export function sameValue(a: unknown, b: unknown): boolean {
  return stable(a) === stable(b);
}

function stable(value: unknown): string {
  if (value === undefined) return 'undefined';
  if (Array.isArray(value)) return `[${value.map(stable).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const record = value as Record<string, unknown>;
    return `{${Object.keys(record)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${stable(record[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

/** The fields the write stored: now exactly what was sent, and that was not there before. */
export function storedFields(evidence: Pick<ReadonlyWriteEvidence, 'fields'>): WrittenField[] {
  return evidence.fields.filter((field) => sameValue(field.after, field.sent) && !sameValue(field.before, field.sent));
}

/** The item an administrator's read answered, or undefined. */
function itemRead(exchange: Exchange | undefined): Record<string, unknown> | undefined {
  const body = exchange?.response?.json;
  return exchange?.response?.status === 200 && typeof body === 'object' && body !== null && !Array.isArray(body)
    ? (body as Record<string, unknown>)
    : undefined;
}

/** The evidence again from the replay's `before`, `write` and `after` answers; throws when they cannot show the rule. */
export function regatherReadonlyWrite(recorded: ReadonlyWriteEvidence, answers: ReadonlyMap<string, Exchange>): ReadonlyWriteEvidence {
  const write = answers.get('write');
  const before = itemRead(answers.get('before'));
  const after = itemRead(answers.get('after'));
  if (write === undefined || before === undefined || after === undefined)
    throw new CannotJudgeAgain(`the administrator's ${recorded.readRoute} in edit context did not answer the item before and after the write`);
  const already = recorded.fields.filter((field) => sameValue(before[field.name], field.sent));
  if (already.length > 0)
    throw new CannotJudgeAgain(
      `${already.map((field) => `${field.name} already holds ${shown(field.sent)}`).join(', ')} before the write is sent again (an earlier write of that value stayed stored), so the read after it cannot show whether the write stores it; set the field back, or replay against a server where it was never written`,
    );
  return {
    ...recorded,
    write: seenAnswer(write),
    fields: recorded.fields.map((field) => ({ ...field, before: before[field.name], after: after[field.name] })),
  };
}

const shown = (value: unknown): string => (value === undefined ? 'nothing' : JSON.stringify(value));

export const readonlyFieldWrite: EvidenceCheck<ReadonlyWriteEvidence> = {
  name: 'readonly_field_write',
  severity: 'failure',
  concern: 'security',
  description:
    "A write that carries a field the item schema marks readonly, or a field only edit context shows to a caller whose own reads never show it, leaves the stored value as it was: the administrator's edit read after the write must not show the value the caller sent.",
  evidence: 'auth',
  judgeAgain: (recorded, answers) => readonlyFieldWrite.judge(regatherReadonlyWrite(recorded, answers)),
  judge(evidence) {
    const stored = storedFields(evidence);
    if (stored.length === 0) return [];
    const what = stored
      .map(
        (field) =>
          `${field.name} (${field.why === 'readonly' ? 'readonly in the item schema' : 'shown only in edit context, never to it'}) from ${shown(field.before)} to ${shown(field.sent)}`,
      )
      .join(', ');
    const who = `${evidence.actor.name} (${evidence.actor.role})`;
    return [
      {
        message: `${evidence.method} ${evidence.route} as ${who} (answered ${describeSeen(evidence.write)}) stored ${what}: the administrator's read of ${evidence.readRoute} in edit context shows the value it sent`,
        cause: `${evidence.actor.role} stored ${stored.map((field) => field.why).join(', ')} field`,
      },
    ];
  },
};
