/**
 * `npm run docs`: writes the reference pages the code holds the data of (`docs/checks.md`, `docs/settings.md`; see
 * `docs/reference-pages.ts`). Run it after adding, renaming or rewording a check or a setting, and commit the pages:
 * `src/cli/docs-pages.test.ts` fails while they differ from what this writes.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { referencePages, ROOT } from './docs/reference-pages.js';

for (const [path, text] of Object.entries(await referencePages())) {
  writeFileSync(join(ROOT, path), text);
  process.stdout.write(`wrote ${path}\n`);
}
