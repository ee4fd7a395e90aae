/**
 * Test-only: `restconform` as a user runs it, a child process of its own (the TypeScript entry through tsx), so
 * that signals and exit codes are real. Call `cliProcesses()` at a test file's top level: it kills, after the file,
 * any child still running.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll } from 'vitest';

const REPO_ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const ENTRY = "import('./src/cli/main.ts').then((cli) => cli.main(process.argv.slice(1))).then((code) => { process.exitCode = code; })";

export interface Finished {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface CliProcess {
  child: ChildProcessWithoutNullStreams;
  finished: Promise<Finished>;
  /** What it has written so far. */
  output: { stdout: string; stderr: string };
}

/** Starts `restconform ARGS` with `env` over this process's environment (an undefined value removes the variable). */
export function cliProcesses(): (args: string[], env?: Record<string, string | undefined>) => CliProcess {
  const children: ChildProcessWithoutNullStreams[] = [];
  afterAll(() => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  });
  return (args, env = {}) => {
    const childEnv = { ...process.env, ...env };
    for (const [name, value] of Object.entries(env)) if (value === undefined) delete childEnv[name];
    const child = spawn(process.execPath, ['--import', 'tsx', '-e', ENTRY, ...args], { cwd: REPO_ROOT, env: childEnv });
    children.push(child);
    const output = { stdout: '', stderr: '' };
    child.stdout.on('data', (chunk: Buffer) => (output.stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output.stderr += chunk.toString()));
    const finished = new Promise<Finished>((resolve) => child.on('close', (code) => resolve({ code, ...output })));
    return { child, finished, output };
  };
}
