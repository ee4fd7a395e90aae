/**
 * `restconform replay REPORT FINDING_ID`: re-sends the request of one finding from a JSON report and runs the
 * same check on the new answer, so a fix can be confirmed without a whole run. A race is re-run together
 * (`replay-race.ts`), a model-based sequence through the model runner (`replay-sequence.ts`), evidence gathered as
 * several identities (who may read what) request by request as each (`replay-gathered.ts`); findings of other
 * whole sequences (stateful, batch, contract…) are reproduced by their curl lines or by re-running their phase.
 */
import { EXCHANGE_CHECKS } from '../../checks/index.js';
import type { Finding } from '../../checks/types.js';
import { parseRoutePattern } from '../../descriptor/index.js';
import type { RequestCase } from '../../generate/types.js';
import { basicAuthorization, credentialSecrets, toCurl, type Identity } from '../../request/index.js';
import type { Credentials, HttpRequest } from '../../request/types.js';
import type { StoreAccounts } from '@restconform/server';
import { UsageError } from '../errors.js';
import { isRaceFinding, replayRace } from './replay-race.js';
import { isSequenceFinding, replaySequence } from './replay-sequence.js';
import { isGatheredFinding, replayGathered } from './replay-gathered.js';
import { writeVerdict } from './replay-verdict.js';
import { readJsonReport } from '../read-report.js';
import type { JsonReport } from '../../report/json.js';
import { openTarget, type OpenTargetOptions } from '../target.js';
import { seededAccounts } from '../run-job.js';
import { isReplayable, reproduceCommand } from '../../report/replay-command.js';

export interface ReplayOptions {
  reportPath: string;
  findingId: string;
  /** Send to this server instead of the report's target. */
  baseUrl?: string;
  /** Start the bundled reference server with the report's seed and replay against it. */
  reference?: boolean;
  user?: string;
  appPasswordEnv: string;
  env?: NodeJS.ProcessEnv;
  out: NodeJS.WritableStream;
}

/** The finding's URL with the report's target replaced by the new base URL. */
export function retarget(url: string, oldBase: string, newBase: string): string {
  const from = oldBase.replace(/\/+$/, '');
  const to = newBase.replace(/\/+$/, '');
  if (url.startsWith(from)) return to + url.slice(from.length);
  const parsed = new URL(url);
  const target = new URL(to);
  return `${target.origin}${parsed.pathname}${parsed.search}`;
}

/**
 * The REST root URL a finding's request was sent under: its URL up to where the rest of its path is the route. The
 * route's own matcher decides, so a route whose first segment also begins the REST root (`/wp/v2/posts` under
 * `/wp-json`, a plain WordPress run) is found after the root, not inside it.
 */
export function restUrlOf(url: string, finding: Pick<Finding, 'route'>): string | undefined {
  const path = new URL(url);
  const at = routeStart(path.pathname, finding.route);
  return at === undefined ? undefined : `${path.origin}${path.pathname.slice(0, at).replace(/\/+$/, '')}`;
}

/** Where in `pathname` the route begins: the first `/` from which the rest is the route (its literal segments when its key cannot be read). */
function routeStart(pathname: string, route: string): number | undefined {
  if (route === '/' || route === '') return pathname.replace(/\/+$/, '').length;
  let matches: (rest: string) => boolean;
  try {
    const matcher = parseRoutePattern(route).matcher;
    matches = (rest) => matcher.test(rest);
  } catch {
    const literal = route.split('/').filter((part) => part !== '' && !/[()[\]\\*+?]/.test(part));
    const prefix = `/${literal.join('/')}`.toLowerCase();
    matches = (rest) => rest.toLowerCase() === prefix || rest.toLowerCase().startsWith(`${prefix}/`);
  }
  for (let at = 0; at < pathname.length; at++) {
    if (pathname[at] === '/' && matches(pathname.slice(at))) return at;
  }
  return undefined;
}

/** The variables the main account's curl lines read its login and password from (see `request/curl.ts`). */
const MAIN_USER_VARIABLE = 'RESTCONFORM_USER';
const MAIN_PASSWORD_VARIABLE = 'RESTCONFORM_APP_PASSWORD';

/** Who a finding's request was sent as, read from its curl line. */
export interface RecordedIdentity {
  /** The login when the curl line names it (a further account); undefined for the main account. */
  login?: string;
  /** The variable holding its application password. */
  passwordVariable: string;
}

