/**
 * Test-only: a default run (its settings as they are, the 300 s time budget included) against the reference server
 * slowed to a pace a real plugin's server keeps, as a process of its own, to see that the security probes go out:
 *   node --import tsx suites/budget/slow-target.ts --rate 40 --port 18120 --json FILE [--time-budget 300]
 * The server answers at most `--rate` requests a second whatever the connections (one request at a time, as a PHP
 * server with one worker answers them), and the run tests it as the administrator with the seeded member, second
 * member and moderator. It prints each phase's time and requests, the stateful phase's signup activations, the
 * anonymous activations the server saw, who may read what's items made, the access matrix's rows, and what the run
 * listed as incomplete (a security probe not sent says so there).
 */
import { readFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { runJob } from '../../src/jobs/run-job.js';
import { loadRunSettings } from '../../src/jobs/index.js';
import type { JsonReport } from '../../src/report/json.js';
import { startFaultyServer, type Fault, type ForwardedRequest } from '../../src/engine/testing/faulty-server.js';

const { values } = parseArgs({
  options: { rate: { type: 'string' }, port: { type: 'string' }, json: { type: 'string' }, 'time-budget': { type: 'string' }, seed: { type: 'string' } },
});
const rate = Number(values.rate ?? 40);

/** Every request waits for its turn: at most `perSecond` a second reach the server, one after another. */
function paced(perSecond: number, seen: Array<ForwardedRequest & { at: number }>): Fault {
  let next = 0;
  return async (request, forward) => {
    const now = Date.now();
    const turn = Math.max(now, next);
    next = turn + 1000 / perSecond;
    await sleep(turn - now);
    seen.push({ ...request, at: Date.now() });
    return forward(request);
  };
}

const seen: Array<ForwardedRequest & { at: number }> = [];
const server = await startFaultyServer({ seed: 3, port: Number(values.port ?? 0), faults: [paced(rate, seen)] });
const accounts = [
  { account: 'member', role: 'member', env: 'SLOW_MEMBER_APP_PASSWORD' },
  { account: 'otherMember', role: 'member', env: 'SLOW_MEMBER2_APP_PASSWORD' },
  { account: 'moderator', role: 'moderator', env: 'SLOW_MODERATOR_APP_PASSWORD' },
] as const;
const env: Record<string, string> = { SLOW_APP_PASSWORD: server.credentials.admin.password };
for (const { account, env: variable } of accounts) env[variable] = server.credentials[account]!.password;
try {
  const settings = loadRunSettings({
    overrides: {
      baseUrl: server.url,
      ...(values.seed === undefined ? {} : { seed: Number(values.seed) }),
      ...(values['time-budget'] === undefined ? {} : { timeBudgetSeconds: Number(values['time-budget']) }),
      json: values.json!,
      reportDir: null,
      user: server.credentials.admin.user,
      appPasswordEnv: 'SLOW_APP_PASSWORD',
      accounts: accounts.map(({ account, role, env: variable }) => ({ user: server.credentials[account]!.user, role, appPasswordEnv: variable })),
    },
  });
  const started = Date.now();
  const { exitCode, result } = await runJob(settings, { console: false, env });
  const report = JSON.parse(await readFile(values.json!, 'utf8')) as JsonReport;
  const when = (request: { at: number }): string => `${((request.at - started) / 1000).toFixed(0)} s`;
  const activations = seen.filter(
    (request) => request.headers.authorization === undefined && request.method === 'POST' && /\/signup\/activate\//.test(request.path),
  );
  console.log(`exit ${exitCode}; ${seen.length} requests in ${((Date.now() - started) / 1000).toFixed(0)} s (${rate} a second at most)`);
  for (const entry of result?.budget?.phases ?? [])
    console.log(
      `  ${entry.phase}: ${(entry.spentMs / 1000).toFixed(0)} s of ${(entry.allowedMs / 1000).toFixed(0)} s, ${entry.requests} requests${entry.cutShort ? ', cut short' : ''}`,
    );
  for (const sequence of report.sequences ?? [])
    if (/signup activation/.test(sequence.name))
      console.log(`stateful ${sequence.name}: ${sequence.outcome}; ${sequence.steps.map((step) => step.step).join(' → ')}`);
  console.log(`anonymous signup activations the server saw: ${activations.length}, the first at ${activations[0] === undefined ? '-' : when(activations[0])}`);
  for (const entry of report.coverage)
    for (const note of entry.notes ?? []) if (/who may read what/.test(note)) console.log(`${entry.method} ${entry.route}: ${note}`);
  console.log(`access matrix rows: ${report.access?.length ?? 0}`);
  console.log(`incomplete: ${JSON.stringify(result?.incomplete ?? [])}`);
  process.exitCode = exitCode;
} finally {
  await server.close();
}
