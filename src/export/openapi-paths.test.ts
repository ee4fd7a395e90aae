import { describe, expect, it } from 'vitest';
import { parseRoutePattern } from '../descriptor/index.js';
import { openApiPathVariants, pathShape } from './openapi-paths.js';

const variants = (route: string): Array<[string, string[]]> =>
  openApiPathVariants(parseRoutePattern(route)).map((variant) => [variant.path, variant.variables.map((variable) => variable.name)]);

describe('openApiPathVariants', () => {
  it('keeps a route without variables as it is', () => {
    expect(variants('/seo/v1/ping')).toEqual([['/seo/v1/ping', []]]);
    expect(variants('/')).toEqual([['/', []]]);
  });

  it('turns named groups into {name} templates', () => {
    expect(variants('/community/v1/profile/(?P<field_id>[\\d]+)/data/(?P<user_id>[\\d]+)')).toEqual([
      ['/community/v1/profile/{field_id}/data/{user_id}', ['field_id', 'user_id']],
    ]);
  });

  it('gives an optional segment two paths, the fullest first', () => {
    expect(variants('/analytics/v1/terms(?:/(?P<slug>[a-zA-Z0-9-_]+))?')).toEqual([
      ['/analytics/v1/terms/{slug}', ['slug']],
      ['/analytics/v1/terms', []],
    ]);
  });

  it('gives every combination of several optional segments', () => {
    const paths = variants('/x(?:/(?P<a>\\d+))?/y(?:/(?P<b>\\d+))?').map(([path]) => path);
    expect(paths.sort()).toEqual(['/x/y', '/x/y/{b}', '/x/{a}/y', '/x/{a}/y/{b}']);
  });

  it('keeps an alternation inside a variable as one variable', () => {
    expect(variants('/seo/v1/notification/(?P<name>one-reminder|two-reminder)')).toEqual([['/seo/v1/notification/{name}', ['name']]]);
  });

  it('keeps literal text that a path must escape in its escaped form', () => {
    expect(variants('/a b/(?P<id>\\d+)')).toEqual([['/a%20b/{id}', ['id']]]);
  });
});

describe('pathShape', () => {
  it('blanks variable names, so /a/{id} and /a/{slug} read alike', () => {
    expect(pathShape('/a/{id}/b/{slug}')).toBe('/a/{}/b/{}');
    expect(pathShape('/a/{id}')).toBe(pathShape('/a/{slug}'));
  });
});
