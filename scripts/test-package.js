#!/usr/bin/env node
// `npm run test:package`: restconform as users get it. Packs the package (`npm pack`, which builds it), installs
// the tarball into a fresh temporary project made as docs/library.md says (`npm init -y`: CommonJS), from the npm cache
// when it can, else from the registry, and there runs `npx restconform run`, the library example of docs/library.md
// (`check.mjs`, taken from the page as written), type-checks a file written against the library's types, and
// runs a vitest suite written against the library API (`restconform` and `restconform/vitest`) on the bundled server.
// Exits 1 with the step that failed; the temporary project is removed unless RESTCONFORM_KEEP_PACKAGE_TEST=1.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const work = mkdtempSync(join(tmpdir(), 'restconform-package-'));
const project = join(work, 'project');
const started = Date.now();

function step(text) {
  process.stdout.write(`\n==> ${text} (${((Date.now() - started) / 1000).toFixed(0)} s)\n`);
}

function fail(text) {
  process.stderr.write(`test:package: ${text}\n`);
  if (process.env.RESTCONFORM_KEEP_PACKAGE_TEST !== '1') rmSync(work, { recursive: true, force: true });
  process.exit(1);
}

/** Runs a command; returns its exit code and output (printed as well). */
function sh(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: project, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', CI: 'true' }, ...options });
  process.stdout.write(result.stdout ?? '');
  process.stderr.write(result.stderr ?? '');
  return { code: result.status ?? 1, stdout: result.stdout ?? '', stderr: result.stderr ?? '' };
}

function expectCode(result, code, what) {
  if (result.code !== code) fail(`${what} exited ${result.code}, expected ${code}`);
}

