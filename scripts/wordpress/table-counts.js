// What a WordPress site holds, counted where WordPress keeps it: the row count of every table of its database,
// before and after a run, so whatever WordPress stored because of a request (a theme term a template of an unknown
// theme made, an option written on first use of a feature, a changed global-styles post) is caught, not only the
// kinds of content the REST lists count (issue 34, item 2). The database is read with the mariadb (or mysql)
// client over WordPress's own unix socket, as the account wp-config.php names; its password goes to the client in
// the environment (MYSQL_PWD), never in a file of the project or on a command line.
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * How to reach the database of the WordPress served from `docroot` (its wp-config.php): name, account, socket and
 * table prefix; a string saying why not when it cannot be found. `fallbackSocket` serves a DB_HOST without one.
 */
export function databaseOf(docroot, fallbackSocket) {
  const file = join(docroot, 'wp-config.php');
  if (!existsSync(file)) return `${file} does not exist`;
  const config = readFileSync(file, 'utf8');
  const defined = (name) => new RegExp(`define\\(\\s*'${name}'\\s*,\\s*'([^']*)'\\s*\\)`).exec(config)?.[1];
  const name = defined('DB_NAME');
  const user = defined('DB_USER');
  const host = defined('DB_HOST') ?? '';
  const prefix = /\$table_prefix\s*=\s*'([A-Za-z0-9_]*)'/.exec(config)?.[1];
  if (name === undefined || user === undefined || prefix === undefined) return `${file} names no DB_NAME, DB_USER or $table_prefix`;
  const socket = /^[^:]*:(\/.+)$/.exec(host)?.[1] ?? fallbackSocket;
  if (socket === undefined || !existsSync(socket)) return `no database socket (DB_HOST ${JSON.stringify(host)}; ${socket ?? 'no other'} does not exist)`;
  return { name, user, password: defined('DB_PASSWORD') ?? '', socket, prefix };
}

/** Runs one query with the first client installed; resolves with its rows (tab-separated columns), rejects saying why not. */
function query(database, sql, clients = ['mariadb', 'mysql']) {
  const [client, ...others] = clients;
  if (client === undefined) return Promise.reject(new Error('neither the mariadb nor the mysql client is installed'));
  const args = ['--no-defaults', `--socket=${database.socket}`, `--user=${database.user}`, '--batch', '--skip-column-names', database.name, '-e', sql];
  return new Promise((resolvePromise, reject) => {
    execFile(client, args, { env: { ...process.env, MYSQL_PWD: database.password }, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error?.code === 'ENOENT') resolvePromise(query(database, sql, others));
      else if (error) reject(new Error(`${client}: ${(stderr || error.message).trim().split('\n')[0]}`));
      else
        resolvePromise(
          stdout
            .split('\n')
            .filter((line) => line !== '')
            .map((line) => line.split('\t')),
        );
    });
  });
}

/** Options WordPress keeps for a while and drops by itself: their coming and going is not a run's trace. */
const NOT_TRANSIENT = "option_name NOT LIKE '\\_transient\\_%' AND option_name NOT LIKE '\\_site\\_transient\\_%'";

/**
 * The rows the comparison names, per table (without its prefix): a key per row and what it is. Options by name;
 * posts by type, status and slug (with a digest of what a write changes); terms and their taxonomy rows by taxonomy
 * and name; a post's terms by the post's type and slug and the term.
 */
