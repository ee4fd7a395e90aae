/** update_persisted: every writable field an update accepts reads back with the written value, after WordPress's normalisation. */
import type { CheckFailure, EvidenceCheck } from '../types.js';
import type { UpdatedField } from './evidence.js';
import { holdsWritten, unreadableShape } from './written.js';

/** Whether the read shows `field` at all (a field written but not shown is not judged). */
export function shows(read: unknown, field: string): read is Record<string, unknown> {
  return read !== undefined && read !== null && typeof read === 'object' && field in read;
}

export const updatePersisted: EvidenceCheck<UpdatedField> = {
  name: 'update_persisted',
  severity: 'failure',
  description:
    "Every writable field an update accepts (2xx) reads back with the written value, after WordPress's normalisation (raw in edit context, trimmed text, dates).",
  evidence: 'stateful',
  judge({ field, wrote, read }): CheckFailure[] {
    // A shape that cannot be read is the life cycle's note, not a failure.
    if (!shows(read, field) || unreadableShape(read[field], wrote) || holdsWritten(read[field], wrote, field)) return [];
    return [{ message: `the update of ${field} does not show: read ${JSON.stringify(read[field])}, wrote ${JSON.stringify(wrote)}` }];
  },
};
