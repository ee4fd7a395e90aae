/**
 * Report files appear whole or not at all: content goes to a temporary file in the same folder (so the rename
 * stays on one file system), which is then renamed over the target. A reader never sees half a report.
 */
import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { randomBytes } from 'node:crypto';

/** A hidden, unique sibling of `path`: `.report.json.1234.ab12cd.tmp`. */
export function temporaryPathFor(path: string): string {
  return join(dirname(path), `.${basename(path)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
}

/** Writes `content` to `path` atomically, creating parent folders. */
export async function writeFileAtomic(path: string, content: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const temporary = temporaryPathFor(path);
  try {
    await writeFile(temporary, content, 'utf8');
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

/**
 * A file written piece by piece that appears at `path` only when `commit` is called. Use `open` to create it.
 */
export class AtomicFileStream {
  readonly #path: string;
  readonly #temporary: string;
  readonly #stream: WriteStream;
  #failure: Error | undefined;

  private constructor(path: string, temporary: string, stream: WriteStream) {
    this.#path = path;
    this.#temporary = temporary;
    this.#stream = stream;
    stream.on('error', (error) => {
      this.#failure ??= error;
    });
  }

  /** Creates parent folders and the temporary file. */
  static async open(path: string): Promise<AtomicFileStream> {
    await mkdir(dirname(path), { recursive: true });
    const temporary = temporaryPathFor(path);
    const stream = createWriteStream(temporary, { encoding: 'utf8' });
    await new Promise<void>((resolve, reject) => {
      stream.once('open', () => resolve());
      stream.once('error', reject);
    });
    return new AtomicFileStream(path, temporary, stream);
  }

  /** The temporary file being written (for `tail -f` during a long run). */
  get temporaryPath(): string {
    return this.#temporary;
  }

  write(chunk: string): void {
    if (!this.#failure) this.#stream.write(chunk);
  }

  /** Flushes, closes and renames the file into place. */
  async commit(): Promise<void> {
    await new Promise<void>((resolve) => this.#stream.end(resolve));
    if (this.#failure) {
      await rm(this.#temporary, { force: true });
      throw this.#failure;
    }
    await rename(this.#temporary, this.#path);
  }
}
