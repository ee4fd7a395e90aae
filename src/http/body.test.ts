import { describe, expect, it } from 'vitest';
import { BodyCollector, parseJsonBody } from './body.js';

describe('BodyCollector', () => {
  it('joins chunks and decodes UTF-8 split across them', () => {
    const bytes = Buffer.from('{"name":"Αθήνα"}');
    const body = new BodyCollector(100);
    expect(body.push(bytes.subarray(0, 11))).toBe(true);
    expect(body.push(bytes.subarray(11))).toBe(true);
    expect(body.text()).toBe('{"name":"Αθήνα"}');
    expect(body.bytes).toBe(bytes.length);
    expect(body.truncated).toBe(false);
  });

  it('keeps up to the cap, then says stop', () => {
    const body = new BodyCollector(7);
    expect(body.push(Buffer.from('12345'))).toBe(true);
    expect(body.push(Buffer.from('67890'))).toBe(false);
    expect(body.text()).toBe('1234567');
    expect(body.truncated).toBe(true);
    expect(body.bytes).toBe(7);
  });

  it('allows exactly the cap, and an empty body', () => {
    const body = new BodyCollector(5);
    expect(body.push(Buffer.from('12345'))).toBe(true);
    expect(body.truncated).toBe(false);
    expect(new BodyCollector(5).text()).toBe('');
  });
});

describe('parseJsonBody', () => {
  it('parses when labelled JSON or when it starts like JSON', () => {
    expect(parseJsonBody('{"a":1}', 'application/json; charset=UTF-8')).toEqual({ a: 1 });
    expect(parseJsonBody('"text"', 'application/problem+json')).toBe('text');
    expect(parseJsonBody('\n [1]', 'text/html')).toEqual([1]);
  });

  it('leaves other bodies and broken JSON unparsed', () => {
    expect(parseJsonBody('"text"', 'text/plain')).toBeUndefined();
    expect(parseJsonBody('{"a":', 'application/json')).toBeUndefined();
    expect(parseJsonBody('', 'application/json')).toBeUndefined();
    expect(parseJsonBody('1', undefined)).toBeUndefined();
  });
});
