/**
 * `readonly_field_write`: a write that carries a field the item schema marks `readonly` (or a field only `edit`
 * context shows, from an identity whose own reads never show it) leaves the stored value as it was. The evidence
 * (`phases/auth/readonly-writes.ts`) is an ordinary account's write of its own account with such fields set to
 * values of their shape that differ from what was stored, between the administrator's `edit` reads of the item.
 * Only a field whose stored value became exactly the value sent is a finding: fields the server sets itself on any
 * write (`modified`, a refreshed date) change too, but never to a value the caller chose.
 */
import { describeSeen, type SeenAnswer } from '../answer-seen.js';
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

const shown = (value: unknown): string => (value === undefined ? 'nothing' : JSON.stringify(value));

export const readonlyFieldWrite: EvidenceCheck<ReadonlyWriteEvidence> = {
  name: 'readonly_field_write',
  severity: 'failure',
  concern: 'security',
  description:
    "A write that carries a field the item schema marks readonly, or a field only edit context shows to a caller whose own reads never show it, leaves the stored value as it was: the administrator's edit read after the write must not show the value the caller sent.",
  evidence: 'auth',
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