function namedRows(p) {
  return {
    options: [`SELECT option_name FROM \`${p}options\` WHERE ${NOT_TRANSIENT}`, ([name]) => [name, { name }]],
    posts: [
      `SELECT ID, post_type, post_status, post_name, MD5(CONCAT_WS('|', post_title, post_content, post_excerpt, post_status, post_modified_gmt)) FROM \`${p}posts\``,
      ([id, type, status, name, digest]) => [id, { type, status, name, digest }],
    ],
    terms: [
      `SELECT t.term_id, COALESCE(GROUP_CONCAT(tt.taxonomy), ''), t.name FROM \`${p}terms\` t LEFT JOIN \`${p}term_taxonomy\` tt ON tt.term_id = t.term_id GROUP BY t.term_id, t.name`,
      ([id, taxonomy, name]) => [id, { taxonomy, name }],
    ],
    term_taxonomy: [
      `SELECT tt.term_taxonomy_id, tt.taxonomy, COALESCE(t.name, '') FROM \`${p}term_taxonomy\` tt LEFT JOIN \`${p}terms\` t ON t.term_id = tt.term_id`,
      ([id, taxonomy, name]) => [id, { taxonomy, name }],
    ],
    term_relationships: [
      `SELECT CONCAT(r.object_id, ':', r.term_taxonomy_id), COALESCE(p.post_type, ''), COALESCE(p.post_name, ''), COALESCE(tt.taxonomy, ''), COALESCE(t.name, '') FROM \`${p}term_relationships\` r LEFT JOIN \`${p}posts\` p ON p.ID = r.object_id LEFT JOIN \`${p}term_taxonomy\` tt ON tt.term_taxonomy_id = r.term_taxonomy_id LEFT JOIN \`${p}terms\` t ON t.term_id = tt.term_id`,
      ([id, type, name, taxonomy, term]) => [id, { type, name, taxonomy, term }],
    ],
  };
}

/**
 * A snapshot of the database: `tables` (the row count of every table, the options table's without transients) and
 * `rows` (per table without its prefix, the rows `namedRows` names, by key). A string saying why when the database
 * cannot be read.
 */
export async function tableCounts(database) {
  if (typeof database === 'string') return database;
  try {
    const p = database.prefix;
    const names = (await query(database, 'SHOW TABLES')).map(([table]) => table);
    const countSql = names
      .map((table) => `SELECT '${table}', COUNT(*) FROM \`${table}\`${table === `${p}options` ? ` WHERE ${NOT_TRANSIENT}` : ''}`)
      .join(' UNION ALL ');
    const tables = Object.fromEntries((await query(database, countSql)).map(([table, count]) => [table, Number(count)]));
    const rows = {};
    for (const [table, [sql, read]] of Object.entries(namedRows(p))) {
      const needed =
        table === 'terms' || table === 'term_taxonomy'
          ? ['terms', 'term_taxonomy']
          : table === 'term_relationships'
            ? [table, 'posts', 'terms', 'term_taxonomy']
            : [table];
      if (needed.every((name) => names.includes(`${p}${name}`))) rows[table] = Object.fromEntries((await query(database, sql)).map(read));
    }
    return { prefix: p, tables, rows };
  } catch (error) {
    return error.message;
  }
}

/** What a row is, in words. */
function describe(table, row) {
  if (table === 'options') return row.name;
  if (table === 'posts') return `${row.type}/${row.status}`;
  if (table === 'terms' || table === 'term_taxonomy') return `${row.taxonomy || '(no taxonomy)'} "${row.name}"`;
  if (table === 'term_relationships') return `${row.type || '(no post)'} "${row.name}" in ${row.taxonomy} "${row.term}"`;
  return JSON.stringify(row);
}

/**
 * The first-use entry that explains a new row, if any. An entry names a table (without its prefix) and the row:
 * `name` for an option; `type` and `name` (slug) for a post; `taxonomy` and `name` for a term. A term's taxonomy
 * row goes with the term, and a post's terms with the post.
 */
function explaining(firstUse, table, row) {
  const matches = (entry, wanted, fields) => entry.table === wanted && fields.every((field) => entry[field] === undefined || entry[field] === row[field]);
  if (table === 'options') return firstUse.find((entry) => matches(entry, 'options', ['name']));
  if (table === 'posts') return firstUse.find((entry) => matches(entry, 'posts', ['type', 'name']));
  if (table === 'terms' || table === 'term_taxonomy') return firstUse.find((entry) => matches(entry, 'terms', ['taxonomy', 'name']));
  if (table === 'term_relationships') return firstUse.find((entry) => entry.table === 'posts' && entry.type === row.type && entry.name === row.name);
  return undefined;
}

