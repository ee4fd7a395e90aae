import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { judge } from '../../scripts/wordpress/judge.js';
import { databaseOf, tableChanges, tableCounts, type FirstUse, type TableSnapshot } from '../../scripts/wordpress/table-counts.js';

type Rows = Record<string, Record<string, Record<string, string>>>;

/** A snapshot whose counts follow its rows; `counts` adds tables without named rows. */
function snapshot(rows: Rows, counts: Record<string, number> = {}): TableSnapshot {
  const tables: Record<string, number> = { ...counts };
  for (const [table, byKey] of Object.entries(rows)) tables[`wp_${table}`] = Object.keys(byKey).length;
  return { prefix: 'wp_', tables, rows };
}

const SITE: Rows = {
  options: { siteurl: { name: 'siteurl' }, cron: { name: 'cron' } },
  posts: { '1': { type: 'post', status: 'publish', name: 'hello-world', digest: 'a' } },
  terms: { '1': { taxonomy: 'category', name: 'Uncategorized' } },
  term_taxonomy: { '1': { taxonomy: 'category', name: 'Uncategorized' } },
};

const FIRST_USE: FirstUse[] = [
  { table: 'options', name: 'category_children', reason: 'the category tree cache' },
  { table: 'terms', taxonomy: 'wp_theme', name: 'twentytwentythree', reason: 'the active theme term' },
];

