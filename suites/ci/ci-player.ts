/**
 * Test-only: plays a CI system's part for the files in `examples/ci/` and `action.yml`. It runs the commands a
 * file declares as the CI system would (one process per shard, all at once, then the merge), in a scratch
 * project whose `restconform` (on PATH and in node_modules/.bin, so `npx restconform` finds it) is this
 * checkout's command line run from source. Steps that only set up a runner (checkout, setup-node, `npm ci`,
 * artifact upload and download) are the CI system's own and are not played: all jobs share one folder.
 */
import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const REPOSITORY = fileURLToPath(new URL('../..', import.meta.url));
const CLI_ENTRY = join(REPOSITORY, 'suites', 'safety', 'cli-entry.ts');
const TSX_LOADER = pathToFileURL(join(REPOSITORY, 'node_modules', 'tsx', 'dist', 'loader.mjs')).href;

/** A command's outcome. */
export interface Played {
  command: string;
  code: number;
  stdout: string;
  stderr: string;
}

/** A scratch project with this checkout's `restconform` installed as a command. */
export interface ScratchProject {
  dir: string;
  /** The environment commands run in: PATH finds `restconform`, no CI variables of the machine running the test. */
  env: NodeJS.ProcessEnv;
  /** A JavaScript file that runs the command line, as `bin/restconform.js` of an installed package does. */
  launcher: string;
  remove(): void;
}

/** Creates the scratch project. */
export function scratchProject(): ScratchProject {
  const dir = mkdtempSync(join(tmpdir(), 'restconform-ci-'));
  const bin = join(dir, 'node_modules', '.bin');
  mkdirSync(bin, { recursive: true });
  const launcher = join(dir, 'restconform-launcher.mjs');
  writeFileSync(
    launcher,
    [
      '#!/usr/bin/env node',
      "import { spawnSync } from 'node:child_process';",
      `const result = spawnSync(process.execPath, ['--import', ${JSON.stringify(TSX_LOADER)}, ${JSON.stringify(CLI_ENTRY)}, ...process.argv.slice(2)], { stdio: 'inherit' });`,
      'process.exit(result.status ?? 1);',
      '',
    ].join('\n'),
  );
  chmodSync(launcher, 0o755);
  writeFileSync(join(bin, 'restconform'), `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(launcher)} "$@"\n`);
  chmodSync(join(bin, 'restconform'), 0o755);
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'restconform-ci-scratch', private: true }));
  const env: NodeJS.ProcessEnv = { PATH: `${bin}${delimiter}${process.env.PATH ?? ''}`, HOME: process.env.HOME, NO_COLOR: '1' };
  return { dir, env, launcher, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Runs one shell command (bash for GitHub and GitLab, sh in a container) and collects what it printed. */
export function play(shell: 'bash' | 'sh', command: string, options: { cwd: string; env: NodeJS.ProcessEnv }): Promise<Played> {
  return new Promise((resolve, reject) => {
    const child = spawn(shell, ['-c', command], { cwd: options.cwd, env: options.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ command, code: code ?? -1, stdout, stderr }));
  });
}

/** `${{ … }}` expressions of GitHub Actions replaced from `values`; an unknown one (a var, a secret not set) is empty. */
export function githubExpressions(text: string, values: Readonly<Record<string, string>>): string {
  return text.replace(/\$\{\{\s*([^}]+?)\s*\}\}/g, (_, name: string) => values[name] ?? '');
}

/** Whether a step only prepares the runner: the player skips it. */
export function isRunnerSetup(command: string): boolean {
  return /^npm (ci|install)\b/.test(command.trim());
}
