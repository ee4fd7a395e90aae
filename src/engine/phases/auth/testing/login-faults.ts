/** Test-only: a login fault for `startFaultyServer` beyond those in faults.ts. */
import type { Fault } from '../../../testing/faulty-server.js';

/** Any credentials log in as `authorization` (the administrator's): a server that never checks the password. */
export function wrongCredentialsAccepted(authorization: string): Fault {
  return async (request, forward) => {
    const sent = request.headers.authorization;
    if (sent === undefined || sent === authorization) return forward(request);
    return forward({ ...request, headers: { ...request.headers, authorization } });
  };
}
