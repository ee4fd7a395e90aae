/**
 * The field's OpenAPI tools as the export's users run them, from this project's devDependencies: Prism's mock
 * server (`@stoplight/prism-cli`) and Redocly's linter (`@redocly/cli`). Neither reaches the internet: Prism only
 * listens, and Redocly's usage data is off (`REDOCLY_TELEMETRY=off`, its documented switch; `redocly.yaml` says
 * so too) as is its update check (`REDOCLY_SUPPRESS_UPDATE_NOTICE`).
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { closedPortUrl } from '../../http/testing/test-servers.js';

const require = createRequire(import.meta.url);

/** The repository's root: `redocly.yaml` lives there. */
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

/** The script a package's `bin` entry names, run with this Node rather than through a shell. */
function binOf(packageName: string, command: string): string {
  const manifest = require.resolve(`${packageName}/package.json`);
  const bin = (require(manifest) as { bin: Record<string, string> }).bin;
  return join(dirname(manifest), bin[command]!);
}

/** Prism starts in about a second alone, in tens of seconds on a two-core machine shared by many builds. */
const START_TIMEOUT_MS = 150_000;

const OFFLINE_ENV = { REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' };

export interface PrismMock {
  /** Where it listens, e.g. `http://127.0.0.1:41234`. */
  url: string;
  /** What it printed, for a failure's message. */
  output(): string;
  close(): Promise<void>;
}

/** Starts `prism mock` on the document on a free loopback port and resolves once it listens. */
export async function startPrismMock(documentFile: string): Promise<PrismMock> {
  const url = await closedPortUrl();
  const port = new URL(url).port;
  const child = spawn(process.execPath, [binOf('@stoplight/prism-cli', 'prism'), 'mock', '-h', '127.0.0.1', '-p', port, documentFile], {
    env: { ...process.env, ...OFFLINE_ENV },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let printed = '';
  let timer: NodeJS.Timeout | undefined;
  const listening = new Promise<void>((resolve, reject) => {
    const read = (chunk: Buffer): void => {
      printed += chunk.toString();
      if (printed.includes(`Prism is listening on ${url}`)) resolve();
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.once('exit', (code) => reject(new Error(`prism mock exited (${code}) before it listened:\n${printed.slice(-2000)}`)));
    // Before the test's own hook timeout, so a Prism that never listens is stopped rather than left running.
    timer = setTimeout(() => reject(new Error(`prism mock did not listen within ${START_TIMEOUT_MS} ms:\n${printed.slice(-2000)}`)), START_TIMEOUT_MS);
  });
  try {
    await listening;
  } catch (error) {
    await stopped(child);
    throw error;
  } finally {
    clearTimeout(timer);
  }
  return { url, output: () => printed, close: () => stopped(child) };
}

function stopped(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

export interface LintResult {
  exitCode: number;
  totals: { errors: number; warnings: number };
  /** One line per problem: its rule, where, and what it says. */
  problems: string[];
}

/** Runs `redocly lint` with the repository's `redocly.yaml` on the document and reads its JSON report. */
export async function redoclyLint(documentFile: string): Promise<LintResult> {
  const args = [binOf('@redocly/cli', 'redocly'), 'lint', '--config', join(ROOT, 'redocly.yaml'), '--format', 'json', '--max-problems', '1000', documentFile];
  const { code, stdout } = await new Promise<{ code: number; stdout: string }>((resolve) => {
    execFile(process.execPath, args, { env: { ...process.env, ...OFFLINE_ENV }, maxBuffer: 64 * 1024 * 1024 }, (error, out) =>
      resolve({ code: typeof error?.code === 'number' ? error.code : error ? -1 : 0, stdout: out }),
    );
  });
  const report = JSON.parse(stdout.slice(stdout.indexOf('{'))) as {
    totals: { errors: number; warnings: number };
    problems: { ruleId: string; message: string; location: { pointer: string }[] }[];
  };
  return {
    exitCode: code,
    totals: report.totals,
    problems: report.problems.map((problem) => `${problem.ruleId} at ${problem.location[0]?.pointer ?? '?'}: ${problem.message}`),
  };
}
