import { describe, expect, it } from 'vitest';
import { PLACEHOLDER_HANDLER } from './handlers.js';
import { compileRouteKey, Router, type RouteDefinition } from './router.js';

function route(key: string, ...methods: Array<'GET' | 'POST' | 'DELETE'>): RouteDefinition {
  return {
    key,
    namespace: 'x/v1',
    methods: methods.map((method) => ({ method, args: {}, allowBatch: false, handler: PLACEHOLDER_HANDLER })),
  };
}

describe('compileRouteKey', () => {
  it('turns PCRE named groups into JavaScript ones and anchors the whole path', () => {
    const matcher = compileRouteKey('/x/v1/items/(?P<id>[\\d]+)');
    expect(matcher.exec('/x/v1/items/42')?.groups).toEqual({ id: '42' });
    expect(matcher.test('/x/v1/items/42/more')).toBe(false);
    expect(matcher.test('/prefix/x/v1/items/42')).toBe(false);
  });

  it('matches case-insensitively, as WordPress does', () => {
    expect(compileRouteKey('/x/v1/items').test('/X/V1/Items')).toBe(true);
  });

  it('names the route when its regex does not compile', () => {
    expect(() => compileRouteKey('/x/v1/(?P<broken')).toThrow(/\/x\/v1\/\(\?P<broken/);
  });
});

describe('Router', () => {
  const router = new Router([
    route('/', 'GET'),
    route('/x/v1/items/(?P<id>[\\d]+)', 'GET', 'DELETE'),
    route('/x/v1/items/(?P<slug>[a-z0-9]+)', 'GET'),
    route('/(?P<anything>[a-z]+)/v1/items/special', 'GET'),
    route('/x/v1/items/special', 'GET'),
    route('/x/v1/terms(?:/(?P<slug>[a-z-]+))?', 'GET'),
  ]);

  it('takes the first matching route in contract order', () => {
    expect(router.match('/x/v1/items/7')?.route.key).toBe('/x/v1/items/(?P<id>[\\d]+)');
    expect(router.match('/x/v1/items/abc')?.route.key).toBe('/x/v1/items/(?P<slug>[a-z0-9]+)');
  });

  it('tries routes without a literal first segment where they stand in the order', () => {
    expect(router.match('/x/v1/items/special')?.route.key).toBe('/x/v1/items/(?P<slug>[a-z0-9]+)');
    expect(router.match('/y/v1/items/special')?.route.key).toBe('/(?P<anything>[a-z]+)/v1/items/special');
  });

  it('finds routes whatever the letter case of the first segment', () => {
    expect(router.match('/X/v1/items/7')?.captures).toEqual({ id: '7' });
  });

  it('leaves out optional groups that did not take part in the match', () => {
    expect(router.match('/x/v1/terms')?.captures).toEqual({});
    expect(router.match('/x/v1/terms/a-b')?.captures).toEqual({ slug: 'a-b' });
  });

  it('matches the root and nothing for unknown paths', () => {
    expect(router.match('/')?.route.key).toBe('/');
    expect(router.match('/nowhere')).toBeNull();
  });

  it('serves HEAD with GET and gives the Allow header of each route', () => {
    const items = router.match('/x/v1/items/7')!.route;
    expect(Router.methodOf(items, 'HEAD')?.method).toBe('GET');
    expect(Router.methodOf(items, 'POST')).toBeUndefined();
    expect(items.allowHeader).toBe('GET, DELETE');
  });
});
