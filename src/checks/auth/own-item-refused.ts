/**
 * `own_item_refused`: a list shows an identity its own item (its account, or an item whose owner field names it) and
 * that identity's own item read refuses it. The list is right to show a caller what is its own; the read that refuses
 * its owner is what is wrong (real BuddyPress 14.5.2 lists a member its notifications and answers 403 to its read of
 * each). Not an exposure, so no security concern: the two answers contradict each other.
 */
import { describeSeen } from '../answer-seen.js';
import type { EvidenceCheck } from '../types.js';
import { listedButRefused, listLine, refusedReadsLine, regatherVisibility, whoIs, type VisibilityEvidence } from './visibility.js';

export const ownItemRefused: EvidenceCheck<VisibilityEvidence> = {
  name: 'own_item_refused',
  severity: 'failure',
  description:
    "An identity's own item that its list shows (its account, or an item whose user_id or author names it), its own item read answers too: a read that refuses its owner what the list gives it contradicts the list.",
  evidence: 'auth',
  judgeAgain: (recorded, answers, recordedId) => ownItemRefused.judge(regatherVisibility(recorded, answers, recordedId)),
  judge(evidence) {
    const refused = listedButRefused(evidence, true);
    if (refused.length === 0) return [];
    const items = refusedReadsLine(refused);
    return [
      {
        message: `${listLine(evidence)} answered ${whoIs(evidence.identity)} its own item${refused.length === 1 ? '' : 's'} ${items}, which ${evidence.itemRoute} refuses it`,
        cause: `${evidence.identity.role} listed its own, read ${describeSeen(refused[0]!.identity)}`,
      },
    ];
  },
};
