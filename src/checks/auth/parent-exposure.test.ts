/** `parent_exposure` judges a narrowed answer by the parent's own item read and the same narrowing to a readable parent. */
import { describe, expect, it } from 'vitest';
import { parentExposure, WHOLE_ANSWER, type NarrowedAnswer, type ParentExposureEvidence } from './parent-exposure.js';

const ok = { status: 200, code: undefined };
const answer = (request: string, children: string[], seen: NarrowedAnswer['seen'] = ok): NarrowedAnswer => ({ request, seen, children });

function evidence(overrides: Partial<ParentExposureEvidence>): ParentExposureEvidence {
  return {
    route: '/wp/v2/categories',
    argument: 'post',
    via: 'query',
    pathVariables: [],
    parentRoute: 'GET /wp/v2/posts/(?P<id>[\\d]+)',
    identity: { name: 'anonymous', role: 'anonymous' },
    parent: '12',
    parentRead: { status: 401, code: 'rest_forbidden' },
    parentReadAdministrator: ok,
    hidden: answer('GET /wp/v2/categories?post=12', ['3', '7']),
    administrator: answer('GET /wp/v2/categories?post=12', ['3', '7']),
    readable: { ...answer('GET /wp/v2/categories?post=1', ['1']), parent: '1' },
    toldOtherwise: [],
    ...overrides,
  };
}

describe('parent_exposure', () => {
  it("fires when the answer narrowed to a parent the identity's read refuses shows the administrator's children", () => {
    const [failure] = parentExposure.judge(evidence({}));
    expect(failure?.message).toBe(
      'GET /wp/v2/categories?post=12 answered anonymous callers 2 children (3, 7) for post 12, a parent whose own read (GET /wp/v2/posts/(?P<id>[\\d]+)) answers them 401 rest_forbidden; narrowed to 1, one they may read, it answers them 200',
    );
  });

  it('names a whole sub-resource answer as what the administrator is answered', () => {
    const whole = evidence({ hidden: answer('GET /x/12/data/3', [WHOLE_ANSWER]), administrator: answer('GET /x/12/data/3', [WHOLE_ANSWER]) });
    expect(parentExposure.judge(whole)[0]?.message).toContain('answered anonymous callers what it answers the administrator for post 12');
  });

  it('is quiet for a refusal, an empty answer, or a parent the identity may read', () => {
    expect(parentExposure.judge(evidence({ hidden: answer('GET /wp/v2/categories?post=12', [], { status: 401, code: 'rest_forbidden_context' }) }))).toEqual(
      [],
    );
    expect(parentExposure.judge(evidence({ hidden: answer('GET /wp/v2/categories?post=12', []) }))).toEqual([]);
    expect(parentExposure.judge(evidence({ parentRead: ok }))).toEqual([]);
    expect(parentExposure.judge(evidence({ parentReadAdministrator: { status: 404, code: 'rest_post_invalid_id' } }))).toEqual([]);
  });

  it('is quiet for children the narrowing does not separate, or that the identity sees naming their parent anyway', () => {
    expect(parentExposure.judge(evidence({ readable: { ...answer('GET /wp/v2/categories?post=1', ['3', '7']), parent: '1' } }))).toEqual([]);
    expect(parentExposure.judge(evidence({ toldOtherwise: ['3', '7'] }))).toEqual([]);
    expect(parentExposure.judge(evidence({ administrator: answer('GET /wp/v2/categories?post=12', ['9']) }))).toEqual([]);
  });

  it('is not judged when the narrowing is refused to the identity for a parent it may read as well', () => {
    expect(parentExposure.judge(evidence({ readable: { ...answer('GET /wp/v2/categories?post=1', [], { status: 400, code: 'x' }), parent: '1' } }))).toEqual(
      [],
    );
  });
});
