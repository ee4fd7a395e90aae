#!/usr/bin/env node
// `npm run test:wordpress`: restconform against a real WordPress 6.1 (the shared realwp tools), with
// suites/wordpress/expectations.json as the run's own baseline (--baseline, as a user's CI would hold a server
// to the findings it cannot change). A new failure, a listed finding no longer seen, or an operation of the
// index left without a request fails it (exit 1), and so does a site left otherwise than it was found (a REST list's
// count, or any table's row count, changed; suites/wordpress/first-use.json lists the few rows WordPress makes once per
// site on first use of a feature, each with its reason); WordPress is stopped at the end in every case.
//   node scripts/test-wordpress.js [--keep-state]   (--keep-state: reuse WordPress's database instead of a fresh install)
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { contentCounts, countChanges } from './wordpress/content-counts.js';
import { judge } from './wordpress/judge.js';
import { realwpRoot, realwpTools, startWordPress, stopWordPress } from './wordpress/realwp.js';
import { countLines, databaseOf, tableChanges, tableCounts } from './wordpress/table-counts.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const SUITE = join(root, 'suites', 'wordpress');
const REPORT_DIR = join(root, 'reports', 'wordpress');
const REPORT = join(REPORT_DIR, 'report.json');
const EXPECTATIONS = join(SUITE, 'expectations.json');
const FIRST_USE = join(SUITE, 'first-use.json');
const PASSWORD_ENV = 'RESTCONFORM_APP_PASSWORD';

const log = (line) => process.stdout.write(`test:wordpress: ${line}\n`);

/** The newest modification time under `dir` of files `wanted` accepts. */
function newest(dir, wanted) {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) latest = Math.max(latest, newest(path, wanted));
    else if (wanted(path)) latest = Math.max(latest, statSync(path).mtimeMs);
  }
  return latest;
}

/** dist/ is missing or older than a source file it is built from. */
function buildIsStale() {
  const built = join(root, 'dist', 'cli', 'main.js');
  if (!existsSync(built)) return true;
  const shipped = (path) => path.endsWith('.ts') && !path.endsWith('.test.ts') && !path.includes('/testing/');
  return newest(join(root, 'src'), shipped) > statSync(built).mtimeMs;
}

/** Runs a command in the repository; resolves with its exit code. `onChild` receives the process (for signals). */
function run(command, args, options = {}) {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', ...options });
    options.onChild?.(child);
    child.on('error', reject);
    child.on('exit', (code, signal) => resolvePromise(code ?? (signal ? 128 : 1)));
  });
}

