/** The identity an exposure finding was judged as, in the form its replay record keeps (`checks/regather.ts`). */
import type { GatheredIdentity } from '../../../checks/regather.js';
import type { Identity } from '../../../request/identity.js';

/** The identity judged, as replay finds its credentials again (`checks/regather.ts`): its login, never its password. */
export function gatheredIdentity(identity: Identity): GatheredIdentity {
  return {
    name: identity.name,
    role: identity.role,
    ...(identity.credentials === undefined ? {} : { login: identity.credentials.user }),
    ...(identity.passwordEnv === undefined ? {} : { passwordEnv: identity.passwordEnv }),
  };
}
