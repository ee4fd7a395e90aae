/** `list_exposure` and `total_exposure` judge the lists answered to an identity by that identity's own item reads. */
import { describe, expect, it } from 'vitest';
import { listExposure } from './list-exposure.js';
import { totalExposure } from './total-exposure.js';
import type { ItemReads, VisibilityEvidence } from './visibility.js';

const ok = { status: 200, code: undefined };
const refused = { status: 401, code: 'rest_forbidden' };
const read = (id: string, identity: ItemReads['identity'], administrator: ItemReads['administrator'] = ok): ItemReads => ({ id, identity, administrator });

function evidence(overrides: Partial<VisibilityEvidence>): VisibilityEvidence {
  return {
    listRoute: '/wp/v2/users',
    itemRoute: 'GET /wp/v2/users/(?P<id>[\\d]+)',
    identity: { name: 'anonymous', role: 'anonymous' },
    query: { per_page: 100 },
    listed: ['1', '2'],
    total: 2,
    administratorListed: ['1', '2', '3'],
    administratorTotal: 3,
    perPage: 100,
    reads: [read('1', ok), read('2', ok), read('3', refused)],
    ...overrides,
  };
}

describe('list_exposure', () => {
  it('is quiet when every listed item reads for the identity, and when what it may not read is left out', () => {
    expect(listExposure.judge(evidence({}))).toEqual([]);
  });

  it('fires when a listed item is refused to the identity but found by the administrator', () => {
    const [failure] = listExposure.judge(evidence({ listed: ['1', '3'] }));
    expect(failure?.message).toBe(
      'GET /wp/v2/users?per_page=100 answered anonymous callers item 3 (its read answered 401 rest_forbidden) that GET /wp/v2/users/(?P<id>[\\d]+) refuses them',
    );
  });

  it('is quiet for an item the administrator does not find either (deleted between the list and the reads)', () => {
    expect(
      listExposure.judge(evidence({ listed: ['1', '3'], reads: [read('3', { status: 404, code: 'rest_user_invalid_id' }, { status: 404, code: 'x' })] })),
    ).toEqual([]);
  });
});

describe('total_exposure', () => {
  it("fires when the identity's list lacks a hidden item but its total is the administrator's", () => {
    const [failure] = totalExposure.judge(evidence({ total: 3 }));
    expect(failure?.message).toContain('answered anonymous callers 2 items with X-WP-Total 3');
  });

  it('is quiet when the total counts what the identity is shown (WordPress users to anonymous callers)', () => {
    expect(totalExposure.judge(evidence({}))).toEqual([]);
  });

  it("is quiet when the administrator's list is not whole on one page, or the missing item reads for the identity", () => {
    expect(totalExposure.judge(evidence({ total: 3, administratorTotal: 3, administratorListed: ['1', '2'] }))).toEqual([]);
    expect(totalExposure.judge(evidence({ total: 3, reads: [read('3', ok)] }))).toEqual([]);
    expect(totalExposure.judge(evidence({ total: 3, perPage: 2 }))).toEqual([]);
  });
});