/** `n× label` for each label, the most frequent first, at most `limit` labels. */
function tally(labels, limit = 30) {
  const counts = new Map();
  for (const label of labels) counts.set(label, (counts.get(label) ?? 0) + 1);
  const parts = [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([label, count]) => (count === 1 ? label : `${count}× ${label}`));
  return parts.length > limit ? `${parts.slice(0, limit).join(', ')} and ${parts.length - limit} more` : parts.join(', ');
}

/**
 * Compares two snapshots. `problems`: one line per table whose row count differs, naming the rows that came or went
 * (options by name, posts by type/status, terms by taxonomy and name), and one per post that was there before and was
 * changed; a snapshot that could not be read (a string) is a problem too, since what the run left is then unknown.
 * `firstUse` lists rows WordPress makes once per site, the first time a feature is used (`{table, name, …, reason}`):
 * a new row it names is no problem but is listed in `allowed`, with its reason. Nothing else is allowed.
 */
export function tableChanges(before, after, firstUse = []) {
  if (typeof before === 'string' || typeof after === 'string') {
    const why = [typeof before === 'string' ? `before the run: ${before}` : '', typeof after === 'string' ? `after the run: ${after}` : ''].filter(Boolean);
    return { problems: [`database: could not be read (${why.join('; ')}), so what the run left in its tables is unknown`], allowed: [] };
  }
  const problems = [];
  const allowed = [];
  const prefix = before.prefix;
  for (const table of [...new Set([...Object.keys(before.tables), ...Object.keys(after.tables)])].sort()) {
    const had = before.tables[table];
    const has = after.tables[table];
    if (had === undefined || has === undefined) {
      problems.push(`${table}: ${had === undefined ? `a new table, ${has} rows after the run` : `gone after the run (${had} rows before)`}`);
      continue;
    }
    const short = table.slice(prefix.length);
    const rowsBefore = before.rows[short];
    const rowsAfter = after.rows[short];
    if (rowsBefore === undefined || rowsAfter === undefined) {
      if (had !== has) problems.push(`${table}: ${had} rows before the run, ${has} after (${has > had ? '+' : ''}${has - had})`);
      continue;
    }
    const added = Object.keys(rowsAfter).filter((key) => !Object.hasOwn(rowsBefore, key));
    const removed = Object.keys(rowsBefore).filter((key) => !Object.hasOwn(rowsAfter, key));
    const unexplained = [];
    for (const key of added) {
      const entry = explaining(firstUse, short, rowsAfter[key]);
      if (entry === undefined) unexplained.push(key);
      else allowed.push(`${table}: ${describe(short, rowsAfter[key])} (${entry.reason})`);
    }
    if (unexplained.length > 0 || removed.length > 0 || had + added.length - removed.length !== has) {
      const parts = [
        unexplained.length ? `new: ${tally(unexplained.map((key) => describe(short, rowsAfter[key])))}` : '',
        removed.length ? `gone: ${tally(removed.map((key) => describe(short, rowsBefore[key])))}` : '',
        added.length > unexplained.length ? `${added.length - unexplained.length} made by WordPress on first use, allowed` : '',
      ].filter(Boolean);
      problems.push(`${table}: ${had} rows before the run, ${has} after (${has > had ? '+' : ''}${has - had}${parts.length ? `; ${parts.join('; ')}` : ''})`);
    }
    if (short === 'posts') {
      for (const [id, post] of Object.entries(rowsBefore)) {
        const now = rowsAfter[id];
        if (now !== undefined && now.digest !== post.digest)
          problems.push(`${table}: ${post.type} ${id} "${post.name}" was there before the run and was changed by it`);
      }
    }
  }
  return { problems, allowed };
}

/** The row count of every table before and after, one line per table, for the log. */
export function countLines(before, after) {
  if (typeof before === 'string' || typeof after === 'string') return [];
  return Object.keys({ ...before.tables, ...after.tables })
    .sort()
    .map((table) => `${table} ${before.tables[table] ?? '-'} → ${after.tables[table] ?? '-'}`);
}