async function main() {
  const fresh = !process.argv.includes('--keep-state');
  const tools = realwpTools(root);

  if (buildIsStale()) {
    log('dist/ is missing or stale: npm run build');
    if ((await run('npm', ['run', 'build'])) !== 0) throw new Error('npm run build failed');
  }

  let restconform;
  let interrupted = false;
  const onSignal = () => {
    interrupted = true;
    restconform?.kill('SIGINT');
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  log(`starting WordPress with ${relative(root, tools.up)}${fresh ? ' --fresh' : ''}`);
  let wordpress;
  try {
    wordpress = await startWordPress(tools, { fresh });
    mkdirSync(REPORT_DIR, { recursive: true });
    const args = [
      join(root, 'bin', 'restconform.js'),
      'run',
      '--base-url',
      wordpress.baseUrl,
      '--locales',
      'none',
      '--contract',
      'none',
      '--profile',
      'ci',
      '--config',
      join(SUITE, 'wordpress.yaml'),
      '--user',
      wordpress.user,
      '--app-password-env',
      PASSWORD_ENV,
      '--json',
      REPORT,
      // What real WordPress does that its descriptor does not say, each with its reason: known, they fail nothing.
      '--baseline',
      EXPECTATIONS,
      // The author and the subscribers, so the access matrix can tell their rights from the administrator's.
      ...wordpress.accounts.flatMap((account) => ['--account', `${account.role}:${account.user}:${account.env}`]),
    ];
    const accountFlags = wordpress.accounts.map((account) => ` --account ${account.role}:${account.user}:${account.env}`).join('');
    log(
      `restconform run --base-url ${wordpress.baseUrl} --locales none --contract none --profile ci --config suites/wordpress/wordpress.yaml --baseline suites/wordpress/expectations.json --user ${wordpress.user}${accountFlags}`,
    );
    await makeGlobalStylesPost(wordpress);
    // Where WordPress keeps what it holds: every table of its database, read over its unix socket.
    const database = databaseOf(join(realwpRoot(), 'www'), join(realwpRoot(), 'mysqld', 'mysqld.sock'));
    const tablesBefore = await tableCounts(database);
    if (typeof tablesBefore === 'string') log(`the database cannot be read: ${tablesBefore} (the test will fail)`);
    const countsBefore = await contentCounts(wordpress);
    const started = Date.now();
    const exitCode = await run(process.execPath, args, {
      env: { ...process.env, [PASSWORD_ENV]: wordpress.password, ...Object.fromEntries(wordpress.accounts.map((account) => [account.env, account.password])) },
      onChild: (child) => (restconform = child),
    });
    const seconds = ((Date.now() - started) / 1000).toFixed(0);
    if (interrupted) throw new Error('interrupted');
    if (exitCode !== 0 && exitCode !== 1) throw new Error(`restconform run exited ${exitCode} (not a test verdict: see its message above)`);
    const account = await accountAfterRun(wordpress);
    const contentChanges = countChanges(countsBefore, await contentCounts(wordpress));
    const tablesAfter = await tableCounts(database);
    log(`rows per table before → after the run: ${countLines(tablesBefore, tablesAfter).join(', ')}`);
    const tables = tableChanges(tablesBefore, tablesAfter, readJsonList(FIRST_USE));
    for (const line of tables.allowed) log(`allowed, made by WordPress on first use: ${line}`);
    const verdict = judge({
      report: JSON.parse(readFileSync(REPORT, 'utf8')),
      exitCode,
      seconds,
      accountProblem: account,
      siteChanges: [...contentChanges, ...tables.problems],
      listed: readJsonList(EXPECTATIONS),
      reportPath: relative(root, REPORT),
    });
    for (const line of verdict.log) log(line);
    for (const line of verdict.problems) process.stdout.write(`  ${line}\n`);
    return verdict.code;
  } finally {
    log('stopping WordPress');
    await stopWordPress(tools).catch((error) => log(`down.sh: ${error.message}`));
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}

/**
 * WordPress 6.1 makes the active theme's user global-styles post the first time a request asks for its id (the themes
 * list links to it), with no lock: two such reads at once make two posts, and no REST route deletes either. A fresh
 * site met by the run's parallel reads then holds one more post than first use makes, a WordPress race that is not
 * the run's to clean up. One read before the counts makes the post once, as any site that was ever used has it.
 */
async function makeGlobalStylesPost({ baseUrl, user, password }) {
  const authorization = `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
  const response = await fetch(`${baseUrl}/wp-json/wp/v2/themes?status=active`, { headers: { authorization } });
  if (response.status !== 200) log(`reading the active theme answered ${response.status}: its global-styles post may be made by the run`);
  await response.arrayBuffer();
}

/** After the run, the account it logged in as must still be an administrator: a run must not lock itself out. */
async function accountAfterRun({ baseUrl, user, password }) {
  const authorization = `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
  const response = await fetch(`${baseUrl}/wp-json/wp/v2/users/me?context=edit`, { headers: { authorization } });
  const body = await response.json().catch(() => ({}));
  if (response.status === 200 && Array.isArray(body.roles) && body.roles.includes('administrator')) return undefined;
  return `${response.status} ${body.code ?? `roles ${JSON.stringify(body.roles)}`}`;
}

/** The expectations file's entries (restconform itself checked them when it read the file as its baseline). */
function readJsonList(path) {
  return JSON.parse(readFileSync(path, 'utf8'));
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    process.stderr.write(`test:wordpress: ${error.message}\n`);
    process.exitCode = error.message === 'interrupted' ? 130 : 2;
  },
);
