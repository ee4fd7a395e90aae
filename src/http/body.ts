/** Reading a response body up to a size cap, and parsing it as JSON once, when it looks like JSON. */
import type { Readable } from 'node:stream';

export interface BodyRead {
  text: string;
  /** Bytes kept (at most the cap). */
  bytes: number;
  /** True when the body went on past the cap and was cut (the stream is then destroyed). */
  truncated: boolean;
}

/**
 * Collects `body` as UTF-8 text up to `maxBytes`. Past the cap it stops reading and destroys the stream,
 * which closes that connection: cheaper than draining an unbounded body.
 * Rejects with the stream's error (reset, timeout…); `progress.bytes` follows the bytes read, for that message.
 */
export function readBody(body: Readable, maxBytes: number, progress: { bytes: number }): Promise<BodyRead> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (truncated: boolean): void => {
      const buffer = chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, size);
      resolve({ text: buffer.toString('utf8'), bytes: size, truncated });
    };
    const onData = (chunk: Buffer): void => {
      const room = maxBytes - size;
      if (chunk.length > room) {
        if (room > 0) chunks.push(chunk.subarray(0, room));
        size = maxBytes;
        progress.bytes = size;
        body.off('data', onData);
        finish(true);
        // The error this may emit is expected: the listener below keeps it from going unhandled.
        body.destroy();
        return;
      }
      chunks.push(chunk);
      size += chunk.length;
      progress.bytes = size;
    };
    body.on('data', onData);
    body.once('end', () => finish(false));
    body.on('error', reject);
  });
}

const JSON_START = /^\s*[[{]/;

/** The parsed body when the content type says JSON or the text starts like JSON, else undefined. */
export function parseJsonBody(text: string, contentType: string | undefined): unknown {
  if (text === '') return undefined;
  if (!(contentType?.includes('json') ?? false) && !JSON_START.test(text)) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