/**
 * Whether the finding's request was sent with credentials (its redacted Authorization header), and as whom:
 * `-u "$RESTCONFORM_USER:$VAR"` for the main account, `-u "LOGIN:$VAR"` for a further one.
 */
export function recordedIdentity(finding: Pick<Finding, 'request' | 'curl'>): RecordedIdentity | undefined {
  if (!Object.keys(finding.request.headers).some((name) => name.toLowerCase() === 'authorization')) return undefined;
  const basic = /-u "((?:[^"\\]|\\.)*):\$([A-Za-z_][A-Za-z0-9_]*)"/.exec(finding.curl[0] ?? '');
  if (!basic) return { passwordVariable: MAIN_PASSWORD_VARIABLE };
  const user = basic[1]!;
  if (user === `$${MAIN_USER_VARIABLE}`) return { passwordVariable: basic[2]! };
  return { login: user.replace(/\\(.)/g, '$1'), passwordVariable: basic[2]! };
}

/**
 * The credentials to re-send a finding with: what was recorded. A request recorded with credentials needs that
 * account again, its password from the environment as `run` reads it (the main account: `--user`, else
 * RESTCONFORM_USER as in the curl line, and `--app-password-env`; a further account: its login and its own
 * variable, both named in the curl line). Re-sent anonymously it would meet another rule and could pass while
 * the server still fails: without them the replay refuses (a usage error, exit 2).
 */
function credentialsFor(finding: Finding, options: ReplayOptions): Credentials | undefined {
  const recorded = recordedIdentity(finding);
  if (recorded === undefined) return undefined;
  const env = options.env ?? process.env;
  const main = recorded.login === undefined;
  const user = recorded.login ?? options.user ?? env[MAIN_USER_VARIABLE];
  const variable = main && recorded.passwordVariable === MAIN_PASSWORD_VARIABLE ? options.appPasswordEnv : recorded.passwordVariable;
  const password = env[variable];
  if (!user || !password) {
    const needs = main
      ? `--user LOGIN (or ${MAIN_USER_VARIABLE}) and the application password in ${variable}`
      : `the application password of ${user} in ${variable}`;
    throw new UsageError(`${finding.id} was recorded with credentials; replaying it without them would test something else. Give ${needs}`);
  }
  return { user, password };
}

/**
 * The run's own account (a sequence's, or the administrator's a gathered finding compares with): `--user` (or
 * RESTCONFORM_USER) and the password in `--app-password-env`; else a usage error saying `why` it is needed.
 */
function mainCredentials(finding: Finding, options: ReplayOptions, why = "is a sequence the run's own account made"): Credentials {
  const env = options.env ?? process.env;
  const user = options.user ?? env[MAIN_USER_VARIABLE];
  const password = env[options.appPasswordEnv];
  if (!user || !password)
    throw new UsageError(`${finding.id} ${why}; give --user LOGIN (or ${MAIN_USER_VARIABLE}) and the application password in ${options.appPasswordEnv}`);
  return { user, password };
}

/**
 * The further accounts a sequence's steps were sent as: on the bundled server its seeded ones, else each login with
 * its password from the variable its curl lines name; one missing is a usage error, as the step would test something else.
 */
function furtherAccounts(
  finding: Finding,
  options: ReplayOptions,
  accounts: StoreAccounts | undefined,
  needed: ReadonlyArray<{ name: string; login?: string; passwordEnv?: string; role: string }>,
): Identity[] {
  if (accounts) return seededAccounts(accounts);
  const env = options.env ?? process.env;
  return needed.map((identity) => {
    const password = identity.passwordEnv === undefined ? undefined : env[identity.passwordEnv];
    if (!password)
      throw new UsageError(
        `${finding.id} has steps sent as ${identity.name}; give its application password in ${identity.passwordEnv ?? 'its password variable'}`,
      );
    const credentials = { user: identity.login ?? identity.name, password };
    return { name: identity.name, role: identity.role as Identity['role'], credentials, passwordEnv: identity.passwordEnv };
  });
}

/** On the bundled server: the seeded account the finding was recorded as (the administrator for the main account). */
function seededCredentials(finding: Finding, accounts: StoreAccounts): Credentials | undefined {
  const recorded = recordedIdentity(finding);
  if (recorded === undefined) return undefined;
  return Object.values(accounts).find((account) => account !== undefined && account.user === recorded.login) ?? accounts.admin;
}

