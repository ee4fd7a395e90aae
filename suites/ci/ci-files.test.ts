/**
 * The ready CI files (`examples/ci/`, `action.yml`) played as their CI system would run them: each shard's
 * command in its own process, all four at once, then the merge job's command; the merged report must hold every
 * shard once and give the verdict of one run. Against the bundled reference server (each shard starts its own,
 * as each CI job would have its own service), with the `ci` profile the files use.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';
import { readJsonReport } from '../../src/jobs/read-report.js';
import { startReferenceServer, type ReferenceServer } from '@restconform/server';
import { githubExpressions, isRunnerSetup, play, REPOSITORY, scratchProject, type Played, type ScratchProject } from './ci-player.js';

const SHARDS = 4;
const MINUTES = 60_000;

type GithubStep = { uses?: string; run?: string; env?: Record<string, string> };
type GithubJob = { needs?: string | string[]; if?: string; env?: Record<string, string>; strategy?: { matrix?: { shard?: number[] } }; steps: GithubStep[] };
type GitlabJob = { parallel?: number; needs?: string[]; script: string[]; before_script?: string[] };
type Container = { command: string[]; args: string[]; workingDir: string; env?: Array<{ name: string; value?: string }> };
type KubernetesJob = {
  kind: string;
  metadata: { name: string };
  spec: { completionMode?: string; completions?: number; parallelism?: number; template: { spec: { containers: Container[] } } };
};

function readYaml<T>(path: string): T {
  return parse(readFileSync(join(REPOSITORY, path), 'utf8')) as T;
}

/** The merged report's shards and verdict, checked the same way for every CI system. */
async function expectOneVerdict(merge: Played, reportPath: string): Promise<void> {
  expect(merge.code, merge.stderr).toBe(0);
  expect(merge.stdout).toMatch(/restconform: \d+ passed, 0 failed/);
  const report = await readJsonReport(reportPath);
  expect(report.shards!.map((shard) => `${shard.index}/${shard.count}`)).toEqual(['1/4', '2/4', '3/4', '4/4']);
  expect(new Set(report.shards!.map((shard) => shard.seed)).size).toBe(1);
  expect(report.summary.failures).toBe(0);
  // Every operation of the run covered by some shard.
  expect(report.coverage.filter((entry) => entry.requests === 0)).toEqual([]);
}

function expectAllPassed(shards: readonly Played[]): void {
  for (const shard of shards) expect(shard.code, `${shard.command}\n${shard.stderr}`).toBe(0);
}

let project: ScratchProject;
beforeAll(() => {
  project = scratchProject();
});
afterAll(() => project.remove());

describe('GitHub Actions workflow (examples/ci/github-actions.yml)', () => {
  const workflow = readYaml<{ jobs: Record<string, GithubJob> }>('examples/ci/github-actions.yml');

  it(
    'runs a matrix of four shards and a merge job that waits for them, whatever they found',
    async () => {
      const shardJob = workflow.jobs.shard!;
      const mergeJob = workflow.jobs.merge!;
      expect(shardJob.strategy?.matrix?.shard).toEqual([1, 2, 3, 4]);
      expect(mergeJob.needs).toBe('shard');
      expect(mergeJob.if).toBe('always()');
      // The password comes from a secret in the environment, and no command names it.
      expect(shardJob.env?.RESTCONFORM_APP_PASSWORD).toBe('${{ secrets.RESTCONFORM_APP_PASSWORD }}');
      for (const step of [...shardJob.steps, ...mergeJob.steps]) expect(step.run ?? '').not.toMatch(/PASSWORD/);

      const commands = (job: GithubJob, values: Record<string, string>): string[] =>
        job.steps.filter((step) => step.run !== undefined && !isRunnerSetup(step.run)).map((step) => githubExpressions(step.run!, values));
      const jobEnv = (job: GithubJob, values: Record<string, string>): NodeJS.ProcessEnv => ({
        ...project.env,
        ...Object.fromEntries(Object.entries(job.env ?? {}).map(([name, value]) => [name, githubExpressions(value, values)])),
      });
      const shards = await Promise.all(
        shardJob.strategy!.matrix!.shard!.map(async (shard) => {
          const values = { 'matrix.shard': String(shard) };
          const [command, ...rest] = commands(shardJob, values);
          expect(rest).toEqual([]);
          return play('bash', command!, { cwd: project.dir, env: jobEnv(shardJob, values) });
        }),
      );
      expectAllPassed(shards);
      const [merge] = commands(mergeJob, {});
      await expectOneVerdict(await play('bash', merge!, { cwd: project.dir, env: jobEnv(mergeJob, {}) }), join(project.dir, 'reports', 'report.json'));
      expect(existsSync(join(project.dir, 'reports', 'junit.xml'))).toBe(true);
    },
    10 * MINUTES,
  );
});

describe('GitLab CI parallel job (examples/ci/gitlab-ci.yml)', () => {
  const pipeline = readYaml<Record<string, GitlabJob>>('examples/ci/gitlab-ci.yml');

  it(
    'runs four parallel jobs that find their shard with --shard auto, then a merge job',
    async () => {
      const shardJob = pipeline.restconform!;
      const mergeJob = pipeline['restconform-merge']!;
      expect(shardJob.parallel).toBe(SHARDS);
      expect(mergeJob.needs).toEqual(['restconform']);
      const folder = join(project.dir, 'gitlab');
      const commands = (job: GitlabJob): string[] => job.script.filter((command) => !isRunnerSetup(command));
      const shards = await Promise.all(
        Array.from({ length: SHARDS }, (_, i) =>
          // GitLab's parallel: numbers its jobs 1..N in CI_NODE_INDEX.
          play('bash', `mkdir -p ${JSON.stringify(folder)} && cd ${JSON.stringify(folder)} && ${commands(shardJob).join(' && ')}`, {
            cwd: project.dir,
            env: { ...project.env, CI_NODE_INDEX: String(i + 1), CI_NODE_TOTAL: String(SHARDS) },
          }),
        ),
      );
      expectAllPassed(shards);
      const merge = await play('bash', commands(mergeJob).join(' && '), { cwd: folder, env: project.env });
      await expectOneVerdict(merge, join(folder, 'reports', 'report.json'));
    },
    10 * MINUTES,
  );
});

