/**
 * Test-only: fresh folders under the system's temporary folder, removed when the test file that asked for them is
 * done, so that a suite run many times leaves nothing behind. Call it at a file's top level (it registers the file's
 * `afterAll`); each call of what it returns makes one folder.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';

export function temporaryFolders(): (prefix: string) => Promise<string> {
  const made: string[] = [];
  afterAll(async () => {
    await Promise.all(made.splice(0).map((folder) => rm(folder, { recursive: true, force: true })));
  });
  return async (prefix) => {
    const folder = await mkdtemp(join(tmpdir(), prefix));
    made.push(folder);
    return folder;
  };
}
