/** `list_exposure`: a list answered to an identity shows an item that identity's own item read refuses. */
import { describeSeen } from '../answer-seen.js';
import type { EvidenceCheck } from '../types.js';
import { listedButRefused, listLine, refusedReadsLine, regatherVisibility, whoIs, type VisibilityEvidence } from './visibility.js';

export const listExposure: EvidenceCheck<VisibilityEvidence> = {
  name: 'list_exposure',
  severity: 'failure',
  concern: 'security',
  description:
    "A list answered to an identity shows no item that identity's own item read refuses (401, 403 or 404 while the administrator's read finds it): what a caller may not read, it must not learn from a list. The identity's own items (its account, or an item whose user_id or author names it) are left to own_item_refused.",
  evidence: 'auth',
  judgeAgain: (recorded, answers, recordedId) => listExposure.judge(regatherVisibility(recorded, answers, recordedId)),
  judge(evidence) {
    // The identity's own item listed to it is no exposure: a read that refuses its owner is `own_item_refused`.
    const exposed = listedButRefused(evidence, false);
    if (exposed.length === 0) return [];
    const items = refusedReadsLine(exposed);
    return [
      {
        message: `${listLine(evidence)} answered ${whoIs(evidence.identity)} item${exposed.length === 1 ? '' : 's'} ${items} that ${evidence.itemRoute} refuses them`,
        cause: `${evidence.identity.role} listed, read ${describeSeen(exposed[0]!.identity)}`,
      },
    ];
  },
};
