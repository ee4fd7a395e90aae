/** Collecting a response body up to a size cap, and parsing it as JSON once, when it looks like JSON. */

/** Keeps the chunks of a body until the cap; past it, keeps nothing more and remembers that it cut. */
export class BodyCollector {
  readonly #maxBytes: number;
  #chunks: Buffer[] = [];
  #bytes = 0;
  #truncated = false;

  constructor(maxBytes: number) {
    this.#maxBytes = maxBytes;
  }

  /** Bytes kept so far (at most the cap). */
  get bytes(): number {
    return this.#bytes;
  }

  /** True once the body went past the cap. */
  get truncated(): boolean {
    return this.#truncated;
  }

  /** Adds a chunk; returns false when the cap is reached and reading should stop. */
  push(chunk: Buffer): boolean {
    const room = this.#maxBytes - this.#bytes;
    if (chunk.length > room) {
      if (room > 0) this.#chunks.push(chunk.subarray(0, room));
      this.#bytes = this.#maxBytes;
      this.#truncated = true;
      return false;
    }
    this.#chunks.push(chunk);
    this.#bytes += chunk.length;
    return true;
  }

  /** The kept bytes as UTF-8 (a character cut at the cap becomes U+FFFD). */
  text(): string {
    const chunks = this.#chunks;
    if (chunks.length === 0) return '';
    return (chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, this.#bytes)).toString('utf8');
  }
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
