/** Where a list sends Link headers: next on every page but the last, prev on every page but the first, each to its neighbour. */
import type { EvidenceCheck } from '../types.js';
import type { LinksEvidence } from './evidence.js';

/** The query arguments of a URL, for comparing a Link with the request it continues. */
function queryOf(url: string): URLSearchParams | undefined {
  try {
    return new URL(url).searchParams;
  } catch {
    return undefined;
  }
}

export const collectionLinks: EvidenceCheck<LinksEvidence> = {
  name: 'collection_links',
  evidence: 'collections',
  severity: 'warning',
  description:
    'Where a list sends Link headers, every page but the last has rel="next" and every page but the first rel="prev", to the neighbouring page with the same other arguments.',
  judge({ pages, index, perPage }) {
    if (!pages.some((page) => page.links.has('next') || page.links.has('prev'))) return [];
    const page = pages[index]!;
    const number = index + 1;
    const wanted: Array<[string, boolean, number]> = [
      ['next', number < pages.length, number + 1],
      ['prev', number > 1, number - 1],
    ];
    for (const [rel, expected, target] of wanted) {
      const url = page.links.get(rel);
      if (expected !== (url !== undefined)) {
        return [
          {
            message: `page ${number} of ${pages.length} ${expected ? 'lacks' : 'has'} a Link rel="${rel}"`,
            cause: `link:${rel}:${expected ? 'missing' : 'extra'}`,
          },
        ];
      }
      if (url === undefined) continue;
      const query = queryOf(url);
      const linkedPage = query?.get('page') ?? '1';
      const linkedPerPage = query?.get('per_page');
      if (Number(linkedPage) !== target || linkedPerPage === null || linkedPerPage === undefined || Number(linkedPerPage) !== perPage) {
        return [{ message: `page ${number}'s Link rel="${rel}" is ${url}; expected page ${target} with per_page ${perPage}`, cause: `link:${rel}:target` }];
      }
    }
    return [];
  },
};
