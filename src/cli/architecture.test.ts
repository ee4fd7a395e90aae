/**
 * ARCHITECTURE.md is the map of the tree, and the map must stay true: every folder it names (in backquotes, ending in
 * `/`; `<phase>` stands for each phase of the engine) exists, and its layer line is the flow the layering test
 * enforces. The one list of layers is `FLOW` of `testing/import-graph.ts`, which `layering.test.ts` holds the
 * imports to; this test holds the page to that list, so the page, the test and the code cannot tell three stories.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PHASE_NAMES } from '../engine/phases/index.js';
import { ENTRY_POINTS, FLOW, SRC } from './testing/import-graph.js';

const ROOT = join(SRC, '..');
const ARCHITECTURE = readFileSync(join(ROOT, 'ARCHITECTURE.md'), 'utf8');

/** Every folder a page names: a backquoted relative path ending in `/`, `<phase>` expanded to every phase. */
export function namedFolders(page: string, phases: readonly string[]): string[] {
  const named = [...page.matchAll(/`([A-Za-z0-9_.<>-]+(?:\/[A-Za-z0-9_.<>-]+)*\/)`/g)].map((match) => match[1]!);
  const folders = named.flatMap((folder) => {
    const placeholders = folder.match(/<[^>]+>/g) ?? [];
    const unknown = placeholders.filter((placeholder) => placeholder !== '<phase>');
    if (unknown.length > 0) throw new Error(`${folder}: unknown placeholder ${unknown.join(', ')} (only <phase> is expanded)`);
    return placeholders.length === 0 ? [folder] : phases.map((phase) => folder.replaceAll('<phase>', phase));
  });
  return [...new Set(folders)];
}

/** The stages the page's `Layers:` line names, in its order. */
export function layerLine(page: string): string[] | undefined {
  const line = /^Layers: `([^`]+)`$/m.exec(page)?.[1];
  return line?.split('→').map((stage) => stage.trim());
}

const isFolder = (path: string): boolean => existsSync(path) && statSync(path).isDirectory();

describe('ARCHITECTURE.md', () => {
  it('names only folders that exist', () => {
    const folders = namedFolders(ARCHITECTURE, PHASE_NAMES);
    expect(folders.length).toBeGreaterThan(20);
    expect(folders.filter((folder) => !isFolder(join(ROOT, folder)))).toEqual([]);
  });

  it('gives the layers in the order the layering test enforces, each a folder of src/', () => {
    expect(layerLine(ARCHITECTURE)).toEqual([...FLOW]);
    for (const stage of FLOW) expect(ARCHITECTURE).toContain(`\`src/${stage}/\``);
  });

  it('names every entry point, and says they go through the jobs', () => {
    for (const entry of ENTRY_POINTS) expect(ARCHITECTURE).toContain(`\`src/${entry}/\``);
  });
});

describe('the folders of a page', () => {
  it('are the backquoted relative paths ending in /, with <phase> expanded', () => {
    const page = 'See `src/engine/phases/<phase>/`, `docs/`, `packages/server/` and `src/engine/steps/`; not `/wp-json/` nor `a b/` nor `src/x.ts`.';
    expect(namedFolders(page, ['contract', 'auth'])).toEqual([
      'src/engine/phases/contract/',
      'src/engine/phases/auth/',
      'docs/',
      'packages/server/',
      'src/engine/steps/',
    ]);
  });

  it('refuses a placeholder it cannot expand', () => {
    expect(() => namedFolders('`src/checks/<anything>/`', ['auth'])).toThrow(/unknown placeholder <anything>/);
  });

  it('fail the page when one is gone', () => {
    const gone = namedFolders('`src/no-such-stage/` and `src/checks/`', []).filter((folder) => !isFolder(join(ROOT, folder)));
    expect(gone).toEqual(['src/no-such-stage/']);
  });

  it('read the layer line', () => {
    expect(layerLine('intro\nLayers: `a → b → c`\n')).toEqual(['a', 'b', 'c']);
    expect(layerLine('no line')).toBeUndefined();
  });
});