describe('the row counts of a WordPress database before and after a run', () => {
  it('says nothing when every table holds what it held', () => {
    expect(tableChanges(snapshot(SITE, { wp_links: 0 }), snapshot(SITE, { wp_links: 0 }), FIRST_USE)).toEqual({ problems: [], allowed: [] });
  });

  it('names every table that differs: options by name, posts by type and status, terms by taxonomy and name, others by count', () => {
    const after: Rows = {
      options: { ...SITE.options, theme_mods_x: { name: 'theme_mods_x' } },
      posts: {
        ...SITE.posts,
        '56': { type: 'wp_template_part', status: 'publish', name: 'a', digest: 'b' },
        '57': { type: 'wp_template_part', status: 'publish', name: 'a', digest: 'b' },
        '75': { type: 'wp_template', status: 'trash', name: 'c__trashed', digest: 'c' },
      },
      terms: { ...SITE.terms, '15': { taxonomy: 'wp_theme', name: 'witty golden' } },
      term_taxonomy: { ...SITE.term_taxonomy, '15': { taxonomy: 'wp_theme', name: 'witty golden' } },
    };
    const { problems } = tableChanges(snapshot(SITE, { wp_postmeta: 2 }), snapshot(after, { wp_postmeta: 3 }), FIRST_USE);
    expect(problems).toEqual([
      'wp_options: 2 rows before the run, 3 after (+1; new: theme_mods_x)',
      'wp_postmeta: 2 rows before the run, 3 after (+1)',
      'wp_posts: 1 rows before the run, 4 after (+3; new: 2× wp_template_part/publish, wp_template/trash)',
      'wp_term_taxonomy: 1 rows before the run, 2 after (+1; new: wp_theme "witty golden")',
      'wp_terms: 1 rows before the run, 2 after (+1; new: wp_theme "witty golden")',
    ]);
  });

  it('names what is gone, and a post that was there before and was changed', () => {
    const after: Rows = { ...SITE, options: { siteurl: { name: 'siteurl' } }, posts: { '1': { ...SITE.posts!['1']!, digest: 'changed' } } };
    expect(tableChanges(snapshot(SITE), snapshot(after)).problems).toEqual([
      'wp_options: 2 rows before the run, 1 after (-1; gone: cron)',
      'wp_posts: post 1 "hello-world" was there before the run and was changed by it',
    ]);
  });

  it('allows exactly the rows first-use lists, each said with its reason, and nothing of the same table besides', () => {
    const after: Rows = {
      ...SITE,
      options: { ...SITE.options, category_children: { name: 'category_children' } },
      terms: { ...SITE.terms, '2': { taxonomy: 'wp_theme', name: 'twentytwentythree' } },
      term_taxonomy: { ...SITE.term_taxonomy, '2': { taxonomy: 'wp_theme', name: 'twentytwentythree' } },
    };
    expect(tableChanges(snapshot(SITE), snapshot(after), FIRST_USE)).toEqual({
      problems: [],
      allowed: [
        'wp_options: category_children (the category tree cache)',
        'wp_term_taxonomy: wp_theme "twentytwentythree" (the active theme term)',
        'wp_terms: wp_theme "twentytwentythree" (the active theme term)',
      ],
    });
    // Another theme's term is not the active one's: named, and it fails.
    const other: Rows = { ...after, terms: { ...after.terms, '3': { taxonomy: 'wp_theme', name: 'twentytwentytwo' } } };
    expect(tableChanges(snapshot(SITE), snapshot(other), FIRST_USE).problems).toEqual([
      'wp_terms: 1 rows before the run, 3 after (+2; new: wp_theme "twentytwentytwo"; 1 made by WordPress on first use, allowed)',
    ]);
  });

  it('fails npm run test:wordpress, whose every other verdict passed, naming the table and the rows', () => {
    const report = {
      summary: { requests: 10, operations: 2, failures: 0, warnings: 0, known: 0, byCheck: {} },
      findings: [],
      coverage: [{ method: 'GET', route: '/wp/v2/posts', requests: 10, notes: [] }],
      cleanup: { removed: 3, kept: 0, leftovers: [] },
    };
    const verdict = (siteChanges: string[]) =>
      judge({ report, exitCode: 0, seconds: 1, accountProblem: undefined, siteChanges, listed: [], reportPath: 'report.json' });
    expect(verdict([]).code).toBe(0);
    const after: Rows = { ...SITE, terms: { ...SITE.terms, '15': { taxonomy: 'wp_theme', name: 'witty golden' } } };
    const { problems } = tableChanges(snapshot(SITE), snapshot(after), FIRST_USE);
    expect(verdict(problems)).toMatchObject({
      code: 1,
      problems: ['! site         wp_terms: 1 rows before the run, 2 after (+1; new: wp_theme "witty golden")'],
    });
  });

  it('fails when the database cannot be read, before or after, saying why', async () => {
    const unreadable = await tableCounts('no such file');
    expect(tableChanges(unreadable, snapshot(SITE)).problems).toEqual([
      'database: could not be read (before the run: no such file), so what the run left in its tables is unknown',
    ]);
    expect(tableChanges(snapshot(SITE), 'mariadb: Access denied').problems[0]).toMatch(
      /^database: could not be read \(after the run: mariadb: Access denied\)/,
    );
  });

  it("finds the database from WordPress's wp-config.php, and says why not when it cannot", () => {
    const folder = mkdtempSync(join(tmpdir(), 'restconform-wp-config-'));
    try {
      expect(databaseOf(folder)).toMatch(/wp-config\.php does not exist$/);
      const socket = join(folder, 'mysqld.sock');
      writeFileSync(socket, '');
      writeFileSync(
        join(folder, 'wp-config.php'),
        `<?php\ndefine( 'DB_NAME', 'wordpress' );\ndefine( 'DB_USER', 'wp' );\ndefine( 'DB_PASSWORD', 'x' );\ndefine( 'DB_HOST', 'localhost:${socket}' );\n$table_prefix = 'wp_';\n`,
      );
      expect(databaseOf(folder)).toEqual({ name: 'wordpress', user: 'wp', password: 'x', socket, prefix: 'wp_' });
      writeFileSync(
        join(folder, 'wp-config.php'),
        `<?php\ndefine( 'DB_NAME', 'wordpress' );\ndefine( 'DB_USER', 'wp' );\ndefine( 'DB_HOST', 'localhost' );\n$table_prefix = 'wp_';\n`,
      );
      expect(databaseOf(folder, join(folder, 'missing.sock'))).toMatch(/^no database socket/);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('has a reason in words next to every row it allows, and names each row exactly (no blanket allowance)', () => {
    const firstUse = JSON.parse(readFileSync(fileURLToPath(new URL('./first-use.json', import.meta.url)), 'utf8')) as FirstUse[];
    for (const entry of firstUse) {
      expect(['options', 'posts', 'terms']).toContain(entry.table);
      expect(entry.name).toMatch(/^[a-z0-9_-]+$/);
      if (entry.table === 'posts') expect(entry.type).toMatch(/^[a-z_]+$/);
      if (entry.table === 'terms') expect(entry.taxonomy).toMatch(/^[a-z_]+$/);
      expect(entry.reason.split(' ').length).toBeGreaterThan(8);
    }
  });
});
