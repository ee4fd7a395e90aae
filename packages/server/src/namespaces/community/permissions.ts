/**
 * Who may call what in the community namespace. Administrators count as moderators. A refusal is 401 for an
 * anonymous caller and 403 for a logged-in one, as WordPress's `rest_authorization_required_code()` decides.
 */
import { WpError, type Member, type PermissionCheck, type ServerRequest } from '../../types.js';

/** True for administrators and moderators. */
export function isModerator(member: Member | null): boolean {
  return member !== null && (member.roles.includes('administrator') || member.roles.includes('moderator'));
}

/** True for administrators only. */
export function isAdministrator(member: Member | null): boolean {
  return member !== null && member.roles.includes('administrator');
}

/** A refusal for this caller: 401 when anonymous, 403 when logged in. */
export function denied(req: ServerRequest, code?: string, message?: string): WpError {
  if (req.user === null) {
    return new WpError(code ?? 'rest_authorization_required', message ?? 'Sorry, you need to be logged in to do that.', 401);
  }
  return new WpError(code ?? 'rest_forbidden', message ?? 'Sorry, you are not allowed to do that.', 403);
}

/** Any logged-in member may call. */
export function loggedIn(code?: string, message?: string): PermissionCheck {
  return (req) => (req.user === null ? denied(req, code, message) : undefined);
}

/** Moderators (and administrators) may call. */
export function moderatorOnly(code?: string, message?: string): PermissionCheck {
  return (req) => (isModerator(req.user) ? undefined : denied(req, code, message));
}

/** Administrators may call. */
export function administratorOnly(code?: string, message?: string): PermissionCheck {
  return (req) => (isAdministrator(req.user) ? undefined : denied(req, code, message));
}

/** The member named by `userId` or a moderator may call. */
export function selfOrModerator(req: ServerRequest, userId: number, code?: string, message?: string): WpError | undefined {
  if (req.user !== null && (req.user.id === userId || isModerator(req.user))) return undefined;
  return denied(req, code, message);
}

/**
 * `context=edit` shows what only those who may edit see: others get 401/403 `rest_forbidden_context`, as WordPress's
 * users controller answers. `mayEdit` says whether this caller may edit what is asked for.
 */
export function editContextFor(mayEdit: (req: ServerRequest) => boolean): PermissionCheck {
  return (req) =>
    req.params.context === 'edit' && !mayEdit(req) ? denied(req, 'rest_forbidden_context', 'Sorry, you are not allowed to edit this user.') : undefined;
}

/** 401 `rest_not_logged_in`, what WordPress's `users/me` answers an anonymous caller. */
export function notLoggedIn(): WpError {
  return new WpError('rest_not_logged_in', 'You are not currently logged in.', 401);
}

/** Permission for routes about the caller themselves (`members/me/...`). */
export const signedIn: PermissionCheck = (req) => (req.user === null ? notLoggedIn() : undefined);

/** The caller, or 401 when anonymous (for handlers whose permission check already ran). */
export function signedInMember(req: ServerRequest): Member {
  if (req.user === null) throw notLoggedIn();
  return req.user;
}
