import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readBaseline } from './baseline-file.js';
import { UsageError } from './errors.js';
import { temporaryFolders } from '../testing/temporary-folders.js';

const temporaryFolder = temporaryFolders();

const packageFile = (path: string): URL => new URL(`../../${path}`, import.meta.url);

describe('--baseline', () => {
  it('names a baseline shipped inside the package: wordpress-6.1 is the list npm run test:wordpress reads', async () => {
    const shipped = JSON.parse(await readFile(packageFile('suites/wordpress/expectations.json'), 'utf8')) as unknown[];
    const baseline = await readBaseline('wordpress-6.1');
    expect(baseline.source).toBe('wordpress-6.1');
    expect(baseline.entries).toHaveLength(shipped.length);
    expect(baseline.entries[0]).toMatchObject(shipped[0] as object);
  });

  it('is in the npm package: package.json files lists it', async () => {
    const pkg = JSON.parse(await readFile(packageFile('package.json'), 'utf8')) as { files: string[] };
    expect(pkg.files).toContain('suites/wordpress/expectations.json');
  });

  it('still reads a path; a path with a folder is never taken for a name', async () => {
    const dir = await temporaryFolder('restconform-baseline-');
    const path = join(dir, 'known.json');
    await writeFile(path, JSON.stringify([{ check: 'c', method: 'GET', route: '/r', reason: 'why' }]));
    expect((await readBaseline(path)).entries).toEqual([{ check: 'c', method: 'GET', route: '/r', reason: 'why' }]);
    await expect(readBaseline(join(dir, 'wordpress-6.1'))).rejects.toBeInstanceOf(UsageError);
  });

  it('names the baselines it has when neither a file nor a name is found', async () => {
    await expect(readBaseline('wordpress-9.9')).rejects.toThrow(/cannot read baseline wordpress-9\.9: ENOENT.*named baselines: wordpress-6\.1/);
  });
});