step('npm pack');
const packed = sh('npm', ['pack', '--json', '--pack-destination', work], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
expectCode(packed, 0, 'npm pack');
const tarball = join(work, JSON.parse(packed.stdout.slice(packed.stdout.indexOf('[')))[0].filename);

step(`a fresh project with ${tarball.split('/').at(-1)}, vitest and typescript`);
mkdirSync(project);
// As docs/library.md starts: `npm init -y`, a CommonJS project.
expectCode(sh('npm', ['init', '-y']), 0, 'npm init -y');
const versions = ['vitest', 'typescript', '@types/node'].map((name) => `${name}@${manifest.devDependencies[name]}`);
const install = (extra) => sh('npm', ['install', '--no-audit', '--no-fund', ...extra, tarball, ...versions]);
// The npm cache already holds every dependency after `npm ci`; the registry only when it does not.
if (install(['--offline']).code !== 0) expectCode(install(['--prefer-offline']), 0, 'npm install');

step('npx restconform run (the bundled reference server, ci profile)');
const run = sh('npx', ['restconform', 'run', '--profile', 'ci', '--json', 'reports/report.json', '--junit', 'reports/junit.xml']);
expectCode(run, 0, 'npx restconform run');
if (!/restconform: \d+ passed, 0 failed/.test(run.stdout)) fail('npx restconform run did not end with "N passed, 0 failed"');
if (!existsSync(join(project, 'reports', 'report.json'))) fail('npx restconform run wrote no JSON report');

step('the library example of docs/library.md, as written (check.mjs in a CommonJS project)');
const libraryPage = readFileSync(join(root, 'docs', 'library.md'), 'utf8');
const example = /```js\n(\/\/ check\.mjs\n[\s\S]*?)```/.exec(libraryPage);
if (!example) fail('docs/library.md has no ```js block starting "// check.mjs"');
writeFileSync(join(project, 'check.mjs'), example[1]);
const env = { ...process.env, NO_COLOR: '1', CI: 'true' };
for (const name of ['WP_URL', 'WP_USER', 'WP_APP_PASSWORD']) delete env[name];
const checked = sh('node', ['check.mjs'], { env });
expectCode(checked, 0, 'node check.mjs');
if (!/^\d{3,} operations in \[ 'en_gb', 'el' \]\n0 \{/.test(checked.stdout))
  fail('node check.mjs did not list the operations and end its run with exit code 0');

step('the library API type-checks (package exports and types)');
writeFileSync(
  join(project, 'typed.mts'),
  `import { run, loadTarget, checks, type CheckInfo, type RunOutcome, type Target, type Finding } from 'restconform';
import { conformanceTests, type ConformanceTestOptions } from 'restconform/vitest';
const names: string[] = checks.map((check: CheckInfo) => check.name);
async function use(): Promise<void> {
  const target: Target = await loadTarget({ locales: ['en_gb'] });
  const plain: Target = await loadTarget({ baseUrl: 'http://127.0.0.1:9', locales: 'none' });
  const outcome: RunOutcome = await run({ target, fuzzExamples: 1, phases: ['examples'] });
  const findings: Finding[] = outcome.findings;
  const options: ConformanceTestOptions = { fuzzExamples: 1, locales: 'none' };
  void conformanceTests;
  void [names, findings, options, plain];
  await target.close();
}
void use;
`,
);
writeFileSync(
  join(project, 'tsconfig.json'),
  JSON.stringify({
    compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, noEmit: true, skipLibCheck: true, types: ['node'] },
    include: ['typed.mts'],
  }),
);
expectCode(sh('npx', ['tsc', '-p', 'tsconfig.json']), 0, 'tsc on a file using the library types');

step('a vitest suite written against the library API');
writeFileSync(
  join(project, 'library.test.ts'),
  `import { describe, expect, it } from 'vitest';
import { run, loadTarget, checks } from 'restconform';

describe('restconform as a library', () => {
  it('names its checks', () => {
    expect(checks.map((check) => check.name)).toContain('not_a_server_error');
    expect(checks.find((check) => check.name === 'list_total')?.phase).toBe('stateful');
  });

  it('loads a target and runs against it', async () => {
    const target = await loadTarget({ seed: 3 });
    try {
      expect(target.bundled).toBe(true);
      expect(target.operations.length).toBeGreaterThan(100);
      const outcome = await run({ target, seed: 3, fuzzExamples: 2, phases: ['examples', 'fuzz'] });
      expect(outcome.exitCode, outcome.findings.map((finding) => \`\${finding.check} \${finding.method} \${finding.route}: \${finding.message}\`).join('\\n')).toBe(0);
      expect(outcome.summary.requests).toBeGreaterThan(target.operations.length);
      expect(outcome.coverage.filter((entry) => entry.requests > 0)).toHaveLength(target.operations.length);
    } finally {
      await target.close();
    }
  }, 120_000);
});
`,
);
writeFileSync(
  join(project, 'conformance.test.ts'),
  `import { conformanceTests } from 'restconform/vitest';

await conformanceTests({ fuzzExamples: 2, phases: ['contract', 'examples', 'fuzz', 'stateful'], locales: ['en_gb'] });
`,
);
// .mts: an ES module in this CommonJS project, as vitest's own configuration is.
writeFileSync(
  join(project, 'vitest.config.mts'),
  `import { defineConfig } from 'vitest/config';\nexport default defineConfig({ test: { testTimeout: 60_000, hookTimeout: 600_000 } });\n`,
);
const suite = sh('npx', ['vitest', 'run', '--reporter', 'json', '--outputFile', 'vitest.json']);
const results = JSON.parse(readFileSync(join(project, 'vitest.json'), 'utf8'));
for (const file of results.testResults) {
  for (const test of file.assertionResults.filter((result) => result.status === 'failed'))
    process.stderr.write(`failed: ${test.fullName}\n${test.failureMessages.join('\n')}\n`);
  if (file.status === 'failed' && file.assertionResults.length === 0) process.stderr.write(`failed: ${file.name}: ${file.message}\n`);
}
expectCode(suite, 0, 'npx vitest run');
process.stdout.write(
  `vitest: ${results.numPassedTests} passed, ${results.numFailedTests} failed, ${results.numPendingTests} skipped in ${results.testResults.length} files\n`,
);
if (results.numFailedTests !== 0 || results.numPassedTests < 100 || results.testResults.length !== 2)
  fail('the vitest suite did not pass with its library and conformance tests');

step('done');
if (process.env.RESTCONFORM_KEEP_PACKAGE_TEST !== '1') rmSync(work, { recursive: true, force: true });
