/** `include` answers those ids and only those; `exclude` never answers them and the total drops; `offset` skips items. */
import type { CheckFailure, EvidenceCheck } from '../types.js';
import type { FiltersEvidence } from './evidence.js';
import { idsAreUsable, showIds } from './list-answer.js';

function judgeFilters(evidence: FiltersEvidence): CheckFailure[] {
  const { answer } = evidence;
  switch (evidence.seen) {
    case 'include': {
      const chosen = evidence.included;
      if (answer.status !== 200 || answer.items === undefined) return [];
      const got = new Set(answer.ids);
      const extra = answer.ids.filter((id) => id === undefined || !chosen.includes(id));
      const missing = chosen.filter((id) => !got.has(id));
      if (extra.length === 0 && missing.length === 0) return [];
      const problems = [extra.length > 0 ? `also ${showIds(extra)}` : '', missing.length > 0 ? `not ${showIds(missing)}` : ''].filter(Boolean).join(' and ');
      return [
        {
          message: `include=${showIds(chosen)} (ids from the list itself) answers ${showIds(answer.ids)}: ${problems}`,
          cause: `include:${extra.length > 0 ? 'extra' : 'missing'}`,
        },
      ];
    }
    case 'exclude': {
      const { excluded, total } = evidence;
      if (answer.status !== 200 || answer.items === undefined) return [];
      if (answer.ids.includes(excluded)) {
        return [{ message: `exclude=[${excluded}] (an id from the list itself) still answers ${excluded}: ${showIds(answer.ids)}`, cause: 'exclude:present' }];
      }
      if (total === undefined || answer.total === undefined || answer.total === total - 1) return [];
      return [
        {
          message: `exclude=[${excluded}] answers X-WP-Total ${answer.total}; the list without it has ${total}, so ${total - 1} were expected`,
          cause: 'exclude:total',
        },
      ];
    }
    case 'offset': {
      const { walked } = evidence;
      if (answer.status !== 200 || !idsAreUsable(answer)) return [];
      const expected = walked.slice(1, 1 + answer.ids.length);
      if (answer.ids.length > 0 && answer.ids.join(',') === expected.join(',')) return [];
      return [
        {
          message: `offset=1, ordered by id, answers ${showIds(answer.ids)}; the list from its second item is ${showIds(walked.slice(1))}`,
          cause: 'offset',
        },
      ];
    }
  }
}

export const collectionFilters: EvidenceCheck<FiltersEvidence> = {
  name: 'collection_filters',
  evidence: 'collections',
  severity: 'failure',
  description:
    'include answers those ids and only those; exclude never answers them and X-WP-Total drops by their number; offset=k starts the list (ordered by id) at its item k.',
  judge: judgeFilters,
};
