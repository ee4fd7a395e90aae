/** `access_other_account`: an ordinary account writes another account's resources. */
import type { EvidenceCheck } from '../types.js';
import { judgeAccountProbe, type AccountProbeEvidence } from './account-probe.js';

export const accessOtherAccount: EvidenceCheck<AccountProbeEvidence> = {
  name: 'access_other_account',
  severity: 'failure',
  concern: 'security',
  description:
    "A member's write to another account's resources (its profile, profile data, avatar, cover, members/{other id}) is refused, and a read afterwards shows nothing changed.",
  evidence: 'auth',
  judge: judgeAccountProbe,
};
