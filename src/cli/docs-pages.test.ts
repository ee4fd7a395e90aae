/**
 * The reference pages of `docs/` are the code's: `docs/checks.md` lists every check of the registry with its severity,
 * rule, phase and an example finding, `docs/settings.md` every row of the settings table. Both are written by
 * `npm run docs` (`scripts/docs/reference-pages.ts`); on a difference this test says which page to regenerate.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checksPage, exampleFindings, referencePages, ROOT, schemaType, settingsPage, unmatchedExamples } from '../../scripts/docs/reference-pages.js';
import { CHECKS } from '../checks/index.js';
import { SETTINGS } from '../config/settings-table.js';

describe('the generated pages of docs/', () => {
  it('are committed as `npm run docs` writes them', async () => {
    for (const [path, text] of Object.entries(await referencePages())) {
      const committed = readFileSync(join(ROOT, path), 'utf8');
      expect(committed, `${path} differs from what the code makes: run npm run docs and commit it`).toBe(text);
    }
  });

  it('have an example finding for every check, and none for a check that does not exist', () => {
    expect(unmatchedExamples()).toEqual({ missing: [], unknown: [] });
  });

  it('list every check once, with its severity and rule', () => {
    const page = checksPage();
    for (const check of CHECKS) {
      expect(page.split(`### \`${check.name}\`\n`)).toHaveLength(2);
      const section = page.slice(page.indexOf(`### \`${check.name}\`\n`)).split('\n### ')[0]!;
      expect(section).toContain(check.description);
      expect(section).toContain(`**Severity:** ${check.severity}`);
    }
  });

  it('list every setting once, with its option and description', () => {
    const page = settingsPage();
    for (const row of Object.values(SETTINGS)) {
      expect(page.split(`### \`${row.file}\`\n`)).toHaveLength(2);
      expect(page).toContain(row.description);
      if (row.flag !== undefined) expect(page).toContain(`\`${row.flag.option}\``);
    }
  });
});

describe('the checks page', () => {
  it('refuses to be made while a check has no example finding, naming it', () => {
    const examples = exampleFindings();
    delete examples.error_shape;
    expect(unmatchedExamples(examples).missing).toEqual(['error_shape']);
    expect(() => checksPage(examples)).toThrow(/no example finding .* for error_shape/);
  });

  it('names an example that no check has', () => {
    const examples = { ...exampleFindings(), no_such_check: { locale: null, method: 'GET', route: '/', message: 'x' } };
    expect(unmatchedExamples(examples).unknown).toEqual(['no_such_check']);
  });
});

describe('the type of a setting, as the settings page shows it', () => {
  it('reads the schema', () => {
    expect(schemaType({ type: 'integer', minimum: 1 })).toBe('integer');
    expect(schemaType({ type: ['string', 'null'] })).toBe('string or null');
    expect(schemaType({ anyOf: [{ const: 'all' }, { type: 'array', items: { type: 'string' } }] })).toBe('"all" or list of string');
    expect(schemaType({ type: 'array', items: { enum: ['warning', 'incomplete'] } })).toBe('list of "warning" or "incomplete"');
    expect(schemaType({ type: 'object' })).toBe('map');
  });
});
