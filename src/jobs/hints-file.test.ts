import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { temporaryFolders } from '../testing/temporary-folders.js';
import { hintProblems, readHints } from './hints-file.js';

const temporaryFolder = temporaryFolders();

describe('resource hints from a file', () => {
  it('reads a hints file keyed by collection route, or a config file with resources.hints', async () => {
    const dir = await temporaryFolder('restconform-hints-');
    writeFileSync(join(dir, 'plain.yaml'), '/myplugin/v1/things:\n  unique: [title]\n  anonymous: "visitors submit things"\n');
    writeFileSync(join(dir, 'config.yaml'), 'resources:\n  hints:\n    /myplugin/v1/things:\n      list: false\n');
    expect(await readHints(join(dir, 'plain.yaml'))).toEqual({ '/myplugin/v1/things': { unique: ['title'], anonymous: 'visitors submit things' } });
    expect(await readHints(join(dir, 'config.yaml'))).toEqual({ '/myplugin/v1/things': { list: false } });
  });

  it('refuses a file whose hints would be ignored in silence, naming each problem', async () => {
    const dir = await temporaryFolder('restconform-hints-');
    writeFileSync(join(dir, 'typo.yaml'), '/myplugin/v1/things:\n  uniqe: [title]\n');
    await expect(readHints(join(dir, 'typo.yaml'))).rejects.toThrow(/typo\.yaml: \/myplugin\/v1\/things: unknown key "uniqe" \(did you mean "unique"\?\)$/);
  });

  it('checks the kind of every value', () => {
    expect(
      hintProblems({
        things: {},
        '/a': 'create',
        '/b': { unique: 'title', list: true, create: [], skip: 3 },
      }),
    ).toEqual([
      '"things" is not a collection route (it starts with "/", e.g. "/wp/v2/posts")',
      '/a: a hint is an object of skip, create, upload, unique, parents, ids, filters, delete, fixed, unlock, idField, trashedId, item, list, anonymous',
      '/b: unique is a list of argument names',
      '/b: list can only be false',
      '/b: create is an object',
      '/b: skip is a string',
    ]);
    expect(hintProblems({ '/wp/v2/posts': { create: { status: 'publish' }, unique: ['slug'], list: false, anonymous: 'why' } })).toEqual([]);
  });

  it('checks an upload hint: three strings, a file name fit for a header, a media type', () => {
    expect(hintProblems({ '/wp/v2/media': { upload: { filename: 'rc-{token}.txt', contentType: 'text/plain', content: 'Restconform {token}' } } })).toEqual([]);
    expect(
      hintProblems({
        '/a': { upload: 'file.txt' },
        '/b': { upload: { filename: 'a"b/c.txt', contentType: 'text plain', content: '', fileName: 'x' } },
      }),
    ).toEqual([
      '/a: upload is an object of filename, contentType, content',
      '/b: upload has an unknown key "fileName" (did you mean "filename"?)',
      '/b: upload needs content, a string',
      '/b: upload filename may not hold quotes, slashes or line breaks',
      '/b: upload contentType "text plain" is not a media type (e.g. text/plain)',
    ]);
  });
});
