/** Test-only: a members search that matches e-mail addresses for anonymous callers, who never see one (`query_oracle`). */
import { restPath } from '../../../testing/faults.js';
import type { Fault } from '../../../testing/faulty-server.js';
import { anonymous } from './visibility-faults.js';

/**
 * Anonymous members searches matched on e-mail addresses too: the list is asked for as the administrator
 * (`authorization`, its header) in `edit` context without the search, filtered here on name, login and e-mail, and
 * answered without what `edit` adds.
 */
export function searchMatchesEmail(authorization: string): Fault {
  return async (request, forward) => {
    const where = restPath(request);
    const url = new URL(request.path, 'http://front');
    const search = url.searchParams.get('search')?.toLowerCase();
    if (request.method !== 'GET' || where?.path !== '/community/v1/members' || !anonymous(request) || search === undefined) return forward(request);
    url.searchParams.delete('search');
    url.searchParams.set('context', 'edit');
    const answer = await forward({ ...request, path: `${url.pathname}${url.search}`, headers: { ...request.headers, authorization } });
    const members = JSON.parse(answer.body) as Array<Record<string, unknown>>;
    const matching = members
      .filter((member) => [member.name, member.user_login, member.email].some((text) => String(text).toLowerCase().includes(search)))
      .map(({ email: _email, roles: _roles, ...shown }) => shown);
    return { ...answer, headers: { ...answer.headers, 'x-wp-total': String(matching.length), 'x-wp-totalpages': '1' }, body: JSON.stringify(matching) };
  };
}