describe('Kubernetes Indexed Job (examples/ci/kubernetes-indexed-job.yaml)', () => {
  const jobs = parseAllDocuments(readFileSync(join(REPOSITORY, 'examples/ci/kubernetes-indexed-job.yaml'), 'utf8')).map((doc) => doc.toJS() as KubernetesJob);

  it(
    'runs one pod per completion index, which --shard auto/N turns into a shard, then the merge Job',
    async () => {
      const [indexed, merge] = jobs as [KubernetesJob, KubernetesJob];
      expect(indexed.spec.completionMode).toBe('Indexed');
      expect(indexed.spec.completions).toBe(SHARDS);
      expect(indexed.spec.parallelism).toBe(SHARDS);
      const folder = join(project.dir, 'kubernetes');
      const container = (job: KubernetesJob): Container => job.spec.template.spec.containers[0]!;
      /** The container's command (`sh -c SCRIPT`) in its working directory, the shared volume here. */
      const podCommand = (job: KubernetesJob): string => {
        const { command, args } = container(job);
        expect(command).toEqual(['sh', '-c']);
        return `mkdir -p ${JSON.stringify(folder)} && cd ${JSON.stringify(folder)} && ${args[0]}`;
      };
      const podEnv = Object.fromEntries(
        (container(indexed).env ?? []).filter((variable) => variable.value !== undefined).map((variable) => [variable.name, variable.value!]),
      );
      const pods = await Promise.all(
        Array.from({ length: indexed.spec.completions! }, (_, index) =>
          play('sh', podCommand(indexed), { cwd: project.dir, env: { ...project.env, ...podEnv, JOB_COMPLETION_INDEX: String(index) } }),
        ),
      );
      expectAllPassed(pods);
      await expectOneVerdict(await play('sh', podCommand(merge), { cwd: project.dir, env: project.env }), join(folder, 'report.json'));
    },
    10 * MINUTES,
  );
});

describe('composite action (action.yml)', () => {
  type Action = {
    inputs: Record<string, { default?: string }>;
    runs: { using: string; steps: Array<{ id?: string; run: string; env?: Record<string, string> }> };
  };
  const action = readYaml<Action>('action.yml');
  // The bundled server the run starts (seed 1, the ci profile's) derives its administrator's password from the seed:
  // the action is given that password as a secret would be, and must log in with it.
  let password: string;
  beforeAll(async () => {
    const server: ReferenceServer = await startReferenceServer({ port: 0, seed: 1 });
    password = server.credentials.admin.password;
    await server.close();
  });

  it(
    'takes base URL, profile and credentials as inputs, and hands the password over in the environment only',
    async () => {
      expect(action.runs.using).toBe('composite');
      for (const input of ['base-url', 'profile', 'user', 'app-password', 'shard']) expect(Object.keys(action.inputs)).toContain(input);
      const step = action.runs.steps.find((candidate) => candidate.id === 'run')!;
      expect(step.run).not.toMatch(/\$\{\{/);
      expect(step.env?.RESTCONFORM_APP_PASSWORD).toBe('${{ inputs.app-password }}');

      const folder = join(project.dir, 'action');
      const inputs: Record<string, string> = {
        'base-url': '',
        profile: 'ci',
        user: 'admin',
        'app-password': password,
        shard: '',
        json: 'reports/report.json',
        junit: 'reports/junit.xml',
        args: '--phases examples,fuzz,auth --fuzz-examples 1',
      };
      const values: Record<string, string> = Object.fromEntries(
        Object.keys(action.inputs).map((name) => [`inputs.${name}`, inputs[name] ?? action.inputs[name]!.default ?? '']),
      );
      values['github.action_path'] = project.dir;
      const env: NodeJS.ProcessEnv = {
        ...project.env,
        ...Object.fromEntries(Object.entries(step.env ?? {}).map(([name, value]) => [name, githubExpressions(value, values)])),
        GITHUB_OUTPUT: join(project.dir, 'github-output'),
      };
      // The action runs bin/restconform.js of its own checkout: here, the launcher of this one.
      env.RESTCONFORM_ACTION_BIN = project.launcher;
      const played = await play('bash', `mkdir -p ${JSON.stringify(folder)} && cd ${JSON.stringify(folder)} && ${step.run}`, { cwd: project.dir, env });
      expect(played.code, played.stdout).toBe(0);
      expect(readFileSync(join(project.dir, 'github-output'), 'utf8')).toContain('exit-code=0');
      const report = readFileSync(join(folder, 'reports', 'report.json'), 'utf8');
      // It logged in (the auth phase ran with credentials) and the password is nowhere in what it wrote.
      // The ci profile fails a run that leaves operations without a request: fuzz with one example reaches them all.
      expect(played.stdout).toContain('phases   asked for: examples, fuzz, auth');
      expect(played.stderr).not.toContain('phase auth: skipped');
      for (const text of [report, readFileSync(join(folder, 'reports', 'junit.xml'), 'utf8'), played.stdout, played.stderr])
        expect(text).not.toContain(password);
    },
    10 * MINUTES,
  );
});
