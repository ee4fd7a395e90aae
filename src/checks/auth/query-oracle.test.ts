/** `query_oracle` judges two guesses at a hidden field's value by the items listed and the totals counted. */
import { describe, expect, it } from 'vitest';
import { queryOracle, type GuessAnswer, type QueryOracleEvidence } from './query-oracle.js';

const ok = { status: 200, code: undefined };
const guess = (listed: boolean, total?: number, seen: GuessAnswer['seen'] = ok): GuessAnswer => ({ seen, listed, ...(total === undefined ? {} : { total }) });

function evidence(overrides: Partial<QueryOracleEvidence>): QueryOracleEvidence {
  return {
    listRoute: '/wp/v2/users',
    itemRoute: 'GET /wp/v2/users/(?P<id>[\\d]+)',
    identity: { name: 'anonymous', role: 'anonymous' },
    idVariable: 'id',
    item: '2',
    field: 'email',
    argument: 'search',
    query: { include: [2] },
    narrowedToItem: true,
    rightGuess: guess(false, 0),
    wrongGuess: guess(false, 0),
    ...overrides,
  };
}

describe('query_oracle', () => {
  it('is quiet when both guesses are answered alike, or either is refused', () => {
    expect(queryOracle.judge(evidence({}))).toEqual([]);
    expect(queryOracle.judge(evidence({ rightGuess: guess(true, 1), wrongGuess: guess(true, 1) }))).toEqual([]);
    expect(queryOracle.judge(evidence({ rightGuess: guess(true, 1), wrongGuess: guess(false, 0, { status: 400, code: 'rest_invalid_param' }) }))).toEqual([]);
  });

  it('fires when the item is listed for the true value only', () => {
    expect(queryOracle.judge(evidence({ rightGuess: guess(true, 1) }))[0]?.message).toBe(
      "GET /wp/v2/users with search set to item 2's email, a field GET /wp/v2/users/(?P<id>[\\d]+) does not show anonymous callers, listed the item for the true value and not for a false one: the answers tell them the value",
    );
  });

  it('fires on a larger total for the true value only where the query narrows to the item', () => {
    expect(queryOracle.judge(evidence({ rightGuess: guess(false, 1) }))[0]?.message).toContain(
      'answered X-WP-Total 1 for the true value and 0 for a false one',
    );
    expect(queryOracle.judge(evidence({ rightGuess: guess(false, 5), wrongGuess: guess(false, 4), narrowedToItem: false }))).toEqual([]);
  });
});
