/** Test-only: a members list that links a private member for `_embed` to embed (`embed_exposure`). */
import { answerInstead, json, restPath } from '../../../testing/faults.js';
import type { Fault } from '../../../testing/faulty-server.js';
import { anonymous } from './visibility-faults.js';

const MEMBERS = /^\/community\/v1\/members$/;
/** What a server that keeps a member private answers anonymous callers for it (and `_embed` of it, rightly). */
export const REFUSED = { code: 'rest_forbidden', message: 'Private.', data: { status: 401 } };

/** Anonymous reads of member `id` refused, and the member left out of their lists, as a server that keeps it private. */
export function privateMemberLeftOut(id: number): Fault[] {
  const refuseRead = answerInstead('GET', new RegExp(`^/community/v1/members/${id}$`), json(401, REFUSED), anonymous);
  const leaveOut: Fault = async (request, forward) => {
    const answer = await forward(request);
    const where = restPath(request);
    if (!anonymous(request) || request.method !== 'GET' || where === undefined || !MEMBERS.test(where.path) || answer.status !== 200) return answer;
    const members = JSON.parse(answer.body) as Array<{ id: number }>;
    return { ...answer, body: JSON.stringify(members.filter((member) => member.id !== id)) };
  };
  return [refuseRead, leaveOut];
}

/**
 * Every member of a list links member `id` as a `friend` that `_embed` embeds; asked with `_embed`, anonymous
 * callers get `embedAnonymous` for it (the member itself, or the error object a correct server answers). `restUrl`
 * is the server's own REST root; each query asked with `_embed` goes in `sent`.
 */
export function linksFriend(id: number, embedAnonymous: (href: string) => unknown, restUrl: (locale: string) => string, sent: string[] = []): Fault {
  return async (request, forward) => {
    const answer = await forward(request);
    const where = restPath(request);
    if (request.method !== 'GET' || where === undefined || !MEMBERS.test(where.path) || answer.status !== 200) return answer;
    const href = `${restUrl(where.locale)}/community/v1/members/${id}`;
    const embed = /[?&]_embed(=|&|$)/.test(where.query ?? '');
    if (embed) sent.push(`${anonymous(request) ? 'anonymous' : 'signed in'} ${where.query}`);
    const members = JSON.parse(answer.body) as Array<Record<string, unknown>>;
    const linked = members.map((member) => ({
      ...member,
      _links: { self: [{ href: `${href.replace(/\d+$/, '')}${String(member.id)}` }], friend: [{ href, embeddable: true }] },
      ...(embed && anonymous(request) ? { _embedded: { friend: [embedAnonymous(href)] } } : {}),
    }));
    return { ...answer, body: JSON.stringify(linked) };
  };
}
