/**
 * `restconform cleanup REPORT.json`: finishes the clean-up of a run from its JSON report. The report lists each
 * resource the run made and left (a second Ctrl-C, a clean-up cap, a delete the server refused, --no-cleanup); they
 * are deleted as the run deletes them (the same clean-up: its maker first, `force` and `reassign` where the route
 * takes them, an unlock where hinted), with the same credentials `run` takes. Exit 0: nothing left; 1: some left;
 * 2: bad input (a report that cannot be read, credentials missing).
 */
import type { AccountSetting } from '../config/index.js';
import { DescriptorError } from '../descriptor/index.js';
import type { LeftResource, RunEvent } from '../engine/events.js';
import { OwnedResources, type OwnedResource } from '../engine/owned-resources.js';
import { cleanUp } from '../engine/execution/clean-up.js';
import type { Credentials } from '../request/types.js';
import { familyNamed, inferResources, mergedHints, type ResourceHints } from '../resources/index.js';
import { readHints } from './hints-file.js';
import { readJsonReport } from './read-report.js';
import { openTarget } from './target.js';
import type { JsonReport } from '../report/json.js';
import { UsageError } from './errors.js';

export interface CleanupOptions {
  reportPath: string;
  /** The run's account: what it made, it may delete. */
  user?: string;
  appPasswordEnv: string;
  /** More accounts as `run --account` takes them (its `accounts` setting): a resource's maker deletes it first. */
  accounts?: readonly AccountSetting[];
  resourceHints?: string;
  timeoutMs?: number;
  env?: NodeJS.ProcessEnv;
  out: NodeJS.WritableStream;
  signal?: AbortSignal;
}

/** The logins and passwords the clean-up may use, by login. */
function credentialsOf(options: CleanupOptions, env: NodeJS.ProcessEnv): { main: Credentials; byLogin: Map<string, Credentials> } {
  if (options.user === undefined)
    throw new UsageError(`restconform cleanup deletes as the run's account: give --user LOGIN, with its application password in ${options.appPasswordEnv}`);
  const password = env[options.appPasswordEnv];
  if (!password)
    throw new UsageError(`--user ${options.user} needs the application password in the environment variable ${options.appPasswordEnv}, which is empty`);
  const main = { user: options.user, password };
  const byLogin = new Map([[main.user, main]]);
  for (const account of options.accounts ?? []) {
    const secret = env[account.appPasswordEnv];
    if (!secret)
      throw new UsageError(`the account ${account.user} needs its application password in the environment variable ${account.appPasswordEnv}, which is empty`);
    byLogin.set(account.user, { user: account.user, password: secret });
  }
  return { main, byLogin };
}

/** The REST root URL a left resource's descriptor is read from: under the report's target, else a usage error. */
function placeOf(report: JsonReport, left: LeftResource): string {
  const base = report.target.replace(/\/+$/, '');
  if (!left.restUrl.startsWith(`${base}/`) && left.restUrl !== base)
    throw new UsageError(`the report's resource ${left.kind} ${left.id} lives at ${left.restUrl}, not under its target ${base}`);
  return left.restUrl;
}

/** The resources a report says the run left; a usage error for a report that lists them only as text. */
function leftIn(report: JsonReport, path: string): LeftResource[] {
  const cleanup = report.cleanup;
  const resources = cleanup?.resources ?? [];
  if (resources.length === 0 && (cleanup?.leftovers.length ?? 0) > 0)
    throw new UsageError(
      `${path} lists what its run left only as text (written by an older restconform): delete them by hand: ${cleanup!.leftovers.join('; ')}`,
    );
  return resources;
}

export async function cleanupJob(options: CleanupOptions): Promise<number> {
  const env = options.env ?? process.env;
  const report = await readJsonReport(options.reportPath);
  const left = leftIn(report, options.reportPath);
  const { out } = options;
  if (left.length === 0) {
    out.write(`restconform cleanup: ${options.reportPath} lists nothing its run left on ${report.target}\n`);
    return 0;
  }
  const { main, byLogin } = credentialsOf(options, env);
  const hints: ResourceHints | undefined = options.resourceHints === undefined ? undefined : await readHints(options.resourceHints);

  // One descriptor per REST root the resources live under, read as the run read it.
  const places = new Map(left.map((resource) => [resource.restUrl, { locale: resource.locale, restUrl: placeOf(report, resource) }]));
  let target;
  try {
    target = await openTarget({
      baseUrl: report.target,
      descriptors: () => [...places.values()],
      accounts: () => ({ credentials: main }),
      transport: { connections: 2, timeoutMs: options.timeoutMs ?? 10_000 },
      signal: options.signal,
    });
  } catch (error) {
    if (!(error instanceof DescriptorError)) throw error;
    throw new UsageError(`cannot read the descriptor of ${error.source}: ${error.message}`);
  }
  const { transport } = target;
  try {
    const loaded = target.descriptors;
    const owned = new OwnedResources(loaded, hints);
    const models = new Map(loaded.map((descriptor) => [descriptor.locale, inferResources(descriptor, mergedHints(hints))]));
    const resources: OwnedResource[] = [];
    const unknown: LeftResource[] = [];
    for (const resource of left) {
      const model = models.get(resource.locale);
      const family = model === undefined ? undefined : familyNamed(model, resource.kind);
      if (family === undefined) unknown.push({ ...resource, reason: `the target's descriptor has no resource family ${resource.kind}` });
      else
        resources.push({
          locale: resource.locale,
          family,
          id: resource.id,
          path: resource.path,
          maker: resource.maker === undefined ? undefined : byLogin.get(resource.maker),
        });
    }

    let outcome: Extract<RunEvent, { type: 'cleanup' }> | undefined;
    await cleanUp(
      {
        owned: { remaining: () => resources, deleteOf: (resource) => owned.deleteOf(resource), unlockOf: (resource) => owned.unlockOf(resource) },
        credentials: main,
        restUrl: (locale) => left.find((resource) => resource.locale === locale)!.restUrl,
        send: (request) => transport.send(request, options.signal),
      },
      { keepCreated: false, emit: (event) => (outcome = event.type === 'cleanup' ? event : outcome) },
    );
    const stillThere = [...(outcome?.resources ?? []), ...unknown];
    const gone = left.filter(
      (resource) => !stillThere.some((other) => other.kind === resource.kind && other.id === resource.id && other.locale === resource.locale),
    );
    for (const resource of gone) out.write(`removed  ${resource.kind} ${resource.id}  ${resource.route}\n`);
    for (const resource of stillThere) out.write(`left     ${resource.kind} ${resource.id}  ${resource.route}: ${resource.reason}\n`);
    out.write(`restconform cleanup: ${gone.length} removed, ${stillThere.length} left on ${report.target}\n`);
    return stillThere.length === 0 ? 0 : 1;
  } finally {
    await target.close();
  }
}
