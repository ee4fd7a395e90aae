/**
 * Who may call the plugin namespaces (SEO, analytics, user import). A plugin's permission callback returns
 * false, and WordPress turns that into `rest_forbidden` with `rest_authorization_required_code()`: 401 for an
 * anonymous caller, 403 for a logged-in one.
 */
import { WpError, type PermissionCheck, type ServerRequest } from '../../types.js';

/** WordPress's answer to a permission callback that returned false. */
export function forbidden(req: ServerRequest): WpError {
  return new WpError('rest_forbidden', 'Sorry, you are not allowed to do that.', req.user === null ? 401 : 403);
}

/** Only administrators may call (WordPress's `manage_options`). */
export const administratorsOnly: PermissionCheck = (req) => (req.user !== null && req.user.roles.includes('administrator') ? undefined : forbidden(req));

/** Any logged-in member may call. */
export const loggedInOnly: PermissionCheck = (req) => (req.user !== null ? undefined : forbidden(req));
