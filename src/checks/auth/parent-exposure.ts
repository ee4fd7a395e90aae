/**
 * `parent_exposure`: a list narrowed to a parent the identity may not read (`?post=`, `?author=`, a `{field_id}` in
 * the path) answers that parent's children. The parent's own item read is the rule: refused to the identity
 * (401/403/404) while the administrator's read finds it. The same identity's answer narrowed to a parent it may read
 * shows that the narrowing works for it, so what the hidden parent's answer shares with the administrator's, and not
 * with that one, is the hidden parent's own.
 */
import type { Exchange } from '../../http/types.js';
import { describeSeen, isSuccess, seenAnswer, type SeenAnswer } from '../answer-seen.js';
import type { Regather } from '../regather.js';
import type { EvidenceCheck } from '../types.js';
import { hiddenFrom, listedIds, whoIs } from './visibility.js';

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
  /** The narrowed route's path variables: ids an object answer holds, which say nothing of the parent's own. */
  pathVariables: string[];
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

/** The fields of an object answer that say something: not its ids, not empty. */
function saysSomething(body: Record<string, unknown>, ids: readonly string[]): boolean {
  return Object.entries(body).some(([key, value]) => {
    if (ids.includes(key) || key === 'id' || key === '_links') return false;
    if (value === null || value === '' || value === false || value === 0) return false;
    if (Array.isArray(value)) return value.length > 0;
    return typeof value !== 'object' || Object.keys(value).length > 0;
  });
}

/** What a narrowed answer shows: a list's ids, or an object answer that says something as its JSON (`named` names it). */
export function childrenOf(exchange: Exchange, pathVariables: readonly string[]): string[] {
  if (!isSuccess(exchange.response?.status)) return [];
  const body = exchange.response?.json;
  if (Array.isArray(body)) return listedIds(exchange, 'id') ?? [];
  if (typeof body === 'object' && body !== null && saysSomething(body as Record<string, unknown>, pathVariables)) return [JSON.stringify(body)];
  return [];
}

/**
 * The three narrowed answers as judged. An object answer stands as one child, `WHOLE_ANSWER`: the identity's is the
 * administrator's child only when the two answers are the same; the one narrowed to a readable parent never is.
 */
export function namedAnswers(
  hidden: NarrowedAnswer,
  administrator: NarrowedAnswer,
  readable: NarrowedAnswer,
): Pick<ParentExposureEvidence, 'hidden' | 'administrator'> & { readable: NarrowedAnswer } {
  const named = (answer: NarrowedAnswer, same: (json: string) => boolean): NarrowedAnswer => ({
    ...answer,
    children: answer.children.map((child) => (!child.startsWith('{') ? child : same(child) ? WHOLE_ANSWER : `${WHOLE_ANSWER} (another)`)),
  });
  return {
    hidden: named(hidden, (json) => administrator.children.includes(json)),
    administrator: named(administrator, () => true),
    readable: named(readable, () => false),
  };
}

/**
 * Replay's rebuild of the evidence (`regather.ts`), by label: `narrowed`, `administrator-narrowed` and
 * `readable-narrowed` (the answers narrowed to the hidden parent as the identity and the administrator, and to the
 * readable one as the identity), `parent-read` and `administrator-parent-read` (the hidden parent's reads). What was
 * not re-sent keeps what was recorded; so do the children told otherwise, which name the parent themselves.
 */
export const regatherParentExposure: Regather<ParentExposureEvidence> = (recorded, answers, recordedId) => {
  const raw = (label: string, was: NarrowedAnswer): NarrowedAnswer | undefined => {
    const exchange = answers.get(label);
    if (exchange === undefined) return undefined;
    const children = childrenOf(exchange, recorded.pathVariables).map((child) => (child.startsWith('{') ? child : recordedId(child)));
    return { request: was.request, seen: seenAnswer(exchange), children };
  };
  const hidden = raw('narrowed', recorded.hidden);
  const administrator = raw('administrator-narrowed', recorded.administrator);
  const readable = raw('readable-narrowed', recorded.readable);
  const read = (label: string, was: SeenAnswer): SeenAnswer => {
    const exchange = answers.get(label);
    return exchange === undefined ? was : seenAnswer(exchange);
  };
  const renamed = hidden === undefined || administrator === undefined || readable === undefined ? undefined : namedAnswers(hidden, administrator, readable);
  return {
    ...recorded,
    parentRead: read('parent-read', recorded.parentRead),
    parentReadAdministrator: read('administrator-parent-read', recorded.parentReadAdministrator),
    ...(renamed === undefined ? {} : { ...renamed, readable: { ...renamed.readable, parent: recorded.readable.parent } }),
  };
};

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
  judgeAgain: (recorded, answers, recordedId) => parentExposure.judge(regatherParentExposure(recorded, answers, recordedId)),
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
