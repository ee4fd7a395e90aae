import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { parseJsonBody, readBody } from './body.js';

describe('readBody', () => {
  it('joins chunks and decodes UTF-8 split across them', async () => {
    const bytes = Buffer.from('{"name":"Αθήνα"}');
    const progress = { bytes: 0 };
    const read = await readBody(Readable.from([bytes.subarray(0, 11), bytes.subarray(11)]), 100, progress);
    expect(read).toEqual({ text: '{"name":"Αθήνα"}', bytes: bytes.length, truncated: false });
    expect(progress.bytes).toBe(bytes.length);
  });

  it('stops at the cap and destroys the stream', async () => {
    const stream = Readable.from([Buffer.from('12345'), Buffer.from('67890'), Buffer.from('abc')]);
    const read = await readBody(stream, 7, { bytes: 0 });
    expect(read).toEqual({ text: '1234567', bytes: 7, truncated: true });
    expect(stream.destroyed).toBe(true);
  });

  it('rejects with the stream error', async () => {
    const stream = new Readable({ read() { this.destroy(Object.assign(new Error('boom'), { code: 'ECONNRESET' })); } });
    await expect(readBody(stream, 10, { bytes: 0 })).rejects.toThrow('boom');
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
