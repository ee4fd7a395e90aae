/**
 * `per_page` is honoured, with its declared default when absent; ordered by id, the pages are disjoint and together
 * the list; a page past the last holds nothing.
 */
import type { CheckFailure, EvidenceCheck } from '../types.js';
import type { PagingEvidence } from './evidence.js';
import { idsAreUsable, showIds } from './list-answer.js';

function judgePaging(evidence: PagingEvidence): CheckFailure[] {
  switch (evidence.seen) {
    case 'without-per-page': {
      const { declaredDefault, answer: first } = evidence;
      if (declaredDefault === undefined || first.total === undefined || first.items === undefined) return [];
      const expected = Math.min(declaredDefault, first.total);
      if (first.items.length === expected) return [];
      return [
        {
          message: `without per_page the list holds ${first.items.length} items; X-WP-Total ${first.total} and the declared default per_page ${declaredDefault} make ${expected}`,
          cause: 'default-per-page',
        },
      ];
    }
    case 'walk-page': {
      const { page, pageCount, perPage, total, answer } = evidence;
      if (answer.items === undefined) return [];
      const expected = Math.min(perPage, total - (page - 1) * perPage);
      if (answer.items.length === expected) return [];
      return [
        {
          message: `page ${page} at per_page ${perPage} holds ${answer.items.length} items; X-WP-Total ${total} makes ${expected}`,
          cause: `page-size:${page === pageCount ? 'last' : 'full'}`,
        },
      ];
    }
    case 'past-last': {
      const { pageCount, perPage, total, answer: past } = evidence;
      if (past.status !== 200 || past.items === undefined || past.items.length === 0) return [];
      return [
        {
          message: `page ${pageCount + 1}, past the last of ${pageCount} (X-WP-Total ${total}, per_page ${perPage}), holds ${past.items.length} items ${showIds(past.ids)}; expected 400 or []`,
          cause: 'past-last:items',
        },
      ];
    }
    case 'walk': {
      const walked = evidence.pages.flatMap((page) => page.ids);
      if (new Set(walked).size === walked.length) return [];
      const seen = new Set<string>();
      const repeated = walked.filter((id) => seen.has(id) || !seen.add(id));
      return [
        {
          message: `ordered by id, the pages at per_page ${evidence.perPage} repeat items ${showIds(repeated)}: pages must be disjoint`,
          cause: 'pages-overlap',
        },
      ];
    }
    case 'whole': {
      const { perPage, walked, whole } = evidence;
      if (whole.status !== 200 || !idsAreUsable(whole) || whole.ids.join(',') === walked.join(',')) return [];
      return [
        {
          message: `ordered by id, the pages at per_page ${perPage} hold ${showIds(walked)} but the whole list is ${showIds(whole.ids)}`,
          cause: 'pages-not-the-list',
        },
      ];
    }
  }
}

export const collectionPaging: EvidenceCheck<PagingEvidence> = {
  name: 'collection_paging',
  evidence: 'collections',
  severity: 'failure',
  description:
    'per_page is honoured and its declared default applies when it is absent; with orderby=id the pages are disjoint and together are the list; a page past the last is answered 400 or [], never with items.',
  judge: judgePaging,
};
