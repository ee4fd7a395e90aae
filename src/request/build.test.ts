import { describe, expect, it } from 'vitest';
import { parseRoutePattern } from '../descriptor/route-pattern.js';
import type { HttpMethod, Operation } from '../descriptor/types.js';
import type { RequestCase } from '../generate/types.js';
import { basicAuthorization } from './auth.js';
import { buildRequest } from './build.js';

function operation(method: HttpMethod, route: string): Operation {
  return {
    id: `en_gb ${method} ${route}`,
    locale: 'en_gb',
    method,
    route,
    namespace: 'community/v1',
    pattern: parseRoutePattern(route),
    args: {},
    allowBatch: false,
  };
}

function requestCase(partial: Partial<RequestCase>): RequestCase {
  return { operationId: 'x', kind: 'valid', path: {}, query: {}, body: undefined, ...partial };
}

describe('buildRequest', () => {
  const credentials = { user: 'admin', password: 'abcd EFGH ijkl MNOP qrst UVWX' };

  it('builds a GET with path values and a query, never a body', () => {
    const request = buildRequest({
      restUrl: 'http://127.0.0.1:8080/en_gb/wp-json/',
      operation: operation('GET', '/community/v1/members/(?P<id>[\\d]+)'),
      requestCase: requestCase({ path: { id: '7' }, query: { context: 'view', include: [1, 2] }, body: { ignored: true } }),
    });
    expect(request).toEqual({
      method: 'GET',
      url: 'http://127.0.0.1:8080/en_gb/wp-json/community/v1/members/7?context=view&include[]=1&include[]=2',
      headers: { accept: 'application/json' },
    });
  });

  it('builds a POST with a JSON body and Basic credentials', () => {
    const request = buildRequest({
      restUrl: 'http://127.0.0.1:8080/el/wp-json',
      operation: operation('POST', '/community/v1/members'),
      requestCase: requestCase({ body: { user_login: 'jane', roles: ['subscriber'] } }),
      credentials,
    });
    expect(request.url).toBe('http://127.0.0.1:8080/el/wp-json/community/v1/members');
    expect(request.body).toBe('{"user_login":"jane","roles":["subscriber"]}');
    expect(request.headers).toEqual({
      accept: 'application/json',
      authorization: `Basic ${Buffer.from('admin:abcd EFGH ijkl MNOP qrst UVWX').toString('base64')}`,
      'content-type': 'application/json',
    });
  });

  it('sends no body and no content type when the case has none', () => {
    const request = buildRequest({ restUrl: 'http://h/wp-json', operation: operation('DELETE', '/x/v1/y'), requestCase: requestCase({}) });
    expect(request).toEqual({ method: 'DELETE', url: 'http://h/wp-json/x/v1/y', headers: { accept: 'application/json' } });
  });

  it('addresses the root route with a trailing slash', () => {
    const request = buildRequest({ restUrl: 'http://h/en_gb/wp-json', operation: operation('GET', '/'), requestCase: requestCase({}) });
    expect(request.url).toBe('http://h/en_gb/wp-json/');
  });

  it('shares one frozen headers object between requests with the same credentials', () => {
    const input = { restUrl: 'http://h/wp-json', operation: operation('POST', '/x/v1/y'), requestCase: requestCase({ body: {} }), credentials };
    const first = buildRequest(input);
    expect(buildRequest(input).headers).toBe(first.headers);
    expect(Object.isFrozen(first.headers)).toBe(true);
    expect(() => {
      first.headers.accept = 'text/html';
    }).toThrow(TypeError);
  });

  it('computes the Basic header once per credentials object', () => {
    expect(basicAuthorization(credentials)).toBe(basicAuthorization(credentials));
    expect(basicAuthorization({ user: 'ü', password: 'p' })).toBe(`Basic ${Buffer.from('ü:p', 'utf8').toString('base64')}`);
  });

  it("sends an upload as the raw body, named by content-disposition, with the case's body members in the query", () => {
    const upload = { filename: 'restconform-"x".txt', contentType: 'text/plain', content: 'Restconform upload x\n' };
    const request = buildRequest({
      restUrl: 'http://h/wp-json',
      operation: operation('POST', '/wp/v2/media'),
      requestCase: requestCase({ query: { a: 1 }, body: { title: 'T x' } }),
      credentials,
      upload,
    });
    expect(request.url).toBe('http://h/wp-json/wp/v2/media?a=1&title=T%20x');
    expect(request.body).toBe('Restconform upload x\n');
    expect(request.headers).toEqual({
      accept: 'application/json',
      authorization: basicAuthorization(credentials),
      'content-type': 'text/plain',
      'content-disposition': 'attachment; filename="restconform-\\"x\\".txt"',
    });
    // A read carries no file.
    expect(
      buildRequest({ restUrl: 'http://h/wp-json', operation: operation('GET', '/wp/v2/media'), requestCase: requestCase({}), upload }).body,
    ).toBeUndefined();
  });
});