/** Replays one finding; resolves to the exit code (0 no longer fails, 1 still fails). */
export async function replayJob(options: ReplayOptions): Promise<number> {
  const report = await readJsonReport(options.reportPath);
  const finding = report.findings.find((candidate) => candidate.id === options.findingId);
  if (!finding) {
    throw new UsageError(`no finding ${options.findingId} in ${options.reportPath} (it has ${report.findings.map((f) => f.id).join(', ') || 'none'})`);
  }
  if (isSequenceFinding(finding)) {
    return replaySequence({
      finding,
      target: report.target,
      seed: report.seed,
      open: targetOf(options, report),
      options,
      retarget,
      mainCredentials: (accounts) => (accounts ? accounts.admin : mainCredentials(finding, options)),
      accounts: (accounts, needed) => furtherAccounts(finding, options, accounts, needed),
    });
  }
  if (isRaceFinding(finding)) {
    const credentials = (accounts: StoreAccounts | undefined) => (accounts ? seededCredentials(finding, accounts) : credentialsFor(finding, options));
    return replayRace({ finding, target: report.target, open: targetOf(options, report), options, credentials, retarget });
  }
  if (isGatheredFinding(finding)) {
    return replayGathered({
      finding,
      target: report.target,
      open: targetOf(options, report),
      options,
      retarget,
      administrator: (accounts) => (accounts ? accounts.admin : mainCredentials(finding, options, "is judged beside the run's own account's answers")),
    });
  }
  const check = EXCHANGE_CHECKS.find((candidate) => candidate.name === finding.check);
  const requestCase = finding.replay.case as RequestCase | undefined;
  if (!check || !requestCase || !isReplayable(finding)) {
    throw new UsageError(
      `${finding.id} (${finding.check}) comes from the ${finding.replay.phase} phase and is not a single request; ` +
        `reproduce it with its curl lines or: ${reproduceCommand(finding, report)}`,
    );
  }

  const target = await openTarget({
    ...targetOf(options, report),
    // The descriptor of the REST root the request went to, to judge the answer by its route.
    descriptors: (base) => {
      const restUrl = restUrlOf(retarget(finding.request.url, report.target, base), finding);
      return restUrl === undefined ? [] : [{ locale: null, restUrl }];
    },
    accounts: (bundled) => ({ credentials: bundled ? seededCredentials(finding, bundled) : credentialsFor(finding, options) }),
  });
  try {
    const { transport, credentials, baseUrl: base } = target;
    const secrets = credentials ? credentialSecrets(credentials) : [];
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(finding.request.headers)) {
      if (name.toLowerCase() !== 'authorization') headers[name] = value;
    }
    if (credentials) headers.authorization = basicAuthorization(credentials);
    const url = retarget(finding.request.url, report.target, base);
    const request: HttpRequest = { method: finding.method as HttpRequest['method'], url, headers, body: finding.request.body };

    const descriptor = target.descriptors[0];
    const operation = descriptor?.operations.find((op) => op.route === finding.route && op.method === finding.method);
    const routeMethods = descriptor?.root.routes[finding.route]?.methods ?? [];
    const probeOperation = operation ?? descriptor?.operations.find((op) => op.route === finding.route);
    if (!probeOperation) throw new UsageError(`${base} no longer serves the route ${finding.route}`);

    const exchange = await transport.send(request);
    const failures = check.judge({ context: { operation: { ...probeOperation, method: request.method }, requestCase, secrets, routeMethods }, exchange });
    const out = options.out;
    out.write(`${toCurl(request, secrets)}\n`);
    out.write(`answered ${exchange.response?.status ?? exchange.error?.code ?? 'nothing'}\n`);
    return writeVerdict(out, finding, failures, secrets);
  } finally {
    await target.close();
  }
}

/**
 * The server a replay sends to: the bundled one started with the report's seed (`--reference`), else `--base-url`,
 * else the report's own target; two connections are enough for one finding's requests.
 */
export function targetOf(options: Pick<ReplayOptions, 'reference' | 'baseUrl'>, report: Pick<JsonReport, 'target' | 'seed'>): OpenTargetOptions {
  return { ...(options.reference ? { seed: report.seed } : { baseUrl: options.baseUrl ?? report.target }), transport: { connections: 2 } };
}
