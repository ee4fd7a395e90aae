/** `total_exposure`: the `X-WP-Total` of a list answered to an identity counts items that identity may not read. */
import type { EvidenceCheck } from '../types.js';
import { hiddenFrom, listLine, regatherVisibility, whoIs, type VisibilityEvidence } from './visibility.js';

export const totalExposure: EvidenceCheck<VisibilityEvidence> = {
  name: 'total_exposure',
  severity: 'failure',
  concern: 'security',
  description:
    "The X-WP-Total a list answers an identity counts only items that identity may read: judged where both lists fit one page, the identity's shows fewer items than the administrator's, its total is still the administrator's, and the items it lacks are ones its own item read refuses.",
  evidence: 'auth',
  judgeAgain: (recorded, answers, recordedId) => totalExposure.judge(regatherVisibility(recorded, answers, recordedId)),
  judge(evidence) {
    const { total, administratorTotal, listed, administratorListed, perPage } = evidence;
    // Proven only when nothing is on a later page: the administrator's list holds its whole total.
    if (total === undefined || administratorTotal === undefined || administratorListed.length !== administratorTotal) return [];
    if (perPage !== undefined && administratorTotal > perPage) return [];
    const shown = new Set(administratorListed);
    if (listed.some((id) => !shown.has(id)) || listed.length >= administratorTotal || total !== administratorTotal) return [];
    const own = new Set(listed);
    const hidden = evidence.reads.filter((read) => !own.has(read.id) && shown.has(read.id) && hiddenFrom(read));
    if (hidden.length === 0) return [];
    return [
      {
        message: `${listLine(evidence)} answered ${whoIs(evidence.identity)} ${listed.length} items with X-WP-Total ${total}, the administrator's total: it counts items such as ${hidden.map((read) => read.id).join(', ')} that ${evidence.itemRoute} refuses them`,
        cause: `${evidence.identity.role} total counts hidden items`,
      },
    ];
  },
};
