/**
 * create_persisted: the first read of a new resource shows every value its create sent as sent (where it shows the
 * field at all): a value dropped on the way in is as lost as an update that does not stick.
 */
import type { CheckFailure, EvidenceCheck } from '../types.js';
import type { CreatedValues } from './evidence.js';
import { holdsWritten, unreadableShape } from './written.js';

/** The fields the create sent that the read shows (none when the read is not an object). */
export function fieldsShown(sent: Record<string, unknown>, read: unknown): string[] {
  if (read === null || typeof read !== 'object' || Array.isArray(read)) return [];
  return Object.keys(sent).filter((field) => field in read);
}

export const createPersisted: EvidenceCheck<CreatedValues> = {
  name: 'create_persisted',
  severity: 'failure',
  description:
    'Every value a create sends (its JSON body, or the query string beside an uploaded file) that the first read of the new resource shows holds the value sent, after the same normalisation.',
  evidence: 'stateful',
  judge({ family, sent, upload, read }): CheckFailure[] {
    const shown = read as Record<string, unknown>;
    return fieldsShown(sent, read)
      .filter((field) => !unreadableShape(shown[field], sent[field]) && !holdsWritten(shown[field], sent[field], field))
      .map((field) => ({
        message: `the ${family} create sent ${field} ${JSON.stringify(sent[field])}${upload ? ' beside its upload' : ''}; the new ${family} reads ${JSON.stringify(shown[field])}`,
      }));
  },
};
