/** A writable stream that keeps what was written, optionally posing as a terminal, for console tests. */
import { Writable } from 'node:stream';

export class TextSink extends Writable {
  text = '';
  readonly isTTY: boolean;
  readonly columns = 120;

  constructor(options: { tty?: boolean } = {}) {
    super();
    this.isTTY = options.tty ?? false;
  }

  override _write(chunk: Buffer | string, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    this.text += chunk.toString();
    callback();
  }
}
