/**
 * `parent_exposure`: a list narrowed to a parent the identity may not read (`?post=`, `?author=`, a `{field_id}` in
 * the path) answers that parent's children. The parent's own item read is the rule: refused to the identity
 * (401/403/404) while the administrator's read finds it. The same identity's answer narrowed to a parent it may read
 * shows that the narrowing works for it, so what the hidden parent's answer shares with the administrator's, and not
 * with that one, is the hidden parent's own.
 */
import { describeSeen, isSuccess, type SeenAnswer } from '../answer-seen.js';
import type { EvidenceCheck } from '../types.js';
import { hiddenFrom, whoIs } from './visibility.js';

/** The child an object answer stands as (a sub-resource read such as a field's data): the answer itself. */
export const WHOLE_ANSWER = 'the whole answer';

/** One narrowed answer: its status and the children it shows (ids, or one key standing for a whole object answer). */
export interface NarrowedAnswer {
  /** `GET /wp/v2/categories?post=12`, `GET /community/v1/profile/7/data/3`. */
  request: string;
  seen: SeenAnswer;
  children: string[];
}

export interface ParentExposureEvidence {
  /** The narrowed route (`/wp/v2/categories`) and what narrows it: a query argument or a path variable. */
  route: string;
  argument: string;
  via: 'query' | 'path';
  /** The parent family's item read route (`GET /wp/v2/posts/(?P<id>[\d]+)`), for the messages. */
  parentRoute: string;
  identity: { name: string; role: string };
  /** The hidden parent: its read as the identity and as the administrator. */
  parent: string;
  parentRead: SeenAnswer;
  parentReadAdministrator: SeenAnswer;
  /** The answers narrowed to the hidden parent, as the identity and as the administrator. */
  hidden: NarrowedAnswer;
  administrator: NarrowedAnswer;
  /** The identity's answer narrowed to a parent its read allows (the rule at work). */
  readable: NarrowedAnswer & { parent: string };
  /**
   * Children the identity may see apart from the hidden parent: listed by the same route without the narrowing, and
   * naming the hidden parent in their own answer (a published page says `parent`: its tie to the parent is no secret).
   */
  toldOtherwise: string[];
}

/** The children the identity was shown of a parent its read refuses, which nothing else it may see explains. */
export function exposedChildren(evidence: ParentExposureEvidence): string[] {
  const { parentRead, parentReadAdministrator, hidden, administrator, readable } = evidence;
  if (!hiddenFrom({ id: evidence.parent, identity: parentRead, administrator: parentReadAdministrator })) return [];
  // The rule at work: the narrowed route answers the identity for a parent it may read.
  if (!isSuccess(hidden.seen.status) || !isSuccess(administrator.seen.status) || !isSuccess(readable.seen.status)) return [];
  const theAdministrators = new Set(administrator.children);
  const readableOnes = new Set(readable.children);
  const told = new Set(evidence.toldOtherwise);
  return hidden.children.filter((child) => theAdministrators.has(child) && !readableOnes.has(child) && !told.has(child));
}

export const parentExposure: EvidenceCheck<ParentExposureEvidence> = {
  name: 'parent_exposure',
  severity: 'failure',
  concern: 'security',
  description:
    "A list or sub-resource narrowed to a parent the identity may not read (its item read refused, 401/403/404, while the administrator's finds it) does not answer that parent's children: a refusal or an empty answer is right, where the same narrowing to a parent it may read answers it.",
  evidence: 'auth',
  judge(evidence) {
    const exposed = exposedChildren(evidence);
    if (exposed.length === 0) return [];
    const shown =
      exposed[0] === WHOLE_ANSWER
        ? 'what it answers the administrator'
        : exposed.length === 1
          ? `child ${exposed[0]!}`
          : `${exposed.length} children (${exposed.slice(0, 5).join(', ')}${exposed.length > 5 ? ', …' : ''})`;
    return [
      {
        message: `${evidence.hidden.request} answered ${whoIs(evidence.identity)} ${shown} for ${evidence.argument} ${evidence.parent}, a parent whose own read (${evidence.parentRoute}) answers them ${describeSeen(evidence.parentRead)}; narrowed to ${evidence.readable.parent}, one they may read, it answers them ${describeSeen(evidence.readable.seen)}`,
        cause: `${evidence.identity.role} ${evidence.via} ${evidence.argument} of a parent read ${describeSeen(evidence.parentRead)}`,
      },
    ];
  },
};
