/**
 * What the collection checks judge: answers of one list route (read by `listAnswer`), each with what the phase
 * asked and what it knew when it asked (the first page's X-WP-Total, the ids of a walk of the pages ordered by id).
 * A union per check: each member is one relation between requests the phase sends.
 */
import type { ListAnswer } from './list-answer.js';

export type { ListAnswer } from './list-answer.js';

/** A list answer whose items all have distinct ids. */
export type IdentifiedAnswer = ListAnswer & { ids: string[] };

/** collection_headers: the total headers of list answers. */
export type HeadersEvidence =
  /** An answer to one of the phase's requests (credentials as configured) of a route that is `paginated` or not. */
  | { seen: 'answer'; paginated: boolean; answer: ListAnswer }
  /** An answer that may hold nothing, and `how` it was asked for (the list itself, a search no item matches). */
  | { seen: 'possibly-empty'; paginated: boolean; answer: ListAnswer; how: string }
  /** Page `page` of a walk whose first answer reported X-WP-Total `total`. */
  | { seen: 'walk-page'; page: number; total: number; answer: ListAnswer };

/** collection_paging: `per_page`, its default, and a walk of the pages. */
export type PagingEvidence =
  /** The list without `per_page`, and the default `per_page` declares (when a whole number). */
  | { seen: 'without-per-page'; declaredDefault: number | undefined; answer: ListAnswer }
  /** Page `page` of `pageCount` at `perPage`, the first answer having reported X-WP-Total `total`. */
  | { seen: 'walk-page'; page: number; pageCount: number; perPage: number; total: number; answer: ListAnswer }
  /** The page after the last of a walk. */
  | { seen: 'past-last'; pageCount: number; perPage: number; total: number; answer: ListAnswer }
  /** Every page of a walk ordered by id. */
  | { seen: 'walk'; perPage: number; pages: readonly IdentifiedAnswer[] }
  /** The ids a walk ordered by id found, and one page that holds the whole list in the same order. */
  | { seen: 'whole'; perPage: number; walked: readonly string[]; whole: ListAnswer };

/** collection_links: page `index` (from 0) of a walk at `perPage`, judged with the other pages beside it. */
export interface LinksEvidence {
  pages: readonly ListAnswer[];
  index: number;
  perPage: number;
}

/** collection_filters: `include`, `exclude` and `offset`, with ids the list itself answered. */
export type FiltersEvidence =
  | { seen: 'include'; included: readonly string[]; answer: ListAnswer }
  /** `exclude` of one id, and X-WP-Total of the list without it. */
  | { seen: 'exclude'; excluded: string; total: number | undefined; answer: ListAnswer }
  /** `offset=1` ordered by id, and the ids a walk of the whole list ordered by id found. */
  | { seen: 'offset'; walked: readonly string[]; answer: ListAnswer };

/** collection_order: `order=desc` by id, and the ids `order=asc` answered. */
export interface OrderEvidence {
  ascending: readonly string[];
  answer: ListAnswer;
}

/**
 * A list's X-WP-Total, read with a query (as JSON text: totals compare only under the same query), and the ids of
 * the list's items other than the run's own resource, when the answer holds the whole list (one page). Only a
 * change the run can attribute to itself is judged: where another writer changed the list's other items between
 * two reads, or they could not all be seen, the totals say nothing about the run's own create or delete.
 */
export interface ListTotalRead {
  query: string;
  total: number | undefined;
  others: readonly string[] | undefined;
  /** How the list was narrowed to the run's resource (`narrowed by include`), if it was. */
  narrowed?: string;
}

/** The evidence of `list_total`: the new resource looked for in its list, and the list's total around the create and the delete. */
export type ListTotalStep =
  /** The list bodies read looking for the new resource (narrowed by `include` or its search token, or the pages walked), and how. */
  | { step: 'listed'; family: string; id: string; idField: string; pages: readonly unknown[]; how: string }
  /** The total before the create (when it could be read) and after it, under the same narrowing. */
  | { step: 'created'; before: ListTotalRead | undefined; after: ListTotalRead }
  /** The total with the resource in the list (undefined when no total counts it) and after its delete, under the same narrowing. */
  | { step: 'deleted'; family: string; withIt: ListTotalRead | undefined; after: ListTotalRead };
