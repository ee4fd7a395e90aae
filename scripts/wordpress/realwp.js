// The shared real-WordPress tools (`../shared/tools/realwp` next to the repository): start, credentials, stop.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/** Where up.sh and down.sh live, or an error saying where they were looked for. */
export function realwpTools(repoRoot) {
  const dir = resolve(repoRoot, '..', 'shared', 'tools', 'realwp');
  const up = join(dir, 'up.sh');
  const down = join(dir, 'down.sh');
  if (!existsSync(up) || !existsSync(down)) {
    throw new Error(`the real WordPress tools are missing: expected up.sh and down.sh in ${dir} (the folder shared/tools/realwp next to this repository)`);
  }
  return { dir, up, down };
}

/** Where up.sh keeps the WordPress it starts ($RWP_ROOT, by default realwp under the temporary folder). */
export function realwpRoot() {
  return process.env.RWP_ROOT ?? join(tmpdir(), 'realwp');
}

/** Runs a bash script; stderr goes to ours, stdout is returned. Rejects on a non-zero exit. */
function runBash(script, args) {
  return new Promise((resolvePromise, reject) => {
    const child = spawn('bash', [script, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
    const chunks = [];
    child.stdout.on('data', (chunk) => chunks.push(chunk));
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code === 0) resolvePromise(Buffer.concat(chunks).toString('utf8'));
      else reject(new Error(`${script} ${args.join(' ')} failed (${signal ?? `exit ${code}`})`));
    });
  });
}

/** `KEY=value` lines into an object (the format of up.sh's output and of credentials.env). */
function parseAssignments(text) {
  const values = {};
  for (const line of text.split('\n')) {
    const match = /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line.trim());
    if (match) values[match[1]] = match[2];
  }
  return values;
}

/**
 * Starts WordPress (a fresh install unless `fresh` is false, so every run meets the same state) and returns
 * `{ baseUrl, user, password }`: from the lines up.sh prints, else from `$RWP_ROOT/credentials.env`.
 */
export async function startWordPress(tools, { fresh }) {
  const printed = parseAssignments(await runBash(tools.up, fresh ? ['--fresh'] : []));
  let values = printed;
  if (!printed.RWP_USER || !printed.RWP_APP_PASSWORD) {
    const file = join(realwpRoot(), 'credentials.env');
    if (!existsSync(file)) throw new Error(`up.sh printed no RWP_USER / RWP_APP_PASSWORD and ${file} does not exist`);
    values = { ...parseAssignments(readFileSync(file, 'utf8')), ...printed };
  }
  if (!values.RWP_USER || !values.RWP_APP_PASSWORD) throw new Error('no WordPress credentials: RWP_USER or RWP_APP_PASSWORD is empty');
  // The further accounts up.sh creates (credentials.env only): an author and two subscribers.
  const file = join(realwpRoot(), 'credentials.env');
  const stored = existsSync(file) ? parseAssignments(readFileSync(file, 'utf8')) : {};
  return {
    baseUrl: values.RWP_BASE_URL || 'http://127.0.0.1:8089',
    user: values.RWP_USER,
    password: values.RWP_APP_PASSWORD,
    accounts: furtherAccounts(stored),
  };
}

/** WordPress roles of up.sh's further accounts, as restconform's `--account` roles. */
const ACCOUNT_ROLES = { AUTHOR: 'author', SUBSCRIBER: 'member' };

/**
 * `RWP_<NAME>_USER` / `RWP_<NAME>_APP_PASSWORD` pairs of credentials.env whose name starts with a known role
 * (AUTHOR1, SUBSCRIBER2 …): `{ role, user, password, env }`, `env` being the variable the password is passed in.
 */
export function furtherAccounts(values) {
  const accounts = [];
  for (const [key, user] of Object.entries(values)) {
    const match = /^RWP_((AUTHOR|SUBSCRIBER)\d*)_USER$/.exec(key);
    const password = match && values[`RWP_${match[1]}_APP_PASSWORD`];
    if (match && user && password) accounts.push({ role: ACCOUNT_ROLES[match[2]], user, password, env: `RWP_${match[1]}_APP_PASSWORD` });
  }
  return accounts;
}

/** Stops what up.sh started (its database state is kept for inspection until the next fresh start). */
export async function stopWordPress(tools) {
  await runBash(tools.down, []);
}
