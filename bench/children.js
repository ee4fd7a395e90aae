/**
 * Child processes of the benchmark: servers that print `listening on URL`, scripts that answer one JSON message
 * over IPC, and the resident memory of any child read from /proc. The load generator and the server never share
 * a process, so they never share one event loop.
 */
import { fork, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root, from this file's place in it. */
export const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));

/**
 * Node flags for a child: `--cpu-prof` into `profileDir` named after `name`, when profiling.
 * @param {string | null} profileDir
 * @param {string} name
 * @returns {string[]}
 */
export function profileFlags(profileDir, name) {
  return profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`, `--cpu-prof-name=${name}-${process.pid}.cpuprofile`] : [];
}

/**
 * @typedef {object} ListeningChild
 * @property {string} url the address the child printed
 * @property {number} pid
 * @property {() => Promise<void>} stop SIGINT, then wait for the exit (profiles are written on a clean exit)
 */

/**
 * Spawns `node [nodeFlags] script ...args` and resolves once it prints `listening on URL`.
 * @param {string} script path relative to the repository root
 * @param {string[]} args
 * @param {{ env?: NodeJS.ProcessEnv, nodeFlags?: string[] }} [options]
 * @returns {Promise<ListeningChild>}
 */
export function spawnListening(script, args, options = {}) {
  const child = spawn(process.execPath, [...(options.nodeFlags ?? []), join(REPO_ROOT, script), ...args], {
    cwd: REPO_ROOT,
    env: options.env ?? process.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr = (stderr + chunk).slice(-4000);
  });
  return new Promise((resolve, reject) => {
    let stdout = '';
    const onData = (chunk) => {
      stdout += chunk;
      const match = /listening on (\S+)/.exec(stdout);
      if (!match) return;
      child.stdout.off('data', onData);
      child.stdout.resume();
      resolve({
        url: match[1],
        pid: /** @type {number} */ (child.pid),
        stop: async () => {
          if (child.exitCode === null && child.signalCode === null) child.kill('SIGINT');
          await exited;
        },
      });
    };
    child.stdout.on('data', onData);
    child.once('exit', (code) => reject(new Error(`${script} exited (${code}) before listening: ${stderr.trim()}`)));
  });
}

/**
 * Forks `script` with IPC, passes `input` as its one argument (JSON), and resolves the first message it sends.
 * `onLine` sees its stdout and stderr lines (the harness's console output).
 * @template T
 * @param {string} script path relative to the repository root
 * @param {unknown} input
 * @param {{ env?: NodeJS.ProcessEnv, nodeFlags?: string[], onLine?: (line: string) => void }} [options]
 * @returns {Promise<T>}
 */
export function runChild(script, input, options = {}) {
  const child = fork(join(REPO_ROOT, script), [JSON.stringify(input)], {
    cwd: REPO_ROOT,
    env: options.env ?? process.env,
    execArgv: options.nodeFlags ?? [],
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  let tail = '';
  const onChunk = (chunk) => {
    const text = String(chunk);
    tail = (tail + text).slice(-4000);
    if (options.onLine) for (const line of text.split('\n')) if (line.trim() !== '') options.onLine(line);
  };
  child.stdout.on('data', onChunk);
  child.stderr.on('data', onChunk);
  return new Promise((resolve, reject) => {
    /** @type {T | undefined} */
    let message;
    child.once('message', (value) => {
      message = /** @type {T} */ (value);
    });
    child.once('exit', (code) => {
      if (message !== undefined) resolve(message);
      else reject(new Error(`${script} exited (${code}) without a result: ${tail.trim()}`));
    });
  });
}

/**
 * Resident set size of a process in bytes, from /proc (Linux); undefined when it cannot be read.
 * @param {number} pid
 * @returns {number | undefined}
 */
export function residentBytes(pid) {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** Clock ticks per second of /proc/PID/stat times (USER_HZ, 100 on Linux everywhere in practice). */
const TICKS_PER_SECOND = 100;

/**
 * CPU time (user + system) a process has used so far, in microseconds, from /proc (Linux); undefined when it
 * cannot be read. On a shared machine CPU per request is steadier than requests per second.
 * @param {number} pid
 * @returns {number | undefined}
 */
export function cpuMicros(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) in parentheses; utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1e6) / TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}
