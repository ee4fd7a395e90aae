/** `access_role_escalation`: an ordinary account raises its own roles. */
import type { EvidenceCheck } from '../types.js';
import { judgeAccountProbe, type AccountProbeEvidence } from './account-probe.js';

export const accessRoleEscalation: EvidenceCheck<AccountProbeEvidence> = {
  name: 'access_role_escalation',
  severity: 'failure',
  concern: 'security',
  description:
    'A member cannot raise their own roles: writing roles [administrator] to their own account is refused, and a read afterwards shows the roles unchanged.',
  evidence: 'auth',
  judge: judgeAccountProbe,
};
