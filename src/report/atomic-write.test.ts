import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { AtomicFileStream, temporaryPathFor, writeFileAtomic } from './atomic-write.js';

const folder = mkdtempSync(join(tmpdir(), 'restconform-atomic-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('writeFileAtomic', () => {
  it('creates parent folders and leaves only the target behind', async () => {
    const target = join(folder, 'a', 'b', 'report.json');
    await writeFileAtomic(target, '{"ok":true}\n');
    expect(readFileSync(target, 'utf8')).toBe('{"ok":true}\n');
    expect(readdirSync(join(folder, 'a', 'b'))).toEqual(['report.json']);
  });

  it('replaces an existing file whole', async () => {
    const target = join(folder, 'replace.txt');
    writeFileSync(target, 'old content that is longer');
    await writeFileAtomic(target, 'new');
    expect(readFileSync(target, 'utf8')).toBe('new');
  });

  it('fails cleanly when the target cannot be written, leaving no temporary file', async () => {
    const blocker = join(folder, 'blocker');
    writeFileSync(blocker, 'a file, not a folder');
    await expect(writeFileAtomic(join(blocker, 'report.json'), 'x')).rejects.toThrow();
    const dir = join(folder, 'is-a-dir');
    await writeFileAtomic(join(dir, 'inner.txt'), 'x');
    await expect(writeFileAtomic(dir, 'x')).rejects.toThrow();
    expect(readdirSync(folder).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it('names temporary files as hidden siblings', () => {
    const temporary = temporaryPathFor(join(folder, 'report.json'));
    expect(temporary.startsWith(join(folder, '.report.json.'))).toBe(true);
    expect(temporary.endsWith('.tmp')).toBe(true);
  });
});

describe('AtomicFileStream', () => {
  it('shows the file at its path only after commit', async () => {
    const target = join(folder, 'stream', 'events.ndjson');
    const stream = await AtomicFileStream.open(target);
    stream.write('one\n');
    stream.write('two\n');
    expect(existsSync(target)).toBe(false);
    expect(existsSync(stream.temporaryPath)).toBe(true);
    await stream.commit();
    expect(readFileSync(target, 'utf8')).toBe('one\ntwo\n');
    expect(readdirSync(join(folder, 'stream'))).toEqual(['events.ndjson']);
  });
});
