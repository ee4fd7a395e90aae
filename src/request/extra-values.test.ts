import { describe, expect, it } from 'vitest';
import { withExtraValues } from './extra-values.js';
import type { HttpRequest } from './types.js';

const post = (body?: string): HttpRequest => ({
  method: 'POST',
  url: 'http://127.0.0.1/wp-json/community/v1/signup',
  headers: { accept: 'application/json' },
  ...(body === undefined ? {} : { body }),
});

describe('withExtraValues', () => {
  it('adds what a JSON body lacks and keeps what it has', () => {
    const request = withExtraValues(post('{"user_login":"ada","field_3":"given"}'), { field_3: 'Ada', field_4: [1, 2] });
    expect(JSON.parse(request.body!)).toEqual({ user_login: 'ada', field_3: 'given', field_4: [1, 2] });
  });

  it('creates a JSON body for a write without one, and leaves a body that is not an object alone', () => {
    const created = withExtraValues(post(), { field_3: 'Ada' });
    expect([created.body, created.headers['content-type']]).toEqual(['{"field_3":"Ada"}', 'application/json']);
    expect(withExtraValues(post('[1]'), { field_3: 'Ada' }).body).toBe('[1]');
  });

  it('adds to the query of a read what it does not already set, PHP-style', () => {
    const get: HttpRequest = { method: 'GET', url: 'http://127.0.0.1/wp-json/x?a[]=1', headers: {} };
    expect(withExtraValues(get, { a: 'kept', b: [1, 2] }).url).toBe('http://127.0.0.1/wp-json/x?a[]=1&b[]=1&b[]=2');
    expect(withExtraValues({ ...get, url: 'http://127.0.0.1/wp-json/x' }, { b: 'c' }).url).toBe('http://127.0.0.1/wp-json/x?b=c');
  });

  it('adds to the query of an upload, whose body is the file', () => {
    const upload: HttpRequest = {
      method: 'POST',
      url: 'http://127.0.0.1/wp-json/wp/v2/media?title=T',
      headers: { 'content-type': 'text/plain', 'content-disposition': 'attachment; filename="a.txt"' },
      body: 'file text',
    };
    const request = withExtraValues(upload, { title: 'kept', alt_text: 'Alt' });
    expect([request.url, request.body]).toEqual(['http://127.0.0.1/wp-json/wp/v2/media?title=T&alt_text=Alt', 'file text']);
  });
});
